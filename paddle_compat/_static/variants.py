"""Kernel variants the Executor's lowering picks when it knows more than the op's own kernel does.

A registry kernel must serve every caller: dynamic mode, where any output may be read, and every
shape and dtype. When the plan can see that an output is never read (no later op, gradient group or
fetch needs it and it is not persistable), or that the recorded operands already have the common
shape, a cheaper kernel gives the same values. A variant never changes a result: it computes the
live outputs with the same torch arithmetic (bit for bit on CPU), and hands anything unusual (other
shapes, dtypes, invalid labels) to the full kernel, so Paddle's checks and messages are unchanged.

`pick(op, opdef, dead)` returns (kernel, kwargs) or None; `dead` is the set of the op's output
names that nobody reads. A variant returns None in place of each dead output slot. Where a variant
is a bare torch function (no Python frame at all), whatever it rejects (a wrong rank, dtype or
width raises in torch) makes the Executor re-run the op's full kernel, which then either computes
the case or raises Paddle's error.

`pick_pair(first, second, dead)` does the same for two consecutive ops where `second` is the only
reader of `first`'s one live output (softmax cross-entropy then mean, as every classifier ends):
the fused kernel computes `second`'s output from `first`'s inputs in one torch call, so the step
records one autograd node instead of three. Its values equal the two ops' up to float rounding
(torch sums the losses inside the fused call instead of in a separate mean); anything unusual runs
the two full kernels in turn.
"""
import torch

from .._ops.reduce_order import paddle_mean
from .legacy_attrs import kernel_kwargs
from .local_ops import lookup

__all__ = ["pick", "pick_pair"]

_VARIANTS = {}
_PAIR_VARIANTS = {}


def _register(table, key):
    def register(fn):
        table[key] = fn
        return fn
    return register


def _variant(op_type):
    return _register(_VARIANTS, op_type)


def _pair_variant(first_type, second_type):
    return _register(_PAIR_VARIANTS, (first_type, second_type))


def pick(op, opdef, dead):
    """(kernel, kwargs) faster for `op` given its dead outputs, or None to keep `opdef.kernel`."""
    make = _VARIANTS.get(op.type)
    if make is None or opdef.kernel is None:
        return None
    return make(op, opdef.kernel, dead)


def pick_pair(first, second, dead):
    """(kernel, kwargs) computing `second`'s outputs from `first`'s inputs, or None; `dead` is the
    set of `first`'s output names nobody reads (the one `second` reads is not among them)."""
    make = _PAIR_VARIANTS.get((first.type, second.type))
    if make is None:
        return None
    full_first = (first.opdef or lookup(first.type)).kernel
    full_second = (second.opdef or lookup(second.type)).kernel
    if full_first is None or full_second is None:
        return None
    return make(first, second, full_first, full_second, dead)


def _all_dead(op, slot, dead):
    names = op.outputs.get(slot, [])
    return all(n in dead for n in names)


@_variant("softmax_with_cross_entropy")
def _softmax_ce(op, full, dead):
    """Hard-label, unreduced cross entropy whose Softmax output nobody reads.

    The full kernel computes log_softmax, then softmax = exp(log_softmax) for the Softmax slot, then
    gathers -log_softmax at the label with Python-side validity masks. torch's fused cross_entropy
    (log_softmax + nll_loss) gives the same loss and the same gradient (nll_loss's backward scatters
    -grad exactly where gather's backward does) without the Softmax tensor or the masks.
    """
    if not _plain_hard_label_ce(op, dead):
        return None

    def kernel(Logits, Label, Weight=None, ignore_index=-100, axis=-1, **attrs):
        loss = _fused_ce(Logits, Label, ignore_index, axis, "none")
        if loss is not None:
            return None, loss.unsqueeze(1)
        return full(Logits, Label, Weight, ignore_index=ignore_index, axis=axis, **attrs)
    return kernel, {k: v for k, v in op.attrs.items() if k in _CE_ATTRS}


def _plain_hard_label_ce(op, dead):
    """Hard labels, softmax applied, no weights, unreduced, Softmax output unread."""
    a = op.attrs
    return _all_dead(op, "Softmax", dead) and not op.inputs.get("Weight") \
        and not a.get("soft_label") and a.get("use_softmax", True) \
        and a.get("reduction", "none") == "none" and not a.get("squeeze")


def _fused_ce(Logits, Label, ignore_index, axis, reduction):
    """torch's cross_entropy for [N, C] logits and [N, 1] labels, or None when the case is not
    that one or torch refuses it (an invalid label): the caller then runs the full kernel, whose
    checks raise Paddle's error. `ignore_index` is what torch is told to ignore."""
    if Logits.dim() == 2 and axis in (1, -1) and Label.dim() == 2 and Label.shape[1] == 1 \
            and Label.shape[0] == Logits.shape[0] and Logits.is_floating_point():
        lab = Label.view(-1).long()
        # On CPU an invalid label makes nll_loss raise (caught below); on CUDA it would be a
        # device-side assert, so check there first (the full kernel synchronises likewise).
        if Logits.device.type != "cpu" and bool(
                (((lab < 0) & (lab != ignore_index)) | (lab >= Logits.shape[1])).any()):
            return None
        try:
            return _ce(Logits, lab, ignore_index=ignore_index, reduction=reduction)
        except (IndexError, RuntimeError):
            return None
    return None


_ce = torch.nn.functional.cross_entropy


@_pair_variant("softmax_with_cross_entropy", "reduce_mean")
def _softmax_ce_mean(op, mean_op, full, full_mean, dead):
    """mean(softmax_with_cross_entropy(logits, label)) as ONE torch cross_entropy with
    reduction="mean" (one autograd node instead of three).

    Paddle's mean counts every row, an ignored label's zero loss included, while torch's "mean"
    divides by the rows it did not ignore. So torch is told to ignore nothing (`_NO_LABEL`): a
    label equal to the op's negative ignore_index is then out of range, torch refuses it, and the
    two full kernels run. A non-negative ignore_index (a real class to ignore) takes
    sum / row count instead, which counts rows as Paddle does at the cost of one more node.
    """
    if not _plain_hard_label_ce(op, dead) or not _all_elements_mean(mean_op):
        return None
    mean_kwargs = kernel_kwargs(mean_op)

    def kernel(Logits, Label, Weight=None, ignore_index=-100, axis=-1, **attrs):
        if ignore_index < 0:
            loss = _fused_ce(Logits, Label, _NO_LABEL, axis, "mean")
        else:
            loss = _fused_ce(Logits, Label, ignore_index, axis, "sum")
            if loss is not None:
                loss = loss / Logits.shape[0]
        if loss is not None:
            return None, loss
        _, loss = full(Logits, Label, Weight, ignore_index=ignore_index, axis=axis, **attrs)
        return None, full_mean(loss, **mean_kwargs)
    return kernel, {k: v for k, v in op.attrs.items() if k in _CE_ATTRS}


_NO_LABEL = -(2 ** 62)    # an ignore_index no label takes (labels are class indices or Paddle's
#                           negative ignore_index; one equal to this would be ignored, not refused)


def _all_elements_mean(op):
    a = op.attrs
    return not a.get("keep_dim") and bool(a.get("reduce_all") or not a.get("dim"))


_CE_ATTRS = ("soft_label", "ignore_index", "axis", "use_softmax", "numeric_stable_mode", "reduction",
             "squeeze")


@_variant("mul")
def _mul(op, full, dead):
    """fc's `mul` of two matrices is torch.mm itself (the full kernel flattens both operands to
    2-D views and multiplies them with the same mm; it only adds Python-side shape work)."""
    if op.attrs.get("x_num_col_dims", 1) != 1 or op.attrs.get("y_num_col_dims", 1) != 1:
        return None
    return torch.mm, {}


@_variant("reduce_mean")
def _mean(op, full, dead):
    """Mean of all elements: Paddle's CPU order (reduce_order.paddle_mean) where it applies, else
    torch.mean (integer inputs raise there and take the full kernel, which keeps Paddle's
    integer dtype)."""
    if not _all_elements_mean(op):
        return None
    return _mean_all, {}


def _mean_all(X):
    out = paddle_mean(X)
    return torch.mean(X) if out is None else out
