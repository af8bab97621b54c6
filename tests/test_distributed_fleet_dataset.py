"""paddle.distributed.InMemoryDataset / QueueDataset (paddle_compat/distributed/fleet/dataset/
dataset.py): refused with one error naming what to use."""
import pytest

import paddle_compat.distributed as dist


@pytest.mark.parametrize("name", ["InMemoryDataset", "QueueDataset"])
def test_parameter_server_datasets_name_the_alternative(name):
    with pytest.raises(NotImplementedError, match=rf"paddle\.distributed\.{name} is Paddle's "
                       r"parameter-server data feed.*paddle\.io\.DataLoader"):
        getattr(dist, name)()
