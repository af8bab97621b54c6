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
"""
import torch

__all__ = ["pick"]

_VARIANTS = {}


def _variant(op_type):
    def register(fn):
        _VARIANTS[op_type] = fn
        return fn
    return register


def pick(op, opdef, dead):
    """(kernel, kwargs) faster for `op` given its dead outputs, or None to keep `opdef.kernel`."""
    make = _VARIANTS.get(op.type)
    if make is None or opdef.kernel is None:
        return None
    return make(op, opdef.kernel, dead)


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
    a = op.attrs
    if not _all_dead(op, "Softmax", dead) or op.inputs.get("Weight") or a.get("soft_label") \
            or not a.get("use_softmax", True) or a.get("reduction", "none") != "none" \
            or a.get("squeeze"):
        return None
    ce = torch.nn.functional.cross_entropy

    def kernel(Logits, Label, Weight=None, ignore_index=-100, axis=-1, **attrs):
        if Logits.dim() == 2 and axis in (1, -1) and Label.dim() == 2 and Label.shape[1] == 1 \
                and Label.shape[0] == Logits.shape[0] and Logits.is_floating_point():
            lab = Label.view(-1).long()
            # On CPU an invalid label makes nll_loss raise (caught below); on CUDA it would be a
            # device-side assert, so check there first (the full kernel synchronises likewise).
            if Logits.device.type != "cpu" and bool(
                    (((lab < 0) & (lab != ignore_index)) | (lab >= Logits.shape[1])).any()):
                return full(Logits, Label, Weight, ignore_index=ignore_index, axis=axis, **attrs)
            try:
                loss = ce(Logits, lab, ignore_index=ignore_index, reduction="none")
            except (IndexError, RuntimeError):
                pass
            else:
                return None, loss.unsqueeze(1)
        return full(Logits, Label, Weight, ignore_index=ignore_index, axis=axis, **attrs)
    return kernel, {k: v for k, v in a.items() if k in _CE_ATTRS}


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
    """Mean of all elements is torch.mean (integer inputs raise there and take the full kernel,
    which keeps Paddle's integer dtype)."""
    a = op.attrs
    if a.get("keep_dim") or not (a.get("reduce_all") or not a.get("dim")):
        return None
    return torch.mean, {}
