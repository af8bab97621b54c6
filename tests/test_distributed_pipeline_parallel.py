"""paddle.distributed.SplitPoint (paddle_compat/distributed/auto_parallel/intermediate/
pipeline_parallel.py) against Paddle's enum."""
from tests._distributed_utils_goldens import check


def test_split_point_matches_paddle():
    assert check("split_point") == 1
