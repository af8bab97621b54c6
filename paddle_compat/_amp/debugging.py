"""paddle.amp.debugging: numerics checks for mixed-precision debugging (mirrors
paddle/amp/debugging.py).

`check_numerics(tensor, op_type, var_name, debug_mode)` returns Paddle's two tensors: int64
[num_nan, num_inf, num_zero] and float32 [max, min, mean]; with inf/nan it prints Paddle's
"[PRECISION] [ERROR] in [device=cpu, op=..., tensor=..., dtype=fp32], ..." line, and in the default
CHECK_NAN_INF_AND_ABORT mode raises Paddle's RuntimeError.

The tensor checker (enable_tensor_checker / disable_tensor_checker, check_layer_numerics) and the
operator statistics (enable/disable_operator_stats_collection, collect_operator_stats) watch every
dynamic op through the op registry's observers (`registry.add_op_observer`), as Paddle's C++
does from its kernel dispatch.

Differences from Paddle: ops are named by their public function ('divide', 'log'; the statistics
use the legacy op types 'elementwise_div', 'matmul_v2'), so a tensor-scalar operator such as
`x * 2`, which Paddle runs as its `scale` op, is reported as multiply / elementwise_mul, and a
depthwise convolution as conv2d (Paddle: depthwise_conv2d). The checker
prints to stderr (TensorCheckerConfig.output_dir is not written), does not check the backward pass
of a check_layer_numerics layer, and CHECK_ALL_FOR_OVERFLOW reports as CHECK_NAN_INF does.
compare_accuracy, which compares the dump files of Paddle's C++ checker, is not provided.
"""
import contextlib
import functools
import random
import sys
from enum import Enum

import numpy as np
import torch

from .._ops import registry
from .._tensor import Tensor, wrap

__all__ = ["DebugMode", "TensorCheckerConfig", "check_numerics", "enable_tensor_checker",
           "disable_tensor_checker", "check_layer_numerics", "enable_operator_stats_collection",
           "disable_operator_stats_collection", "collect_operator_stats", "compare_accuracy"]

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

    Differences from Paddle: output_dir is not written (the checker prints to stderr)."""

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
        # Paddle reads its default generator's seed: a fresh process has a random 64-bit one
        # (hence _set_seed's warning and 123), after paddle.seed(s) it is s
        from .._random import default_cpu_generator
        self.initial_seed = default_cpu_generator().initial_seed()
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
        if not isinstance(stack_height_limit, int):   # Paddle checks it when the checker starts
            self._bad_stack_limit = True

    def _set_seed(self, flag):
        from .._ops.random import seed as paddle_seed
        if self.initial_seed != self.seed:
            self.seed = self.initial_seed
        if self.seed > np.iinfo(np.uint32).max or self.seed < 0:
            print("[Warning: Seed must be between 0 and 2**32 - 1")
            self.seed = 123
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

    def start_check_nan_inf(self):
        """Turn the checker on with this configuration (if enabled)."""
        if self.enable:
            if getattr(self, "_bad_stack_limit", False):
                raise ValueError("stack_height_limit must be int")
            _CHECKER.start(self.debug_mode, self.checked_op_list, self.skipped_op_list)

    def stop_check_nan_inf(self):
        """Turn the checker off."""
        _CHECKER.stop()


def _num(v):
    # C's printf("%e") of Paddle's values: a nan made by x86 arithmetic (0/0, log(-1), inf-inf)
    # has its sign bit set and prints "-nan"; torch's vectorised kernels do not keep that bit the
    # same way, so every nan prints as Paddle's usual "-nan"
    if v != v:
        return "-nan"
    if v in (float("inf"), float("-inf")):
        return "inf" if v > 0 else "-inf"
    return f"{v:e}"


def _fold_stats(f):
    """max, min, mean as Paddle's CPU checker computes them: a running max/min seeded with the
    first element, where a comparison with nan is false (a leading nan stays, later ones are
    skipped), and the mean as the float32 sum of x / numel (Paddle's order of operations)."""
    flat = f.reshape(-1)
    nan = torch.isnan(flat)
    if bool(nan[0]):
        mx = mn = float(flat[0])
    else:
        rest = flat[~nan]
        mx, mn = float(rest.max()), float(rest.min())
    mean = float((flat / flat.numel()).sum())
    return mx, mn, mean


# The floating types Paddle's checker looks at (float64 and integers are not checked on CPU).
_CHECKED = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16"}


class _TensorChecker:
    """FLAGS_check_nan_inf: each floating output of every op is checked after it runs."""

    def __init__(self):
        self.mode = DebugMode.CHECK_NAN_INF_AND_ABORT
        self.checked = self.skipped = None
        self.on = False

    def start(self, mode, checked=None, skipped=None):
        self.mode, self.checked, self.skipped = mode, checked, skipped
        if not self.on:
            self.on = True
            registry.add_op_observer(self._on_op)

    def stop(self):
        if self.on:
            self.on = False
            registry.remove_op_observer(self._on_op)

    def _on_op(self, op, inputs, out, start, end):
        name = op.api.rsplit(".", 1)[-1] if op.api else op.type
        if self.checked is not None and name not in self.checked:
            return
        if self.skipped is not None and name in self.skipped:
            return
        for t in _tensors(out):
            self._check(name, t)

    def _check(self, name, t):
        raw = t._t.detach()
        short = _CHECKED.get(raw.dtype)
        if short is None or raw.numel() == 0:
            return
        f = raw.float()
        num_nan = int(torch.isnan(f).sum())
        num_inf = int(torch.isinf(f).sum())
        num_zero = int((f == 0).sum())
        mx, mn, mean = _fold_stats(f)
        dev = "cpu" if raw.device.type == "cpu" else f"gpu:{raw.device.index or 0}"
        where = f"[device={dev}, op={name}, tensor=, dtype={short}]"
        if num_nan or num_inf:
            print(f"[PRECISION] [ERROR] in {where}, numel={f.numel()}, num_nan={num_nan}, "
                  f"num_inf={num_inf}, num_zero={num_zero}, max={_num(mx)}, min={_num(mn)}, "
                  f"mean={_num(mean)}", file=sys.stderr)
            if self.mode is DebugMode.CHECK_NAN_INF_AND_ABORT:
                raise RuntimeError(f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}"
                                   f", num_inf={num_inf}, num_zero={num_zero}) in {where}.")
        elif self.mode is DebugMode.CHECK_ALL:
            print(f"[PRECISION] in {where}, numel={f.numel()}, num_zero={num_zero}, "
                  f"max={_num(mx)}, min={_num(mn)}, mean={_num(mean)}", file=sys.stderr)


def _tensors(out):
    if isinstance(out, Tensor):
        yield out
    elif isinstance(out, (tuple, list)):
        for o in out:
            yield from _tensors(o)


_CHECKER = _TensorChecker()


def enable_tensor_checker(checker_config):
    """paddle.amp.debugging.enable_tensor_checker(checker_config): check the outputs of every
    op from now on (while the config's debug_step range allows), printing Paddle's
    "[PRECISION] [ERROR] ..." line for nan/inf and raising its RuntimeError in the
    CHECK_NAN_INF_AND_ABORT mode.

    Differences from Paddle: see the module's notes (op names, stderr instead of output_dir)."""
    if checker_config.update_and_check_step_id():
        checker_config.start_check_nan_inf()
    else:
        checker_config.stop_check_nan_inf()


def disable_tensor_checker():
    """paddle.amp.debugging.disable_tensor_checker(): stop checking op outputs."""
    _CHECKER.stop()


def check_layer_numerics(func):
    """paddle.amp.debugging.check_layer_numerics(func): decorate a Layer's forward so that every
    op it runs is checked for nan/inf (Paddle's default abort mode: the first nan/inf raises);
    its first argument must be a Tensor, which is made to require gradients.

    Differences from Paddle: only the forward is checked (Paddle's check ops also cover the
    backward). As in Paddle, a forward that raises leaves the check on."""
    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        if not args:
            raise RuntimeError("No elements found in args.")
        start_data = args[0]
        if not isinstance(start_data, Tensor):
            raise RuntimeError("First input of this layer must be tensor.")
        start_data.stop_gradient = False
        _CHECKER.start(_CHECKER.mode if _CHECKER.on else DebugMode.CHECK_NAN_INF_AND_ABORT)
        out = func(self, *args, **kwargs)
        _CHECKER.stop()
        return out
    return wrapper


# ----- operator statistics (FLAGS_low_precision_op_list) -----

_STATS = {}
_STATS_ON = [False]
_COLUMN = {torch.float16: 0, torch.bfloat16: 1, torch.float32: 2}


# Op types whose statistics name differs in Paddle (its counter names the phi kernel there).
_STATS_NAME = {"reshape2": "reshape"}


def _count_op(op, inputs, out, start, end):
    first = next(_tensors(list(inputs)), None)
    if first is None:
        first = next(_tensors(out), None)
    dtype = first._t.dtype if first is not None else None
    name = _STATS_NAME.get(op.type, op.type)
    if name in ("conv2d", "conv2d_transpose") and first is not None and first._t.dim() == 5:
        name = name.replace("2d", "3d")     # one torch-side op for both; Paddle names the 3-D one
    _STATS.setdefault(name, [0, 0, 0, 0])[_COLUMN.get(dtype, 3)] += 1


def enable_operator_stats_collection():
    """paddle.amp.debugging.enable_operator_stats_collection(): count the ops that run from now
    on, by op type and by the dtype they compute in (float16, bfloat16, float32, other).

    Differences from Paddle: see the module's notes on op names."""
    _STATS.clear()
    if not _STATS_ON[0]:
        _STATS_ON[0] = True
        registry.add_op_observer(_count_op)


def _print_operator_stats(op_count_dict):
    print("<{:-^120}>".format(" op list "))
    total_ops = 0
    print("<{:-^40}".format(" Op Name "), "|", "{:-^17}".format(" FP16 Calls "), "|",
          "{:-^17}".format(" BF16 Calls "), "|", "{:-^17}".format(" FP32 Calls"), "|",
          "{:-^17}>".format(" Other Calls "))
    for op_type in sorted(op_count_dict):
        called = op_count_dict[op_type]
        print(f"  {op_type:<40}|  {called[0]:<17}|  {called[1]:<17}|  {called[2]:<17}|  "
              f"{called[3]:<17}")
        total_ops += 1
    print("<{:-^120}>\n".format(" op count: " + str(total_ops) + " "))


def disable_operator_stats_collection():
    """paddle.amp.debugging.disable_operator_stats_collection(): stop counting and print
    Paddle's op list table (nothing when collection was not on)."""
    if not _STATS_ON[0]:
        return
    registry.remove_op_observer(_count_op)
    _STATS_ON[0] = False
    _print_operator_stats(dict(_STATS))
    _STATS.clear()


@contextlib.contextmanager
def collect_operator_stats():
    """paddle.amp.debugging.collect_operator_stats(): a context that counts the ops run inside
    it and prints the table on exit (see enable_operator_stats_collection); as in Paddle (a
    generator context), a block that raises leaves the collection on and prints nothing."""
    enable_operator_stats_collection()
    yield
    disable_operator_stats_collection()


def compare_accuracy(dump_path, another_dump_path, output_filename, loss_scale=1,
                     dump_all_tensors=False):
    """paddle.amp.debugging.compare_accuracy(...): not provided by paddle_compat.

    Differences from Paddle: it compares the log files Paddle's C++ tensor checker writes into
    TensorCheckerConfig.output_dir, which paddle_compat does not write; it raises
    NotImplementedError (after Paddle's own dump_all_tensors assertion)."""
    assert dump_all_tensors is False, "It is currently not supported."
    raise NotImplementedError(
        "paddle.amp.debugging.compare_accuracy is not provided by paddle_compat: it reads the "
        "dump files of Paddle's C++ tensor checker. Run the two configurations with "
        "enable_tensor_checker(TensorCheckerConfig(enable=True, debug_mode=DebugMode.CHECK_ALL)) "
        "and compare the printed [PRECISION] lines instead.")
