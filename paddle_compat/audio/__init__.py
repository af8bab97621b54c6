"""paddle.audio: audio features, mel/DCT/window functions, WAV load/save and the ESC-50 / TESS
datasets (explicit re-exports, no logic; the rooms are paddle_compat/_audio/)."""
from . import backends, datasets, features, functional
from .._audio.backends.backend import info, load, save

__all__ = ["functional", "features", "datasets", "backends", "load", "info", "save"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
