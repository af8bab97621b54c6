"""Free loopback ports for the launcher and spawn."""
import socket

__all__ = ["free_ports", "rank_env"]


def free_ports(n, host="127.0.0.1"):
    """n distinct ports that were free a moment ago (the OS picks them)."""
    socks, ports = [], []
    try:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((host, 0))
            socks.append(s)
            ports.append(s.getsockname()[1])
    finally:
        for s in socks:
            s.close()
    return ports


def rank_env(rank, world_size, master, endpoints, log_dir=None, local_rank=None, local_size=None,
             nnodes=1):
    """Paddle's launcher variables for one rank, plus torch's equivalents. `local_rank` and
    `local_size` are the rank's place on its node (default: one node, the same as rank/world)."""
    host, port = master.rsplit(":", 1)
    local_rank = rank if local_rank is None else local_rank
    local_size = world_size if local_size is None else local_size
    env = {
        "PADDLE_TRAINER_ID": str(rank), "PADDLE_TRAINERS_NUM": str(world_size),
        "PADDLE_TRAINER_ENDPOINTS": ",".join(endpoints), "PADDLE_CURRENT_ENDPOINT": endpoints[rank],
        "PADDLE_MASTER": master, "PADDLE_GLOBAL_RANK": str(rank), "PADDLE_GLOBAL_SIZE": str(world_size),
        "PADDLE_LOCAL_RANK": str(local_rank), "PADDLE_LOCAL_SIZE": str(local_size),
        "PADDLE_RANK_IN_NODE": str(local_rank), "PADDLE_NNODES": str(nnodes),
        "RANK": str(rank), "WORLD_SIZE": str(world_size), "LOCAL_RANK": str(local_rank),
        "LOCAL_WORLD_SIZE": str(local_size), "MASTER_ADDR": host, "MASTER_PORT": port,
    }
    if log_dir:
        env["PADDLE_LOG_DIR"] = log_dir
    return env
