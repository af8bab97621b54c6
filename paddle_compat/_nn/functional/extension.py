"""paddle.nn.functional extension functions (Paddle: nn/functional/extension.py): sequence_mask,
gather_tree."""
import torch

from ..._dtype import to_dtype
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor

__all__ = ["sequence_mask", "gather_tree"]


def _sequence_mask_kernel(x, maxlen=-1, out_dtype=None):
    n = int(x.max().item()) if maxlen < 0 else int(maxlen)
    if maxlen < 0 and x.numel() == 0:
        n = 0
    steps = torch.arange(n, device=x.device)
    return (steps < x.unsqueeze(-1)).to(out_dtype)


_SEQUENCE_MASK = defop("sequence_mask", _sequence_mask_kernel, inputs=("X",), outputs=("Y",),
                       attrs={"maxlen": -1, "out_dtype": torch.int64},
                       api="paddle.nn.functional.sequence_mask")


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """paddle.nn.functional.sequence_mask(x, maxlen=None, dtype='int64', name=None): a mask of shape
    x.shape + [maxlen] whose entry [..., j] is 1 where j < x[...]; maxlen defaults to max(x).

    Differences from Paddle: a Tensor `maxlen` is read once as a Python int."""
    if isinstance(maxlen, Tensor):
        maxlen = int(maxlen.item())
    return apply_op(_SEQUENCE_MASK, (x,), {"maxlen": -1 if maxlen is None else int(maxlen),
                                           "out_dtype": to_dtype(dtype).torch})


# ---- temporal_shift -----------------------------------------------------------------------------
__all__ += ["temporal_shift"]


def _temporal_shift_kernel(x, seg_num=1, shift_ratio=0.25, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.permute(0, 3, 1, 2)
    nt, c, h, w = x.shape
    if nt % seg_num != 0:
        raise ValueError(f"(InvalidArgument) Input(X) dimension[0] should be divided exactly by "
                         f"Attr(seg_num), but received X dimension[0]({nt}) mod seg_num({seg_num}) "
                         f"!= 0.")
    v = x.reshape(nt // seg_num, seg_num, c, h, w)
    c1, c2 = int(c * shift_ratio), int(c * 2 * shift_ratio)
    zero = torch.zeros_like(v[:, :1])
    # channels [0, c1) take the previous segment's values, [c1, c2) the next one's
    back = torch.cat([zero, v[:, :-1]], 1)[:, :, :c1]
    fwd = torch.cat([v[:, 1:], zero], 1)[:, :, c1:c2]
    out = torch.cat([back, fwd, v[:, :, c2:]], 2).reshape(nt, c, h, w)
    return out.permute(0, 2, 3, 1) if data_format == "NHWC" else out


_TEMPORAL_SHIFT = defop("temporal_shift", _temporal_shift_kernel,
                        attrs={"seg_num": 1, "shift_ratio": 0.25, "data_format": "NCHW"},
                        api="paddle.nn.functional.temporal_shift")


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    """paddle.nn.functional.temporal_shift(x, seg_num, shift_ratio=0.25, name=None,
    data_format='NCHW'): x [N*T, C, H, W] seen as T = seg_num segments; the first
    C*shift_ratio channels take the previous segment's values, the next C*shift_ratio the next
    segment's (zeros past the ends), the rest stay."""
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    if not isinstance(seg_num, int):
        raise TypeError("seg_num must be int type.")
    if seg_num <= 0:
        raise ValueError(f"(InvalidArgument) Attr(seg_num) should be greater than 0, but "
                         f"received {seg_num}")
    if shift_ratio >= 0.5:
        raise ValueError(f"(InvalidArgument) Attr(shift_ratio) should be less than 0.5, but "
                         f"received {shift_ratio}")
    return apply_op(_TEMPORAL_SHIFT, (x,), {"seg_num": seg_num, "shift_ratio": float(shift_ratio),
                                            "data_format": data_format})
# ---- gather_tree ----------------------------------------------------------------------------------
def _gather_tree_kernel(ids, parents):
    if parents.dtype not in (torch.int32, torch.int64):
        raise TypeError("The data type of 'parents' in gather_tree must be one of ['int32', "
                        f"'int64'], but received {str(parents.dtype).replace('torch.', '')}.")
    T, B, K = ids.shape
    if ids.is_meta or ids.numel() == 0:
        return ids.clone()
    par = parents.long()
    bad = (par < 0) | (par >= K)
    if bool(bad.any()):
        v = int(par[bad][0])
        raise ValueError(f"(InvalidArgument) The parents must be less than beam size, but received "
                         f"parents {v} is greater than or equal to beam size {K}. ")
    # Walk back from the last step: out[t] = ids[t, b, p_t], p_{t-1} = parents[t, b, p_t].
    out = torch.empty_like(ids)
    out[T - 1] = ids[T - 1]
    parent = par[T - 1]
    for t in range(T - 2, -1, -1):
        out[t] = ids[t].gather(1, parent)
        parent = par[t].gather(1, parent)
    return out


_GATHER_TREE = defop("gather_tree", _gather_tree_kernel, inputs=("Ids", "Parents"),
                     api="paddle.nn.functional.gather_tree")


def gather_tree(ids, parents):
    """paddle.nn.functional.gather_tree(ids, parents): the full beam-search sequences from the
    selected ids [max_time, batch, beam] and their parent beams, walking back from the last step.
    Differences from Paddle: none known."""
    if len(ids.shape) != 3:
        raise ValueError("The input ids must be a 3D tensor with shape [length, batch_size, beam_size]")
    if len(ids.shape) != len(parents.shape):
        raise ValueError("The ids's shape must be the same as parents' shape. ")
    return apply_op(_GATHER_TREE, (ids, parents), {})
