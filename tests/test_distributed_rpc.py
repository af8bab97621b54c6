"""paddle.distributed.rpc (paddle_compat/distributed/rpc/rpc.py): 2 workers on loopback, and the
errors of an agent that is not running."""
import json
import os

import pytest

import paddle_compat.distributed as dist
import paddle_compat.distributed.rpc as rpc
from paddle_compat.distributed._ports import free_ports

torch_rpc = pytest.importorskip("torch.distributed.rpc",
                                reason="this torch build has no torch.distributed.rpc")
if not torch_rpc.is_available():
    pytest.skip("this torch build has no RPC agent (torch.distributed.rpc.is_available() is False)",
                allow_module_level=True)


def _whoami(tag, scale=1):
    # Runs on the destination worker: its own view of the group.
    me = rpc.get_current_worker_info()
    return [tag * scale, me.name, me.rank, os.getpid()]


def _fail(msg):
    raise KeyError(msg)


def _worker(out_dir, endpoint0):
    rank = int(os.environ["PADDLE_TRAINER_ID"])
    if rank == 0:          # rank 1 keeps the generated endpoint (a free port on the host)
        os.environ["PADDLE_WORKER_ENDPOINT"] = endpoint0
    rpc.init_rpc(f"worker{rank}")        # rank, world size and master from the environment
    other = f"worker{1 - rank}"
    res = {"me": str(rpc.get_current_worker_info()), "pid": os.getpid(),
           "all": [[i.name, i.rank, i.ip, i.port] for i in rpc.get_all_worker_infos()],
           "other": str(rpc.get_worker_info(other))}
    res["sync"] = rpc.rpc_sync(other, _whoami, args=("a",), kwargs={"scale": 2})
    fut = rpc.rpc_async(other, _whoami, args=("b",), timeout=30)
    res["future"] = type(fut).__name__
    res["async"] = fut.wait()
    res["self"] = rpc.rpc_sync(f"worker{rank}", _whoami, args=("c",))
    try:
        rpc.rpc_sync(other, _fail, args=("remote",))
    except KeyError as e:      # the remote exception, class and message kept
        res["remote_error"] = [str(e), "raised on the remote worker" in "".join(e.__notes__)]
    rpc.shutdown()
    try:
        rpc.get_current_worker_info()
    except SystemError as e:
        res["after"] = str(e)
    with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)


def test_two_workers_call_each_other(tmp_path, monkeypatch):
    master, port0 = free_ports(2)
    monkeypatch.setenv("PADDLE_MASTER_ENDPOINT", f"127.0.0.1:{master}")
    monkeypatch.setenv("FLAGS_stop_check_timeout", "60")
    endpoint0 = f"127.0.0.1:{port0}"
    dist.spawn(_worker, args=(str(tmp_path), endpoint0), nprocs=2)
    res = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in (0, 1)]
    assert res[0]["me"] == f"{{name: worker0, rank: 0, ip: 127.0.0.1, port: {port0}}}"
    for r in (0, 1):
        assert res[r]["all"] == res[0]["all"]
        o = 1 - r
        assert res[r]["other"] == res[o]["me"]
        # the function ran in the other process, with args and kwargs
        assert res[r]["sync"] == ["aa", f"worker{o}", o, res[o]["pid"]]
        assert res[r]["future"] == "FutureWrapper"
        assert res[r]["async"] == ["b", f"worker{o}", o, res[o]["pid"]]
        assert res[r]["self"] == ["c", f"worker{r}", r, res[r]["pid"]]
        assert res[r]["remote_error"] == ["'remote'", True]
        assert res[r]["after"].startswith("(Fatal) RpcAgent is not set")
    names, ranks, ips, ports = zip(*res[0]["all"])
    assert names == ("worker0", "worker1") and ranks == (0, 1)
    assert ports[0] == port0 and ports[1] > 0


def test_single_worker_and_errors(monkeypatch):
    master, port = free_ports(2)
    monkeypatch.setenv("PADDLE_WORKER_ENDPOINT", f"127.0.0.1:{port}")
    monkeypatch.setenv("FLAGS_stop_check_timeout", "30")
    with pytest.raises(SystemError, match=r"\(Fatal\) RpcAgent is not set"):
        rpc.rpc_sync("worker0", _whoami, args=("x",))
    with pytest.raises(SystemError, match=r"\(Fatal\) RpcAgent is not set"):
        rpc.shutdown()
    rpc.init_rpc("worker0", rank=0, world_size=1, master_endpoint=f"127.0.0.1:{master}")
    try:
        info = rpc.get_worker_info("worker0")
        assert (info.name, info.rank, info.ip, info.port) == ("worker0", 0, "127.0.0.1", port)
        assert str(rpc.get_all_worker_infos()) == \
            f"[{{name: worker0, rank: 0, ip: 127.0.0.1, port: {port}}}]"
        assert rpc.rpc_async("worker0", _whoami, args=(3,), kwargs={"scale": 2}).wait()[:3] == \
            [6, "worker0", 0]
        with pytest.raises(IndexError, match=r"\(OutOfRange\) Worker nobody doesn't exist!"):
            rpc.rpc_sync("nobody", _whoami, args=("x",))
        with pytest.raises(IndexError, match="Worker nobody doesn't exist"):
            rpc.get_worker_info("nobody")
        with pytest.raises(SystemError, match="RpcAgent has been set"):
            rpc.init_rpc("worker0", rank=0, world_size=1, master_endpoint=f"127.0.0.1:{master}")
    finally:
        rpc.shutdown()


def test_init_rpc_reads_paddles_environment(monkeypatch):
    monkeypatch.delenv("PADDLE_TRAINER_ID", raising=False)
    with pytest.raises(KeyError, match="PADDLE_TRAINER_ID"):
        rpc.init_rpc("w")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "0")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "1")
    monkeypatch.delenv("PADDLE_MASTER_ENDPOINT", raising=False)
    with pytest.raises(KeyError, match="PADDLE_MASTER_ENDPOINT"):
        rpc.init_rpc("w")
