"""paddle.amp.debugging: numerics checks for mixed-precision debugging (mirrors
paddle/amp/debugging.py), the plain parts: `DebugMode`, `check_numerics`, `TensorCheckerConfig`.

`check_numerics(tensor, op_type, var_name, debug_mode)` returns Paddle's two tensors: int64
[num_nan, num_inf, num_zero] and float32 [max, min, mean]; with inf/nan it prints Paddle's
"[PRECISION] [ERROR] in [device=cpu, op=..., tensor=..., dtype=fp32], ..." line, and in the default
CHECK_NAN_INF_AND_ABORT mode raises Paddle's RuntimeError.

Differences from Paddle: the per-op tensor checker (enable_tensor_checker), operator statistics and
compare_accuracy are not provided yet (they need a per-op hook in the registry); using them raises
the census' "not provided yet" error.
"""
import random
import sys
from enum import Enum

import numpy as np
import torch

from .._tensor import wrap

__all__ = ["DebugMode", "TensorCheckerConfig", "check_numerics"]

_SHORT = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16",
          torch.float64: "fp64"}


class DebugMode(Enum):
    """What the checker looks for: nan/inf (and abort), all overflows, or everything."""
    CHECK_NAN_INF_AND_ABORT = 0
    CHECK_NAN_INF = 1
    CHECK_ALL_FOR_OVERFLOW = 2
    CHECK_ALL = 3


def check_numerics(tensor, op_type, var_name, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT):
    """paddle.amp.debugging.check_numerics(tensor, op_type, var_name,
    debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT): counts of nan, inf and zero (int64 [3]) and the
    max, min and mean (float32 [3]) of a floating tensor; raises on nan/inf in the abort mode.

    Differences from Paddle: none known."""
    t = tensor._t.detach()
    f = t.float()
    num_nan = int(torch.isnan(f).sum())
    num_inf = int(torch.isinf(f).sum())
    num_zero = int((f == 0).sum())
    finite_or_inf = f[~torch.isnan(f)]
    mx = float(finite_or_inf.max()) if finite_or_inf.numel() else float("nan")
    mn = float(finite_or_inf.min()) if finite_or_inf.numel() else float("nan")
    mean = float(f.mean()) if f.numel() else float("nan")
    where = (f"[device={'cpu' if t.device.type == 'cpu' else f'gpu:{t.device.index or 0}'}, "
             f"op={op_type}, tensor={var_name}, dtype={_SHORT.get(t.dtype, str(t.dtype))}]")
    if num_nan or num_inf:
        print(f"[PRECISION] [ERROR] in {where}, numel={f.numel()}, num_nan={num_nan}, "
              f"num_inf={num_inf}, num_zero={num_zero}, max={mx:e}, min={mn:e}, mean={mean:e}"
              , file=sys.stderr)
        if debug_mode is DebugMode.CHECK_NAN_INF_AND_ABORT:
            raise RuntimeError(f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}, "
                               f"num_inf={num_inf}, num_zero={num_zero}) in {where}.")
    stats = torch.tensor([num_nan, num_inf, num_zero], dtype=torch.int64, device=t.device)
    values = torch.tensor([mx, mn, mean], dtype=torch.float32, device=t.device)
    return wrap(stats), wrap(values)


class TensorCheckerConfig:
    """paddle.amp.debugging.TensorCheckerConfig(enable, debug_mode=CHECK_NAN_INF_AND_ABORT,
    output_dir=None, checked_op_list=None, skipped_op_list=None, debug_step=None,
    stack_height_limit=1): the configuration of Paddle's tensor checker (validated as Paddle does;
    enabling seeds paddle, numpy and random with 123 as Paddle does).

    Differences from Paddle: the checker it configures (enable_tensor_checker) is not provided yet."""

    current_step_id = 0

    def __init__(self, enable, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT, output_dir=None,
                 checked_op_list=None, skipped_op_list=None, debug_step=None,
                 stack_height_limit=1):
        self.enable = enable
        self.debug_mode = debug_mode
        self.output_dir = output_dir
        self.checked_op_list = checked_op_list
        self.skipped_op_list = skipped_op_list
        self.debug_step = debug_step
        self.stack_height_limit = stack_height_limit
        self.start_step = None
        self.end_step = None
        self.seed = 123
        self.initial_seed = 123
        if debug_step is not None:
            if isinstance(debug_step, (tuple, list)):
                assert len(self.debug_step) == 2 and self.debug_step[1] > self.debug_step[0]
                self.start_step, self.end_step = self.debug_step
                self.start_step = max(self.start_step, 0)
            else:
                raise ValueError("debug_step must be list or tuple")
        if self.debug_mode.name not in DebugMode.__members__:
            raise ValueError("debug_mode in DebugMode", self.debug_mode, DebugMode.__members__)
        for value, what in ((checked_op_list, "checked_op_list"),
                            (skipped_op_list, "skipped_op_list")):
            if value is not None and not isinstance(value, (list, tuple)):
                raise ValueError(f"{what} must be list or tuple")
        if self.enable:
            self._set_seed(self.enable)

    def _set_seed(self, flag):
        from .._ops.random import seed as paddle_seed
        if self.initial_seed != self.seed:
            self.seed = self.initial_seed
        paddle_seed(self.seed)
        np.random.seed(self.seed)
        random.seed(self.seed)
        print("AMP Debugging TensorCheckerConfig: seed ", self.seed)

    def update_and_check_step_id(self):
        """Whether the current step is inside debug_step (and count it)."""
        if self.enable:
            if self.start_step is not None and self.end_step is not None:
                if not self.start_step <= TensorCheckerConfig.current_step_id < self.end_step:
                    return False
                TensorCheckerConfig.current_step_id += 1
            return True
        return False
