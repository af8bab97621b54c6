"""is_persistable(var): whether a legacy static Variable is saved with a program's persistables
(Paddle's paddle.framework.io_utils.is_persistable, which paddle.distributed.io and
paddle.incubate.distributed.fleet.utils use).

In Paddle 3.3.1's default PIR mode the check reads `var.desc`, which a PIR Value lacks, so it
fails there with Paddle's AttributeError.
"""
from .._mode import STATE

__all__ = ["is_persistable"]

_NOT_SAVED = ("FEED_MINIBATCH", "FETCH_LIST", "READER")


def is_persistable(var):
    """Whether `var` is persistable and not a feed/fetch/reader variable."""
    if STATE.pir:
        raise AttributeError("'paddle.base.libpaddle.pir.Value' object has no attribute 'desc'")
    if var.type in _NOT_SAVED:
        return False
    return var.persistable
