"""The scatter-reduce behind paddle.geometric's segment and message-passing ops, with Paddle's
rules: an output row no message reaches is 0 for every reduction (max and min too); mean of
integers truncates; the gradient of max/min goes in full to every element equal to the result
(ties share nothing: each gets the whole output gradient, as Paddle's kernels do; torch's
scatter_reduce would split it)."""
import torch

from .._mode import STATE

__all__ = ["scatter_reduce", "check_index", "dynamic_only"]


def dynamic_only(api):
    """Paddle's graph ops are recorded in static mode there; here they run in dynamic mode only."""
    if STATE.static:
        raise NotImplementedError(
            f"paddle.geometric.{api} is not provided by paddle_compat in static mode (its output "
            "size depends on the data); call it in dynamic mode (paddle.disable_static())")


def check_index(t, what, api):
    """Paddle's error for a `what` index tensor of `api` that is not int32/int64."""
    if t.dtype not in (torch.int32, torch.int64):
        raise ValueError(f"(InvalidArgument) Unsupported index type, Expected int, int64, but got "
                         f"{str(t.dtype).replace('torch.', '')}.")


def scatter_reduce(values, index, n_out, op):
    """Reduce the rows of `values` [E, ...] into `n_out` rows by `index` [E] with op in
    'SUM', 'MEAN', 'MAX', 'MIN'."""
    index = index.to(torch.int64)
    shape = (n_out,) + tuple(values.shape[1:])
    zeros = torch.zeros(shape, dtype=values.dtype, device=values.device)
    if op == "SUM":
        return zeros.index_add(0, index, values)
    if op == "MEAN":
        total = zeros.index_add(0, index, values)
        count = torch.zeros(n_out, dtype=torch.int64, device=values.device).index_add(
            0, index, torch.ones_like(index))
        count = count.clamp(min=1).reshape((n_out,) + (1,) * (values.dim() - 1))
        if values.is_floating_point() or values.is_complex():
            return total / count.to(values.dtype)
        return torch.div(total, count, rounding_mode="trunc").to(values.dtype)
    reduce = "amax" if op == "MAX" else "amin"
    expand = index.reshape((-1,) + (1,) * (values.dim() - 1)).expand_as(values)
    out = zeros.scatter_reduce(0, expand, values.detach(), reduce=reduce, include_self=False)
    if values.requires_grad:
        hit = (values.detach() == out[index]).to(values.dtype)
        out = out + zeros.index_add(0, index, (values - values.detach()) * hit)
    return out
