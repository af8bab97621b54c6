"""paddle.distributed.DistAttr (paddle_compat/distributed/auto_parallel/dist_attr.py) against
Paddle's attributes, printing and errors."""
import paddle_compat.distributed as dist
from tests._distributed_utils_goldens import check


def test_dist_attr_matches_paddle():
    assert check("dist_attr") == 6


def test_dist_attr_placements():
    mesh = dist.ProcessMesh([[0, 1], [2, 3]], dim_names=["x", "y"])
    assert dist.DistAttr(mesh, ["y", None, "x"])._placements() == [dist.Shard(2), dist.Shard(0)]
    assert dist.DistAttr(mesh, [None])._placements() == [dist.Replicate(), dist.Replicate()]
