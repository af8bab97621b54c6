"""paddle.incubate.distributed.fleet.fleet_util (public face): FleetUtil, GPUPSUtil (room:
paddle_compat/_incubate/distributed/fleet/fleet_util.py)."""
from ...._incubate.distributed.fleet.fleet_util import FleetUtil, GPUPSUtil

__all__ = ["FleetUtil", "GPUPSUtil"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
