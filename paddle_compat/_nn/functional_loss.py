"""paddle.nn.functional losses: cross_entropy, softmax_with_cross_entropy, nll_loss, mse_loss, l1_loss,
binary_cross_entropy, binary_cross_entropy_with_logits.

Each loss is one op whose kernel also applies Paddle's reduction rules (which differ from torch's:
cross_entropy's 'mean' divides by the element count unless ignore_index >= 0 or a weight is given).
"""
import torch
import torch.nn.functional as TF

from .._mode import STATE
from .._ops.registry import defop, apply_op
from ._opshare import reshape_op

__all__ = ["cross_entropy", "softmax_with_cross_entropy", "nll_loss", "mse_loss", "l1_loss",
           "binary_cross_entropy", "binary_cross_entropy_with_logits", "label_smooth"]


def _reduce(loss, reduction):
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.mean()
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
    if use_softmax:
        logp = torch.log_softmax(logits, axis)
        softmax = logp.exp()
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
        lab = label.long()   # Paddle accepts float hard labels and truncates them
        valid = lab != ignore_index
        safe = torch.where(valid, lab, torch.zeros_like(lab))
        if safe.numel():
            bad = safe[(safe >= classes) | (safe < 0)]
            if bad.numel():
                v = int(bad.reshape(-1)[0])
                raise IndexError(
                    f"(OutOfRange) label value should less than the shape of axis dimension when "
                    f"label value({v}) not equal to ignore_index({ignore_index}), But received label "
                    f"value as {v} and shape of axis dimension is {classes}\n  [Hint: Expected lbl < "
                    f"axis_dim_, but received lbl:{v} >= axis_dim_:{classes}.]")
        loss = -logp.gather(axis, safe) * valid.to(logp.dtype)
        wg = None
        if weight is not None:
            wg = weight[safe] * valid.to(weight.dtype)
            loss = loss.to(wg.dtype) * wg
    if reduction == "sum":
        loss = loss.sum()
    elif reduction == "mean":
        if logits.numel() == 0:
            loss = loss.sum() * float("nan")
        elif not soft_label and ignore_index >= 0:
            denom = valid.to(loss.dtype).sum() if wg is None else wg.sum()
            loss = loss.sum() / (denom + (denom == 0).to(denom.dtype))
        elif wg is not None:
            denom = wg.sum()
            loss = loss.sum() / (denom + (denom == 0).to(denom.dtype))
        else:
            loss = loss.mean()
    elif squeeze:
        loss = loss.squeeze(axis)
    return softmax, loss


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
            import paddle_compat as paddle
            label = paddle.unsqueeze(label, axis)
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
        from .functional_common import one_hot
        if squeeze:
            label = reshape_op(label, [s for i, s in enumerate(label.shape) if i != axis % in_dims])
            label = one_hot(label, input.shape[-1])
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
    import paddle_compat as paddle
    squeeze, reduction = attrs["squeeze"], attrs["reduction"]
    loss = apply_op(_CE, (input, label, None), dict(attrs, reduction="none", squeeze=False))[1]
    if reduction == "mean":
        return paddle.mean(loss)
    if reduction == "sum":
        return paddle.sum(loss)
    return paddle.squeeze(loss, attrs["axis"]) if squeeze else loss


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
    return _reduce((x - y) ** 2, reduction)


def _l1_kernel(x, y, reduction="mean"):
    _broadcast_check(x, y)
    return _reduce((x - y).abs(), reduction)


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
    return _reduce(out, reduction)


def _bce_logits_kernel(x, label, weight=None, pos_weight=None, reduction="mean"):
    _same_shape(x, label)
    out = TF.binary_cross_entropy_with_logits(x, label, reduction="none", pos_weight=pos_weight)
    if weight is not None:
        out = out * weight
    return _reduce(out, reduction)


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
    return apply_op(_BCE_LOGITS, (logit, label, weight, pos_weight), {"reduction": reduction})

