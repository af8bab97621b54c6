"""paddle.nn.attention: SDPBackend and the sdpa_kernel context manager."""
from ..._nn.attention.sdpa import SDPBackend, sdpa_kernel

__all__ = ["SDPBackend", "sdpa_kernel"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
