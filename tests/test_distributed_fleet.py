"""fleet's hybrid parallelism (paddle_compat/distributed/fleet/): DistributedStrategy.hybrid_configs,
the topology, tensor / sharding / pipeline / data parallel training against one process, and
fleet.utils.recompute."""
import json

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist
from paddle_compat.distributed import fleet
from tests import _dist_workers


def test_fleet_hybrid_modes_equal_one_process(tmp_path, monkeypatch):
    # mp 2, sharding 2, pp 2 (1F1B, 4 micro batches) in turn on the same 2 processes
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.fleet_hybrid, args=(str(tmp_path),), nprocs=2)
    for rank in (0, 1):
        r = json.loads((tmp_path / f"rank{rank}.json").read_text())
        assert r["hcg"] == [1, 2, 1, [0, 1], ["data", "pipe", "sharding", "sep", "context", "model"]]
        assert r["tp_type"] == "TensorParallel/HybridParallelOptimizer"
        assert r["tp_losses"] < 1e-5 and r["tp_weights"] < 1e-5
        assert r["scaler_skipped"] is True       # fleet.distributed_scaler: one rank's inf skips both
        assert r["pce"][0] == [4, 1] and max(r["pce"][1:]) < 1e-5
        mode, wrapper, diff, moments = r["sharding"]
        assert (mode, wrapper) == (3, "ShardingParallel") and diff < 1e-5
        # the 4 parameters are partitioned: the [4, 8] weight alone on rank 0, the rest on rank 1
        assert moments == ([1] if rank == 0 else [3])
        stage, wrapper, parts, layers, loss_diff, w_diff = r["pipe"]
        assert (stage, wrapper, parts) == (rank, "PipelineParallel", [0, 2, 4])
        assert layers == (["Linear", "ReLU"] if rank == 0 else ["Linear", "Tanh"])
        assert loss_diff < 1e-5 and w_diff < 1e-5
        n_params, loss_diff, w_diff = r["shared"]
        assert n_params == 1 and loss_diff < 1e-5 and w_diff < 1e-5
        wrapper, parts, loss_diff, w_diff, eval_loss = r["interleave"]
        assert (wrapper, parts) == ("PipelineParallelWithInterleave", [0, 2, 4, 6, 8])
        assert loss_diff < 1e-5 and w_diff < 1e-5
        assert abs(eval_loss - r["interleave_ref_eval"]) < 1e-5


def test_fleet_dp2_mp2_on_four_processes_equals_one_process(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.fleet_dp_mp, args=(str(tmp_path),), nprocs=4)
    coords = []
    for rank in range(4):
        r = json.loads((tmp_path / f"rank{rank}.json").read_text())
        coords.append(r["coords"])
        assert r["weights"] < 1e-5
        # ShardedWeight checkpoint: whole tensors equal the one-process model; reload equal
        assert r["merged"] < 1e-5 and r["reloaded"] == 0.0
    # Paddle's grid: mp is the fastest axis
    assert coords == [[0, 0, 0, [0, 2], [0, 1]], [1, 0, 1, [1, 3], [0, 1]],
                      [2, 1, 0, [0, 2], [2, 3]], [3, 1, 1, [1, 3], [2, 3]]]


def test_hybrid_configs_merge_and_refuse_unknown_keys():
    s = fleet.DistributedStrategy()
    assert s.hybrid_configs["dp_degree"] == -1 and s.hybrid_configs["mp_degree"] == 1
    s.hybrid_configs = {"dp_degree": 2, "mp_degree": 2}
    assert (s.hybrid_configs["dp_degree"], s.hybrid_configs["pp_degree"]) == (2, 1)
    assert s.hybrid_parallel_order == ["dp", "pp", "sharding", "sep", "cp", "mp"]
    with pytest.raises(AssertionError, match="key:foo not in hybrid_configs"):
        s.hybrid_configs = {"foo": 1}


def test_communicate_topology_matches_paddle():
    topo = fleet.CommunicateTopology(["data", "pipe", "model"], [2, 2, 2])
    assert topo.world_size() == 8
    assert topo.get_comm_list("model") == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert topo.get_comm_list("data") == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert topo.get_rank(data=1, pipe=0, model=1) == 5
    assert tuple(topo.get_coord(6)) == (1, 1, 0)
    assert topo.get_axis_list("pipe", 1) == [2, 3, 6, 7]
    assert topo.get_rank_from_stage(5, pipe=1) == 7


def test_layer_desc_needs_a_layer_class():
    from paddle_compat.distributed.fleet.meta_parallel import LayerDesc
    with pytest.raises(TypeError, match="should be a derived class of Layer"):
        LayerDesc(int)
    with pytest.raises(TypeError, match="issubclass"):
        LayerDesc(lambda: None)


def _block():
    nn = paddle.nn
    return nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5), nn.ReLU(), nn.Linear(3, 1))


@pytest.mark.parametrize("reentrant", [True, False])
def test_recompute_gives_the_plain_gradients_with_the_same_dropout(reentrant):
    from paddle_compat.distributed.fleet.utils import recompute
    paddle.seed(1)
    block = _block()
    x = paddle.randn([4, 3])
    x.stop_gradient = False
    paddle.seed(5)
    plain = block(x).sum()
    plain.backward()
    grads = [p.grad.numpy().copy() for p in block.parameters()] + [x.grad.numpy().copy()]
    block.clear_gradients()
    x.clear_gradient()
    paddle.seed(5)
    again = recompute(block, x, use_reentrant=reentrant).sum()
    again.backward()           # the dropout mask is drawn again from the restored generator
    assert float(again) == float(plain)
    for a, b in zip(grads, [p.grad.numpy() for p in block.parameters()] + [x.grad.numpy()]):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_recompute_keyword_only_arguments_are_refused_when_reentrant():
    from paddle_compat.distributed.fleet.utils import recompute

    def f(x, *, scale):
        return x * scale
    x = paddle.ones([2])
    x.stop_gradient = False
    with pytest.raises(ValueError, match="keyword-only arguments are not supported"):
        recompute(f, x, scale=2.0)
    assert recompute(f, x, scale=2.0, use_reentrant=False).tolist() == [2.0, 2.0]


def test_role_makers_for_collective_training(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "1")
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", "10.0.0.1:6170,10.0.0.2:6170")
    monkeypatch.setenv("PADDLE_CURRENT_ENDPOINT", "10.0.0.2:6170")
    role = fleet.PaddleCloudRoleMaker(is_collective=True)
    assert (role._worker_index(), role._worker_num(), role._node_num()) == (1, 2, 2)
    assert role._is_worker() and not role._is_first_worker() and not role._is_server()
    user = fleet.UserDefinedRoleMaker(is_collective=True, current_id=0,
                                      worker_endpoints=["127.0.0.1:1", "127.0.0.1:2"])
    assert (user._worker_index(), user._worker_num(), user._node_num()) == (0, 2, 1)
    assert user._is_first_worker() and fleet.Role.WORKER == 1 and fleet.Role.SERVER == 2
    with pytest.raises(NotImplementedError, match="parameter-server mode"):
        fleet.PaddleCloudRoleMaker()._worker_index()
    with pytest.raises(ValueError, match="`role_maker` should be subclass of `RoleMakerBase`"):
        fleet.init(role_maker=object())
    with pytest.raises(NotImplementedError, match=r"fleet.init\(is_collective=False\)"):
        fleet.init(fleet.PaddleCloudRoleMaker(is_collective=False))
