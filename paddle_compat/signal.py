"""paddle.signal: Paddle's short-time Fourier transforms (explicit re-exports, no logic)."""
from ._signal import stft, istft

__all__ = ["stft", "istft"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
