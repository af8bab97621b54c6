"""paddle.compat: torch-style functions (max, min, median, sort, split, unique, ...) and the
torch-style layers of paddle.compat.nn."""
from .._compat.compat import (equal, max, median, min, nanmedian, seed, slogdet, sort, split,
                              unique)
from . import nn

__all__ = ["equal", "max", "median", "min", "nanmedian", "seed", "slogdet", "sort", "split",
           "unique", "nn"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
