"""fleet's UtilBase: small helpers over the role maker (file shards, printing on one rank) and
the workers' collectives on Python values.

    util = UtilBase(); util._set_role_maker(fleet.PaddleCloudRoleMaker(is_collective=True))
    util.get_file_shard(["a", "b", "c"])       # rank 0 of 2: ['a', 'b']; rank 1: ['c']

all_reduce / all_gather / barrier run on torch.distributed's default group (gloo or NCCL) once
init_parallel_env (or fleet.init) has started it; before that they warn, as Paddle's unstarted
Gloo helper does, and return the input unchanged.

Differences from Paddle: comm_world "server" (parameter servers) raises NotImplementedError; "all"
is the workers (a collective job has no servers). The static-program helpers that Paddle keeps
private here are paddle.incubate.distributed.fleet.utils' functions.
"""
import warnings

import numpy as np

__all__ = ["UtilBase"]

_COMM_WORLDS = ("worker", "server", "all")
_NOT_STARTED = "gloo is not initialized, will not communicator with other nodes"


def _started(comm_world):
    import torch.distributed as tdist
    if comm_world not in _COMM_WORLDS:
        raise ValueError(f"argument error, comm_world must in {list(_COMM_WORLDS)}")
    if comm_world == "server":
        raise NotImplementedError("fleet.util with comm_world='server' needs Paddle's parameter "
                                  "servers, which paddle_compat does not support; use 'worker'")
    if not (tdist.is_available() and tdist.is_initialized()):
        warnings.warn(_NOT_STARTED)
        return False
    return True


class UtilBase:
    """paddle.distributed.fleet.UtilBase(): fleet's utilities (fleet.util in Paddle); set the role
    maker with `_set_role_maker` before the methods that need the worker's place."""

    def __init__(self):
        self.role_maker = None
        self.dist_strategy = None

    def _set_strategy(self, dist_strategy):
        self.dist_strategy = dist_strategy

    def _set_role_maker(self, role_maker):
        self.role_maker = role_maker

    def _set_file_system(self, fs_client):
        from ..utils.fs import FS
        assert isinstance(fs_client, FS), \
            "fs_client must be the instance of paddle.distributed.fleet.utils.FS"
        self.fs_client = fs_client

    def all_reduce(self, input, mode="sum", comm_world="worker"):
        """Reduce a number, list or numpy array over the workers with mode "sum", "min" or "max";
        -> a numpy array of the input's shape."""
        if isinstance(input, tuple):
            input = list(input)
        if not _started(comm_world):
            return input
        import torch
        import torch.distributed as tdist
        ops = {"sum": tdist.ReduceOp.SUM, "min": tdist.ReduceOp.MIN, "max": tdist.ReduceOp.MAX}
        if mode not in ops:
            raise ValueError(f"mode must be one of {list(ops)}, but received {mode!r}")
        arr = np.array(input)
        if arr.dtype.kind not in "biuf":
            raise TypeError(f"fleet.util.all_reduce takes numbers, but received {arr.dtype}")
        wide = np.float64 if arr.dtype.kind == "f" else np.int64
        t = torch.from_numpy(np.ascontiguousarray(arr, dtype=wide).reshape(-1))
        tdist.barrier()
        tdist.all_reduce(t, op=ops[mode])
        return t.numpy().astype(arr.dtype).reshape(arr.shape)

    def barrier(self, comm_world="worker"):
        """Wait until every worker has reached this barrier."""
        if _started(comm_world):
            import torch.distributed as tdist
            tdist.barrier()

    def all_gather(self, input, comm_world="worker"):
        """-> [every worker's `input`], in rank order (any picklable value)."""
        if not _started(comm_world):
            return input
        import torch.distributed as tdist
        out = [None] * tdist.get_world_size()
        tdist.all_gather_object(out, input)
        return out

    @staticmethod
    def _shard(files, index, trainers):
        # `trainers` contiguous blocks, the first len % trainers one longer; block `index` (a
        # negative index counts from the end, as Paddle's list indexing does).
        size, extra = divmod(len(files), trainers)
        blocks, begin = [], 0
        for i in range(trainers):
            n = size + (1 if i < extra else 0)
            blocks.append(files[begin:begin + n])
            begin += n
        return blocks[index]

    def get_file_shard(self, files):
        """This worker's contiguous part of `files`: the first len % n workers get one more."""
        if not isinstance(files, list):
            raise TypeError("files should be a list of file need to be read.")
        return self._shard(files, self.role_maker._worker_index(), self.role_maker._worker_num())

    def get_heter_file_shard(self, files):
        """get_file_shard for heterogeneous workers (indices after the trainers)."""
        if not isinstance(files, list):
            raise TypeError("files should be a list of file need to be read.")
        trainers = self.role_maker._worker_num()
        return self._shard(files, self.role_maker._worker_index() - trainers, trainers)

    def print_on_rank(self, message, rank_id):
        """Print `message` on worker `rank_id` only."""
        if self.role_maker._worker_index() != rank_id:
            return
        print(message)
