"""paddle.base.layers (also paddle.fluid.layers): the legacy layer functions old static-graph programs call.

Most are thin renames of paddle.static.nn / paddle / paddle.nn.functional with the legacy argument
names (`input`, `param_attr`, `act`). Two legacy ops have no Paddle 3 public twin and are defined
here as op records (kept out of the global registry so their names never collide):
`cross_entropy` (legacy `cross_entropy2`: `-log(input[label])` on probabilities) and `mean`
(legacy `mean`: the mean of all elements).
"""
import torch

from .. import nn as _nn
from .._ops.manipulation import reshape as _reshape
from .._ops.registry import OpDef, apply_op
from .._static.layers import data as _static_data, fc as _static_fc
from .._static.local_ops import opdef as _opdef
from .._static.py_func import py_func
from ..metric import accuracy as _accuracy

__all__ = ["fc", "py_func", "cross_entropy", "mean", "reduce_mean", "accuracy", "reshape",
           "softmax_with_cross_entropy", "data", "relu", "softmax", "tanh", "sigmoid"]

_F = _nn.functional


def fc(input, size, num_flatten_dims=1, param_attr=None, bias_attr=None, act=None, name=None):
    """fluid.layers.fc(input, size, num_flatten_dims=1, param_attr=None, bias_attr=None, act=None,
    name=None): paddle.static.nn.fc with the legacy argument names."""
    return _static_fc(input, size, num_flatten_dims=num_flatten_dims, weight_attr=param_attr,
                      bias_attr=bias_attr, activation=act, name=name)


def data(name, shape, append_batch_size=True, dtype="float32", lod_level=0, type=None,
         stop_gradient=True):
    """fluid.layers.data (Paddle 1.x): like fluid.data, but a batch dimension -1 is prepended
    unless `append_batch_size` is False or the shape already has a -1/None dim."""
    shape = [-1 if d is None else int(d) for d in shape]
    if append_batch_size and -1 not in shape:
        shape = [-1] + shape
    var = _static_data(name, shape, dtype, lod_level)
    var.stop_gradient = stop_gradient
    return var


# ---- legacy ops without a Paddle 3 public twin -------------------------------------------------
def _cross_entropy2(X, Label, soft_label=False, ignore_index=-100):
    if soft_label:
        return -(Label.to(X.dtype) * torch.log(X)).sum(-1, keepdim=True)
    lab = Label.reshape(X.shape[:-1]).long()
    keep = lab != ignore_index
    p = X.gather(-1, torch.where(keep, lab, 0).unsqueeze(-1))
    # Paddle's TolerableValue: log(0) = -inf is clipped to -1e20, so the loss stays finite.
    y = -torch.clamp(torch.log(p), min=-1e20)
    return torch.where(keep.unsqueeze(-1), y, torch.zeros((), dtype=y.dtype, device=y.device))


_CROSS_ENTROPY2 = OpDef("cross_entropy2", _cross_entropy2, ("X", "Label"), ("Y",),
                        {"soft_label": False, "ignore_index": -100},
                        "Y only (Paddle's XShape/MatchX outputs are not recorded)",
                        "paddle.fluid.layers.cross_entropy")
_MEAN = OpDef("mean", lambda X: X.mean(), ("X",), ("Out",), {},
              "0-D output, as Paddle >= 2.5 (Paddle 1.x gave shape [1])", "paddle.fluid.layers.mean")


def cross_entropy(input, label, soft_label=False, ignore_index=-100):
    """fluid.layers.cross_entropy(input, label, soft_label=False, ignore_index=-100): the
    per-row loss `-log(input[label])` of probabilities `input` ([N, D]) and labels ([N, 1]), shape
    [N, 1]; with soft_label, `-sum(label * log(input))`. Rows whose label is ignore_index get 0."""
    return apply_op(_CROSS_ENTROPY2, (input, label),
                    {"soft_label": bool(soft_label), "ignore_index": int(ignore_index)})


def mean(x, name=None):
    """fluid.layers.mean(x): the mean of all elements, a 0-D tensor.

    Differences from Paddle: Paddle 1.x returned shape [1]; this follows Paddle >= 2.5 (0-D)."""
    return apply_op(_MEAN, (x,))


def reduce_mean(input, dim=None, keep_dim=False, name=None):
    """fluid.layers.reduce_mean(input, dim=None, keep_dim=False): mean over `dim` (all if None)."""
    dims = [] if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    return apply_op(_opdef("reduce_mean"), (input,),
                    {"dim": dims, "keep_dim": bool(keep_dim), "reduce_all": not dims})


def accuracy(input, label, k=1, correct=None, total=None):
    """fluid.layers.accuracy(input, label, k=1, correct=None, total=None): paddle.metric.accuracy."""
    return _accuracy(input, label, k=k, correct=correct, total=total)


def _act(x, act):
    if act is None:
        return x
    fn = getattr(_F, act, None)
    if fn is None:
        raise ValueError(f"fluid.layers: unknown activation act={act!r}; use one of 'relu', "
                         "'softmax', 'tanh', 'sigmoid' or apply paddle.nn.functional yourself")
    return fn(x)


def reshape(x, shape, actual_shape=None, act=None, inplace=False, name=None):
    """fluid.layers.reshape(x, shape, actual_shape=None, act=None, inplace=False, name=None):
    paddle.reshape, then the activation `act`. `actual_shape` and `inplace` are not supported."""
    if actual_shape is not None:
        raise NotImplementedError("fluid.layers.reshape: actual_shape is not supported; pass the "
                                  "target shape (a list that may hold Tensors) as `shape`")
    return _act(_reshape(x, shape), act)


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    """fluid.layers.softmax_with_cross_entropy: paddle.nn.functional.softmax_with_cross_entropy."""
    return _F.softmax_with_cross_entropy(logits, label, soft_label=soft_label,
                                         ignore_index=ignore_index,
                                         numeric_stable_mode=numeric_stable_mode,
                                         return_softmax=return_softmax, axis=axis)


def relu(x, name=None):
    """fluid.layers.relu: paddle.nn.functional.relu."""
    return _F.relu(x)


def softmax(input, use_cudnn=True, name=None, axis=-1):
    """fluid.layers.softmax(input, use_cudnn=True, name=None, axis=-1)."""
    return _F.softmax(input, axis=axis)


def tanh(x, name=None):
    """fluid.layers.tanh: paddle.nn.functional.tanh."""
    return _F.tanh(x)


def sigmoid(x, name=None):
    """fluid.layers.sigmoid: paddle.nn.functional.sigmoid."""
    return _F.sigmoid(x)
