"""paddle.incubate.nn.functional.blha_get_max_len (Paddle:
incubate/nn/functional/blha_get_max_len.py, GPU kernel phi/kernels/fusion/gpu/blha_get_max_len.cu):
the longest encoder and decoder sequence of the batch, used before block_multihead_attention."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static

__all__ = ["blha_get_max_len"]


def _max_len(seq_lens, bsz):
    # GetMaxLenKernel: a block max-reduce over the first `bsz` lengths seeded with 0; an empty
    # lengths tensor gives phi::Full(0)
    t = seq_lens._t.reshape(-1)[:bsz]
    best = int(t.max()) if t.numel() else 0
    return wrap(torch.tensor([max(best, 0)], dtype=torch.int32))


def blha_get_max_len(seq_lens_encoder, seq_lens_decoder, batch_size):
    """paddle.incubate.nn.functional.blha_get_max_len(seq_lens_encoder, seq_lens_decoder,
    batch_size) -> (max_enc_len_this_time, max_dec_len_this_time): max(0, max of the first
    batch_size.shape[0] lengths) of each, as int32 Tensors of shape [1] on the CPU (the kernel
    copies them to the host).

    Differences from Paddle: Paddle 3.3.1 has this kernel only for GPU (its CPU wheel raises
    ``(NotFound) The kernel `blha_get_max_len` is not registered.``); paddle_compat computes it
    on any device."""
    refuse_static("blha_get_max_len", "seq_lens_encoder", seq_lens_encoder)
    bsz = int(batch_size.shape[0])
    return _max_len(seq_lens_encoder, bsz), _max_len(seq_lens_decoder, bsz)
