"""paddle.utils: run_check, unique_name, and small helpers scripts import."""
from . import unique_name
from ._run_check import run_check

__all__ = ["run_check", "unique_name"]
