"""paddle.incubate.nn.functional.cross_entropy_with_softmax_bwd_w_downcast (Paddle:
incubate/nn/functional/cross_entropy_with_softmax_bwd_w_downcast.py, GPU kernel
phi/kernels/fusion/gpu/cross_entropy_bwd_w_downcast.cu): the hard-label softmax-cross-entropy
gradient w.r.t. the logits, written in bfloat16."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static

__all__ = ["cross_entropy_with_softmax_bwd_w_downcast"]

_IGNORE_INDEX = -100          # the kernel's hard-coded ignore_index
_SOFTMAX_DTYPES = (torch.float32, torch.float64, torch.float16)
_LABEL_DTYPES = (torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64)


def cross_entropy_with_softmax_bwd_w_downcast(label, softmax, loss_grad, name=None):
    """paddle.incubate.nn.functional.cross_entropy_with_softmax_bwd_w_downcast(label, softmax,
    loss_grad, name=None) -> logits_grad: over the last axis (class axis) of `softmax`,
    logits_grad[..., j] = (softmax[..., j] - (j == label)) * loss_grad, and 0 on rows whose label
    is -100; computed in float32 and returned as bfloat16 with softmax's shape. `label` and
    `loss_grad` hold one value per row (shape softmax.shape[:-1] + [1] or softmax.shape[:-1]).

    Differences from Paddle: Paddle 3.3.1 has this kernel only for GPU (its CPU wheel raises
    ``(NotFound) The kernel `cross_entropy_with_softmax_bwd_w_downcast` is not registered.``);
    paddle_compat computes it with vectorised torch on CPU and CUDA. A label outside
    [0, classes) other than -100 gives all-`softmax * loss_grad` rows (the kernel's comparison
    never matches), as on Paddle."""
    if refuse_static("cross_entropy_with_softmax_bwd_w_downcast", "softmax", softmax,
                     legacy="none"):
        return None
    sm = softmax._t
    if sm.dtype not in _SOFTMAX_DTYPES:
        n = str(sm.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (GPU, Undefined(AnyLayout), {n}) of kernel "
            f"`cross_entropy_with_softmax_bwd_w_downcast` is not registered. Selected wrong "
            f"DataType `{n}`. Paddle support following DataTypes: float32, float64, float16.")
    lab = label._t
    if lab.dtype not in _LABEL_DTYPES:
        raise TypeError(f"Invalid enum data type `{str(lab.dtype).replace('torch.', '')}` for "
                        "label of cross_entropy_with_softmax_bwd_w_downcast; expected an "
                        "integer dtype.")
    if sm.numel() == 0:
        return wrap(torch.empty(sm.shape, dtype=torch.bfloat16, device=sm.device))
    classes = sm.shape[-1]
    rows = sm.numel() // classes
    if lab.numel() != rows or loss_grad._t.numel() != rows:
        raise ValueError(
            f"label and loss_grad must hold one value per row of softmax ({rows} rows of "
            f"{classes} classes), but received label shape {list(label.shape)} and loss_grad "
            f"shape {list(loss_grad.shape)}.")
    p = sm.float().reshape(rows, classes)
    lab = lab.reshape(rows).to(torch.int64)
    g = loss_grad._t.float().reshape(rows, 1)
    hit = torch.arange(classes, device=p.device)[None, :] == lab[:, None]
    grad = (p - hit.to(p.dtype)) * g
    grad = torch.where((lab == _IGNORE_INDEX)[:, None], torch.zeros_like(grad), grad)
    return wrap(grad.to(torch.bfloat16).reshape(sm.shape))
