"""paddle.sparse.nn.functional convolutions (Paddle: sparse/nn/functional/conv.py): conv2d, conv3d,
subm_conv2d, subm_conv3d and the `_igemm` variants, channel-last (NHWC / NDHWC) COO input whose
last axis (channels) is its dense dimension, kernel laid out [*kernel_size, in_channels,
out_channels].

torch has no sparse convolution, so this is Paddle's own algorithm on torch ops: a rulebook of
(kernel offset, input element, output element) triples, then per kernel offset one gather, one
[n, C_in] @ [C_in, C_out] product and one `index_add` into the output values; gradients flow
through those ops. A plain convolution stores every output position some input element reaches
(sorted); a submanifold one (subm) stores exactly the input's positions (sorted), output q reading
input q + (k - kernel_size // 2) * dilation for kernel offset k (the kernel is centred; Paddle
ignores `padding` there, and so does this).

Differences from Paddle: `key` (Paddle's rulebook cache key) is accepted and ignored (the rulebook
is rebuilt each call); the `_igemm` variants compute the same values with the same rulebook on CPU
(Paddle 3.3.1 has them on GPU only). A submanifold convolution with an even kernel size or a
dilation keeps x's shape and positions here (Paddle 3.3.1 returns a changed shape there and drops
positions).
"""
import itertools

import torch

from ...._tensor import Tensor
from ...tensor import is_sparse, make

__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv3d", "subm_conv2d_igemm",
           "subm_conv3d_igemm", "rulebook_pairs", "output_positions"]


def _to_list(v, n, what):
    if isinstance(v, int):
        return [v] * n
    v = [int(e) for e in v]
    if len(v) != n:
        raise ValueError(f"The {what}'s length must be {n}. Received: {v}")
    return v


def _padding(padding, dims, spatial, kernel, stride, dilation):
    """-> (pad_before, pad_after) lists, from Paddle's padding forms (int, [p]*dims,
    [b0, a0, b1, a1, ...], pairs incl. batch/channel, 'SAME', 'VALID')."""
    if isinstance(padding, str):
        mode = padding.upper()
        if mode == "VALID":
            return [0] * dims, [0] * dims
        if mode != "SAME":
            raise ValueError(f"Unknown padding: '{padding}'. It can only be 'SAME' or 'VALID'.")
        lo, hi = [], []
        for i in range(dims):
            out = -(-spatial[i] // stride[i])
            total = max((out - 1) * stride[i] + (kernel[i] - 1) * dilation[i] + 1 - spatial[i], 0)
            lo.append(total // 2)
            hi.append(total - total // 2)
        return lo, hi
    if isinstance(padding, int):
        return [padding] * dims, [padding] * dims
    padding = list(padding)
    if padding and isinstance(padding[0], (list, tuple)):
        if len(padding) == dims + 2:
            padding = padding[1:-1]                 # channel-last: drop batch and channel pairs
        return [int(p[0]) for p in padding], [int(p[1]) for p in padding]
    if len(padding) == dims:
        return [int(p) for p in padding], [int(p) for p in padding]
    if len(padding) == 2 * dims:
        return [int(p) for p in padding[0::2]], [int(p) for p in padding[1::2]]
    raise ValueError(f"The padding's length must be {dims} or {2 * dims}, but got {padding}")


def _flat_keys(coords, sizes):
    key = torch.zeros(coords.shape[1], dtype=torch.int64, device=coords.device)
    for d, s in enumerate(sizes):
        key = key * int(s) + coords[d]
    return key


def output_positions(idx, kernel, stride, pad_lo, dilation, out_spatial):
    """The rulebook of a plain sparse convolution / pooling: -> (out_idx [1+dims, n_out] sorted,
    [(offset number, in_ids, out_ids)] per kernel offset)."""
    dims = len(kernel)
    pieces = []
    for k_num, k in enumerate(itertools.product(*[range(s) for s in kernel])):
        num = idx[1:] + torch.tensor([pad_lo[d] - k[d] * dilation[d] for d in range(dims)],
                                     device=idx.device).reshape(-1, 1)
        st = torch.tensor(stride, device=idx.device).reshape(-1, 1)
        lim = torch.tensor(out_spatial, device=idx.device).reshape(-1, 1)
        ok = ((num % st) == 0).all(0) & (num >= 0).all(0) & ((num // st) < lim).all(0)
        in_ids = ok.nonzero().reshape(-1)
        out_coords = torch.cat([idx[:1, in_ids], (num // st)[:, in_ids]], dim=0)
        pieces.append((k_num, in_ids, out_coords))
    all_out = torch.cat([p[2] for p in pieces], dim=1)
    if all_out.shape[1] == 0:
        return all_out, []
    out_idx, inverse = torch.unique(all_out, dim=1, return_inverse=True)
    rules, start = [], 0
    for k_num, in_ids, coords in pieces:
        n = in_ids.numel()
        if n:
            rules.append((k_num, in_ids, inverse[start:start + n]))
        start += n
    return out_idx, rules


def rulebook_pairs(idx, spatial, kernel, dilation):
    """The rulebook of a submanifold convolution over the coalesced input positions `idx`:
    [(offset number, in_ids, out_ids)], output q reading input q + (k - kernel // 2) * dilation."""
    dims = len(kernel)
    sizes = [int(idx[0].max()) + 1 if idx.shape[1] else 1] + list(spatial)
    keys = _flat_keys(idx, sizes)                  # sorted: idx is coalesced
    rules = []
    for k_num, k in enumerate(itertools.product(*[range(s) for s in kernel])):
        shift = torch.tensor([(k[d] - kernel[d] // 2) * dilation[d] for d in range(dims)],
                             device=idx.device).reshape(-1, 1)
        src = idx[1:] + shift
        lim = torch.tensor(spatial, device=idx.device).reshape(-1, 1)
        inside = ((src >= 0) & (src < lim)).all(0)
        q = inside.nonzero().reshape(-1)
        if q.numel() == 0:
            continue
        src_keys = _flat_keys(torch.cat([idx[:1, q], src[:, q]], dim=0), sizes)
        pos = torch.searchsorted(keys, src_keys).clamp(max=keys.numel() - 1)
        hit = keys[pos] == src_keys
        if bool(hit.any()):
            rules.append((k_num, pos[hit], q[hit]))
    return rules


def _conv(x, weight, bias, stride, padding, dilation, groups, subm, data_format, dims, api):
    layout = "NDHWC" if dims == 3 else "NHWC"
    if groups != 1:
        raise ValueError("Currently, only support groups=1")
    if data_format != layout:
        raise ValueError(f"Attr(data_format) should be '{layout}'. Received Attr(data_format): "
                         f"{data_format}.")
    if not is_sparse(x):
        raise NotImplementedError(
            f"(Unimplemented) The kernel of ({api}) for input tensors is unimplemented, please "
            "check the type of input tensors.")
    t = x._t
    if t.dim() != dims + 2:
        raise ValueError(f"Input x should be {dims + 2}D tensor, but received x with the shape of "
                         f"{x.shape}")
    if t.sparse_dim() != dims + 1:                 # channels must be the dense dimension
        t = t.to_dense().to_sparse(dims + 1)
    t = t.coalesce()
    idx, vals = t.indices(), t.values()
    w = weight._t
    kernel = list(w.shape[:dims])
    c_in = t.shape[-1]
    if w.dim() != dims + 2 or w.shape[dims] != c_in:
        raise ValueError(f"The weight of {api} must have the shape [*kernel_size({dims}), "
                         f"in_channels({c_in}), out_channels], but got {list(w.shape)}")
    c_out = w.shape[-1]
    stride = _to_list(stride, dims, "stride")
    dilation = _to_list(dilation, dims, "dilation")
    spatial = list(t.shape[1:-1])
    pad_lo, pad_hi = _padding(padding, dims, spatial, kernel, stride, dilation)
    w_flat = w.reshape(-1, c_in, c_out)
    if subm:
        if any(s != 1 for s in stride):
            raise ValueError(f"The stride of a submanifold convolution must be 1, but got {stride}")
        out_idx = idx
        out_spatial = spatial
        rules = rulebook_pairs(idx, spatial, kernel, dilation)
    else:
        out_spatial = [(spatial[d] + pad_lo[d] + pad_hi[d] - dilation[d] * (kernel[d] - 1) - 1)
                       // stride[d] + 1 for d in range(dims)]
        if any(s <= 0 for s in out_spatial):
            raise ValueError(f"The output size of {api} must be positive, but got {out_spatial}")
        out_idx, rules = output_positions(idx, kernel, stride, pad_lo, dilation, out_spatial)
    out_vals = torch.zeros(out_idx.shape[1], c_out, dtype=vals.dtype, device=vals.device)
    for k_num, in_ids, out_ids in rules:
        out_vals = out_vals.index_add(0, out_ids, vals[in_ids] @ w_flat[k_num])
    if bias is not None:
        b = bias._t if isinstance(bias, Tensor) else torch.as_tensor(bias)
        out_vals = out_vals + b
    shape = [t.shape[0]] + out_spatial + [c_out]
    return make(out_idx, out_vals, shape, coalesced=True)


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC",
           name=None):
    """paddle.sparse.nn.functional.conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1,
    groups=1, data_format='NDHWC', name=None): sparse 3-D convolution of the COO tensor x
    [N, D, H, W, C_in] with weight [kD, kH, kW, C_in, C_out]; stores every reachable output
    position."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 3,
                 "conv3d")


def subm_conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                data_format="NDHWC", key=None, name=None):
    """paddle.sparse.nn.functional.subm_conv3d(x, weight, bias=None, stride=1, padding=0,
    dilation=1, groups=1, data_format='NDHWC', key=None, name=None): submanifold sparse 3-D
    convolution: the output stores exactly x's positions."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 3,
                 "subm_conv3d")


def subm_conv3d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                      data_format="NDHWC", key=None, name=None):
    """paddle.sparse.nn.functional.subm_conv3d_igemm: subm_conv3d (Paddle's implicit-GEMM GPU
    kernel computes the same values)."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 3,
                 "subm_conv3d_igemm")


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC",
           name=None):
    """paddle.sparse.nn.functional.conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1,
    groups=1, data_format='NHWC', name=None): sparse 2-D convolution of the COO tensor
    x [N, H, W, C_in] with weight [kH, kW, C_in, C_out]."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, False, data_format, 2,
                 "conv2d")


def subm_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                data_format="NHWC", key=None, name=None):
    """paddle.sparse.nn.functional.subm_conv2d(x, weight, bias=None, stride=1, padding=0,
    dilation=1, groups=1, data_format='NHWC', key=None, name=None): submanifold sparse 2-D
    convolution: the output stores exactly x's positions."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 2,
                 "subm_conv2d")


def subm_conv2d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
                      data_format="NHWC", key=None, name=None):
    """paddle.sparse.nn.functional.subm_conv2d_igemm: subm_conv2d (Paddle's implicit-GEMM GPU
    kernel computes the same values)."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, True, data_format, 2,
                 "subm_conv2d_igemm")
