"""paddle.incubate.distributed.fleet.fleet_util's FleetUtil / GPUPSUtil: Paddle's
parameter-server utilities (pslib / transpiler / GPU-PS modes: sparse-table saves, AUC over
server-side stats, xbox model donefiles on HDFS/AFS).

paddle_compat has no parameter server, so creating either raises NotImplementedError naming what
covers the rest: fleet.UtilBase (file shards, printing on a rank, the workers' collectives) and
fleet.utils.LocalFS / HDFSClient (file operations).
"""

__all__ = ["FleetUtil", "GPUPSUtil"]


def _refuse(api):
    raise NotImplementedError(
        f"paddle.incubate.distributed.fleet.fleet_util.{api} works on Paddle's parameter servers "
        f"(pslib/transpiler/GPU-PS), which paddle_compat does not support; use "
        f"paddle.distributed.fleet.UtilBase (file shards, print_on_rank, all_reduce) and "
        f"paddle.distributed.fleet.utils.LocalFS / HDFSClient instead")


class FleetUtil:
    """FleetUtil(mode='pslib'): not provided.

    Differences from Paddle: creating one raises NotImplementedError (no parameter server)."""

    def __init__(self, mode="pslib"):
        _refuse("FleetUtil")


class GPUPSUtil(FleetUtil):
    """GPUPSUtil(fs_client=None, mode='pslib'): not provided.

    Differences from Paddle: creating one raises NotImplementedError (no parameter server)."""

    def __init__(self, fs_client=None, mode="pslib"):
        _refuse("GPUPSUtil")
