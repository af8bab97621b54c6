"""paddle.static.nn's LoD sequence layers: sequence_conv, sequence_softmax, sequence_pool,
sequence_first_step, sequence_last_step, sequence_expand.

In Paddle these read a LoD tensor: sequences of different lengths packed into one [total, dim]
tensor plus level-of-detail offsets that the feed carries (DenseTensor.set_lod) and every op
propagates. paddle_compat's static graph feeds and passes plain dense tensors with no LoD, so the
layers cannot compute what Paddle computes: each raises NotImplementedError naming the padded-batch
APIs to use instead (after Paddle's own dynamic-mode check).
"""
from ..._mode import STATE

__all__ = ["sequence_conv", "sequence_softmax", "sequence_pool", "sequence_first_step",
           "sequence_last_step", "sequence_expand"]


def _unsupported(api, instead):
    # Paddle's first check, in the same words.
    assert STATE.static, "sequence layer is not supported in dygraph mode yet."
    raise NotImplementedError(
        f"paddle.static.nn.{api} works on LoD tensors (variable-length sequences packed with "
        "level-of-detail offsets), which paddle_compat's static graph does not have: its feeds "
        f"and ops carry no LoD. Use a padded batch [batch, time, ...] with {instead} instead.")


def sequence_conv(input, num_filters, filter_size=3, filter_stride=1, padding=True,
                  padding_start=None, bias_attr=None, param_attr=None, act=None, name=None):
    """paddle.static.nn.sequence_conv: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_conv", "paddle.nn.functional.conv1d over the time axis")


def sequence_softmax(input, use_cudnn=False, name=None):
    """paddle.static.nn.sequence_softmax: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_softmax", "paddle.nn.functional.softmax over the time axis (mask the "
                 "padding with a large negative value first)")


def sequence_pool(input, pool_type, is_test=False, pad_value=0.0):
    """paddle.static.nn.sequence_pool: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_pool", "paddle.sum / paddle.mean / paddle.max over the time axis of "
                 "the masked batch")


def sequence_first_step(input):
    """paddle.static.nn.sequence_first_step: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_first_step", "x[:, 0]")


def sequence_last_step(input):
    """paddle.static.nn.sequence_last_step: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_last_step", "paddle.take_along_axis at each sequence's length - 1")


def sequence_expand(x, y, ref_level=-1, name=None):
    """paddle.static.nn.sequence_expand: not provided (LoD input).

    Differences from Paddle: raises NotImplementedError (paddle_compat has no LoD tensors)."""
    _unsupported("sequence_expand", "paddle.repeat_interleave")
