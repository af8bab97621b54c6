"""paddle.amp: automatic mixed precision (explicit re-exports, no logic)."""
from .._amp.amp_lists import white_list, black_list
from .._amp.auto_cast import (amp_guard, amp_decorate, auto_cast, autocast, decorate,
                              get_autocast_dtype, is_autocast_enabled)
from .._amp.grad_scaler import AmpScaler, GradScaler, OptimizerState
from .._amp.support import is_float16_supported, is_bfloat16_supported
from . import debugging

get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype

__all__ = ["auto_cast", "GradScaler", "decorate", "is_float16_supported", "is_bfloat16_supported",
           "is_autocast_enabled", "get_autocast_dtype", "get_autocast_cpu_dtype",
           "get_autocast_gpu_dtype"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
