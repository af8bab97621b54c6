"""paddle.nn.functional.sparse_attention (Paddle: nn/functional/sparse_attention.py): attention
restricted to the (row, column) pairs of a CSR sparsity pattern, per batch and head."""
import torch

from ..._ops.registry import apply_op, defop

__all__ = ["sparse_attention"]


def _sparse_attention_kernel(q, k, v, offset, columns, key_padding_mask=None, attn_mask=None):
    if q.dtype not in (torch.float32, torch.float64):
        name = str(q.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`sparse_attention` is not registered. Selected wrong DataType `{name}`. Paddle support "
            "following DataTypes: float64, float32.")
    b, h, s, d = q.shape
    if q.is_meta:
        return torch.empty_like(q)
    # the dense form of the CSR pattern: row r keeps columns[offset[r]:offset[r + 1]]
    allowed = torch.zeros(b, h, s, k.shape[2], dtype=torch.bool, device=q.device)
    off = offset.long()
    counts = off[..., 1:] - off[..., :-1]                                # [b, h, s]
    rows = torch.repeat_interleave(torch.arange(s, device=q.device).expand(b, h, s).reshape(-1),
                                   counts.reshape(-1))
    bh = torch.repeat_interleave(torch.arange(b * h, device=q.device), counts.reshape(b * h, s).sum(1))
    nnz = columns.reshape(b * h, -1)
    cols = torch.cat([nnz[i, :int(n)] for i, n in enumerate(counts.reshape(b * h, s).sum(1))]).long()
    allowed.view(b * h, s, -1)[bh, rows, cols] = True
    if key_padding_mask is not None:
        allowed &= (key_padding_mask != 0)[:, None, None, :]
    if attn_mask is not None:
        allowed &= (attn_mask != 0)[None, None]
    scores = torch.matmul(q, k.transpose(-1, -2)) / (d ** 0.5)
    probs = torch.softmax(scores.masked_fill(~allowed, float("-inf")), -1).nan_to_num(0.0)
    return torch.matmul(probs, v)


_SPARSE_ATTENTION = defop(
    "sparse_attention", _sparse_attention_kernel,
    inputs=("Q", "K", "V", "Offset", "Columns", "KeyPaddingMask", "AttnMask"), outputs=("Out",),
    api="paddle.nn.functional.sparse_attention",
    notes="dense masked attention over the CSR pattern (Paddle: a CUDA kernel only); the "
          "SparseDotSdd and Softmax outputs are not materialised")


def sparse_attention(query, key, value, sparse_csr_offset, sparse_csr_columns,
                     key_padding_mask=None, attn_mask=None, name=None):
    """paddle.nn.functional.sparse_attention(query, key, value, sparse_csr_offset,
    sparse_csr_columns, key_padding_mask=None, attn_mask=None): softmax(q k^T / sqrt(head_dim))
    v where each query row attends only to the key columns its CSR row lists (offset [batch,
    heads, seq + 1], columns [batch, heads, nnz], int32), and not to keys whose key_padding_mask
    [batch, seq] or attn_mask [seq, seq] entry is 0. q/k/v are [batch, heads, seq, head_dim],
    float32 or float64. A row with no allowed key gives zeros.

    Differences from Paddle: Paddle 3.3.1 has only a CUDA kernel (CUDA >= 11.3); here a dense
    masked attention runs on any device."""
    return apply_op(_SPARSE_ATTENTION, (query, key, value, sparse_csr_offset, sparse_csr_columns,
                                        key_padding_mask, attn_mask), {})
