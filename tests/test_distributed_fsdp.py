"""paddle.distributed.fsdp.fully_shard (paddle_compat/distributed/fsdp/fully_shard.py): 2 processes
on gloo train the same as one process on the whole batch; Paddle's CPU error without a mesh."""
import json
import os

import pytest
import torch

import paddle_compat as paddle
import paddle_compat.distributed as dist
from paddle_compat.distributed.auto_parallel import process_mesh
from paddle_compat.distributed.fsdp import fully_shard
from tests import _dist_workers


def _worker(out_dir):
    import paddle_compat as paddle
    import paddle_compat.distributed as d
    from paddle_compat.distributed.fsdp import fully_shard as fs
    d.init_parallel_env()
    r = d.get_rank()
    mesh = d.ProcessMesh([0, 1], dim_names=["dp"])
    model, opt = _dist_workers._adamw_mlp(paddle, None)      # the optimizer made first, as Paddle
    assert fs(model, mesh=mesh, enable_tensor_fusion_and_overlap=False) is model
    loader = d.shard_dataloader(_dist_workers._sharding_loader(paddle), [mesh], shard_dims="dp")
    losses = []
    for x, y in loader:
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(d.unshard_dtensor(loss).item()))
    w, b = model[0].weight, model[0].bias
    m1 = [v for k, v in opt._accumulators.items() if "moment1" in k][0][w.name]
    res = {"losses": losses,
           "params": [d.unshard_dtensor(p).numpy().tolist() for p in model.parameters()],
           "weight": [repr(w.placements), w._local_value().shape],
           "bias": [repr(b.placements), b._local_value().shape],
           "moment": [repr(m1.placements), m1._local_value().shape]}
    with open(os.path.join(out_dir, f"rank{r}.json"), "w") as f:
        json.dump(res, f)


def test_fully_shard_two_processes_equal_one_process(tmp_path, monkeypatch):
    import numpy as np
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_worker, args=(str(tmp_path),), nprocs=2)
    losses, params = _dist_workers.single_process_adamw()
    for r in (0, 1):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        np.testing.assert_allclose(res["losses"], losses, rtol=1e-5)
        for a, b in zip(res["params"], params):
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
        # the [4, 8] weight, its [8] bias and the AdamW moment: half of each per process
        assert res["weight"] == ["[Shard(dim=0)]", [2, 8]]
        assert res["bias"] == ["[Shard(dim=0)]", [4]]
        assert res["moment"] == ["[Shard(dim=0)]", [2, 8]]


def test_fully_shard_without_a_mesh_is_paddles_cpu_error(monkeypatch):
    monkeypatch.setitem(process_mesh._global, "auto_parallel", False)
    model = paddle.nn.Linear(2, 2)
    if torch.cuda.is_available():
        with pytest.raises(NotImplementedError, match="build a paddle.distributed.ProcessMesh"):
            fully_shard(model)
    else:
        with pytest.raises(AssertionError, match=r"^Only support CUDA / XPU / CustomDevice\.$"):
            fully_shard(model)
    with pytest.raises(TypeError, match="positional argument"):
        fully_shard(model, dist.ProcessMesh([0]))         # mesh is keyword-only, as in Paddle


def test_fully_shard_with_no_mesh_in_auto_mode_leaves_dense_parameters(monkeypatch):
    monkeypatch.setitem(process_mesh._global, "auto_parallel", True)
    monkeypatch.setitem(process_mesh._global, "mesh", None)
    model = paddle.nn.Linear(2, 2)
    assert fully_shard(model) is model and not model.weight.is_dist()
