"""fleet.UtilBase (paddle_compat/distributed/fleet/base/util_factory.py): file shards against
Paddle's, and the workers' collectives on 2 processes (gloo, loopback)."""
import json
import os

import numpy as np
import pytest

import paddle_compat.distributed as dist
from paddle_compat.distributed import fleet
from tests._distributed_utils_goldens import check


def test_file_shards_match_paddle():
    assert check("file_shard", "heter_file_shard") == 4


def test_collectives_before_the_group_starts_warn_and_return_the_input():
    util = fleet.UtilBase()
    with pytest.warns(UserWarning, match="gloo is not initialized"):
        assert util.all_reduce([1, 2]) == [1, 2]
    with pytest.warns(UserWarning, match="gloo is not initialized"):
        assert util.all_gather(3) == 3
    with pytest.warns(UserWarning, match="gloo is not initialized"):
        util.barrier()
    with pytest.raises(ValueError, match="comm_world must in"):
        util.barrier("everyone")
    with pytest.raises(NotImplementedError, match="parameter servers"):
        util.all_reduce([1], comm_world="server")


def test_print_on_rank(capsys):
    util = fleet.UtilBase()
    util._set_role_maker(fleet.UserDefinedRoleMaker(
        is_collective=True, current_id=1, worker_endpoints=["127.0.0.1:1", "127.0.0.1:2"]))
    util.print_on_rank("not me", 0)
    util.print_on_rank("me", 1)
    assert capsys.readouterr().out == "me\n"
    with pytest.raises(AssertionError, match="fs_client must be the instance"):
        util._set_file_system("/tmp")
    util._set_file_system(fleet.utils.LocalFS())


def _worker(out_dir):
    import paddle_compat.distributed as d
    from paddle_compat.distributed import fleet as f
    d.init_parallel_env()
    r = d.get_rank()
    util = f.UtilBase()
    util._set_role_maker(f.PaddleCloudRoleMaker(is_collective=True))
    res = {
        "sum": util.all_reduce(np.array([[1, 2], [3, 4]]) * (r + 1)).tolist(),
        "max": util.all_reduce([0.5 * (r + 1), -1.0], mode="max").tolist(),
        "min": util.all_reduce((r + 3,), mode="min").tolist(),
        "gather": util.all_gather({"rank": r}),
        "shard": util.get_file_shard(["a", "b", "c"]),
    }
    util.barrier()
    with open(os.path.join(out_dir, f"rank{r}.json"), "w") as fh:
        json.dump(res, fh)


def test_util_collectives_on_two_processes(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_worker, args=(str(tmp_path),), nprocs=2)
    for r in (0, 1):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert res["sum"] == [[3, 6], [9, 12]]
        assert res["max"] == [1.0, -1.0] and res["min"] == [3]
        assert res["gather"] == [{"rank": 0}, {"rank": 1}]
        assert res["shard"] == [["a", "b"], ["c"]][r]
