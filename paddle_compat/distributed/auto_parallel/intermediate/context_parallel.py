"""paddle.distributed.PrepareContextParallel / ContextParallel: parallelize's context-parallel
plans (the attention of long sequences split over a cp mesh dimension, by ring p2p or all-to-all).

paddle_compat's parallelize has no cp_config, so creating either plan raises NotImplementedError
naming the sequence-parallel plans it does run.
"""

__all__ = ["PrepareContextParallel", "ContextParallel"]


def _refuse(api):
    raise NotImplementedError(
        f"paddle.distributed.{api} (context parallelism: parallelize's cp_config) is not "
        f"provided by paddle_compat; split long sequences with the sequence-parallel plans "
        f"(SequenceParallelBegin/End/Enable/Disable with ColWiseParallel/RowWiseParallel in "
        f"mp_config) instead")


class PrepareContextParallel:
    """paddle.distributed.PrepareContextParallel(backend='p2p'): not provided.

    Differences from Paddle: creating one raises NotImplementedError (no cp_config here)."""

    def __init__(self, backend="p2p"):
        _refuse("PrepareContextParallel")


class ContextParallel:
    """paddle.distributed.ContextParallel(backend='p2p'): not provided.

    Differences from Paddle: creating one raises NotImplementedError (no cp_config here)."""

    def __init__(self, backend="p2p"):
        _refuse("ContextParallel")
