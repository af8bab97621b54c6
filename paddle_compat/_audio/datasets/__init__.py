"""paddle.audio.datasets' rooms: the classification base (dataset.py), ESC50 (esc50.py), TESS
(tess.py)."""
