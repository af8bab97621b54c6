"""paddle.distributed.LocalLayer (paddle_compat/distributed/auto_parallel/local_layer.py) on 2
processes (gloo, loopback): forward on the local shards, outputs joined with their placements,
gradients back as distributed tensors."""
import json
import os

import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist


def _worker(out_dir):
    import numpy as np
    import paddle_compat as paddle
    import paddle_compat.distributed as d
    d.init_parallel_env()
    r = d.get_rank()
    mesh = d.ProcessMesh([0, 1], dim_names=["x"])

    class SquareSum(d.LocalLayer):
        def forward(self, x, scale):
            self.local_shape = x.shape
            return (x * x).sum() * scale, x * 2

    layer = SquareSum(out_dist_attrs=[(mesh, [d.Partial()]), (mesh, [d.Shard(0)])],
                      grad_dist_attrs=[None, None])
    x = d.shard_tensor(paddle.to_tensor(np.arange(8, dtype="float32")), mesh, [d.Shard(0)],
                       stop_gradient=False)
    total, doubled = layer(x, 0.5)
    (total + doubled.sum()).backward()
    res = {"local_shape": layer.local_shape, "placements": [repr(total.placements),
                                                            repr(doubled.placements)],
           "total": float(d.unshard_dtensor(total).item()),
           "doubled": d.unshard_dtensor(doubled).numpy().tolist(),
           "grad": d.unshard_dtensor(x.grad).numpy().tolist(),
           "grad_placements": repr(x.grad.placements)}
    with open(os.path.join(out_dir, f"rank{r}.json"), "w") as f:
        json.dump(res, f)


def test_local_layer_on_two_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_worker, args=(str(tmp_path),), nprocs=2)
    for r in (0, 1):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert res["local_shape"] == [4]                       # each process saw its half
        assert res["placements"] == ["[Partial(reduce_type=SUM)]",
                                     "[Shard(dim=0)]"]
        assert res["total"] == 70.0                             # sum(0..7 squared) / 2
        assert res["doubled"] == [2.0 * i for i in range(8)]
        assert res["grad"] == [i + 2.0 for i in range(8)]       # d/dx (x^2/2 + 2x)
        assert res["grad_placements"] == "[Shard(dim=0)]"


def test_local_layer_counts_inputs_and_outputs():
    class Echo(dist.LocalLayer):
        def forward(self, x):
            return x, x

    layer = Echo(out_dist_attrs=[(None, [])], grad_dist_attrs=[None])
    with pytest.raises(AssertionError, match=r"The number of inputs \(2\) does not match the "
                                             r"number of grad_dist_attrs \(1\)"):
        layer(paddle.ones([1]), paddle.ones([1]))
    with pytest.raises(AssertionError, match=r"The number of outputs \(2\) does not match the "
                                             r"number of distribution attributes \(1\)"):
        layer(paddle.ones([1]))
