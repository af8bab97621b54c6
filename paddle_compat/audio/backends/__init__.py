"""paddle.audio.backends: the audio backend switch; `wave_backend` (16-bit PCM WAV through the
standard library) is the default, the optional paddleaudio package adds 'soundfile'."""
import sys

from ..._audio.backends import backend, init_backend, wave_backend
from ..._audio.backends.init_backend import (get_current_backend, list_available_backends,
                                             set_backend)

__all__ = ["get_current_backend", "list_available_backends", "set_backend"]

# `import paddle.audio.backends.wave_backend` and friends: Paddle's module paths are importable
for _m in (backend, init_backend, wave_backend):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
