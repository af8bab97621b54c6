"""A Paddle script run by the launcher tests: each rank all-reduces its rank+1 and prints it."""
import os
import sys
import time

import paddle
import paddle.distributed as dist

mode = sys.argv[1] if len(sys.argv) > 1 else ""
if mode == "leave" and int(os.environ["PADDLE_TRAINER_ID"]) == 1:
    sys.exit(0)                 # rank 1 ends before joining; rank 0 waits for it
if mode == "sleep":
    print("ready", flush=True)
    time.sleep(120)             # the launcher is sent SIGTERM meanwhile
dist.init_parallel_env()
rank = dist.get_rank()
t = paddle.to_tensor([float(rank + 1)])
dist.all_reduce(t)
print(f"rank {rank} of {dist.get_world_size()} sum {t.item()} args {sys.argv[1:]}")
if mode == "env":
    print("env", *(f"{k}={os.environ[k]}" for k in (
        "PADDLE_LOCAL_RANK", "PADDLE_LOCAL_SIZE", "PADDLE_NNODES", "PADDLE_GLOBAL_SIZE")),
        "endpoints", len(os.environ["PADDLE_TRAINER_ENDPOINTS"].split(",")), flush=True)
if mode == "stall":
    print("joined", flush=True)
    if rank == dist.get_world_size() - 1:
        time.sleep(120)         # its node is killed meanwhile; the others wait in the barrier
if mode == "fail" and rank == 1:
    raise ValueError("rank 1 fails on purpose")
if mode == "fail_last" and rank == dist.get_world_size() - 1:
    raise ValueError(f"rank {rank} fails on purpose")
dist.barrier()
