"""paddle_compat's rooms for paddle.audio (mirrors Paddle 3.3.1's python/paddle/audio/): the
functional mel/DCT/window helpers, the feature layers, the WAV backends and the ESC-50 / TESS
datasets. The public face is paddle_compat/audio/."""
