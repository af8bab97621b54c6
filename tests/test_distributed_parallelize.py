"""paddle.distributed.parallelize and its plans (paddle_compat/distributed/auto_parallel/
intermediate/): column / row / sequence-parallel plans on a (dp 1, mp 2) mesh with sharding level 1,
against the plain model."""
import json

import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist
from tests import _dist_workers


def test_parallelize_plans_train_like_the_plain_model(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.parallelize_plans, args=(str(tmp_path),), nprocs=2)
    for rank in (0, 1):
        r = json.loads((tmp_path / f"rank{rank}.json").read_text())
        assert r["losses"] < 1e-5 and r["weights"] < 1e-5
        assert r["placements"] == ["[Replicate(), Shard(dim=1)]", "[Replicate(), Shard(dim=0)]",
                                   "[Replicate(), Replicate()]", "[Replicate(), Shard(dim=1)]"]
        # between SequenceParallelBegin and End the activations are [s/mp, b, h]
        assert r["norm_output"] == "[Replicate(), Shard(dim=0)]"
        assert r["out"] == ["Tensor", False]          # the model hands back ordinary Tensors


def test_parallelize_config_checks():
    net = paddle.nn.Linear(2, 2)
    with pytest.warns(UserWarning, match="will do nothing since the config is `None`"):
        assert dist.parallelize(net, None) == (net, None)
    with pytest.raises(AssertionError, match="The mesh must be an instance of"):
        dist.parallelize(net, None, mesh=[0, 1], config={})
    with pytest.raises(NotImplementedError, match="pp_config is not supported"):
        dist.parallelize(net, None, mesh=dist.ProcessMesh([0], dim_names=["mp"]),
                         config={"pp_config": {"split_spec": "layers"}})
    dist.set_mesh(None)
    with pytest.raises(AssertionError):
        dist.PrepareLayerInput(None)
    with pytest.raises(NotImplementedError, match="Don't call the PlanBase directly"):
        from paddle_compat.distributed.auto_parallel.intermediate.tensor_parallel import PlanBase
        PlanBase().apply(net, None, [])


def test_conv_parallel_names_the_alternative():
    # ConvParallel (tensor_parallel.py): width-sharded Conv2D inputs are not provided.
    with pytest.raises(NotImplementedError, match=r"paddle\.distributed\.ConvParallel.*"
                                                  r"shard_dataloader"):
        dist.ConvParallel()
