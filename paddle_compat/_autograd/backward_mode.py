"""paddle.autograd.backward(tensors, grad_tensors=None, retain_graph=False) on torch's engine."""
import torch

from .._tensor import Tensor, translate_version_error

__all__ = ["backward"]


def _check_tensors(value, name):
    # Paddle checks with assert, so its errors are AssertionError with these texts.
    assert value is not None, f"{name} should not be None"
    if isinstance(value, (list, tuple)):
        assert len(value) > 0, f"{name} cannot be empty"
        for each in value:
            assert isinstance(each, Tensor), f"Elements of {name} must be paddle.Tensor"
        return list(value)
    assert isinstance(value, Tensor), f"{name} must be Tensor or list of Tensor"
    return [value]


def backward(tensors, grad_tensors=None, retain_graph=False, *, dump_backward_graph_path=None):
    """paddle.autograd.backward: accumulate into `.grad` of the leaves the gradients of `tensors`.

    A missing (None) entry of `grad_tensors` means a grad of ones shaped like its tensor (also for
    non-scalar tensors). Tensors with stop_gradient=True are skipped, as in Paddle.

    Differences from Paddle: `dump_backward_graph_path` (a debugging dump of Paddle's graph) is
    not supported and raises NotImplementedError.
    """
    if dump_backward_graph_path is not None:
        raise NotImplementedError("paddle.autograd.backward(dump_backward_graph_path=...) is not "
                                  "supported by paddle_compat; use torch.autograd's anomaly mode "
                                  "or torchviz on paddle_compat.to_torch(tensor) instead")
    tensors = _check_tensors(tensors, "tensors")
    assert len(tensors) == len({id(t) for t in tensors}), (
        "The argument 'tensors' of paddle.autograd.backward contains duplicate paddle.Tensor object.")
    if grad_tensors is not None:
        if not isinstance(grad_tensors, (list, tuple)):
            grad_tensors = [grad_tensors]
        for each in grad_tensors:
            if each is not None:
                assert isinstance(each, Tensor), (
                    "The argument 'grad_tensors' of paddle.autograd.backward is invalid, it can be "
                    "'None', 'paddle.Tensor' or 'list[None/paddle.Tensor]'.")
    else:
        grad_tensors = []
    if len(grad_tensors) > 0:
        assert len(tensors) == len(grad_tensors), "The length of grad_tensors must be equal to tensors"
    assert isinstance(retain_graph, bool), "retain_graph must be True or False"
    outs, grads = [], []
    for i, t in enumerate(tensors):
        raw = t._t
        if not raw.requires_grad:
            continue
        g = grad_tensors[i] if grad_tensors else None
        outs.append(raw)
        grads.append(torch.ones_like(raw) if g is None else g._t)
    if not outs:
        return
    try:
        torch.autograd.backward(outs, grads, retain_graph=retain_graph)
    except RuntimeError as e:
        paddle_err = translate_version_error(e)
        if paddle_err is None:
            raise
        raise paddle_err from e
