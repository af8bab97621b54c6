"""paddle.distributed.save_state_dict / load_state_dict (paddle_compat/distributed/flex_checkpoint/
dcp/) on torch.distributed.checkpoint: saved by 4 processes on a 2x2 mesh, loaded by 2 in other
placements."""
import json

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist
from tests import _dist_workers


def test_checkpoint_saved_on_four_processes_loads_on_two(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.checkpoint_save, args=(str(tmp_path),), nprocs=4)
    assert [json.loads((tmp_path / f"saved{r}.json").read_text()) for r in range(4)] == \
        [[4, 2], [4, 1], [4, 2], [4, 1]]          # Shard(0) x Shard(1) of [8, 3] (uneven)
    dist.spawn(_dist_workers.checkpoint_load, args=(str(tmp_path),), nprocs=2)
    w, b, plain = _dist_workers._checkpoint_values()
    for rank in (0, 1):
        r = json.loads((tmp_path / f"loaded{rank}.json").read_text())
        assert r["w"][:2] == [[8, 2] if rank == 0 else [8, 1], "[Shard(dim=1)]"]
        np.testing.assert_array_equal(r["w"][2], w)
        np.testing.assert_array_equal(r["b"], b)
        np.testing.assert_array_equal(r["plain"], plain)
        assert r["merged"] == {"b": [False, b.tolist()]}       # whole, the "opt." prefix removed


def test_checkpoint_round_trip_in_one_process(tmp_path):
    net = paddle.nn.Linear(3, 2)
    state = {"model": net.state_dict(), "step": paddle.to_tensor([5])}
    dist.save_state_dict(state, str(tmp_path / "one"))
    other = paddle.nn.Linear(3, 2)
    target = {"model": other.state_dict(), "step": paddle.to_tensor([0])}
    dist.load_state_dict(target, str(tmp_path / "one"))
    np.testing.assert_array_equal(other.weight.numpy(), net.weight.numpy())
    np.testing.assert_array_equal(other.bias.numpy(), net.bias.numpy())
    assert target["step"].tolist() == [5]
    merged = dist.load_merged_state_dict(str(tmp_path / "one"))
    assert sorted(merged) == ["model.bias", "model.weight", "step"]
    np.testing.assert_array_equal(merged["model.weight"].numpy(), net.weight.numpy())


def test_checkpoint_argument_errors(tmp_path):
    with pytest.raises(AssertionError, match="The state_dict should be a dictionary"):
        dist.save_state_dict([paddle.ones([1])], str(tmp_path))
    with pytest.raises(AssertionError, match="should be a paddle.Tensor or ShardedWeight, but got: 3"):
        dist.save_state_dict({"a": 3}, str(tmp_path))
    with pytest.raises(AssertionError, match="Invalid communication method 'x'"):
        dist.load_state_dict({"a": paddle.ones([1])}, str(tmp_path), comm_method="x")


def test_shard_weight_describes_the_slice():
    import types
    w = paddle.ones([2, 3])
    sw = dist.shard_weight("fc.w", w, 1, types.SimpleNamespace(rank=1, nranks=2))
    assert (sw.key, sw.local_shape, sw.global_shape, sw.global_offset) == \
        ("fc.w", (2, 3), (2, 6), (0, 3))
    with pytest.raises(ValueError, match="Shard axis 2 is invalid for tensor with shape"):
        dist.shard_weight("fc.w", w, 2, types.SimpleNamespace(rank=0, nranks=2))
    whole = dist.build_sharded_state_dict({"b": paddle.ones([4])}, prefix="m.")
    assert list(whole) == ["m.b"] and whole["m.b"].global_offset == (0,)
    assert str(whole["m.b"]).startswith("ShardedWeight(\n  key=m.b,")


def test_replicated_sharded_weights_round_trip_in_one_process(tmp_path):
    src = paddle.to_tensor([1.0, 2.0, 3.0])
    dist.save_state_dict(dist.build_sharded_state_dict({"v": src}), str(tmp_path / "sw"))
    dst = paddle.zeros([3])
    dist.load_state_dict(dist.build_sharded_state_dict({"v": dst}), str(tmp_path / "sw"))
    assert dst.tolist() == [1.0, 2.0, 3.0]
