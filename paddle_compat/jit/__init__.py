"""paddle.jit: dynamic-to-static on torch.compile, jit.save / jit.load on torch.export."""
from .._jit.static_function import (to_static, not_to_static, enable_to_static, ignore_module,
                                    StaticFunction)
from .._jit.save_load import save, load, TranslatedLayer
from .._jit.logging_utils import set_code_level, set_verbosity

__all__ = ["to_static", "not_to_static", "enable_to_static", "ignore_module", "save", "load",
           "TranslatedLayer", "StaticFunction", "set_code_level", "set_verbosity"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
