"""paddle.distributed.to_distributed (paddle_compat/distributed/auto_parallel/high_level_api.py):
refused, naming parallelize and shard_dataloader."""
import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist


def test_to_distributed_names_parallelize():
    model = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=model.parameters())
    with pytest.raises(NotImplementedError, match=r"to_distributed.*paddle\.distributed\."
                                                  r"parallelize.*shard_dataloader"):
        dist.to_distributed(model, opt, None, device_num=2)
