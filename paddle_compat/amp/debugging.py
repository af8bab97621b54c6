"""paddle.amp.debugging: numerics checks for mixed precision (explicit re-exports, no logic)."""
from .._amp.debugging import (DebugMode, TensorCheckerConfig, check_layer_numerics,
                              check_numerics, collect_operator_stats, compare_accuracy,
                              disable_operator_stats_collection, disable_tensor_checker,
                              enable_operator_stats_collection, enable_tensor_checker)

__all__ = ["DebugMode", "TensorCheckerConfig", "check_numerics", "enable_operator_stats_collection",
           "disable_operator_stats_collection", "collect_operator_stats", "enable_tensor_checker",
           "disable_tensor_checker", "compare_accuracy", "check_layer_numerics"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
