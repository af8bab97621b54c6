"""Static mode `Variable <op> number` as Paddle's legacy math_op_patch records it (Paddle:
base/layers/math_op_patch.py): one `scale` op for + - * /, else a `fill_constant` (or
`fill_constant_batch_size_like`) operand and the elementwise/compare op, outputs named tmp_<n>.

The op layer reaches this through the registry's hook (`STATIC.scalar_op`), installed below.
"""
import builtins

from .._dtype import to_dtype
from .._mode import STATE
from .._ops.math import _PROMO, _SCALE, cast
from .._ops.registry import apply_op, set_static_hook
from .builder import append_op, default_main_program, new_tmp_var, tmp_outputs
from .ir import VARTYPE_CODES
from .local_ops import LOCAL_OPS

__all__ = ["static_scalar_op"]

_INT_SHORTS = ("uint8", "int8", "int16", "int32", "int64")
# Paddle's legacy Variable operators with a Python number use one `scale` op for + - * /:
# (name, reverse) -> value -> (scale, bias); `1.0 / value` is Paddle's own arithmetic.
_SCALAR_METHODS = {("add", False): lambda v: (1.0, v), ("add", True): lambda v: (1.0, v),
                   ("subtract", False): lambda v: (1.0, -v), ("subtract", True): lambda v: (-1.0, v),
                   ("multiply", False): lambda v: (v, 0.0), ("multiply", True): lambda v: (v, 0.0),
                   ("divide", False): lambda v: (1.0 / v, 0.0)}


def static_scalar_op(op, name, x, value, reverse=False):
    """Static mode `x <op> number` as Paddle's legacy math_op_patch records it: an int tensor with a
    float number (or divided by an int) is cast to float32 first, a bool tensor with an int to
    int64; + - * / become one `scale` op; anything else a `fill_constant` of x's dtype (shape [] or,
    reversed, x's shape) and the elementwise/compare `op`. Every output is named tmp_<n>."""
    with tmp_outputs():
        short = x.dtype.short
        given = value
        method = _SCALAR_METHODS.get((name, reverse))
        if isinstance(value, float):
            if short in _INT_SHORTS:
                x = cast(x, "float32")
        else:
            value = float(value)
            if name == "divide" and short in _INT_SHORTS:
                x = cast(x, "float32")
            if short == "bool":
                x = cast(x, "int64")
        if method is not None:
            sc, bias = method(value)
            if name == "subtract" and not reverse and not isinstance(given, float) and STATE.pir:
                # PIR negates the int (x - 0: bias 0); the legacy patch negates the float (-0)
                bias = float(-given)
            return apply_op(_SCALE, (x,), {"scale": sc, "bias": bias, "bias_after_scale": True})
        y = _static_fill(x, value, reverse)
        if y.dtype is not x.dtype and not (y.dtype.is_floating_point and x.dtype.is_floating_point):
            # the batch-size-like constant is float32 (Paddle passes no dtype): int tensors fail
            raise TypeError(_PROMO.format(x.dtype.short, y.dtype.short))
        if reverse:
            x, y = y, x
        if name == "divide" and x.dtype.short in _INT_SHORTS and x.dtype is y.dtype:
            x, y = cast(x, "float32"), cast(y, "float32")
        return apply_op(op, (x, y))


def _static_fill(x, value, reverse):
    """The constant operand: shape [] (x op c), x's shape (c op x), or, when x has a -1 dimension,
    `fill_constant_batch_size_like` on x (Paddle's create_tensor_with_batchsize)."""
    block = default_main_program().current_block()
    code = VARTYPE_CODES[x.dtype.short]
    shape = list(x.shape) if reverse else []
    if reverse and builtins.any(d < 0 for d in shape):
        batch = next(i for i, d in enumerate(shape) if d < 0)
        shape = [d if d >= 0 or i == batch else 1 for i, d in enumerate(shape)]
        # Paddle's op gets no dtype attribute: the constant is float32 whatever x's dtype
        var = new_tmp_var(block, shape, to_dtype("float32"))
        append_op(block, LOCAL_OPS["fill_constant_batch_size_like"], {"Input": [x.name]},
                  {"Out": [var.name]}, {"dtype": 5, "force_cpu": False,
                                        "input_dim_idx": batch, "output_dim_idx": batch,
                                        "shape": shape, "value": value})
        return var
    var = new_tmp_var(block, shape, x.dtype)
    append_op(block, LOCAL_OPS["fill_constant"], {}, {"Out": [var.name]},
              {"dtype": code, "force_cpu": False, "place_type": -1, "shape": shape,
               "str_value": "", "value": value})
    return var


set_static_hook(scalar_op=static_scalar_op)
