"""fleet.utils.DistributedInfer (paddle_compat/distributed/fleet/utils/ps_util.py): refused."""
import pytest

from paddle_compat.distributed.fleet.utils import DistributedInfer


def test_distributed_infer_names_the_alternative():
    with pytest.raises(NotImplementedError, match="DistributedInfer needs Paddle's "
                       "parameter-server mode.*trained Layer"):
        DistributedInfer()
