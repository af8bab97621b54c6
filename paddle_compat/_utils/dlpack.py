"""paddle.utils.dlpack (Paddle: utils/dlpack.py): to_dlpack / from_dlpack, zero-copy exchange with
other frameworks through DLPack, on torch.utils.dlpack."""
import torch.utils.dlpack as _tdl

from .._place import to_place
from .._tensor import Tensor, wrap

__all__ = ["to_dlpack", "from_dlpack"]


def to_dlpack(x):
    """paddle.utils.dlpack.to_dlpack(x): a DLPack capsule ("dltensor") sharing x's memory; it can
    be consumed once (by paddle.from_dlpack, torch, numpy, ...)."""
    if not isinstance(x, Tensor):
        raise TypeError("The type of 'x' in to_dlpack must be paddle.Tensor, but received "
                        f"{type(x)}.")
    return _tdl.to_dlpack(x._t.detach())


def from_dlpack(dlpack, *, device=None, copy=None):
    """paddle.utils.dlpack.from_dlpack(dlpack): a Tensor sharing the memory of a DLPack capsule or
    of any object with `__dlpack__` (a numpy array, a torch tensor, a paddle Tensor).

    Differences from Paddle: `device` and `copy` follow torch.from_dlpack's meaning (a copy to
    another device is made only when asked)."""
    if isinstance(dlpack, Tensor):
        return wrap(dlpack._t.detach())
    if not (hasattr(dlpack, "__dlpack__") or type(dlpack).__name__ == "PyCapsule"):
        raise ValueError("(InvalidArgument) from_dlpack received an invalid capsule. Note that "
                         "DLTensor capsules can be consumed only once, so you might have already "
                         "constructed a tensor from it once.")
    try:
        t = _tdl.from_dlpack(dlpack)
    except (RuntimeError, BufferError) as e:
        raise ValueError("(InvalidArgument) from_dlpack received an invalid capsule. Note that "
                         "DLTensor capsules can be consumed only once, so you might have already "
                         "constructed a tensor from it once.") from e
    if device is not None or copy:
        t = t.to(to_place(device).device if device is not None else t.device, copy=bool(copy))
    return wrap(t)
