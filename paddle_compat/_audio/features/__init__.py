"""paddle.audio.features' rooms: the feature-extraction layers (layers.py)."""
