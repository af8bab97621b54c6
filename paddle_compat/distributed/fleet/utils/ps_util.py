"""fleet.utils.DistributedInfer: inference with a parameter server's sparse tables (Paddle's
PS mode), which paddle_compat does not have."""

__all__ = ["DistributedInfer"]


class DistributedInfer:
    """paddle.distributed.fleet.utils.DistributedInfer(main_program=None, startup_program=None):
    not provided.

    Differences from Paddle: creating one raises NotImplementedError: it rewrites a static
    program's lookup tables to pull from parameter servers. Run inference with the trained layer
    (or paddle.static.Executor on an ordinary program) instead."""

    def __init__(self, main_program=None, startup_program=None):
        raise NotImplementedError(
            "paddle.distributed.fleet.utils.DistributedInfer needs Paddle's parameter-server mode "
            "(distributed sparse tables), which paddle_compat does not support; run inference with "
            "the trained Layer, or paddle.static.Executor on the program without the PS rewrite")
