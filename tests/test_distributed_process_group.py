"""shutdown_process_group / restart_process_group (paddle_compat/distributed/collective.py) and
create_nccl_config (fleet/base/topology.py) on 2 processes (gloo, loopback)."""
import json
import os

import paddle_compat.distributed as dist


def test_create_nccl_config_is_none_off_nccl():
    # Paddle returns None unless the default backend is NCCL (recorded: nccl_config_off_nccl).
    assert dist.create_nccl_config({"commName": "tp", "nchannels": 4}) is None
    assert dist.create_nccl_config(None) is None


def _worker(out_dir):
    import paddle_compat as paddle
    import paddle_compat.distributed as d
    d.init_parallel_env()
    r = d.get_rank()
    g = d.new_group([0, 1], nccl_config=d.create_nccl_config({"commName": "tp"}))
    res = {"config": repr(d.create_nccl_config({"commName": "tp"}))}
    t = paddle.to_tensor([1.0 + r])
    d.all_reduce(t, group=g)
    res["before"] = t.tolist()
    d.shutdown_process_group()              # every group but the default one
    try:
        d.all_reduce(paddle.to_tensor([1.0]), group=g)
        res["closed"] = "no error"
    except Exception as e:                  # noqa: BLE001 - torch's error for a closed group
        res["closed"] = type(e).__name__
    t = paddle.to_tensor([10.0 * (r + 1)])
    d.all_reduce(t)                          # the default group stays open
    res["default"] = t.tolist()
    d.restart_process_group(g)
    t = paddle.to_tensor([2.0 + r])
    d.all_reduce(t, group=g)
    res["after"] = t.tolist()
    d.restart_process_group()               # nothing left to restart
    with open(os.path.join(out_dir, f"rank{r}.json"), "w") as fh:
        json.dump(res, fh)


def test_shutdown_and_restart_a_group(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_worker, args=(str(tmp_path),), nprocs=2)
    for r in (0, 1):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert res["config"] == "None"           # gloo, not NCCL
        assert res["before"] == [3.0]
        assert res["closed"] == "RuntimeError"
        assert res["default"] == [30.0]
        assert res["after"] == [5.0]
