"""paddle.io.DistributedBatchSampler: each rank gets its own share of every epoch's batches.

Same indices as Paddle for the same (dataset size, batch_size, nranks, rank, epoch): the index list
is padded by repeating its start until it divides evenly among ranks, shuffled with
`np.random.RandomState(epoch)` when `shuffle=True`, then dealt out batch by batch - rank r takes the
r-th batch of every round of `nranks` batches, and the final partial round is split evenly.
"""
import math

import numpy as np

from .._io.sampler import batches
from .env import ParallelEnv

__all__ = ["DistributedBatchSampler"]


class DistributedBatchSampler:
    """paddle.io.DistributedBatchSampler(dataset, batch_size, num_replicas=None, rank=None,
    shuffle=False, drop_last=False)"""

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False,
                 drop_last=False):
        self.dataset = dataset
        assert isinstance(batch_size, int) and batch_size > 0, \
            "batch_size should be a positive integer"
        assert isinstance(shuffle, bool), "shuffle should be a boolean value"
        assert isinstance(drop_last, bool), "drop_last should be a boolean number"
        if num_replicas is not None:
            assert isinstance(num_replicas, int) and num_replicas > 0, \
                "num_replicas should be a positive integer"
        if rank is not None:
            assert isinstance(rank, int) and rank >= 0, "rank should be a non-negative integer"
        env = ParallelEnv()
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last
        self.nranks = num_replicas if num_replicas is not None else env.nranks
        self.local_rank = rank if rank is not None else env.local_rank
        self.epoch = 0
        self.num_samples = int(math.ceil(len(dataset) / self.nranks))
        self.total_size = self.num_samples * self.nranks

    def _epoch_indices(self):
        n = len(self.dataset)
        base = list(range(n))
        need = self.total_size - n
        reps = math.ceil(need / n) if n else 0
        indices = base + (base * max(reps, 1))[:need]
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        return indices

    def _my_share(self, indices):
        if self.nranks == 1:
            return indices
        bs, n = self.batch_size, self.nranks
        tail = self.total_size % (bs * n)          # the last, partial round of batches
        full = len(indices) - tail
        mine = []
        for start in range(self.local_rank * bs, full, bs * n):
            mine += indices[start:start + bs]
        per_rank_tail = tail // n
        rest = indices[full:]
        mine += rest[self.local_rank * per_rank_tail:(self.local_rank + 1) * per_rank_tail]
        return mine

    def __iter__(self):
        yield from batches(self._my_share(self._epoch_indices()), self.batch_size, self.drop_last)

    def __len__(self):
        extra = 0 if self.drop_last else self.batch_size - 1
        return (self.num_samples + extra) // self.batch_size

    def set_epoch(self, epoch):
        """Use `epoch` as the shuffle seed of the next iteration."""
        self.epoch = epoch
