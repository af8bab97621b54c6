"""paddle.sparse.nn.functional.max_pool3d (Paddle: sparse/nn/functional/pooling.py): the max of the
stored elements in each window (missing elements do not count as zeros), per channel, on the same
rulebook as the sparse convolutions; the output stores every window position that holds at least
one stored element (sorted)."""
import torch

from ...tensor import is_csr, is_sparse, make
from .conv import _padding, _to_list, output_positions

__all__ = ["max_pool3d"]


def max_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NDHWC",
               name=None):
    """paddle.sparse.nn.functional.max_pool3d(x, kernel_size, stride=None, padding=0,
    ceil_mode=False, data_format='NDHWC', name=None): sparse 3-D max pooling of the COO tensor
    x [N, D, H, W, C].

    Differences from Paddle: Paddle's asserts (COO input, NDHWC) are ValueErrors here, with the
    same text.
    """
    if not is_sparse(x) or is_csr(x):
        raise ValueError("Currently, sparse.relu only support the input of SparseCooTensor")
    if data_format != "NDHWC":
        raise ValueError("Currently, sparse.max_pool3d only support data format of 'NDHWC'")
    t = x._t
    if t.dim() != 5:
        raise ValueError(f"Input x should be 5D tensor, but received x with the shape of "
                         f"{list(x.shape)}")
    kernel = _to_list(kernel_size, 3, "pool_size")
    stride = kernel if stride is None else _to_list(stride, 3, "pool_stride")
    if t.sparse_dim() != 4:
        t = t.to_dense().to_sparse(4)
    t = t.coalesce()
    idx, vals = t.indices(), t.values()
    spatial = list(t.shape[1:-1])
    dilation = [1, 1, 1]
    pad_lo, pad_hi = _padding(padding, 3, spatial, kernel, stride, dilation)
    out_spatial = []
    for d in range(3):
        span = spatial[d] + pad_lo[d] + pad_hi[d] - kernel[d]
        out_spatial.append((-(-span // stride[d]) if ceil_mode else span // stride[d]) + 1)
    out_idx, rules = output_positions(idx, kernel, stride, pad_lo, dilation, out_spatial)
    c = t.shape[-1]
    out = torch.full((out_idx.shape[1], c), float("-inf"), dtype=vals.dtype, device=vals.device)
    for _, in_ids, out_ids in rules:
        out = out.scatter_reduce(0, out_ids.reshape(-1, 1).expand(-1, c), vals[in_ids],
                                 reduce="amax", include_self=True)
    return make(out_idx, out, [t.shape[0]] + out_spatial + [c], coalesced=True)
