"""paddle.text.viterbi_decode and ViterbiDecoder (Paddle: text/viterbi_decode.py).

The kernel follows Paddle's CPU viterbi_decode step for step (batched max-plus recursion with
length masks; with include_bos_eos_tag the last two rows of the transition matrix are the stop and
start transitions), so scores, paths and tie-breaking (the first maximal tag) are Paddle's.
"""
import torch

from .._nn.layer.layers import Layer
from .._ops.registry import apply_op, defop

__all__ = ["viterbi_decode", "ViterbiDecoder"]


def _viterbi_kernel(input, transition, length, include_bos_eos_tag=True):
    if input.dtype not in (torch.float32, torch.float64):
        name = str(input.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`viterbi_decode` is not registered. Selected wrong DataType `{name}`. Paddle support "
            "following DataTypes: float64, float32.")
    if input.dim() != 3:
        raise ValueError("(InvalidArgument) The rank of Input in ViterbiDecode  must be 3. But "
                         f"received Input's rank is {input.dim()}.")
    batch, seq_len, n = input.shape
    if input.is_meta:
        return input.new_empty([batch]), torch.empty([batch, seq_len], dtype=torch.int64,
                                                     device="meta")
    left = length.reshape(batch).long().clone()
    max_len = int(left.max()) if batch else 0
    if max_len > seq_len:
        # Paddle's kernel slices rows past the input's end (torch would fail on an index)
        raise IndexError("(OutOfRange) The end row index is out of bound.")
    trans = transition.to(input.dtype)
    logits = input.transpose(0, 1)                                    # [T, B, n]
    stop, start = trans[n - 2], trans[n - 1]
    if include_bos_eos_tag:
        alpha = logits[0] + start + stop * (left == 1).to(input.dtype)[:, None]
    else:
        alpha = logits[0].clone()
    left = left - 1
    history = []
    for i in range(1, max_len):
        scores = alpha[:, :, None] + trans[None]                      # [B, from, to]
        amax, arg = scores.max(1)                                     # first maximal index
        history.append(arg)
        mask = (left > 0).to(input.dtype)[:, None]
        alpha = (amax + logits[i]) * mask + alpha * (1 - mask)
        if include_bos_eos_tag:
            alpha = alpha + stop * (left == 1).to(input.dtype)[:, None]
        left = left - 1
    best, last_ids = alpha.max(1)
    actual = min(seq_len, max_len)
    path = torch.zeros([max_len, batch], dtype=torch.int64, device=input.device)
    if actual > 0:
        path[actual - 1] = last_ids * (left >= 0).long()
    k = 1
    for hist in reversed(history):
        k += 1
        left = left + 1
        upd = hist.gather(1, last_ids[:, None]).squeeze(1) * (left > 0).long()
        zero_len = (left == 0).long()
        upd = upd * (1 - zero_len) + last_ids * zero_len
        path[actual - k] = upd
        last_ids = upd + last_ids * (left < 0).long()
    return best, path.t().contiguous()


_VITERBI = defop("viterbi_decode", _viterbi_kernel, inputs=("Input", "Transition", "Length"),
                 outputs=("Scores", "Path"), attrs={"include_bos_eos_tag": True},
                 api="paddle.text.viterbi_decode")


def viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True, name=None):
    """paddle.text.viterbi_decode(potentials, transition_params, lengths, include_bos_eos_tag=True):
    the highest-scoring tag sequence of a linear-chain CRF. potentials [batch, seq_len, num_tags],
    transition_params [num_tags, num_tags] (with include_bos_eos_tag, row num_tags-2 holds the stop
    and row num_tags-1 the start transitions), lengths int64 [batch]. Returns (scores [batch],
    path int64 [batch, max(lengths)]), positions past a sequence's length 0.
    Differences from Paddle: none known."""
    return apply_op(_VITERBI, (potentials, transition_params, lengths),
                    {"include_bos_eos_tag": bool(include_bos_eos_tag)})


class ViterbiDecoder(Layer):
    """paddle.text.ViterbiDecoder(transitions, include_bos_eos_tag=True, name=None);
    forward(potentials, lengths) -> (scores, path), see viterbi_decode."""

    def __init__(self, transitions, include_bos_eos_tag=True, name=None):
        super().__init__()
        self.transitions = transitions
        self.include_bos_eos_tag = include_bos_eos_tag
        self.name = name

    def forward(self, potentials, lengths):
        return viterbi_decode(potentials, self.transitions, lengths, self.include_bos_eos_tag,
                              self.name)
