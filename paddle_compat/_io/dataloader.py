"""paddle.io.DataLoader, default_collate_fn, default_convert_fn, get_worker_info.

torch.utils.data.DataLoader does the work underneath (its worker processes, prefetching, shared
memory), fed with Paddle's samplers so that index order is Paddle's. Collation follows Paddle's
`default_collate_fn` (numbers and arrays stacked with numpy, Tensors stacked, dicts by key, sequences
field by field into *lists*, strings kept as lists) but produces torch tensors, which torch moves out
of worker processes through shared memory; the main process then wraps every torch tensor and numpy
array of the batch as a paddle Tensor (zero copy), on the current device.
"""
import numbers
import random
import sys
from collections.abc import Mapping, Sequence

import numpy as np
import torch
import torch.utils.data as tud

from .._place import current_torch_device
from .._tensor import Tensor, wrap
from .dataset import IterableDataset, _require
from .sampler import BatchSampler

__all__ = ["DataLoader", "default_collate_fn", "default_convert_fn", "get_worker_info",
           "WorkerInfo"]


def _collate(batch):
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return torch.from_numpy(np.stack(batch, axis=0))
    if isinstance(sample, Tensor):
        return torch.stack([t._t.detach() for t in batch], dim=0)
    if isinstance(sample, torch.Tensor):
        return torch.stack(batch, dim=0)
    if isinstance(sample, numbers.Number):
        return torch.from_numpy(np.array(batch))
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: _collate([d[key] for d in batch]) for key in sample}
    if isinstance(sample, Sequence):
        size = len(sample)
        if not all(len(s) == size for s in batch):
            raise RuntimeError("fields number not same among samples in a batch")
        return [_collate(list(fields)) for fields in zip(*batch)]
    raise TypeError("batch data con only contains: tensor, numpy.ndarray, dict, list, number, but "
                    f"got {type(sample)}")


def _convert(sample):
    if isinstance(sample, Tensor):
        return sample._t.detach()
    if isinstance(sample, (np.ndarray, torch.Tensor, str, bytes)):
        return sample
    if isinstance(sample, Mapping):
        return {key: _convert(sample[key]) for key in sample}
    if isinstance(sample, Sequence):
        return [_convert(s) for s in sample]
    return sample


def _to_paddle(obj, device):
    if isinstance(obj, torch.Tensor):
        return wrap(obj if device is None or obj.device == device else obj.to(device))
    if isinstance(obj, np.ndarray):
        return _to_paddle(torch.from_numpy(obj), device)
    if isinstance(obj, Tensor):
        return obj
    if isinstance(obj, list):
        return [_to_paddle(o, device) for o in obj]
    if isinstance(obj, tuple):
        return tuple(_to_paddle(o, device) for o in obj)
    if isinstance(obj, dict):
        return {k: _to_paddle(v, device) for k, v in obj.items()}
    return obj


def default_collate_fn(batch):
    """paddle.io.dataloader.collate.default_collate_fn: stack a list of samples into a batch."""
    return _to_paddle(_collate(batch), None)


def default_convert_fn(batch):
    """paddle.io.dataloader.collate.default_convert_fn: arrays and Tensors -> Tensors, unbatched."""
    return _to_paddle(_convert(batch), None)


class WorkerInfo:
    """Read-only worker description: id, num_workers, dataset, seed."""

    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, key, value):
        raise RuntimeError(f"Cannot assign attributes to {type(self).__name__} objects")


_worker_base_seed = None     # in a worker process: the base seed its loader drew (Paddle's seed)


def get_worker_info():
    """In a DataLoader worker process: its WorkerInfo(id, num_workers, dataset, seed); else None.
    `seed` is the loader's base seed, the same for every worker of one epoch, as in Paddle."""
    info = tud.get_worker_info()
    if info is None:
        return None
    dataset = getattr(info.dataset, "paddle_dataset", info.dataset)
    seed = info.seed if _worker_base_seed is None else _worker_base_seed
    return WorkerInfo(id=info.id, num_workers=info.num_workers, dataset=dataset, seed=seed)


class _MapStyle(tud.Dataset):
    def __init__(self, dataset):
        self.paddle_dataset = dataset

    def __getitem__(self, idx):
        return self.paddle_dataset[idx]

    def __len__(self):
        return len(self.paddle_dataset)


class _Iterable(tud.IterableDataset):
    def __init__(self, dataset):
        self.paddle_dataset = dataset

    def __iter__(self):
        return iter(self.paddle_dataset)


class _WorkerInit:
    """Seeds a worker as Paddle's `_worker_loop` does, from the base seed the main process drew
    from numpy's global generator when the workers started (`base_seed`, set by __iter__):
    python's `random` and paddle's generator get base + id, numpy the 4-word SeedSequence state
    of (id, base's low and high 32 bits, 0). So a dataset drawing random numbers in __getitem__
    yields Paddle's data under `np.random.seed`. Then the user's worker_init_fn. Picklable, so
    spawned workers get it too."""

    def __init__(self, user_fn):
        self.user_fn = user_fn
        self.base_seed = 0

    def __call__(self, worker_id):
        global _worker_base_seed
        from .._ops.random import seed as paddle_seed
        base = self.base_seed
        _worker_base_seed = base
        random.seed(base + worker_id)
        paddle_seed(base + worker_id)
        np.random.seed(np.random.SeedSequence(
            [worker_id, base & 0xFFFFFFFF, base >> 32, 0]).generate_state(4))
        if self.user_fn is not None:
            self.user_fn(worker_id)


class _Collate:
    """Picklable collate wrapper (workers may be spawned)."""

    def __init__(self, fn, batched):
        self.fn = fn
        self.batched = batched

    def __call__(self, batch):
        if self.fn is not None:
            return self.fn(batch)
        return _collate(batch) if self.batched else _convert(batch)


class DataLoader:
    """paddle.io.DataLoader(dataset, feed_list=None, places=None, return_list=True,
    batch_sampler=None, batch_size=1, shuffle=False, drop_last=False, collate_fn=None, num_workers=0,
    use_buffer_reader=True, prefetch_factor=2, use_shared_memory=True, timeout=0,
    worker_init_fn=None, persistent_workers=False).

    Batches are lists (sequence samples), dicts or Tensors as in Paddle, placed on the current device.
    Differences from Paddle: feed_list/places/return_list only matter to Paddle's static graph and are
    accepted without effect; use_buffer_reader/use_shared_memory are torch's prefetching and shared
    memory, always on for workers.
    """

    def __init__(self, dataset, feed_list=None, places=None, return_list=True, batch_sampler=None,
                 batch_size=1, shuffle=False, drop_last=False, collate_fn=None, num_workers=0,
                 use_buffer_reader=True, prefetch_factor=2, use_shared_memory=True, timeout=0,
                 worker_init_fn=None, persistent_workers=False):
        self.dataset = dataset
        self.return_list = return_list
        self.feed_list = feed_list
        self.places = places
        self.collate_fn = collate_fn
        self.use_buffer_reader = use_buffer_reader
        self.use_shared_memory = use_shared_memory
        self.worker_init_fn = worker_init_fn
        _require(num_workers >= 0, "num_workers should be a non-negative value")
        self.num_workers = num_workers
        _require(timeout >= 0, "timeout should be a non-negative value")
        self.timeout = timeout
        self._iterable = isinstance(dataset, IterableDataset)
        if batch_sampler is not None:
            _require(batch_size == 1 and not shuffle and not drop_last,
                     "batch_size/shuffle/drop_last should not be set when batch_sampler is given")
            self.batch_sampler = batch_sampler
            self.batch_size = None
            self.drop_last = False
        elif batch_size is None:
            self.batch_sampler = None
            self.batch_size = None
            self.drop_last = drop_last
        else:
            _require(batch_size > 0, "batch_size should be None or a positive value when "
                                     "batch_sampler is not given")
            self.batch_size = batch_size
            self.drop_last = drop_last
            if self._iterable:
                _require(not shuffle, "IterableDataset not support shuffle")
                self.batch_sampler = None
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size,
                                                  shuffle=shuffle, drop_last=drop_last)
        self.auto_collate_batch = self.batch_sampler is not None or (
            self._iterable and self.batch_size is not None)
        self._worker_init = _WorkerInit(worker_init_fn) if num_workers else None
        workers = dict(num_workers=num_workers, timeout=timeout, worker_init_fn=self._worker_init)
        if num_workers:
            workers.update(prefetch_factor=prefetch_factor, persistent_workers=persistent_workers)
        collate = _Collate(collate_fn, self.auto_collate_batch)
        if self._iterable:
            self._torch = tud.DataLoader(_Iterable(dataset), batch_size=self.batch_size,
                                         drop_last=self.drop_last, collate_fn=collate, **workers)
        elif self.batch_sampler is not None:
            self._torch = tud.DataLoader(_MapStyle(dataset), batch_sampler=self.batch_sampler,
                                         collate_fn=collate, **workers)
        else:
            self._torch = tud.DataLoader(_MapStyle(dataset), batch_size=None, shuffle=shuffle,
                                         collate_fn=collate, **workers)

    def __len__(self):
        if self._iterable:
            raise ValueError("length of IterableDataset not supported")
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        device = current_torch_device()
        device = None if device.type == "cpu" else device
        init = self._worker_init
        if init is not None and (not self._torch.persistent_workers
                                 or self._torch._iterator is None):
            # New workers start with this iterator: Paddle draws their base seed here.
            init.base_seed = int(np.random.randint(low=0, high=sys.maxsize))
        for batch in self._torch:
            yield _to_paddle(batch, device)

    def __call__(self):
        return self.__iter__()
