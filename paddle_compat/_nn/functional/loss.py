"""paddle.nn.functional losses (Paddle: nn/functional/loss.py): cross_entropy,
softmax_with_cross_entropy, nll_loss, mse_loss, l1_loss, binary_cross_entropy(_with_logits),
smooth_l1_loss, kl_div, log_loss, square_error_cost, margin_ranking_loss, hinge_embedding_loss,
cosine_embedding_loss, sigmoid_focal_loss, soft_margin_loss, multi_label_soft_margin_loss,
multi_margin_loss, poisson_nll_loss, gaussian_nll_loss, triplet_margin_loss,
triplet_margin_with_distance_loss, dice_loss, npair_loss, ctc_loss, rnnt_loss, hsigmoid_loss,
multi_label_margin_loss, adaptive_log_softmax_with_loss, margin_cross_entropy.

Exception: label_smooth (Paddle: nn/functional/common.py) is here with the cross-entropy it serves.

Paddle writes most of these in Python from public ops; they are written the same way here (from
paddle_compat's public functions, so static mode records the same kind of ops and the dtype rules
and roundings are Paddle's). `huber_loss`, `kldiv_loss` and `log_loss` are single Paddle ops and are
single ops here too.
"""
import math

import numpy as np

import torch

from ..._mode import STATE

import torch.nn.functional as TF

from ... import _creation_core
from ..._autograd import grad_mode as _grad_mode
from ..._dtype import DTYPES as _DTYPES
from ..._ops import creation as _creation
from ..._ops import libm_float as _libm
from ..._ops import softmax_order as _softmax_order
from ..._ops.numpy_view import plain_cpu as _plain_cpu
from ..._ops import linalg as _linalg
from ..._ops import logic as _logic
from ..._ops import manipulation as _manip
from ..._ops import math as _math
from ..._ops.reduce_order import paddle_mean, paddle_sum
from ..._ops import search as _search
from ..._ops import stat as _stat
from ..._ops.registry import apply_op, defop
from .._opshare import float_kernel, reshape_op, shared
from . import activation as _act
from . import distance as _distance
from . import input as _input
from ..._static.builder import helper_scope

__all__ = ["smooth_l1_loss", "kl_div", "log_loss", "square_error_cost", "margin_ranking_loss",
           "hinge_embedding_loss", "cosine_embedding_loss", "sigmoid_focal_loss",
           "soft_margin_loss", "multi_label_soft_margin_loss", "multi_margin_loss",
           "poisson_nll_loss", "gaussian_nll_loss", "triplet_margin_loss",
           "triplet_margin_with_distance_loss", "dice_loss", "npair_loss", "cross_entropy",
           "softmax_with_cross_entropy", "nll_loss", "mse_loss", "l1_loss", "binary_cross_entropy",
           "binary_cross_entropy_with_logits", "label_smooth", "ctc_loss", "rnnt_loss", "hsigmoid_loss",
           "multi_label_margin_loss", "adaptive_log_softmax_with_loss", "margin_cross_entropy"]


def _huber_kernel(x, y, delta=1.0):
    float_kernel(x, "huber_loss")
    if x.dim() != y.dim():          # Paddle's huber_loss infer-shape
        raise ValueError(f"(InvalidArgument) Input(input) rank and Input(label) rank should be "
                         f"same, but received input rank({x.dim()}) != label rank({y.dim()})")
    r = y - x
    a = r.abs()
    return torch.where(a <= delta, 0.5 * r * r, delta * (a - 0.5 * delta)), r


def _kldiv_kernel(x, target, reduction="none", log_target=False):
    float_kernel(x, "kldiv_loss")
    if log_target:
        return torch.exp(target) * (target - x)
    # Paddle: target * (log(target) - x), 0 where target <= 0
    out = target * (torch.log(target) - x)
    return torch.where(target > 0, out, torch.zeros_like(out))


_LOG_LOSS_ROWS = ("(InvalidArgument) Each row of Input(Predicted) contains a real value, so the "
                  "2nd dimension of Input(X) must be 1,But got [{}]")


def _log_loss_kernel(p, label, epsilon=1e-4):
    float_kernel(p, "log_loss")
    if p.dim() > 1 and p.shape[1] != 1:
        # reached only from a PIR program, which Paddle builds unchecked ([N, 1]) and whose run
        # fails with the infer-meta error
        if p.device.type == "meta":
            return p.new_empty((p.shape[0], 1))
        raise ValueError(_LOG_LOSS_ROWS.format(p.shape[1]))
    return -label * torch.log(p + epsilon) - (1 - label) * torch.log(1 - p + epsilon)


_HUBER = shared("huber_loss", _huber_kernel, inputs=("X", "Y"), outputs=("Out", "Residual"),
                attrs={"delta": 1.0}, api="paddle.nn.functional.smooth_l1_loss")
_KLDIV = shared("kldiv_loss", _kldiv_kernel, inputs=("X", "Target"), outputs=("Loss",),
                attrs={"reduction": "none", "log_target": False}, api="paddle.nn.functional.kl_div")
_LOGLOSS = shared("log_loss", _log_loss_kernel, inputs=("Predicted", "Labels"), outputs=("Loss",),
                  attrs={"epsilon": 1e-4}, api="paddle.nn.functional.log_loss")


def _check_reduction(reduction, text):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(text)


def _reduce(loss, reduction, name=None):
    if reduction == "mean":
        return _stat.mean(loss)
    if reduction == "sum":
        return _math.sum(loss)
    return loss


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True, name=None):
    """paddle.nn.functional.smooth_l1_loss(input, label, reduction='mean', delta=1.0, is_huber=True):
    Paddle's huber loss, 0.5 r^2 for |r| <= delta else delta * (|r| - 0.5 delta), divided by delta
    when is_huber is False."""
    out = apply_op(_HUBER.get(), (input, label), {"delta": float(delta)})[0]
    if not is_huber:
        out = out / delta
    _check_reduction(reduction, "The value of 'reduction' in smooth_l1_loss should be 'sum', 'mean' "
                     f"or 'none', but received {reduction}, which is not allowed.")
    return _reduce(out, reduction)


def kl_div(input, label, reduction="mean", log_target=False, name=None):
    """paddle.nn.functional.kl_div(input, label, reduction='mean', log_target=False): input holds
    log-probabilities; elementwise label * (log(label) - input); 'batchmean' divides the sum by the
    batch size."""
    if input.dtype == _DTYPES["float32"] and label.dtype == _DTYPES["float64"]:
        input = _math.cast(input, "float64")
    elif input.dtype == _DTYPES["float64"] and label.dtype == _DTYPES["float32"]:
        label = _math.cast(label, "float64")
    out = apply_op(_KLDIV.get(), (input, label), {"reduction": "none", "log_target": bool(log_target)})
    if reduction == "mean":
        out = _stat.mean(out)
    elif reduction == "sum":
        out = _math.sum(out)
    elif reduction == "batchmean" and len(input.shape) > 0:
        out = _math.sum(out) / input.shape[0]
    return out


def log_loss(input, label, epsilon=0.0001, name=None):
    """paddle.nn.functional.log_loss(input, label, epsilon=1e-4): elementwise negative
    log-likelihood of probabilities `input` of shape [N, 1]. A PIR program takes another shape
    unchecked (its loss typed [N, 1]) and fails when it runs, as Paddle's."""
    shape = list(input.shape)
    if len(shape) > 1 and shape[1] != 1 and not (STATE.static and STATE.pir):
        raise ValueError(_LOG_LOSS_ROWS.format(shape[1]))
    return apply_op(_LOGLOSS.get(), (input, label), {"epsilon": float(epsilon)})


def square_error_cost(input, label):
    """paddle.nn.functional.square_error_cost(input, label): (input - label)^2, elementwise."""
    if STATE.static:       # one LayerHelper in Paddle: both outputs are square_error_cost_<n>.tmp_*
        with helper_scope("square_error_cost"):
            return _math.square(_math.subtract(input, label))
    return _math.square(_math.subtract(input, label))


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):
    """paddle.nn.functional.margin_ranking_loss(input, other, label, margin=0.0, reduction='mean'):
    relu(-label * (input - other) + margin)."""
    _check_reduction(reduction, "The value of 'reduction' in MarginRankingLoss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    out = _math.multiply(_math.subtract(other, input), label)
    if margin != 0.0:
        out = _math.add(out, _creation_core.to_tensor([margin], dtype=out.dtype))
    out = _act.relu(out)
    if reduction == "mean" and STATE.static and STATE.pir:
        return apply_op(_stat.MEAN_ALL, (out,))     # Paddle: _C_ops.mean_all(out)
    return _reduce(out, reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):
    """paddle.nn.functional.hinge_embedding_loss(input, label, margin=1.0, reduction='mean'):
    input where label == 1, relu(margin - input) where label == -1."""
    _check_reduction(reduction, "'reduction' in 'hinge_embedding_loss' should be 'sum', 'mean' or "
                     f"'none', but received {reduction}.")
    zero_ = _creation.zeros([1], dtype=input.dtype)
    loss = _search.where(label == 1.0, input, zero_) + _search.where(
        label == -1.0, _act.relu(margin - input), zero_)
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """paddle.nn.functional.cosine_embedding_loss(input1, input2, label, margin=0, reduction='mean'):
    1 - cos where label == 1, max(0, cos - margin) where label == -1."""
    if len(label.shape) != 1:
        raise ValueError("1D target tensor expected, multi-target not supported")
    if input1.shape != input2.shape:
        raise ValueError("the shape of input tensor 1 should be equal to input tensor 2, but found "
                         "inputs with different sizes")
    if len(input1.shape) > 2:
        raise ValueError("1D target tensor expects 1D or 2D input tensors, but found inputs with "
                         "different sizes")
    if input1.dtype not in (_DTYPES["float32"], _DTYPES["float64"]):
        raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
    if label.dtype not in (_DTYPES["int32"], _DTYPES["int64"], _DTYPES["float32"], _DTYPES["float64"]):
        raise ValueError("The data type of label Variable must be 'int32', 'int64', 'float32', "
                         "'float64'")
    prod_sum = (input1 * input2).sum(axis=-1)
    mag_square1 = _math.square(input1).sum(axis=-1) + 10e-12
    mag_square2 = _math.square(input2).sum(axis=-1) + 10e-12
    cos = prod_sum / _math.sqrt(mag_square1 * mag_square2)
    zeros = _creation.zeros_like(cos)
    pos = 1 - cos
    neg = _math.clip(cos - margin, min=0)
    out = _search.where(label == 1, pos, zeros) + _search.where(label == -1, neg, zeros)
    return _reduce(out, reduction)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """paddle.nn.functional.sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0,
    reduction='sum'): alpha_t * (1 - p_t)^gamma * BCE-with-logits, divided by normalizer."""
    _check_reduction(reduction, "The value of 'reduction' in sigmoid_focal_loss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    if normalizer is not None and len(normalizer.shape) > 1:
        raise ValueError("Expected zero or one dimension of normalizer in sigmoid_focal_loss but "
                         f"got {len(normalizer.shape)}.")
    if STATE.static and STATE.pir:
        return _sigmoid_focal_pir(logit, label, normalizer, alpha, gamma, reduction)
    one = _creation.ones_like(logit)
    loss = binary_cross_entropy_with_logits(logit, label, reduction="none")
    pred = _act.sigmoid(logit)
    p_t = pred * label + (one - pred) * (one - label)
    alpha_t = _creation_core.to_tensor(alpha, dtype=loss.dtype)
    alpha_t = alpha_t * label + (one - alpha_t) * (one - label)
    loss = alpha_t * loss
    loss = _math.pow(one - p_t, _creation_core.to_tensor(gamma, dtype=loss.dtype)) * loss
    if normalizer is not None:
        loss = loss / normalizer
    return _reduce(loss, reduction)


# the ones of logit's runtime shape: Paddle's full(paddle.shape(logit), v) (shape64 +
# full_with_tensor in PIR), recorded by sigmoid_focal_loss's PIR form only
_FULL_OF_SHAPE = defop("full_with_tensor",
                       lambda X, value=1.0: torch.full(X.shape, value, dtype=X.dtype,
                                                       device=X.device),
                       attrs={"value": 1.0}, api="paddle.nn.functional.sigmoid_focal_loss")


def _sigmoid_focal_pir(logit, label, normalizer, alpha, gamma, reduction):
    """sigmoid_focal_loss as Paddle's PIR code composes it from _C_ops (one alpha tensor, pow
    with the float gamma, sum / mean_all)."""
    m = _math
    one = apply_op(_FULL_OF_SHAPE, (logit,), {"value": 1.0})
    loss = apply_op(_BCE_LOGITS, (logit, label, None, None), {"reduction": "none"})
    pred = _act.sigmoid(logit)
    p_t = m.add(m.multiply(pred, label),
                m.multiply(m.subtract(one, pred), m.subtract(one, label)))
    a = _creation.assign(np.array(alpha, dtype=loss.dtype.short))
    alpha_t = m.add(m.multiply(a, label), m.multiply(m.subtract(one, a), m.subtract(one, label)))
    loss = m.multiply(alpha_t, loss)
    loss = m.multiply(m.pow(m.subtract(one, p_t), float(gamma)), loss)
    if normalizer is not None:
        loss = m.divide(loss, normalizer)
    if reduction == "sum":
        return m.sum(loss)
    return apply_op(_stat.MEAN_ALL, (loss,)) if reduction == "mean" else loss


def soft_margin_loss(input, label, reduction="mean", name=None):
    """paddle.nn.functional.soft_margin_loss(input, label, reduction='mean'):
    log(1 + exp(-label * input))."""
    _check_reduction(reduction, "The value of 'reduction' in soft_margin_loss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    if not input.shape == label.shape:
        raise ValueError("input's shape must equal to label's shape")
    label = _math.cast(label, input.dtype)
    out = _math.log(1 + _math.exp(-label * input))
    return _reduce(out, reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):
    """paddle.nn.functional.multi_label_soft_margin_loss(input, label, weight=None,
    reduction='mean'): mean over classes of -(y log sigmoid(x) + (1 - y) log sigmoid(-x))."""
    _check_reduction(reduction, "'reduction' in 'multi_label_soft_margin_loss' should be 'sum', "
                     f"'mean' or 'none', but received {reduction}.")
    if not input.shape == label.shape:
        raise ValueError("The input and label should have same dimension,"
                         f"but received {input.shape}!={label.shape}")
    ls = _act.log_sigmoid
    loss = -(label * ls(input) + (1 - label) * ls(-input))
    if weight is not None:
        loss = loss * weight
    loss = loss.mean(axis=-1)
    return _reduce(loss, reduction)


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean", name=None):
    """paddle.nn.functional.multi_margin_loss(input, label, p=1, margin=1.0, weight=None,
    reduction='mean'): multi-class hinge loss (Paddle's formula, the label's own term included and
    subtracted)."""
    _check_reduction(reduction, "'reduction' in 'multi_margin_loss' should be 'sum', 'mean' or "
                     f"'none', but received {reduction}.")
    if not input.shape[0] == label.shape[0]:
        raise ValueError("The label's shape[0] should be equal to input's shape[0], but received "
                         f"input's shape[0] {input.shape[0]} and label's shape[0]:{label.shape[0]}. ")
    label = label.reshape((-1, 1))
    index_sample = _manip.take_along_axis(input, label, axis=1)
    hinge = _math.pow(_math.clip(margin - index_sample + input, min=0.0), p)
    if weight is not None:
        if not input.shape[1] == weight.shape[0]:
            raise ValueError("The weight's shape[0] should be equal to input's shape[1]but received "
                             f"weight's shape[0]: {weight.shape[0]} and input's shape[1]: "
                             f"{input.shape[1]}")
        weight = _manip.gather(weight, label, axis=0).reshape((-1, 1))
        loss = _stat.mean(weight * hinge, axis=1) - (
            weight * (margin ** p / input.shape[1])).squeeze()
    else:
        loss = _stat.mean(hinge, axis=1) - margin ** p / input.shape[1]
    return _reduce(loss, reduction)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-08, reduction="mean",
                     name=None):
    """paddle.nn.functional.poisson_nll_loss(input, label, log_input=True, full=False,
    epsilon=1e-8, reduction='mean')."""
    if epsilon <= 0:
        raise ValueError("The value of `epsilon` in poisson_nll_loss should be positive, but "
                         f"received {epsilon:f}, which is not allowed")
    _check_reduction(reduction, "The value of 'reduction' in poisson_nll_loss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    if not input.shape == label.shape:
        raise ValueError("input's shape must equal to label's shape")
    if log_input:
        loss = _math.exp(input) - label * input
    else:
        loss = input - label * _math.log(input + epsilon)
    if full:
        stirling = label * _math.log(label) - label + 0.5 * _math.log(2 * math.pi * label)
        loss += _search.where(label > 1, stirling, _creation.zeros_like(stirling))
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-06, reduction="mean",
                      name=None):
    """paddle.nn.functional.gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6,
    reduction='mean'): 0.5 * (log(var) + (input - label)^2 / var) (+ 0.5 log(2 pi) when full).
    In static mode, as in Paddle, an Assert op checks when the program runs that every variance
    entry is positive."""
    if variance.shape != input.shape:
        if input.shape[:-1] == variance.shape:
            variance = _manip.unsqueeze(variance, -1)
        elif input.shape[:-1] == variance.shape[:-1] and variance.shape[-1] == 1:
            pass
        else:
            raise ValueError("variance is of incorrect shape")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    for t, what in ((input, "input"), (label, "label"), (variance, "variance")):
        if t.dtype not in (_DTYPES["float32"], _DTYPES["float64"]):
            raise ValueError(f"The data type of {what} Variable must be 'float32' or 'float64'"
                             if what == "input" else
                             f"The data type of {what} Variable must be 'float32', 'float64'")
    if STATE.static:
        from ..._static.assertion import Assert
        Assert(_math.all(variance > 0), [variance], 6)
    elif _math.any(variance < 0):
        raise ValueError("variance has negative entry/entries")
    variance = variance.clone()
    with _grad_mode.no_grad():
        variance = _math.clip(variance, min=epsilon)
    loss = 0.5 * (_math.log(variance) + _math.square(input - label) / variance)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def _triplet(input, positive, negative, dist, margin, swap, reduction, check_positive):
    if not input.shape == positive.shape == negative.shape:
        raise ValueError("input's shape must equal to positive's shape and negative's shape")
    positive_dist = dist(input, positive)
    negative_dist = dist(input, negative)
    if swap:
        negative_dist = _math.minimum(negative_dist, dist(positive, negative))
    if check_positive and (not bool(_math.all(positive_dist >= 0))
                           or not bool(_math.all(negative_dist >= 0))):
        raise ValueError("The positive distance or negative distance should be greater than 0, "
                         "The distance functions should be checked.")
    loss = _math.clip(positive_dist - negative_dist + margin, min=0.0)
    return _reduce(loss, reduction)


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-06, swap=False,
                        reduction="mean", name=None):
    """paddle.nn.functional.triplet_margin_loss(input, positive, negative, margin=1.0, p=2,
    epsilon=1e-6, swap=False, reduction='mean'): max(d(a, p) - d(a, n) + margin, 0) with the
    pairwise p-distance."""
    _check_reduction(reduction, "'reduction' in 'triplet_margin_loss' should be 'sum', 'mean' or "
                     f"'none', but received {reduction}.")
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be "
                         "greater than 0.")
    # Paddle calls an nn.PairwiseDistance layer (its ops carry the layer's struct name in PIR)
    from ..layer.distance import PairwiseDistance
    return _triplet(input, positive, negative, PairwiseDistance(p, epsilon=epsilon), margin, swap,
                    reduction, False)


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None, margin=1.0,
                                      swap=False, reduction="mean", name=None):
    """paddle.nn.functional.triplet_margin_with_distance_loss(input, positive, negative,
    distance_function=None, margin=1.0, swap=False, reduction='mean') (default distance:
    pairwise 2-norm)."""
    _check_reduction(reduction, "'reduction' in 'triplet_margin_with_distance_loss' should be "
                     f"'sum', 'mean' or 'none', but received {reduction}.")
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be "
                         "greater than 0.")
    dist = distance_function if distance_function is not None else (
        lambda a, b: _distance.pairwise_distance(a, b, 2.0, 1e-6))
    return _triplet(input, positive, negative, dist, margin, swap, reduction, True)


def dice_loss(input, label, epsilon=0.00001, name=None):
    """paddle.nn.functional.dice_loss(input, label, epsilon=1e-5): 1 - 2|X∩Y| / (|X| + |Y|), label
    holding class ids in a last axis of size 1."""
    assert input.dtype in (_DTYPES["float32"], _DTYPES["float64"])
    assert label.dtype in (_DTYPES["int32"], _DTYPES["int64"])
    assert len(input.shape) >= 2, "The rank of input should be greater than or equal to 2."
    assert len(input.shape) == len(label.shape), (
        "The rank of input and label should be equal, "
        f"but received input: {len(input.shape)}, label: {len(label.shape)}.")
    assert label.shape[-1] == 1, ("The last dimension of label should be 1, "
                                  f"but received {label.shape[-1]}.")
    assert input.shape[:-1] == label.shape[:-1], "All dimensions should be equal except the last one."
    label = _input.one_hot(_manip.squeeze(label, [-1]), input.shape[-1])
    reduce_dim = list(range(1, len(input.shape)))
    inse = _math.sum(input * label, axis=reduce_dim)
    denominator = _math.sum(input, axis=reduce_dim) + _math.sum(label, axis=reduce_dim)
    return _stat.mean(1 - inse * 2 / (denominator + epsilon))


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """paddle.nn.functional.npair_loss(anchor, positive, labels, l2_reg=0.002)."""
    if anchor.size == 0:
        raise ValueError("The dims of anchor should be greater than 0.")
    if positive.size == 0:
        raise ValueError("The dims of positive should be greater than 0.")
    batch_size = labels.shape[0]
    labels = _manip.tile(_manip.reshape(labels, shape=[batch_size, 1]), repeat_times=[1, batch_size])
    labels = _logic.equal(labels, _manip.transpose(labels, perm=[1, 0])).astype("float32")
    labels = labels / _math.sum(labels, axis=1, keepdim=True)
    l2loss = _stat.mean(_math.sum(_math.square(anchor), 1)) + _stat.mean(
        _math.sum(_math.square(positive), 1))
    l2loss = l2loss * 0.25 * l2_reg
    sim = _linalg.matmul(anchor, positive, transpose_x=False, transpose_y=True)
    softmax_ce = softmax_with_cross_entropy(sim, labels, soft_label=True)
    return l2loss + _stat.mean(_math.sum(labels * softmax_ce, 0))


# ---- The common losses: cross_entropy, softmax_with_cross_entropy, nll_loss, mse_loss, l1_loss,
# binary_cross_entropy(_with_logits), label_smooth -------------------------------------------------
# Each loss is one op whose kernel also applies Paddle's reduction rules (which differ from torch's:
# cross_entropy's 'mean' divides by the element count unless ignore_index >= 0 or a weight is given).


def _reduce_tensor(loss, reduction):
    # Paddle reduces a loss with its sum / mean kernels: their CPU order (reduce_order.py)
    if reduction == "sum":
        exact = paddle_sum(loss)
        return loss.sum() if exact is None else exact
    if reduction == "mean":
        exact = paddle_mean(loss)
        return loss.mean() if exact is None else exact
    return loss


def _broadcast_check(x, y):
    xs, ys = list(x.shape), list(y.shape)
    n = max(len(xs), len(ys))
    a, b = [1] * (n - len(xs)) + xs, [1] * (n - len(ys)) + ys
    for i, (p, q) in enumerate(zip(a, b)):
        if p != q and p != 1 and q != 1:
            raise ValueError(
                f"(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast "
                f"together with the shape of X = {xs} and the shape of Y = {ys}. Received [{p}] in X "
                f"is not equal to [{q}] in Y at i:{i}.")


# ---- cross entropy ------------------------------------------------------------------------------
def _hard_labels(label, ignore_index, classes):
    """(valid, safe) of hard labels: which are not ignore_index, and the labels with the ignored
    ones set to 0 (a class index gather can take); Paddle's OutOfRange error for a label outside
    [0, classes). Paddle accepts float hard labels and truncates them."""
    lab = label.long()
    valid = lab != ignore_index
    safe = torch.where(valid, lab, torch.zeros_like(lab))
    bad = safe[(safe >= classes) | (safe < 0)]
    if bad.numel():
        v = int(bad.reshape(-1)[0])
        raise IndexError(
            f"(OutOfRange) label value should less than the shape of axis dimension when "
            f"label value({v}) not equal to ignore_index({ignore_index}), But received label "
            f"value as {v} and shape of axis dimension is {classes}\n  [Hint: Expected lbl < "
            f"axis_dim_, but received lbl:{v} >= axis_dim_:{classes}.]")
    return valid, safe


def _ce_kernel(logits, label, weight=None, soft_label=False, ignore_index=-100, axis=-1,
               use_softmax=True, numeric_stable_mode=True, reduction="none", squeeze=False):
    nd = logits.dim()
    axis = axis % nd
    shapes = f" (logits shape {list(logits.shape)}, label shape {list(label.shape)})"
    if label.dim() != nd:
        raise ValueError("Expected input_dims - 1 = label_dims or input_dims == label_dims" + shapes)
    for i in range(nd):
        if i != axis and logits.shape[i] != label.shape[i]:
            raise ValueError(
                "(InvalidArgument) Input(Logits) and Input(Label) should in same shape in dimensions "
                f"except axis.\n  [Hint: Expected logits_dims[i] == labels_dims[i], but received "
                f"logits_dims[i]:{logits.shape[i]} != labels_dims[i]:{label.shape[i]}.]" + shapes)
    if use_softmax and not soft_label and axis == nd - 1 and label.shape[axis] == 1 \
            and _softmax_order.applies(logits, axis) and not label.is_floating_point():
        return _ce_exact(logits, label, weight, ignore_index, reduction, squeeze, axis)
    if use_softmax:
        logp = torch.log_softmax(logits, axis)
        softmax = logp.exp()
        # Paddle's kernel clips the log-probabilities at -64 (each sample's loss is at most 64,
        # per class of a soft label); its gradient stays softmax - label, so the clip is applied
        # to the value only.
        logp = logp + (logp.clamp_min(-64.0) - logp).detach()
    else:
        logp, softmax = torch.log(logits), logits
    classes = logits.shape[axis]
    if soft_label:
        lab = label.to(logp.dtype)
        loss = -(lab * logp).sum(axis, keepdim=True)
        wg = None
        if weight is not None:
            wshape = [1] * nd
            wshape[axis] = classes
            wg = (lab.to(weight.dtype) * weight.reshape(wshape)).sum(axis, keepdim=True)
            loss = loss.to(wg.dtype) * wg
        valid = None
    else:
        if label.shape[axis] != 1:
            raise ValueError(
                "(InvalidArgument) If Attr(soft_label) == false, the axis dimension of Input(Label) "
                f"should be 1.\n  [Hint: Expected labels_dims[axis] == 1UL, but received "
                f"labels_dims[axis]:{label.shape[axis]} != 1UL:1.]" + shapes)
        valid, safe = _hard_labels(label, ignore_index, classes)
        loss = -logp.gather(axis, safe) * valid.to(logp.dtype)
        wg = None
        if weight is not None:
            wg = weight[safe] * valid.to(weight.dtype)
            loss = loss.to(wg.dtype) * wg
    return softmax, _ce_reduce(loss, valid, wg, logits, soft_label, ignore_index, reduction,
                               squeeze, axis)


def _ce_reduce(loss, valid, wg, logits, soft_label, ignore_index, reduction, squeeze, axis):
    # Paddle's python reduces with its sum / mean_all kernels: their CPU order (reduce_order.py)
    if reduction == "sum":
        loss = _reduce_tensor(loss, "sum")
    elif reduction == "mean":
        if logits.numel() == 0:
            loss = loss.sum() * float("nan")
        elif not soft_label and ignore_index >= 0:
            denom = valid.to(loss.dtype).sum() if wg is None else _reduce_tensor(wg, "sum")
            loss = _reduce_tensor(loss, "sum") / (denom + (denom == 0).to(denom.dtype))
        elif wg is not None:
            denom = _reduce_tensor(wg, "sum")
            loss = _reduce_tensor(loss, "sum") / (denom + (denom == 0).to(denom.dtype))
        else:
            loss = _reduce_tensor(loss, "mean")
    elif squeeze:
        loss = loss.squeeze(axis)
    return loss


class _SoftmaxHardCE(torch.autograd.Function):
    """Paddle's CPU cross_entropy_with_softmax for hard labels over the last axis (float32): the
    softmax by its AVX row kernel (softmax_order.py), loss = -log(p[label]) with glibc's logf
    (infinite logs held at +-1e20, its TolerableValue), 0 for an ignored label; the gradient is its
    grad kernel's: softmax * dloss with dloss subtracted at the label, a zero row for an ignored
    label."""

    @staticmethod
    def forward(ctx, logits, safe, valid):
        p, loss = _ce_forward(logits, safe, valid)
        ctx.save_for_backward(p, safe, valid, logits)
        return p, loss

    @staticmethod
    def backward(ctx, dp, dloss):
        p, safe, valid, logits = ctx.saved_tensors
        if torch.is_grad_enabled():       # create_graph: a softmax differentiable in the logits
            p = torch.softmax(logits, -1)
        grad = p * dloss                  # then dloss subtracted at the label (Paddle's order)
        grad = grad.scatter(-1, safe, grad.gather(-1, safe) - dloss)
        grad = torch.where(valid, grad, torch.zeros((), dtype=p.dtype))
        if dp is not None:
            grad = grad + _softmax_order.softmax_grad(p, dp.contiguous())
        return grad, None, None


def _ce_exact(logits, label, weight, ignore_index, reduction, squeeze, axis):
    valid, safe = _hard_labels(label, ignore_index, logits.shape[axis])
    if logits.requires_grad and torch.is_grad_enabled():
        softmax, loss = _SoftmaxHardCE.apply(logits, safe, valid)
    else:
        softmax, loss = _ce_forward(logits, safe, valid)
    wg = None
    if weight is not None:
        wg = weight[safe] * valid.to(weight.dtype)
        loss = loss.to(wg.dtype) * wg
    return softmax, _ce_reduce(loss, valid, wg, logits, False, ignore_index, reduction, squeeze,
                               axis)


def _ce_forward(logits, safe, valid):
    p = _softmax_order.softmax_rows(logits)
    logp = _libm.logf(p.gather(-1, safe)).clamp(-1e20, 1e20)
    return p, torch.where(valid, -logp, torch.zeros((), dtype=p.dtype))


_CE = defop("softmax_with_cross_entropy", _ce_kernel, inputs=("Logits", "Label", "Weight"),
            outputs=("Softmax", "Loss"),
            attrs={"soft_label": False, "ignore_index": -100, "axis": -1, "use_softmax": True,
                   "numeric_stable_mode": True, "reduction": "none", "squeeze": False},
            api="paddle.nn.functional.cross_entropy",
            notes="weight and reduction are folded into the op (Paddle records gather_nd, multiply, "
                  "reduce ops after it)")


def cross_entropy(input, label, weight=None, ignore_index=-100, reduction="mean", soft_label=False,
                  axis=-1, use_softmax=True, label_smoothing=0.0, name=None):
    """paddle.nn.functional.cross_entropy(input, label, weight=None, ignore_index=-100,
    reduction='mean', soft_label=False, axis=-1, use_softmax=True, label_smoothing=0.0).

    Hard labels have shape [N] or [N, 1] (the class axis removed or of size 1); float hard labels are
    truncated to int, as in Paddle. 'mean' divides by the element count, by the number of
    non-ignored labels when ignore_index >= 0, or by the gathered weights when `weight` is given.
    Differences from Paddle: none known for these arguments.
    """
    if reduction not in ("sum", "mean", "none"):
        raise ValueError("The value of 'reduction' in softmax_cross_entropyshould be 'sum', 'mean' or "
                         f"'none', but received {reduction}, which is not allowed.")
    if ignore_index > 0 and soft_label:
        raise ValueError("When soft_label == True, the value of 'ignore_index' in "
                         f"softmax_cross_entropyshould be '-100', but received {ignore_index}, which "
                         "is not allowed.")
    in_dims, lab_dims = len(input.shape), len(label.shape)
    if in_dims == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    squeeze = False
    if in_dims - 1 == lab_dims:
        shape = list(label.shape)
        ax = axis % in_dims
        if STATE.static:        # the op Paddle records: unsqueeze2 with the raw axis
            label = _manip.unsqueeze(label, axis)
        else:
            label = reshape_op(label, shape[:ax] + [1] + shape[ax:])
        squeeze = True
    elif in_dims != lab_dims:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims "
                         f"(got input_dims{in_dims}, label_dims{lab_dims})")
    if weight is not None and not soft_label and label_smoothing == 0.0 and \
            input.shape[axis] != weight.shape[-1]:
        raise ValueError(f"input's class_dimension({input.shape[axis]}) must equal to weight's "
                         f"class_dimension({weight.shape[-1]}) when weight is provided")
    if label_smoothing > 0.0:
        if squeeze:
            label = reshape_op(label, [s for i, s in enumerate(label.shape) if i != axis % in_dims])
            label = _input.one_hot(label, input.shape[-1])
        label = label_smooth(label, epsilon=label_smoothing)
        soft_label, squeeze = True, False
    attrs = {"soft_label": bool(soft_label), "ignore_index": int(ignore_index), "axis": int(axis),
             "use_softmax": bool(use_softmax), "numeric_stable_mode": True, "reduction": reduction,
             "squeeze": squeeze}
    if STATE.static and weight is None and not (reduction == "mean" and not soft_label
                                                and ignore_index >= 0):
        return _record_as_paddle(input, label, attrs)
    return apply_op(_CE, (input, label, weight), attrs)[1]


def _record_as_paddle(input, label, attrs):
    """Static mode: the ops Paddle's legacy cross_entropy records (an `unsqueeze2` of a label
    without the class axis, the unreduced `softmax_with_cross_entropy`, then `reduce_mean`,
    `reduce_sum` or `squeeze2`), so print(program) reads as Paddle's. The Executor runs the
    cross entropy and its mean as one fused kernel (_static/variants.py)."""
    squeeze, reduction = attrs["squeeze"], attrs["reduction"]
    loss = apply_op(_CE, (input, label, None), dict(attrs, reduction="none", squeeze=False))[1]
    if reduction == "mean":
        return _stat.mean(loss)
    if reduction == "sum":
        return _math.sum(loss)
    return _manip.squeeze(loss, attrs["axis"]) if squeeze else loss


def _label_smooth_kernel(X, PriorDist=None, epsilon=0.1):
    if PriorDist is not None:
        return (1.0 - epsilon) * X + epsilon * PriorDist
    return (1.0 - epsilon) * X + epsilon / X.shape[-1]


_LABEL_SMOOTH = defop("label_smooth", _label_smooth_kernel, inputs=("X", "PriorDist"),
                      attrs={"epsilon": 0.1}, api="paddle.nn.functional.label_smooth")


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """paddle.nn.functional.label_smooth(label, prior_dist=None, epsilon=0.1): (1 - epsilon) * label
    plus epsilon times the prior distribution (uniform 1/num_classes by default)."""
    if not 0.0 <= float(epsilon) <= 1.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    return apply_op(_LABEL_SMOOTH, (label, prior_dist), {"epsilon": float(epsilon)})


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100,
                               numeric_stable_mode=True, return_softmax=False, axis=-1):
    """paddle.nn.functional.softmax_with_cross_entropy (deprecated in Paddle): the unreduced loss
    with the class axis kept as size 1; (loss, softmax) when return_softmax."""
    attrs = {"soft_label": bool(soft_label), "ignore_index": int(ignore_index), "axis": int(axis),
             "use_softmax": True, "numeric_stable_mode": bool(numeric_stable_mode),
             "reduction": "none", "squeeze": False}
    softmax, loss = apply_op(_CE, (logits, label, None), attrs)
    return (loss, softmax) if return_softmax else loss


# ---- nll ----------------------------------------------------------------------------------------
def _nll_kernel(x, label, weight=None, ignore_index=-100, reduction="mean"):
    if label.dtype != torch.int64:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve (int64) does not match "
            f"the type of data ({str(label.dtype).replace('torch.', '')}) currently contained in "
            f"the container. (nll_loss expects an int64 label; received label shape "
            f"{list(label.shape)}, input shape {list(x.shape)})")
    if x.dim() == 2:
        # Paddle's 2-D kernel checks only the batch size and reads the first N labels, so a
        # [N, 1] label (hapi's usual label shape) works as [N].
        if label.dim() == 0 or label.shape[0] != x.shape[0]:
            n, m = x.shape[0], label.shape[0] if label.dim() else label.numel()
            raise ValueError(
                "(InvalidArgument) ShapeError: Expected input batch_size to match label "
                f"batch_size,But received: the Input(x) batch_size is [{n}], the Input(label)  "
                f"batch_size is [{m}].\n  [Hint: Expected x_dims[0] == label_dims[0], but "
                f"received x_dims[0]:{n} != label_dims[0]:{m}.]")
        label = label.reshape(-1)[:x.shape[0]]
    return TF.nll_loss(x, label, weight, ignore_index=ignore_index, reduction=reduction)


_NLL = defop("nll_loss", _nll_kernel, inputs=("X", "Label", "Weight"), outputs=("Out",),
             attrs={"ignore_index": -100, "reduction": "mean"}, api="paddle.nn.functional.nll_loss")


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None):
    """paddle.nn.functional.nll_loss(input, label, weight=None, ignore_index=-100, reduction='mean'):
    input holds log-probabilities [N, C, ...]; label int64 [N, ...]."""
    if reduction not in ("sum", "mean", "none"):
        raise ValueError("The value of 'reduction' in nll_loss should be 'sum', 'mean' or 'none', but "
                         f"received {reduction}, which is not allowed.")
    in_dims, lab_dims = len(input.shape), len(label.shape)
    if in_dims - 1 != lab_dims and in_dims != lab_dims:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims "
                         f"(got input_dims{in_dims}, label_dims{lab_dims})")
    if in_dims < 2:
        raise ValueError(f"Expected 2 or more dimensions (got {in_dims})")
    if input.shape[1] < 1:
        raise ValueError(f"Expected 1 or more classes (got num classes{input.shape[1]})")
    return apply_op(_NLL, (input, label, weight), {"ignore_index": int(ignore_index),
                                                   "reduction": reduction})


# ---- regression losses --------------------------------------------------------------------------
def _mse_kernel(x, y, reduction="mean"):
    _broadcast_check(x, y)
    return _reduce_tensor((x - y) ** 2, reduction)


def _l1_kernel(x, y, reduction="mean"):
    _broadcast_check(x, y)
    return _reduce_tensor((x - y).abs(), reduction)


_MSE = defop("mse_loss", _mse_kernel, inputs=("X", "Y"), attrs={"reduction": "mean"},
             api="paddle.nn.functional.mse_loss",
             notes="Paddle composes subtract/square/mean; one op here")
_L1 = defop("l1_loss", _l1_kernel, inputs=("X", "Y"), attrs={"reduction": "mean"},
            api="paddle.nn.functional.l1_loss", notes="Paddle composes subtract/abs/mean; one op here")


def mse_loss(input, label, reduction="mean", name=None):
    """paddle.nn.functional.mse_loss(input, label, reduction='mean'): (input - label)^2, reduced."""
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"'reduction' in 'mse_loss' should be 'sum', 'mean' or 'none', but received "
                         f"{reduction}.")
    return apply_op(_MSE, (input, label), {"reduction": reduction})


def l1_loss(input, label, reduction="mean", name=None):
    """paddle.nn.functional.l1_loss(input, label, reduction='mean'): |input - label|, reduced."""
    if reduction not in ("sum", "mean", "none"):
        raise ValueError("The value of 'reduction' in L1Loss should be 'sum', 'mean' or 'none', but "
                         f"received {reduction}, which is not allowed.")
    return apply_op(_L1, (input, label), {"reduction": reduction})


# ---- binary cross entropy -----------------------------------------------------------------------
def _same_shape(x, label):
    if list(x.shape) != list(label.shape):
        xs, ls = list(x.shape), list(label.shape)
        raise ValueError(
            f"(InvalidArgument) Input(X) and Input(Label) shall have the same shape. But received: "
            f"the shape of Input(X) is {xs}, the shape of Input(Label) is {ls}.\n  [Hint: Expected "
            f"input_dims == label_dims, but received input_dims:{str(xs)[1:-1]} != "
            f"label_dims:{str(ls)[1:-1]}.]")


def _bce_kernel(x, label, weight=None, reduction="mean"):
    _same_shape(x, label)
    out = TF.binary_cross_entropy(x, label, reduction="none")   # log clamped at -100, as Paddle
    if weight is not None:
        out = out * weight
    return _reduce_tensor(out, reduction)


def _exp_bits(t):
    # std::exp on floats in Paddle's scalar kernels: glibc's expf bits (libm_float.py)
    return _libm.expf(t) if t.dtype is torch.float32 else torch.exp(t)


def _log(t):
    return _libm.logf(t) if t.dtype is torch.float32 else torch.log(t)


class _SigmoidCE(torch.autograd.Function):
    """Paddle's CPU sigmoid_cross_entropy_with_logits kernel, formula and rounding order:
    out = max(x, 0) - x * label + log(1 + exp(-|x|)), or with pos_weight
    (1 - label) * x + pos_weight * (log(exp(-m) + exp(-x - m)) + m), m = max(-x, 0); 0 where
    int(label) is -100 (its ignore_index). The gradient is its grad kernel's formula. Label and
    pos_weight get no gradient (Paddle's grad kernel computes none)."""

    @staticmethod
    def forward(ctx, x, label, pos_weight):
        ctx.save_for_backward(x, label, pos_weight)
        if pos_weight is None:
            out = (x.clamp_min(0) - x * label) + _log(1 + _exp_bits(-x.abs()))
        else:
            max_val = (-x).clamp_min(0)
            term2 = _log(_exp_bits(-max_val) + _exp_bits(-x - max_val))
            out = (1 - label) * x + pos_weight * (term2 + max_val)
        return torch.where(label.trunc() == -100, torch.zeros((), dtype=x.dtype), out)

    @staticmethod
    def backward(ctx, dout):
        x, label, pos_weight = ctx.saved_tensors
        one, zero = torch.ones((), dtype=x.dtype), torch.zeros((), dtype=x.dtype)
        # create_graph: torch's exp, differentiable (glibc's bits only matter to printed values)
        _exp = torch.exp if torch.is_grad_enabled() else _exp_bits
        if pos_weight is None:
            e_x = _exp(-x.abs())
            up = -e_x * torch.where(x >= 0, one, -one)
            diff = (torch.where(x > 0, one, zero) - label) + up / (1 + e_x)
        else:
            max_val = torch.where(x < 0, -x, zero)
            term1 = torch.where(x < 0, -one, zero)
            down1 = _exp(-max_val)
            down2 = _exp(-x - max_val)
            term2 = down1 * (-term1) + down2 * (-1 - term1)
            diff = pos_weight * (term2 / (down1 + down2) + term1) + (1 - label)
        dx = torch.where(label.trunc() == -100, zero, dout * diff)
        return dx, None, None


def _bce_logits_kernel(x, label, weight=None, pos_weight=None, reduction="mean"):
    if x.dim() != label.dim():      # Paddle's sigmoid_cross_entropy_with_logits checks rank first
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Label) shall have the same rank."
                         f"But received: the rank of Input(X) is [{x.dim()}], the rank of "
                         f"Input(Label) is [{label.dim()}].")
    _same_shape(x, label)
    if _plain_cpu(x, label, pos_weight) and x.dtype in (torch.float32, torch.float64) \
            and label.dtype is x.dtype and (pos_weight is None or pos_weight.dtype is x.dtype):
        out = _SigmoidCE.apply(x, label, None if pos_weight is None else
                               label * (pos_weight - 1.0) + 1.0)
    else:
        out = TF.binary_cross_entropy_with_logits(x, label, reduction="none",
                                                  pos_weight=pos_weight)
    if weight is not None:
        out = out * weight
    return _reduce_tensor(out, reduction)


_BCE = defop("bce_loss", _bce_kernel, inputs=("X", "Label", "Weight"), attrs={"reduction": "mean"},
             api="paddle.nn.functional.binary_cross_entropy")
_BCE_LOGITS = defop("sigmoid_cross_entropy_with_logits", _bce_logits_kernel,
                    inputs=("X", "Label", "Weight", "PosWeight"), attrs={"reduction": "mean"},
                    api="paddle.nn.functional.binary_cross_entropy_with_logits")


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):
    """paddle.nn.functional.binary_cross_entropy(input, label, weight=None, reduction='mean'):
    input holds probabilities; input and label must have the same shape."""
    if reduction not in ("sum", "mean", "none"):
        raise ValueError("The value of 'reduction' in binary_cross_entropy should be 'sum', 'mean' or "
                         f"'none', but received {reduction}, which is not allowed.")
    return apply_op(_BCE, (input, label, weight), {"reduction": reduction})


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean", pos_weight=None,
                                     name=None):
    """paddle.nn.functional.binary_cross_entropy_with_logits(logit, label, weight=None,
    reduction='mean', pos_weight=None): sigmoid + BCE, numerically stable."""
    if reduction not in ("sum", "mean", "none"):
        raise ValueError("The value of 'reduction' in binary_cross_entropy_with_logits should be "
                         f"'sum', 'mean' or 'none', but received {reduction}, which is not allowed.")
    if STATE.static and STATE.pir and pos_weight is None:
        # Paddle's PIR code: a full([1], 1.0) (for pos_weight), the op unreduced, the weight
        # multiplied, then sum / mean_all
        _creation.full([1], 1.0, logit.dtype)
        out = apply_op(_BCE_LOGITS, (logit, label, None, None), {"reduction": "none"})
        if weight is not None:
            out = _math.multiply(out, weight)
        if reduction == "sum":
            return _math.sum(out)
        return apply_op(_stat.MEAN_ALL, (out,)) if reduction == "mean" else out
    return apply_op(_BCE_LOGITS, (logit, label, weight, pos_weight), {"reduction": reduction})


# ---- sequence losses: ctc_loss (warpctc), rnnt_loss (warprnnt) ------------------------------------
class _ScaleGrad(torch.autograd.Function):
    """Identity forward; the gradient multiplied by `scale` (a tensor broadcast to the input). Used
    where Paddle's kernel changes only the gradient: warpctc's norm_by_times, warprnnt's FastEmit."""

    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(scale)
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        (scale,) = ctx.saved_tensors
        return grad * scale, None


def _dtype_mismatch(want, got):
    codes = {torch.int32: 7, torch.int64: 9}
    w, g = str(want).replace("torch.", ""), str(got).replace("torch.", "")
    return ValueError(
        f"(InvalidArgument) The type of data we are trying to retrieve ({w}) does not match the type "
        f"of data ({g}) currently contained in the container.\n  [Hint: Expected dtype() == "
        f"phi::CppTypeToDataType<T>::Type(), but received dtype():{codes.get(got, got)} != "
        f"phi::CppTypeToDataType<T>::Type():{codes.get(want, want)}.]")


def _warpctc_kernel(logits, label, logits_length, label_length, blank=0, norm_by_times=False):
    float_kernel(logits, "warpctc")
    if label.dtype != torch.int32:
        raise _dtype_mismatch(torch.int32, label.dtype)
    for t in (logits_length, label_length):
        if t.dtype != torch.int64:
            raise _dtype_mismatch(torch.int64, t.dtype)
    logp = torch.log_softmax(logits, -1)          # warp-ctc normalises the raw logits itself
    if logp.is_meta:
        return logp.new_empty([logits.shape[1], 1])
    # warp-ctc gives an unreachable target (label + repeats longer than the input) cost 0 and no
    # gradient; torch gives inf there, which zero_infinity turns into the same 0 / no gradient.
    loss = TF.ctc_loss(logp, label.long(), logits_length, label_length, blank=int(blank),
                       reduction="none", zero_infinity=True)
    if norm_by_times:     # warp-ctc divides the gradient (not the cost) by each input's length
        loss = _ScaleGrad.apply(loss, 1.0 / logits_length.to(loss.dtype))
    return loss.unsqueeze(-1)


_WARPCTC = defop("warpctc", _warpctc_kernel, inputs=("Logits", "Label", "LogitsLength", "LabelLength"),
                 outputs=("Loss",), attrs={"blank": 0, "norm_by_times": False},
                 api="paddle.nn.functional.ctc_loss",
                 notes="the WarpCTCGrad output is not materialised; torch's ctc_loss on log_softmax")


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean",
             norm_by_times=False, zero_infinity=False):
    """paddle.nn.functional.ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0,
    reduction='mean', norm_by_times=False, zero_infinity=False).

    Paddle's warp-ctc layout: `log_probs` are the *unnormalised* logits [max_T, N, C] (the softmax
    is applied inside), `labels` int32 [N, max_L], lengths int64 [N]. 'mean' divides each loss by its
    label length, then averages; `norm_by_times` divides only the gradient by the input length. A
    target that cannot be aligned (label plus repeats longer than the input) costs 0, as in warp-ctc.
    Differences from Paddle: none known (the kernel is torch's ctc_loss on log_softmax).
    """
    loss = apply_op(_WARPCTC, (log_probs, labels, input_lengths, label_lengths),
                    {"blank": int(blank), "norm_by_times": bool(norm_by_times)})
    loss = _manip.squeeze(loss, [-1])
    if zero_infinity:
        loss = _search.where(_logic.isinf(loss), _creation.zeros_like(loss), loss)
    assert reduction in ["mean", "sum", "none"]
    if reduction == "mean":
        loss = _stat.mean(loss / _math.cast(label_lengths, loss.dtype))
    elif reduction == "sum":
        loss = _math.sum(loss)
    return loss


def _warprnnt_kernel(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001):
    float_kernel(input, "warprnnt")
    if label.dtype != torch.int32:
        raise _dtype_mismatch(torch.int32, label.dtype)
    for t in (input_lengths, label_lengths):
        if t.dtype != torch.int32:
            raise _dtype_mismatch(torch.int32, t.dtype)
    B, T, U1, D = input.shape
    if input.is_meta:
        return input.new_empty([B])
    # `input` holds log-probabilities (Paddle's CPU kernel does not normalise them).
    blank_lp = input[..., int(blank)]                                     # [B, T, U+1]
    U = U1 - 1
    lab = label[:, :U].long().clamp(0, D - 1)                           # padding -> any valid id
    emit = input[:, :, :U, :].gather(3, lab[:, None, :, None].expand(B, T, U, 1)).squeeze(3)
    if fastemit_lambda:   # FastEmit scales the emission gradients by (1 + lambda), not the cost
        emit = _ScaleGrad.apply(emit, torch.tensor(1.0 + fastemit_lambda, dtype=emit.dtype))
    # alpha[t, u] = logsumexp_{u' <= u}(alpha[t-1, u'] + blank[t-1, u'] + sum_{u'<=k<u} emit[t, k]):
    # one logcumsumexp per time step instead of a loop over u.
    zero = input.new_zeros([B, T, 1])
    cum = torch.cat([zero, emit.cumsum(2)], 2)                          # [B, T, U+1]
    alphas = [cum[:, 0]]
    for t in range(1, T):
        prev = alphas[-1] + blank_lp[:, t - 1] - cum[:, t]
        alphas.append(cum[:, t] + torch.logcumsumexp(prev, 1))
    alpha = torch.stack(alphas, 1)                                      # [B, T, U+1]
    tl = input_lengths.long() - 1
    ul = label_lengths.long()
    b = torch.arange(B)
    return -(alpha[b, tl, ul] + blank_lp[b, tl, ul])


_WARPRNNT = defop("warprnnt", _warprnnt_kernel,
                  inputs=("input", "label", "input_lengths", "label_lengths"), outputs=("loss",),
                  attrs={"blank": 0, "fastemit_lambda": 0.001}, api="paddle.nn.functional.rnnt_loss",
                  notes="the warprnntgrad output is not materialised; the forward variables are "
                        "computed with one logcumsumexp per time step")


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001,
              reduction="mean", name=None):
    """paddle.nn.functional.rnnt_loss(input, label, input_lengths, label_lengths, blank=0,
    fastemit_lambda=0.001, reduction='mean'): the RNN-T loss of log-probabilities [B, T, U+1, D]
    (not normalised again, as Paddle's CPU kernel), labels int32 [B, U], lengths int32 [B]. FastEmit
    scales the gradients of the label emissions by (1 + fastemit_lambda); the cost is unchanged.
    'mean' divides the sum by the batch size.
    Differences from Paddle: none known.
    """
    B = input.shape[0]
    loss = apply_op(_WARPRNNT, (input, label, input_lengths, label_lengths),
                    {"blank": int(blank), "fastemit_lambda": float(fastemit_lambda)})
    assert reduction in ["mean", "sum", "none"]
    if reduction == "mean":
        loss = _math.sum(loss) / B
    elif reduction == "sum":
        loss = _math.sum(loss)
    return loss


# ---- hsigmoid_loss --------------------------------------------------------------------------------
def _hsigmoid_kernel(x, w, label, bias=None, path_table=None, path_code=None, num_classes=2,
                     is_sparse=False):
    float_kernel(x, "hsigmoid_loss")
    lab = label.reshape(-1).long()
    n = x.shape[0]
    if path_table is None:
        # Paddle's default (SimpleCode) tree: leaf c is node c + num_classes; bit j of that number
        # says left/right, the weight row of step j is (node >> (j + 1)) - 1.
        code_len = max(int(num_classes - 1).bit_length(), 1)
        node = lab + num_classes
        j = torch.arange(code_len)
        index = (node[:, None] >> (j + 1)) - 1
        bits = (node[:, None] >> j) & 1
        length = torch.zeros_like(node)
        for k in range(code_len + 1):       # bit_length(node) - 1, without a float log
            length = torch.where((node >> k) > 0, torch.full_like(node, k), length)
        valid = j[None, :] < length[:, None]
    else:
        index, bits = path_table.long(), path_code.long()
        # CustomCode: a path ends at its first negative entry
        valid = (index >= 0).long().cumprod(1).bool()
    safe = torch.where(valid, index, torch.zeros_like(index))
    if safe.numel() and int(safe.max()) >= w.shape[0]:
        # Paddle reads past the end of the weight here (undefined values); name the bad input.
        if path_table is None:
            bad = int(lab.max())
            raise ValueError(f"(InvalidArgument) hsigmoid_loss: label {bad} is out of range: with "
                             f"num_classes={num_classes} the labels must be in [0, {num_classes})")
        raise ValueError(f"(InvalidArgument) hsigmoid_loss: path_table holds node {int(safe.max())}"
                         f" but the weight has only {w.shape[0]} rows")
    pre = (w[safe] * x[:, None, :]).sum(-1)
    if bias is not None:
        pre = pre + bias.reshape(-1)[safe]
    pre = torch.where(valid, pre, torch.zeros_like(pre))
    # Paddle clips to [-40, 40] but its gradient passes the clip (computed at the clipped value)
    pre = pre + (pre.clamp(-40.0, 40.0) - pre).detach()
    # Paddle sums softplus over the whole code width: steps past a short path add log(2) each
    # (its kernel's comment: "not all class(leaf) nodes' path lengths equal code_length").
    out = TF.softplus(pre).sum(1) - (pre * (bits * valid).to(pre.dtype)).sum(1)
    return out.reshape(n, 1)


_HSIGMOID = defop("hierarchical_sigmoid", _hsigmoid_kernel,
                  inputs=("X", "W", "Label", "Bias", "PathTable", "PathCode"), outputs=("Out",),
                  attrs={"num_classes": 2, "is_sparse": False}, api="paddle.nn.functional.hsigmoid_loss",
                  notes="PreOut / W_Out are not materialised; is_sparse gives dense gradients")


def hsigmoid_loss(input, label, num_classes, weight, bias=None, path_table=None, path_code=None,
                  is_sparse=False, name=None):
    """paddle.nn.functional.hsigmoid_loss(input, label, num_classes, weight, bias=None,
    path_table=None, path_code=None, is_sparse=False): hierarchical sigmoid over Paddle's default
    complete binary tree (weight [num_classes - 1, D], bias [num_classes - 1, 1]) or a custom tree
    given by path_table / path_code ([N, L], a path ending at its first negative entry). Returns
    [N, 1]. Each pre-activation is clipped to [-40, 40] (the gradient passes the clip, as in Paddle).
    Differences from Paddle: `is_sparse=True` gives dense gradients (same values). A label >=
    num_classes (or a path_table node past the weight's rows) raises ValueError; Paddle reads past
    the end of the weight there and returns undefined values.
    """
    if num_classes < 2:
        raise ValueError(f"Expected num_classes >= 2 (got {num_classes})")
    return apply_op(_HSIGMOID, (input, weight, label, bias, path_table, path_code),
                    {"num_classes": int(num_classes), "is_sparse": bool(is_sparse)})


# ---- multi_label_margin_loss ----------------------------------------------------------------------
def _mlml_kernel(x, label):
    float_kernel(x, "multi_label_margin_loss")
    # Paddle: sum over target j and non-target i of relu(1 - x[y_j] + x[i]) / C, targets ending at
    # the first -1 -- torch's multilabel_margin_loss formula.
    return TF.multilabel_margin_loss(x, label.long(), reduction="none")


_MLML = defop("multi_label_margin_loss", _mlml_kernel, inputs=("X", "Label"),
              api="paddle.nn.functional.multi_label_margin_loss",
              notes="Paddle composes cumprod/where/scatter_nd_add; one op here")


def multi_label_margin_loss(input, label, reduction="mean", name=None):
    """paddle.nn.functional.multi_label_margin_loss(input, label, reduction='mean'): the multi-class
    multi-label hinge loss; label [N, C] int holds target ids, ending at the first -1.
    Differences from Paddle: none known."""
    if reduction not in ["sum", "mean", "none"]:
        raise ValueError("'reduction' in 'multi_label_margin_loss' should be 'sum', 'mean' or "
                         f"'none', but received {reduction}.")
    if len(input.shape) != 2:
        raise ValueError(f"Expected 2D input tensor, but got {len(input.shape)}D")
    if len(label.shape) != 2:
        raise ValueError(f"Expected 2D label tensor, but got {len(label.shape)}D")
    C = input.shape[1]
    if not STATE.static and label.size > 0:
        lab = label._t
        if int(lab.min()) < -1:
            raise ValueError("label values should be >= -1")
        if int(lab.max()) >= C:
            raise ValueError(f"label values should be < {C}")
    losses = apply_op(_MLML, (input, label), {})
    return _reduce(losses, reduction)


# ---- adaptive_log_softmax_with_loss ---------------------------------------------------------------
def _adaptive_kernel(x, label, head_weight, tail, head_bias=None, cutoffs=()):
    float_kernel(x, "adaptive_log_softmax_with_loss")
    batch = label.shape[0]
    output = x.new_zeros([batch])
    gather = torch.zeros([batch], dtype=torch.int64)
    bounds = [0, *cutoffs]
    used = 0
    for i in range(len(bounds) - 1):
        lo, hi = bounds[i], bounds[i + 1]
        mask = (label >= lo) & (label < hi)
        rows = mask.nonzero().reshape(-1)
        if rows.numel() == 0:
            continue
        if i == 0:
            gather = gather.index_put((rows,), label[mask].long())
        else:
            rel = (label[mask] - lo).long()
            h = x.index_select(0, rows) @ tail[2 * (i - 1)] @ tail[2 * (i - 1) + 1]
            gather = gather.index_fill(0, rows, int(cutoffs[0]) + i - 1)
            local = torch.log_softmax(h, 1).gather(1, rel[:, None]).squeeze(1)
            output = output.index_put((rows,), local)
        used += rows.numel()
    if used != batch:
        raise ValueError(f"label values should be in [0, n_classes - 1], but values in range "
                         f"[{int(label.min())}, {int(label.max())}] were found. ")
    head = x @ head_weight
    if head_bias is not None:
        head = head + head_bias
    if batch:
        output = output + torch.log_softmax(head, 1).gather(1, gather[:, None]).squeeze(1)
    return output, (-output).mean()


_ADAPTIVE = defop("adaptive_log_softmax_with_loss", _adaptive_kernel,
                  inputs=("Input", "Label", "HeadWeight", "TailWeights", "HeadBias"),
                  outputs=("Output", "Loss"), attrs={"cutoffs": ()},
                  api="paddle.nn.functional.adaptive_log_softmax_with_loss",
                  notes="Paddle composes linear/log_softmax/scatter_nd per cluster; one op here")


def adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights, cutoffs, head_bias=None,
                                   name=None):
    """paddle.nn.functional.adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights,
    cutoffs, head_bias=None): (output, loss) -- each sample's log-probability of its label under
    the adaptive softmax (head over the shortlist plus one entry per cluster, each cluster a
    two-matrix projection), and the mean negative log-likelihood. Weights are [in, out] as in
    paddle.nn.functional.linear.
    Differences from Paddle: none known."""
    target_dim = len(label.shape)
    if target_dim == 1:
        if input.shape[0] != label.shape[0] and label.shape[0] != 0:
            raise ValueError("Input and label should have the same size in the batch dimension.")
        if len(input.shape) != 2:
            raise ValueError("1D label tensor expects 2D input tensors, but found inputs with size "
                             f"{input.shape}")
    elif target_dim == 0:
        if len(input.shape) != 1:
            raise ValueError("0D label tensor expects 1D input tensors, but found inputs with size "
                             f"{input.shape}")
    else:
        raise ValueError("0D or 1D label tensor expected, multi-label not supported")
    batched = target_dim > 0
    if not batched:
        input, label = _manip.unsqueeze(input, 0), _manip.unsqueeze(label, 0)
    flat = [w for pair in tail_weights for w in pair]
    cuts = tuple(int(c) for c in cutoffs)
    output, loss = apply_op(_ADAPTIVE, (input, label, head_weight, flat, head_bias), {"cutoffs": cuts})
    if not batched:
        output = _manip.squeeze(output, [0])
    return output, loss


# ---- margin_cross_entropy -------------------------------------------------------------------------
def _margin_ce_kernel(logits, label, return_softmax=False, ring_id=0, rank=0, nranks=1, margin1=1.0,
                      margin2=0.5, margin3=0.0, scale=64.0):
    float_kernel(logits, "margin_cross_entropy")
    lab = label.reshape(-1).long()
    onehot = TF.one_hot(lab, logits.shape[-1]).to(torch.bool)
    # ArcFace-style margin on the target logit (a cosine): cos(m1 * acos(x) + m2) - m3
    target = torch.cos(margin1 * torch.acos(logits.clamp(-1.0, 1.0)) + margin2) - margin3
    z = torch.where(onehot, target, logits) * scale
    logp = torch.log_softmax(z, -1)
    loss = -logp.gather(1, lab[:, None])
    return logp.exp(), loss


_MARGIN_CE = defop("margin_cross_entropy", _margin_ce_kernel, inputs=("Logits", "Label"),
                   outputs=("Softmax", "Loss"),
                   attrs={"return_softmax": False, "ring_id": 0, "rank": 0, "nranks": 1,
                          "margin1": 1.0, "margin2": 0.5, "margin3": 0.0, "scale": 64.0},
                   api="paddle.nn.functional.margin_cross_entropy",
                   notes="single process only; Paddle has no CPU kernel")


def margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5, margin3=0.0, scale=64.0,
                         group=None, return_softmax=False, reduction="mean"):
    """paddle.nn.functional.margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5,
    margin3=0.0, scale=64.0, group=None, return_softmax=False, reduction='mean'): softmax cross
    entropy of `scale * logits` after the target logit (a cosine) becomes
    cos(margin1 * acos(x) + margin2) - margin3 (ArcFace / CosFace / SphereFace). The loss is [N, 1]
    before reduction; with return_softmax, (loss, softmax).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel (on CPU it raises "Do not support
    margin_cross_entropy for cpu kernel now"); here it runs on any device. Only the single-process
    form exists: a model-parallel `group` (classes split across ranks) is refused.
    """
    assert reduction in ["mean", "sum", "none", None]
    if not (group is False or group is None or hasattr(group, "is_member")):
        raise ValueError("Expected group is False, None or instance of "
                         f"paddle.distributed.collective.Group (got group: {group})")
    if group is not None and group is not False and getattr(group, "nranks", 1) > 1:
        raise NotImplementedError(
            "paddle.nn.functional.margin_cross_entropy: a group of several ranks (classes split "
            "across devices) is not supported by paddle_compat; gather the logits and call it "
            "with group=None")
    if logits.shape[-1] == 0:
        raise ValueError(f"Expected logit_dims[-1] > 0 (got logit_dims {logits.shape})")
    input_dims, label_dims = len(logits.shape), len(label.shape)
    if input_dims - 1 != label_dims and input_dims != label_dims:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims"
                         f"             (got input_dims{input_dims}, label_dims{label_dims})")
    if input_dims - 1 == label_dims:
        label = _manip.unsqueeze(label, -1)
    out_type = logits.dtype
    if out_type == _DTYPES["float16"]:
        logits = _math.cast(logits, "float32")
    softmax, loss = apply_op(_MARGIN_CE, (logits, label), {
        "return_softmax": bool(return_softmax), "ring_id": 0, "rank": 0, "nranks": 1,
        "margin1": float(margin1), "margin2": float(margin2), "margin3": float(margin3),
        "scale": float(scale)})
    if reduction == "mean":
        loss = _stat.mean(loss)
    elif reduction == "sum":
        loss = _math.sum(loss)
    if out_type == _DTYPES["float16"]:
        softmax, loss = _math.cast(softmax, out_type), _math.cast(loss, out_type)
    return (loss, softmax) if return_softmax else loss
