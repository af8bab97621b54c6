"""More paddle.nn.functional losses and distances: smooth_l1_loss, kl_div, log_loss,
square_error_cost, margin_ranking_loss, hinge_embedding_loss, cosine_embedding_loss,
sigmoid_focal_loss, soft_margin_loss, multi_label_soft_margin_loss, multi_margin_loss,
poisson_nll_loss, gaussian_nll_loss, triplet_margin_loss, triplet_margin_with_distance_loss,
dice_loss, npair_loss, pairwise_distance, cosine_similarity.

Paddle writes most of these in Python from public ops; they are written the same way here (from
paddle_compat's public functions, so static mode records the same kind of ops and the dtype rules
and roundings are Paddle's). `huber_loss`, `kldiv_loss` and `log_loss` are single Paddle ops and are
single ops here too.
"""
import math

import numpy as np
import torch

from .._mode import STATE

from .._ops.registry import apply_op
from ._opshare import shared, float_kernel

__all__ = ["smooth_l1_loss", "kl_div", "log_loss", "square_error_cost", "margin_ranking_loss",
           "hinge_embedding_loss", "cosine_embedding_loss", "sigmoid_focal_loss",
           "soft_margin_loss", "multi_label_soft_margin_loss", "multi_margin_loss",
           "poisson_nll_loss", "gaussian_nll_loss", "triplet_margin_loss",
           "triplet_margin_with_distance_loss", "dice_loss", "npair_loss", "pairwise_distance",
           "cosine_similarity"]


def _paddle():
    import paddle_compat         # lazy: this module is imported while paddle_compat initialises
    return paddle_compat


def _huber_kernel(x, y, delta=1.0):
    float_kernel(x, "huber_loss")
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


def _log_loss_kernel(p, label, epsilon=1e-4):
    float_kernel(p, "log_loss")
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
    paddle = _paddle()
    if reduction == "mean":
        return paddle.mean(loss)
    if reduction == "sum":
        return paddle.sum(loss)
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
    paddle = _paddle()
    if input.dtype == paddle.float32 and label.dtype == paddle.float64:
        input = paddle.cast(input, "float64")
    elif input.dtype == paddle.float64 and label.dtype == paddle.float32:
        label = paddle.cast(label, "float64")
    out = apply_op(_KLDIV.get(), (input, label), {"reduction": "none", "log_target": bool(log_target)})
    if reduction == "mean":
        out = paddle.mean(out)
    elif reduction == "sum":
        out = paddle.sum(out)
    elif reduction == "batchmean" and len(input.shape) > 0:
        out = paddle.sum(out) / input.shape[0]
    return out


def log_loss(input, label, epsilon=0.0001, name=None):
    """paddle.nn.functional.log_loss(input, label, epsilon=1e-4): elementwise negative
    log-likelihood of probabilities `input` of shape [N, 1]."""
    shape = list(input.shape)
    if len(shape) > 1 and shape[1] != 1:
        raise ValueError("(InvalidArgument) Each row of Input(Predicted) contains a real value, so "
                         f"the 2nd dimension of Input(X) must be 1,But got [{shape[1]}]")
    return apply_op(_LOGLOSS.get(), (input, label), {"epsilon": float(epsilon)})


def square_error_cost(input, label):
    """paddle.nn.functional.square_error_cost(input, label): (input - label)^2, elementwise."""
    paddle = _paddle()
    if STATE.static:       # one LayerHelper in Paddle: both outputs are square_error_cost_<n>.tmp_*
        from .._static.builder import helper_scope
        with helper_scope("square_error_cost"):
            return paddle.square(paddle.subtract(input, label))
    return paddle.square(paddle.subtract(input, label))


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):
    """paddle.nn.functional.margin_ranking_loss(input, other, label, margin=0.0, reduction='mean'):
    relu(-label * (input - other) + margin)."""
    _check_reduction(reduction, "The value of 'reduction' in MarginRankingLoss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    paddle = _paddle()
    out = paddle.multiply(paddle.subtract(other, input), label)
    if margin != 0.0:
        out = paddle.add(out, paddle.to_tensor([margin], dtype=out.dtype))
    out = paddle.nn.functional.relu(out)
    return _reduce(out, reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):
    """paddle.nn.functional.hinge_embedding_loss(input, label, margin=1.0, reduction='mean'):
    input where label == 1, relu(margin - input) where label == -1."""
    _check_reduction(reduction, "'reduction' in 'hinge_embedding_loss' should be 'sum', 'mean' or "
                     f"'none', but received {reduction}.")
    paddle = _paddle()
    zero_ = paddle.zeros([1], dtype=input.dtype)
    loss = paddle.where(label == 1.0, input, zero_) + paddle.where(
        label == -1.0, paddle.nn.functional.relu(margin - input), zero_)
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """paddle.nn.functional.cosine_embedding_loss(input1, input2, label, margin=0, reduction='mean'):
    1 - cos where label == 1, max(0, cos - margin) where label == -1."""
    paddle = _paddle()
    if len(label.shape) != 1:
        raise ValueError("1D target tensor expected, multi-target not supported")
    if input1.shape != input2.shape:
        raise ValueError("the shape of input tensor 1 should be equal to input tensor 2, but found "
                         "inputs with different sizes")
    if len(input1.shape) > 2:
        raise ValueError("1D target tensor expects 1D or 2D input tensors, but found inputs with "
                         "different sizes")
    if input1.dtype not in (paddle.float32, paddle.float64):
        raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
    if label.dtype not in (paddle.int32, paddle.int64, paddle.float32, paddle.float64):
        raise ValueError("The data type of label Variable must be 'int32', 'int64', 'float32', "
                         "'float64'")
    prod_sum = (input1 * input2).sum(axis=-1)
    mag_square1 = paddle.square(input1).sum(axis=-1) + 10e-12
    mag_square2 = paddle.square(input2).sum(axis=-1) + 10e-12
    cos = prod_sum / paddle.sqrt(mag_square1 * mag_square2)
    zeros = paddle.zeros_like(cos)
    out = paddle.where(label == 1, 1 - cos, zeros) + paddle.where(
        label == -1, paddle.clip(cos - margin, min=0), zeros)
    return _reduce(out, reduction)


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum",
                       name=None):
    """paddle.nn.functional.sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0,
    reduction='sum'): alpha_t * (1 - p_t)^gamma * BCE-with-logits, divided by normalizer."""
    _check_reduction(reduction, "The value of 'reduction' in sigmoid_focal_loss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    paddle = _paddle()
    F = paddle.nn.functional
    if normalizer is not None and len(normalizer.shape) > 1:
        raise ValueError("Expected zero or one dimension of normalizer in sigmoid_focal_loss but "
                         f"got {len(normalizer.shape)}.")
    one = paddle.ones_like(logit)
    loss = F.binary_cross_entropy_with_logits(logit, label, reduction="none")
    pred = F.sigmoid(logit)
    p_t = pred * label + (one - pred) * (one - label)
    alpha_t = paddle.to_tensor(alpha, dtype=loss.dtype)
    alpha_t = alpha_t * label + (one - alpha_t) * (one - label)
    loss = alpha_t * loss
    loss = paddle.pow(one - p_t, paddle.to_tensor(gamma, dtype=loss.dtype)) * loss
    if normalizer is not None:
        loss = loss / normalizer
    return _reduce(loss, reduction)


def soft_margin_loss(input, label, reduction="mean", name=None):
    """paddle.nn.functional.soft_margin_loss(input, label, reduction='mean'):
    log(1 + exp(-label * input))."""
    _check_reduction(reduction, "The value of 'reduction' in soft_margin_loss should be 'sum', "
                     f"'mean' or 'none', but received {reduction}, which is not allowed.")
    paddle = _paddle()
    if not input.shape == label.shape:
        raise ValueError("input's shape must equal to label's shape")
    label = paddle.cast(label, input.dtype)
    out = paddle.log(1 + paddle.exp(-label * input))
    return _reduce(out, reduction)


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):
    """paddle.nn.functional.multi_label_soft_margin_loss(input, label, weight=None,
    reduction='mean'): mean over classes of -(y log sigmoid(x) + (1 - y) log sigmoid(-x))."""
    _check_reduction(reduction, "'reduction' in 'multi_label_soft_margin_loss' should be 'sum', "
                     f"'mean' or 'none', but received {reduction}.")
    paddle = _paddle()
    if not input.shape == label.shape:
        raise ValueError("The input and label should have same dimension,"
                         f"but received {input.shape}!={label.shape}")
    ls = paddle.nn.functional.log_sigmoid
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
    paddle = _paddle()
    if not input.shape[0] == label.shape[0]:
        raise ValueError("The label's shape[0] should be equal to input's shape[0], but received "
                         f"input's shape[0] {input.shape[0]} and label's shape[0]:{label.shape[0]}. ")
    label = label.reshape((-1, 1))
    index_sample = paddle.take_along_axis(input, label, axis=1)
    hinge = paddle.pow(paddle.clip(margin - index_sample + input, min=0.0), p)
    if weight is not None:
        if not input.shape[1] == weight.shape[0]:
            raise ValueError("The weight's shape[0] should be equal to input's shape[1]but received "
                             f"weight's shape[0]: {weight.shape[0]} and input's shape[1]: "
                             f"{input.shape[1]}")
        weight = paddle.gather(weight, label, axis=0).reshape((-1, 1))
        loss = paddle.mean(weight * hinge, axis=1) - (
            weight * (margin ** p / input.shape[1])).squeeze()
    else:
        loss = paddle.mean(hinge, axis=1) - margin ** p / input.shape[1]
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
    paddle = _paddle()
    if not input.shape == label.shape:
        raise ValueError("input's shape must equal to label's shape")
    if log_input:
        loss = paddle.exp(input) - label * input
    else:
        loss = input - label * paddle.log(input + epsilon)
    if full:
        stirling = label * paddle.log(label) - label + 0.5 * paddle.log(2 * math.pi * label)
        loss += paddle.where(label > 1, stirling, paddle.zeros_like(stirling))
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-06, reduction="mean",
                      name=None):
    """paddle.nn.functional.gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6,
    reduction='mean'): 0.5 * (log(var) + (input - label)^2 / var) (+ 0.5 log(2 pi) when full)."""
    paddle = _paddle()
    if variance.shape != input.shape:
        if input.shape[:-1] == variance.shape:
            variance = paddle.unsqueeze(variance, -1)
        elif input.shape[:-1] == variance.shape[:-1] and variance.shape[-1] == 1:
            pass
        else:
            raise ValueError("variance is of incorrect shape")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    for t, what in ((input, "input"), (label, "label"), (variance, "variance")):
        if t.dtype not in (paddle.float32, paddle.float64):
            raise ValueError(f"The data type of {what} Variable must be 'float32' or 'float64'"
                             if what == "input" else
                             f"The data type of {what} Variable must be 'float32', 'float64'")
    if paddle.any(variance < 0):
        raise ValueError("variance has negative entry/entries")
    variance = variance.clone()
    with paddle.no_grad():
        variance = paddle.clip(variance, min=epsilon)
    loss = 0.5 * (paddle.log(variance) + paddle.square(input - label) / variance)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """paddle.nn.functional.pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False):
    the p-norm of (x - y + epsilon) over the last axis."""
    paddle = _paddle()
    sub = paddle.subtract(x, y)
    if epsilon != 0.0:
        sub = paddle.add(sub, paddle.to_tensor([epsilon], dtype=sub.dtype))
    return paddle.norm(sub, p=float(p), axis=-1, keepdim=keepdim)


def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """paddle.nn.functional.cosine_similarity(x1, x2, axis=1, eps=1e-8):
    sum(x1 * x2) / sqrt(max(|x1|^2 * |x2|^2, eps^2)) along axis (x1, x2 broadcast)."""
    paddle = _paddle()
    if x1.shape[axis] == 0 or x2.shape[axis] == 0:
        return paddle.sum(paddle.multiply(x1, x2), axis=axis)
    bs = np.broadcast_shapes((x1.shape[axis],), (x2.shape[axis],))   # Paddle: paddle.broadcast_shape
    w12 = paddle.sum(paddle.multiply(x1, x2), axis=axis)
    w1 = paddle.sum(paddle.multiply(x1, x1), axis=axis)
    w2 = paddle.sum(paddle.multiply(x2, x2), axis=axis)
    m1, m2 = bs[0] / x1.shape[axis], bs[0] / x2.shape[axis]
    if m1 != 1:
        w1 = w1 * m1
    if m2 != 1:
        w2 = w2 * m2
    n12 = paddle.sqrt(paddle.clip(w1 * w2, min=eps * eps))
    return w12 / n12


def _triplet(input, positive, negative, dist, margin, swap, reduction, check_positive):
    paddle = _paddle()
    if not input.shape == positive.shape == negative.shape:
        raise ValueError("input's shape must equal to positive's shape and negative's shape")
    positive_dist = dist(input, positive)
    negative_dist = dist(input, negative)
    if swap:
        negative_dist = paddle.minimum(negative_dist, dist(positive, negative))
    if check_positive and (not bool(paddle.all(positive_dist >= 0))
                           or not bool(paddle.all(negative_dist >= 0))):
        raise ValueError("The positive distance or negative distance should be greater than 0, "
                         "The distance functions should be checked.")
    loss = paddle.clip(positive_dist - negative_dist + margin, min=0.0)
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
    return _triplet(input, positive, negative,
                    lambda a, b: pairwise_distance(a, b, p, epsilon), margin, swap, reduction, False)


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
        lambda a, b: pairwise_distance(a, b, 2.0, 1e-6))
    return _triplet(input, positive, negative, dist, margin, swap, reduction, True)


def dice_loss(input, label, epsilon=0.00001, name=None):
    """paddle.nn.functional.dice_loss(input, label, epsilon=1e-5): 1 - 2|X∩Y| / (|X| + |Y|), label
    holding class ids in a last axis of size 1."""
    paddle = _paddle()
    assert input.dtype in (paddle.float32, paddle.float64)
    assert label.dtype in (paddle.int32, paddle.int64)
    assert len(input.shape) >= 2, "The rank of input should be greater than or equal to 2."
    assert len(input.shape) == len(label.shape), (
        "The rank of input and label should be equal, "
        f"but received input: {len(input.shape)}, label: {len(label.shape)}.")
    assert label.shape[-1] == 1, ("The last dimension of label should be 1, "
                                  f"but received {label.shape[-1]}.")
    assert input.shape[:-1] == label.shape[:-1], "All dimensions should be equal except the last one."
    label = paddle.nn.functional.one_hot(paddle.squeeze(label, [-1]), input.shape[-1])
    reduce_dim = list(range(1, len(input.shape)))
    inse = paddle.sum(input * label, axis=reduce_dim)
    denominator = paddle.sum(input, axis=reduce_dim) + paddle.sum(label, axis=reduce_dim)
    return paddle.mean(1 - inse * 2 / (denominator + epsilon))


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """paddle.nn.functional.npair_loss(anchor, positive, labels, l2_reg=0.002)."""
    paddle = _paddle()
    if anchor.size == 0:
        raise ValueError("The dims of anchor should be greater than 0.")
    if positive.size == 0:
        raise ValueError("The dims of positive should be greater than 0.")
    batch_size = labels.shape[0]
    labels = paddle.tile(paddle.reshape(labels, shape=[batch_size, 1]), repeat_times=[1, batch_size])
    labels = paddle.equal(labels, paddle.transpose(labels, perm=[1, 0])).astype("float32")
    labels = labels / paddle.sum(labels, axis=1, keepdim=True)
    l2loss = paddle.mean(paddle.sum(paddle.square(anchor), 1)) + paddle.mean(
        paddle.sum(paddle.square(positive), 1))
    l2loss = l2loss * 0.25 * l2_reg
    sim = paddle.matmul(anchor, positive, transpose_x=False, transpose_y=True)
    softmax_ce = paddle.nn.functional.softmax_with_cross_entropy(sim, labels, soft_label=True)
    return l2loss + paddle.mean(paddle.sum(labels * softmax_ce, 0))
