"""paddle.nn.functional input functions (Paddle: nn/functional/input.py): embedding, one_hot."""
import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op

__all__ = ["embedding", "one_hot"]


# ---- embedding ----------------------------------------------------------------------------------
def _embedding_kernel(ids, w, padding_idx=-1, max_norm=None, norm_type=2.0,
                      scale_grad_by_freq=False):
    if ids.dtype not in (torch.int32, torch.int64):
        raise NotImplementedError(f"(Unimplemented) embedding input only support int32 and int64, "
                                  f"but get {str(ids.dtype).replace('torch.', '')}")
    rows = w.shape[0]
    if ids.numel():
        lo, hi = int(ids.min()), int(ids.max())
        bad = hi if hi >= rows else (lo if lo < 0 else None)
        if bad is not None:
            raise ValueError(
                f"(InvalidArgument) Variable value (input) of OP(embedding) expected >= 0 and < "
                f"{rows}, but got {bad}. Please check input value.\n  [Hint: Expected ids[i] < "
                f"row_number, but received ids[i]:{bad} >= row_number:{rows}.]")
    if max_norm is not None:
        # Paddle renormalises the looked-up rows of the weight in place
        with torch.no_grad():
            torch.embedding_renorm_(w, ids.long(), max_norm, norm_type)
    out = TF.embedding(ids.long(), w, scale_grad_by_freq=scale_grad_by_freq)
    if padding_idx >= 0:
        # Paddle zeroes the padding rows of the output (whatever the weight row holds).
        out = out * (ids != padding_idx).unsqueeze(-1).to(out.dtype)
    return out


_EMBEDDING = defop("lookup_table_v2", _embedding_kernel, inputs=("Ids", "W"), outputs=("Out",),
                   attrs={"padding_idx": -1, "max_norm": None, "norm_type": 2.0,
                          "scale_grad_by_freq": False},
                   api="paddle.nn.functional.embedding")


def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False,
              scale_grad_by_freq=False, name=None):
    """paddle.nn.functional.embedding(x, weight, padding_idx=None, ...): rows of `weight` for the int
    ids `x`; ids equal to padding_idx give zero rows (and no gradient).

    max_norm renormalises (in place) the weight rows looked up whose norm_type-norm exceeds it;
    scale_grad_by_freq divides each row's gradient by its id's count in x.

    Differences from Paddle: `sparse=True` computes a dense gradient.
    """
    rows = weight.shape[0]
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx < 0:
        padding_idx = rows + padding_idx
    if padding_idx >= rows or padding_idx < -1:
        raise ValueError(f"padding_idx must be within [-{rows}, {rows})")
    return apply_op(_EMBEDDING, (x, weight),
                    {"padding_idx": int(padding_idx),
                     "max_norm": None if max_norm is None else float(max_norm),
                     "norm_type": float(norm_type), "scale_grad_by_freq": bool(scale_grad_by_freq)})


# ---- one_hot ------------------------------------------------------------------------------------
def _one_hot_kernel(x, depth=-1):
    if depth < 0:
        depth = int(x.max()) + 1 if x.numel() else 0
    if x.numel() and int(x.max()) >= depth:
        v = int(x.max())
        raise ValueError(
            f"(InvalidArgument) Illegal index value, Input(input) value should be less than "
            f"Input(depth), but received input ({v}) not less than depth ({depth})\n  [Hint: "
            f"Expected p_in_data[i] < depth_v, but received p_in_data[i]:{v} >= depth_v:{depth}.]")
    if x.numel() and int(x.min()) < 0:
        v = int(x.min())
        raise ValueError(f"(InvalidArgument) Illegal index value, Input(input) value should be at "
                         f"least 0, but received input ({v}) less than 0")
    return TF.one_hot(x.long(), depth).to(torch.float32)


_ONE_HOT = defop("one_hot_v2", _one_hot_kernel, attrs={"depth": -1},
                 api="paddle.nn.functional.one_hot")


def one_hot(x, num_classes=-1, name=None):
    """paddle.nn.functional.one_hot(x, num_classes=-1): float32 one-hot vectors on a new last axis
    (num_classes=-1: max(x) + 1)."""
    return apply_op(_ONE_HOT, (x,), {"depth": int(num_classes)})
