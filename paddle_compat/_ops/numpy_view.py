"""Whether a tensor's arithmetic may run in numpy: the bit-exact CPU kernels (reduce_order.py,
matmul_order.py, softmax_order.py, norm_order.py, the cumsum scan, the loss formulas) compute
on `tensor.numpy()`, which only plain CPU tensors have. Tensor subclasses (DTensor, the fake
tensors of torch.export), functorch's wrapped tensors (vmap, grad) and code that torch.compile
traces (jit.to_static) have no numpy view: they keep torch's kernels."""
import torch

__all__ = ["plain_cpu"]

_PLAIN = (torch.Tensor, torch.nn.Parameter)
_functorch_active = torch._C._are_functorch_transforms_active


def plain_cpu(*tensors):
    """True when every given tensor (None is skipped) is a plain CPU tensor and no functorch
    transform or torch.compile trace is running."""
    for t in tensors:
        if t is not None and (type(t) not in _PLAIN or t.device.type != "cpu"):
            return False
    return not _functorch_active() and not torch.compiler.is_compiling()
