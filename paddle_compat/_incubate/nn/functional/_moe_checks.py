"""Argument checks shared by the MoE helper ops of paddle.incubate.nn.functional (int_bincount,
cal_aux_loss, moe_combine, moe_gate_dispatch*, ...): Paddle 3.3.1 runs these only through its GPU
kernels, which index memory with whatever they are given; paddle_compat computes them on any
device and refuses, with one clear ValueError, an input those kernels would read out of bounds."""
from ...._tensor import Tensor

__all__ = ["tensor_arg", "check_dtype", "check_rank"]


def tensor_arg(api, name, value, optional=False):
    """The torch tensor behind a Tensor argument (None passes when `optional`)."""
    if value is None and optional:
        return None
    if not isinstance(value, Tensor):
        raise TypeError(f"paddle.incubate.nn.functional.{api}: `{name}` must be a Tensor, but "
                        f"received {type(value).__name__}")
    return value._t


def check_dtype(api, name, t, allowed):
    """`allowed`: torch dtypes the op's GPU kernel is registered (or reads its data) with."""
    if t.dtype not in allowed:
        names = ", ".join(str(d).replace("torch.", "") for d in allowed)
        raise ValueError(f"paddle.incubate.nn.functional.{api}: `{name}` must be of dtype "
                         f"{names}, but received {str(t.dtype).replace('torch.', '')}")


def check_rank(api, name, t, ranks):
    if t.dim() not in ranks:
        want = " or ".join(f"{r}-D" for r in ranks)
        raise ValueError(f"paddle.incubate.nn.functional.{api}: `{name}` must be {want}, but "
                         f"received shape {list(t.shape)}")
