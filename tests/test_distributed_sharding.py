"""shard_optimizer with ShardingStage1/2/3 and shard_dataloader (paddle_compat/distributed/
auto_parallel/sharding.py, dataloader.py), 2 processes on gloo against one process."""
import json

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist
from tests import _dist_workers


def test_sharding_stages_equal_one_process_adamw(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.sharding_stages, args=(str(tmp_path),), nprocs=2)
    losses, params = _dist_workers.single_process_adamw()
    for rank in (0, 1):
        res = json.loads((tmp_path / f"rank{rank}.json").read_text())
        for stage in ("ShardingStage1", "ShardingStage2", "ShardingStage3"):
            r = res[stage]
            np.testing.assert_allclose(r["losses"], losses, rtol=1e-5)
            for a, b in zip(r["params"], params):
                np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
            # the AdamW moments hold half of the [4, 8] weight on each process
            assert r["moment"] == ["[Shard(dim=0)]", [2, 8]]
            # stage 3 keeps the weight itself sharded; stages 1/2 keep it whole
            assert r["weight"] == (["[Shard(dim=0)]", [2, 8]] if stage == "ShardingStage3"
                                   else ["[Replicate()]", [4, 8]])
            # each process read 2 rows of every 4-row global batch
            assert r["batch"] == [[4, 4], [2, 4], "[Shard(dim=0)]"]


def test_shard_optimizer_argument_errors():
    model = paddle.nn.Linear(2, 2)
    with pytest.raises(AssertionError, match="only supports AdamW and SGD"):
        dist.shard_optimizer(paddle.optimizer.Adam(parameters=model.parameters()))
    opt = paddle.optimizer.SGD(parameters=model.parameters())
    with pytest.raises(ValueError, match="The global mesh or shard_fn mesh should be set"):
        dist.shard_optimizer(opt, dist.ShardingStage1("dp"))
    with pytest.raises(AssertionError, match="shard_fn must be an instance"):
        dist.shard_optimizer(opt, lambda key, param, tensor: tensor)
    with pytest.raises(ValueError, match="shard_dims must be set when is_dataset_splitted"):
        dist.shard_dataloader(None, [dist.ProcessMesh([0])], is_dataset_splitted=True)
