"""paddle.audio.backends' rooms: AudioInfo and the current-backend dispatch (backend.py), the
standard-library WAV backend (wave_backend.py) and the backend switch (init_backend.py)."""
