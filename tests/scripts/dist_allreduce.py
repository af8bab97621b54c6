"""A Paddle script run by the launcher tests: each rank all-reduces its rank+1 and prints it."""
import sys

import paddle
import paddle.distributed as dist

dist.init_parallel_env()
rank = dist.get_rank()
t = paddle.to_tensor([float(rank + 1)])
dist.all_reduce(t)
print(f"rank {rank} of {dist.get_world_size()} sum {t.item()} args {sys.argv[1:]}")
if len(sys.argv) > 1 and sys.argv[1] == "fail" and rank == 1:
    raise ValueError("rank 1 fails on purpose")
dist.barrier()
