"""paddle.utils: run_check, unique_name, and small helpers scripts import."""
from . import unique_name
from ._run_check import run_check
from .._utils.lazy_import import try_import

__all__ = ["run_check", "unique_name", "try_import"]
