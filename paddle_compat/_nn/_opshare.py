"""Small shared helpers for the nn functional ops: ops shared with other parts, kernel dtype checks,
and argument checks with Paddle's messages.

`shared(type, ...)` resolves an op that another part of the package may also register (`tanh` and
`sigmoid` belong to ops-math, `flatten_contiguous_range` to ops-manip): when the registry has it, that
record is used, so static programs name one op; otherwise a private, unregistered OpDef with the same
slots is used, so the two parts never register one type twice and never depend on import order.
"""
import torch

from .._ops.registry import OPS, OpDef, apply_op

__all__ = ["shared", "float_kernel", "KERNEL_FLOATS", "scale_op", "reshape_op"]

KERNEL_FLOATS = (torch.float32, torch.float64, torch.float16, torch.bfloat16)


class shared:
    """Late-bound op: OPS[type] when another part registered it, else a private fallback OpDef."""

    __slots__ = ("type", "fallback", "_op")

    def __init__(self, type, kernel, inputs=("X",), outputs=("Out",), attrs=None, api=None, notes=""):
        self.type = type
        self.fallback = OpDef(type, kernel, tuple(inputs), tuple(outputs), dict(attrs or {}), notes, api)
        self._op = None

    def get(self):
        op = self._op
        if op is None:
            op = OPS.get(self.type)
            fb = self.fallback
            # Use the other part's record only when its slots and attribute names fit our call.
            if op is None or op.inputs != fb.inputs or op.outputs != fb.outputs \
                    or not set(fb.attrs) <= set(op.attrs):
                return fb
            self._op = op
        return op


def _scale_kernel(x, scale=1.0, bias=0.0, bias_after_scale=True):
    return x * scale + bias if bias_after_scale else (x + bias) * scale


def _reshape_kernel(x, shape=()):
    return x.reshape(shape)


_SCALE = shared("scale", _scale_kernel, attrs={"scale": 1.0, "bias": 0.0, "bias_after_scale": True},
                api="paddle.scale")
_RESHAPE = shared("reshape2", _reshape_kernel, attrs={"shape": ()}, api="paddle.reshape")


def scale_op(x, scale):
    """x * scale through the `scale` op (ops-math's record when it fits)."""
    return apply_op(_SCALE.get(), (x,), {"scale": float(scale), "bias": 0.0, "bias_after_scale": True})


def reshape_op(x, shape):
    """x reshaped through the `reshape2` op (ops-manip's record when it fits)."""
    return apply_op(_RESHAPE.get(), (x,), {"shape": tuple(int(s) for s in shape)})


def float_kernel(t, kernel_name):
    """Paddle registers most nn kernels for floating dtypes only; an int input is its RuntimeError."""
    if t.dtype not in KERNEL_FLOATS and not t.is_complex():
        name = str(t.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`{kernel_name}` is not registered. Selected wrong DataType `{name}`. Paddle support "
            "following DataTypes: float64, float32.")
