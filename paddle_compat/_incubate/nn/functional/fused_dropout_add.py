"""paddle.incubate.nn.functional.fused_dropout_add (Paddle: incubate/nn/functional/
fused_dropout_add.py): Paddle 3.3.1 itself falls back to dropout(x) + y (its fused kernel "maybe
has precision problem"), warning once per process; so does this."""
import warnings

from ...._nn.functional.common import dropout

__all__ = ["fused_dropout_add"]

_WARNED = [False]


def fused_dropout_add(x, y, p=0.5, training=True, mode="upscale_in_train", name=None):
    """paddle.incubate.nn.functional.fused_dropout_add(x, y, p=0.5, training=True,
    mode='upscale_in_train'): paddle.nn.functional.dropout(x, p, training=training, mode=mode)
    + y, the mask drawn as paddle.nn.functional.dropout draws it (Paddle's on CPU)."""
    if not _WARNED[0]:
        _WARNED[0] = True
        warnings.warn("Currently, fused_dropout_add maybe has precision problem, so it falls "
                      "back to dropout + add. ")
    return dropout(x, p, training=training, mode=mode) + y
