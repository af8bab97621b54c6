"""paddle.softmax, the torch-style softmax (Paddle: tensor/compat_softmax.py; also
paddle.special.softmax and paddle.compat.nn.functional.softmax): `softmax(input, dim=None,
dtype=None, *, out=None)`. Paddle's own `paddle.nn.functional.softmax(x, axis=-1)` is another
function; passing its keywords (x, axis, name) here raises Paddle's TypeError naming it.

Rules (Paddle 3.3.1, recorded in conformance/goldens/tensor_api.json): dim None picks torch's
legacy default (0 for 0-, 1- and 3-D input, else 1); dtype casts the input first; integer input
is Paddle's kernel error (float32/float64 only on CPU).
"""
import torch

from ._checks import invalid_argument, kernel_not_found
from .math import cast
from .registry import apply_op, defop
from .registry import write_out as _out

__all__ = ["softmax"]

_SOFTMAX = defop("softmax_compat", lambda x, axis=-1: torch.softmax(x, axis), attrs={"axis": -1},
                 api="paddle.softmax")
_FORBIDDEN = ("x", "axis", "name")


def softmax(input=None, dim=None, dtype=None, *, out=None, **kwargs):
    """paddle.softmax(input, dim=None, dtype=None, *, out=None): exp(input) normalised along dim,
    torch's signature and default dim (see the module docstring)."""
    for key in kwargs:
        if key in _FORBIDDEN:
            raise TypeError(f"paddle.compat.nn.functional.softmax() received unexpected keyword "
                            f"argument '{key}'. \nDid you mean to use "
                            "paddle.nn.functional.softmax() instead?")
        raise TypeError(f"softmax() got an unexpected keyword argument '{key}'")
    if input is None:
        raise TypeError("softmax() missing 1 required positional argument: 'input'")
    ndim = len(input.shape)
    if dim is None:
        dim = 0 if ndim in (0, 1, 3) else 1
    if dtype is not None:
        input = cast(input, dtype)
    rank = max(ndim, 1)
    if not -rank <= dim < rank:
        raise invalid_argument("Attr(axis) value should be in range [-R, R-1], R is the rank of "
                               "Input(X).")
    if input.dtype.short not in ("float32", "float64", "float16", "bfloat16"):
        raise kernel_not_found("softmax", input.dtype.short, "float64, float32")
    return _out(apply_op(_SOFTMAX, (input,), {"axis": int(dim)}), out)
