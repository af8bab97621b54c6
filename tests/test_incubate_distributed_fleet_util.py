"""paddle.incubate.distributed.fleet.fleet_util (FleetUtil, GPUPSUtil in paddle_compat/
_incubate/distributed/fleet/fleet_util.py): refused, naming fleet.UtilBase and fleet.utils' file systems."""
import pytest

from paddle_compat.incubate.distributed.fleet import fleet_util


@pytest.mark.parametrize("name", ["FleetUtil", "GPUPSUtil"])
def test_parameter_server_utilities_name_the_alternative(name):
    with pytest.raises(NotImplementedError, match=rf"fleet_util\.{name} works on Paddle's "
                       r"parameter servers.*fleet\.UtilBase.*LocalFS / HDFSClient"):
        getattr(fleet_util, name)()
