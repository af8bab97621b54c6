"""paddle.utils: run_check, unique_name, and small helpers scripts import."""
from . import unique_name
from ._run_check import run_check
from .._utils.lazy_import import try_import
from .._utils.deprecated import deprecated
from .._utils.require_version import require_version
from . import cpp_extension, dlpack, download

__all__ = ["run_check", "unique_name", "try_import", "deprecated", "require_version",
           "cpp_extension", "dlpack", "download"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
