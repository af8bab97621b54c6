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
    losses2 = _dist_workers.single_process_adamw(passes=2)[0][3:]
    one_step = _dist_workers.single_process_adamw(steps=1)[1]
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
        after_one, unchanged, scale = res["scaler"]
        for a, b in zip(after_one, one_step):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
        assert unchanged == [True] * 4 and scale == 2.0
        # to_static's DistModel: the first pass (3 steps) then the second continue the training
        assert res["to_static"][0] == "ndarray"
        np.testing.assert_allclose(res["to_static"][1:], losses2, rtol=1e-5)


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


def _net_and_batches():
    rng = np.random.RandomState(7)
    init = paddle.nn.initializer.Assign
    w = rng.randn(3, 1).astype("float32")
    net = paddle.nn.Linear(3, 1, weight_attr=paddle.ParamAttr(initializer=init(w)))
    return net, [(paddle.to_tensor(rng.randn(2, 3).astype("float32")),
                  paddle.to_tensor(rng.randn(2, 1).astype("float32"))) for _ in range(4)]


def test_dist_model_gradient_merge_equals_averaged_steps():
    mse = paddle.nn.MSELoss()
    net, batches = _net_and_batches()
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    strategy = dist.Strategy({"gradient_merge": {"enable": True, "k_steps": 2, "avg": True}})
    dm = dist.to_static(net, None, mse, opt, strategy)
    losses = [dm(x, y) for x, y in batches]
    ref, _ = _net_and_batches()
    ropt = paddle.optimizer.SGD(0.1, parameters=ref.parameters())
    ref_losses = []
    for i in range(0, 4, 2):
        total = 0
        for x, y in batches[i:i + 2]:
            loss = mse(ref(x), y)
            ref_losses.append(float(loss))
            total = total + loss / 2
        total.backward()
        ropt.step()
        ropt.clear_grad()
    np.testing.assert_allclose([float(v) for v in losses], ref_losses, rtol=1e-6)
    np.testing.assert_allclose(net.weight.numpy(), ref.weight.numpy(), rtol=1e-6)
    dm.predict()
    out = dm(batches[0][0])
    np.testing.assert_allclose(out, ref(batches[0][0]).numpy(), rtol=1e-6)
    dm.eval()
    assert float(dm(*batches[0])) == pytest.approx(float(mse(ref(batches[0][0]), batches[0][1])))
    assert sorted(dm.state_dict("param")) == ["bias", "weight"]


def test_dist_model_errors():
    net, batches = _net_and_batches()
    dm = dist.to_static(net)
    with pytest.raises(TypeError, match="The inputs of DistModel should be list or tensor"):
        dm(3)
    dm.train()
    with pytest.raises(ValueError, match="Please set optimizer and loss function before training"):
        dm(*batches[0])
    with pytest.raises(NotImplementedError, match="strategy.pipeline.enable"):
        dist.to_static(net, strategy=dist.Strategy({"pipeline": {"enable": True}}))


def test_group_sharded_parallel_is_refused_on_cpu_as_by_paddle(tmp_path):
    from paddle_compat.distributed.sharding import (group_sharded_parallel,
                                                    save_group_sharded_model)
    net = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.AdamW(parameters=net.parameters())
    with pytest.raises(AssertionError, match="only support gpu, xpu and custom_device now"):
        group_sharded_parallel(net, opt, "os_g")
    with pytest.raises(ValueError, match="wrapped with group_sharded_parallel"):
        save_group_sharded_model(net, str(tmp_path / "out"))
    (tmp_path / "file").write_text("")
    with pytest.raises(AssertionError, match="should be a directory, not a file"):
        save_group_sharded_model(net, str(tmp_path / "file"))


def test_group_sharded_parallel_levels_equal_one_process(tmp_path, monkeypatch):
    # 2 processes, each its half of every batch, with a GradScaler (GroupShardedScaler): the
    # losses and weights of AdamW on the whole batch, each parameter's optimizer state on its
    # owner only (the [4, 8] weight alone on one rank, the other 3 tensors on the other)
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.group_sharded, args=(str(tmp_path),), nprocs=2)
    losses, params = _dist_workers.single_process_adamw()
    states = []
    for rank in (0, 1):
        res = json.loads((tmp_path / f"rank{rank}.json").read_text())
        for level, wrapper in (("os", "GroupShardedStage2"), ("os_g", "GroupShardedStage2"),
                               ("p_g_os", "GroupShardedStage3")):
            r = res[level]
            assert r["wrapper"] == wrapper
            np.testing.assert_allclose(r["losses"], losses, rtol=1e-5)
            for a, b in zip(r["params"], params):
                np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
        states.append(res["os_g"]["moments"])
        assert res["inf_skipped"] is True          # an inf on one rank skips the step on both
        saved = tmp_path / f"saved{rank}"
        assert sorted(p.name for p in saved.iterdir()) == ["model.pdmodel", "model.pdopt"]
        state = paddle.load(str(saved / "model.pdmodel"))
        assert len(state) == 4
    assert sorted(states) == [1, 3]
