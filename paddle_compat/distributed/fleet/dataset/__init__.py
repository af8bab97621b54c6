"""paddle.distributed.fleet.dataset: see dataset.py."""

# A name Paddle 3.3.1 has here and paddle_compat lacks: its package's object or the census error
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
