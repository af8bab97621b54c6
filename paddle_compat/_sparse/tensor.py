"""How a Paddle sparse tensor is carried, and the Tensor methods Paddle gives sparse tensors.

Both of Paddle's sparse formats are carried by one torch sparse COO tensor in `Tensor._t`:

* COO (Paddle `SparseCooTensor`): the torch COO tensor as is: `indices` [sparse_dim, nnz],
  `values` [nnz, *dense_dims]; duplicates are kept until `coalesce()`, as in Paddle.
* CSR (Paddle `SparseCsrTensor`, 2-D or batched 3-D): the same torch COO tensor (always coalesced,
  i.e. row-major order = CSR order) with the flag `csr` in the wrapper's info dict; `crows()` and
  `cols()` are computed from the indices. Why not torch's own CSR layout: torch's batched CSR needs
  the same nnz in every batch, Paddle's 3-D CSR does not (`to_sparse_csr()` of most 3-D tensors),
  and torch's autograd covers COO far better than CSR.

Gradients flow through torch's sparse autograd: a sparse tensor made with `stop_gradient=False` is a
torch sparse leaf; ops read its stored values through `parts()` (graph-connected, duplicates kept)
and build their result with `torch.sparse_coo_tensor`; a leaf's `.grad` is a sparse tensor.
"""
import torch

from .._dtype import from_torch_dtype, to_dtype
from .._tensor import Tensor, set_sparse_formatter, wrap
from .._tensor_format import format_sparse
from .._tensor_methods import attach

__all__ = ["is_sparse", "is_csr", "parts", "make", "make_like", "as_coo", "csr_crows", "require",
           "dense_of", "to_sparse_coo", "to_sparse_csr", "to_dense"]


def is_sparse(x):
    """Whether the paddle Tensor `x` is a sparse tensor (COO or CSR)."""
    return isinstance(x, Tensor) and x._t.layout is torch.sparse_coo


def is_csr(x):
    """Whether the paddle Tensor `x` is a sparse CSR tensor."""
    return is_sparse(x) and bool(x._info) and bool(x._info.get("csr"))


class _StoredValues(torch.autograd.Function):
    """The stored values of a torch COO tensor, graph-connected even when it is uncoalesced
    (torch's own `values()` needs a coalesced tensor, and coalescing would merge duplicates that
    Paddle keeps: sin of a duplicated element is sin of each stored value, not of their sum)."""

    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t._indices())
        ctx.shape = t.shape
        return t._values().clone()

    @staticmethod
    def backward(ctx, grad):
        (indices,) = ctx.saved_tensors
        return torch.sparse_coo_tensor(indices, grad, ctx.shape, check_invariants=False)


def parts(x):
    """-> (indices [sparse_dim, nnz] int64, values [nnz, ...]) of the sparse tensor `x`, the values
    graph-connected when `x` needs grad."""
    t = x._t
    if t.requires_grad:
        return t._indices(), _StoredValues.apply(t)
    return t._indices(), t._values()


def _sorted_unique(indices, shape):
    """Whether the COO indices are in row-major order without duplicates (a coalesced tensor)."""
    n = indices.shape[1]
    if n <= 1:
        return True
    flat = torch.zeros(n, dtype=torch.int64, device=indices.device)
    for d in range(indices.shape[0]):
        flat = flat * int(shape[d]) + indices[d].to(torch.int64)
    return bool((flat[1:] > flat[:-1]).all())


def make(indices, values, shape, csr=False, coalesced=None):
    """A new sparse paddle Tensor over `indices`/`values` (torch tensors) of dense shape `shape`."""
    indices = indices.to(torch.int64)
    shape = [int(s) for s in shape]
    if coalesced is None:
        coalesced = _sorted_unique(indices, shape)
    t = torch.sparse_coo_tensor(indices, values, shape, dtype=values.dtype, device=values.device,
                                is_coalesced=bool(coalesced), check_invariants=False)
    if csr and not coalesced:
        t = t.coalesce()
    out = wrap(t)
    if csr:
        out._info = {"csr": True}
    return out


def make_like(x, values, shape=None):
    """The sparse tensor with `x`'s pattern (format and index dtype) and new values."""
    indices, _ = parts(x)
    coalesced = x._t.is_coalesced()
    out = make(indices, values, x._t.shape if shape is None else shape, csr=is_csr(x),
               coalesced=coalesced)
    index_dtype = (x._info or {}).get("index_dtype")
    if index_dtype:
        out._ensure_info()["index_dtype"] = index_dtype
    return out


def _index_out(x, t):
    """Indices as Paddle reports them: int64, or the dtype `sparse.cast` gave them."""
    name = (x._info or {}).get("index_dtype")
    if name and name != "int64":
        return t.to(to_dtype(name).torch)
    return t


def require(x, api, name="x"):
    """Paddle's error for a dense tensor given to a sparse op."""
    if not is_sparse(x):
        raise NotImplementedError(
            f"(Unimplemented) The kernel of ({api}) for input tensors is unimplemented, please "
            "check the type of input tensors.")
    return x


# ---- CSR <-> COO --------------------------------------------------------------------------------
def csr_crows(x):
    """The CSR row pointers of `x` (2-D: [rows+1]; 3-D: the batches' pointers concatenated)."""
    t = x._t
    idx = t._indices()
    shape = list(t.shape)
    rows = shape[-2]
    batches = shape[0] if len(shape) == 3 else 1
    row_id = idx[-2] + (idx[0] * rows if len(shape) == 3 else 0)
    counts = torch.bincount(row_id, minlength=batches * rows).reshape(batches, rows)
    crows = torch.zeros(batches, rows + 1, dtype=torch.int64, device=idx.device)
    crows[:, 1:] = counts.cumsum(1)
    return crows.reshape(-1)


def csr_to_indices(crows, cols, shape):
    """COO indices of a CSR tensor given as Paddle's flat crows/cols."""
    rows = shape[-2]
    crows = crows.reshape(-1, rows + 1).to(torch.int64)
    counts = (crows[:, 1:] - crows[:, :-1]).reshape(-1)
    row_id = torch.repeat_interleave(torch.arange(counts.numel(), device=crows.device), counts)
    rows_idx = row_id % rows
    cols = cols.to(torch.int64)
    if len(shape) == 3:
        return torch.stack([row_id // rows, rows_idx, cols])
    return torch.stack([rows_idx, cols])


def as_coo(x):
    """`x` as a COO tensor (a CSR tensor's COO twin, same torch data; a COO tensor as is)."""
    if is_csr(x):
        return wrap(x._t)
    return x


def dense_of(x):
    """The dense torch tensor of a sparse (or dense) paddle Tensor. A coalesced tensor's values are
    written, not added, into the zeros (as Paddle's kernel does: a stored -0. stays -0., which
    torch's `to_dense` turns into 0. by adding it to 0.)."""
    t = x._t
    if t.layout is not torch.sparse_coo:
        return t
    if not t.is_coalesced():
        return t.to_dense()
    idx, v = parts(x)
    zeros = torch.zeros(t.shape, dtype=t.dtype, device=t.device)
    return zeros.index_put(tuple(idx), v)


# ---- the Tensor methods --------------------------------------------------------------------------
def _only(x, what):
    kind = "SparseCooTensor" if what == "coo" else "SparseCsrTensor"
    ok = is_sparse(x) and (is_csr(x) == (what == "csr"))
    if not ok:
        raise SystemError(f"(Fatal) this method is only effective for {kind}")


def to_dense(self):
    """Tensor.to_dense(): the dense tensor of a sparse one (a dense tensor is returned as is)."""
    if not is_sparse(self):
        return self
    return wrap(dense_of(self))


def to_sparse_coo(self, sparse_dim):
    """Tensor.to_sparse_coo(sparse_dim): COO with the first `sparse_dim` axes sparse."""
    if is_sparse(self):
        if is_csr(self):
            return wrap(self._t)
        return self
    t = self._t
    if sparse_dim > t.dim():
        raise ValueError(
            "(InvalidArgument) sparse_dim must be less than the size of x.dims()\n  [Hint: "
            f"Expected sparse_dim <= x_dims.size(), but received sparse_dim:{sparse_dim} > "
            f"x_dims.size():{t.dim()}.]")
    return wrap(t.to_sparse(int(sparse_dim)).coalesce())


def to_sparse_csr(self):
    """Tensor.to_sparse_csr(): CSR (2-D or batched 3-D)."""
    if is_csr(self):
        return self
    t = self._t
    if t.dim() not in (2, 3):
        raise ValueError("(InvalidArgument) SparseCsrTensor only support 2-D or 3-D Tensor.\n  "
                         "[Hint: Expected valid == true, but received valid:0 != true:1.]")
    if t.layout is torch.sparse_coo:
        if t.sparse_dim() != t.dim():
            t = t.to_dense().to_sparse(t.dim())
        t = t.coalesce()
    else:
        t = t.to_sparse(t.dim()).coalesce()
    out = wrap(t)
    out._info = {"csr": True}
    return out


def _is_sparse(self):
    """Tensor.is_sparse(): whether this is a sparse (COO or CSR) tensor."""
    return is_sparse(self)


def _is_sparse_coo(self):
    """Tensor.is_sparse_coo(): whether this is a sparse COO tensor."""
    return is_sparse(self) and not is_csr(self)


def _is_sparse_csr(self):
    """Tensor.is_sparse_csr(): whether this is a sparse CSR tensor."""
    return is_csr(self)


def _paddle_parts(x):
    """(indices, values) as Paddle reports them: an all-axes COO sum (flag `scalar_sum`) holds
    1-D indices [0] and a 0-D value in Paddle, so they are shown in that form."""
    idx, v = parts(x)
    idx = _index_out(x, idx)
    if x._info and x._info.get("scalar_sum"):
        return idx.reshape(-1), v.reshape(())
    return idx, v


def _indices(self):
    """Tensor.indices(): a COO tensor's indices [sparse_dim, nnz]."""
    _only(self, "coo")
    return wrap(_paddle_parts(self)[0])


def _values(self):
    """Tensor.values(): a sparse tensor's stored values (graph-connected)."""
    if not is_sparse(self):
        raise SystemError("(Fatal) this method is only effective for SparseCooTensor or "
                          "SparseCsrTensor")
    return wrap(_paddle_parts(self)[1])


def _crows(self):
    """Tensor.crows(): a CSR tensor's row pointers (3-D: the batches' concatenated)."""
    _only(self, "csr")
    return wrap(_index_out(self, csr_crows(self)))


def _cols(self):
    """Tensor.cols(): a CSR tensor's column indices."""
    _only(self, "csr")
    return wrap(_index_out(self, parts(self)[0][-1]))


def _nnz(self):
    """Tensor.nnz(): the number of stored elements of a sparse tensor."""
    if not is_sparse(self):
        raise ValueError("(InvalidArgument) Tensor.nnz() is only supported for sparse tensors")
    return int(self._t._nnz())


def _sparse_dim(self):
    """Tensor.sparse_dim(): the number of sparse axes (0 for a dense tensor)."""
    return self._t.sparse_dim() if is_sparse(self) else 0


def _dense_dim(self):
    """Tensor.dense_dim(): the number of dense axes of the stored values."""
    return self._t.dense_dim() if is_sparse(self) else self._t.dim()


def _is_coalesced(self):
    """Tensor.is_coalesced(): whether a COO tensor is sorted without duplicates."""
    _only(self, "coo")
    return bool(self._t.is_coalesced())


def _coalesce(self, name=None):
    """Tensor.coalesce(): paddle.sparse.coalesce(self)."""
    from .unary import coalesce
    return coalesce(self)


def _is_same_shape(self, y):
    """Tensor.is_same_shape(y): whether self and y have the same shape."""
    return list(self._t.shape) == list(y._t.shape)


attach({"is_sparse": _is_sparse, "is_sparse_coo": _is_sparse_coo, "is_sparse_csr": _is_sparse_csr,
        "to_dense": to_dense, "to_sparse_coo": to_sparse_coo, "to_sparse_csr": to_sparse_csr,
        "indices": _indices, "values": _values, "crows": _crows, "cols": _cols, "nnz": _nnz,
        "sparse_dim": _sparse_dim, "dense_dim": _dense_dim, "is_coalesced": _is_coalesced,
        "coalesce": _coalesce, "is_same_shape": _is_same_shape})


def sparse_dtype_name(x):
    """Paddle prints a sparse tensor's dtype as `paddle.float32` (str of the dtype), a dense
    one's as `float32`."""
    return str(from_torch_dtype(x._t.dtype))


def sparse_to_string(x, prefix="Tensor"):
    """Paddle's `sparse_tensor_to_string`: the header, then indices/values (COO) or
    crows/cols/values (CSR), each formatted as a dense tensor."""
    if is_csr(x):
        body = [("crows", _index_out(x, csr_crows(x))), ("cols", _index_out(x, parts(x)[0][-1])),
                ("values", parts(x)[1])]
    else:
        idx, v = _paddle_parts(x)
        body = [("indices", idx), ("values", v)]
    return format_sparse(prefix, list(x._t.shape), sparse_dtype_name(x), str(x.place),
                         x.stop_gradient, body)


set_sparse_formatter(sparse_to_string)
