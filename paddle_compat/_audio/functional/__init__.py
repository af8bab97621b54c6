"""paddle.audio.functional's rooms: mel scale, filter banks, dB, DCT (functional.py) and windows
(window.py)."""
