"""paddle.autograd.saved_tensors_hooks on torch.autograd.graph.saved_tensors_hooks.

Built-in ops save their tensors through torch, so torch's hook mechanism serves them; the hooks
only translate between paddle Tensors (what the user's hooks see and return) and torch tensors.
`PyLayerContext.save_for_backward` follows Paddle's own rule instead (pack at save time, one call
per item including None, unpack at every `saved_tensor()`), so py_layer.py reads the active pair
from `ACTIVE`.
"""
import torch

from .._tensor import Tensor, wrap

__all__ = ["saved_tensors_hooks", "ACTIVE"]

# Stack of (pack_hook, unpack_hook) pairs currently entered; the innermost is last.
ACTIVE = []


def _to_torch(obj):
    if isinstance(obj, Tensor):
        return obj._t
    if isinstance(obj, torch.Tensor):
        return obj
    raise TypeError("unpack_hook of paddle.autograd.saved_tensors_hooks must return a Tensor, "
                    f"but returned {type(obj).__name__}")


class saved_tensors_hooks:
    """paddle.autograd.saved_tensors_hooks(pack_hook, unpack_hook): a context manager.

    Inside it, every tensor an op saves for backward is passed to `pack_hook(tensor)` and only its
    result is kept; backward calls `unpack_hook(packed)` and uses the Tensor it returns.
    `PyLayerContext.save_for_backward` calls `pack_hook` on each saved item when it is called,
    and `saved_tensor()` calls `unpack_hook` on each item every time.

    Differences from Paddle: hooks nest (leaving an inner `with` restores the outer pair;
    Paddle resets to no hooks at all). Which tensors a built-in op saves is torch's choice, so
    `pack_hook` may be called for other tensors (or a different number of them) than in Paddle.
    """

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook
        self._torch_cm = None

    def __enter__(self):
        pack, unpack = self.pack_hook, self.unpack_hook
        self._torch_cm = torch.autograd.graph.saved_tensors_hooks(
            lambda t: pack(wrap(t)), lambda obj: _to_torch(unpack(obj)))
        self._torch_cm.__enter__()
        ACTIVE.append((pack, unpack))

    def __exit__(self, *exc):
        ACTIVE.pop()
        cm, self._torch_cm = self._torch_cm, None
        cm.__exit__(*exc)
        return False
