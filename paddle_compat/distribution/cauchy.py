"""paddle.distribution.cauchy, the module Paddle defines Cauchy in (explicit re-export, no logic)."""
from .._distribution.cauchy import Cauchy

__all__ = ["Cauchy"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
