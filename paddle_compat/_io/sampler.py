"""paddle.io samplers: Sampler, SequenceSampler, RandomSampler, WeightedRandomSampler,
SubsetRandomSampler, BatchSampler.

Randomness comes from numpy's global generator, exactly as in Paddle: after `np.random.seed(s)` a
shuffled DataLoader visits the samples in the same order as Paddle 3.3.1 does (`paddle.seed` does not
affect it there either).
"""
from collections.abc import Iterable

import numpy as np

from .._ops.random import randperm
from .._tensor import Tensor
from .dataset import IterableDataset, _require

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler",
           "SubsetRandomSampler", "BatchSampler"]


class Sampler:
    """paddle.io.Sampler(data_source=None): base class; implement __iter__ (and __len__)."""

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError


class SequenceSampler(Sampler):
    """Indices 0 .. len(data_source) - 1 in order."""

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """RandomSampler(data_source, replacement=False, num_samples=None, generator=None)."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(replacement, bool):
            raise TypeError(f"expect boolean value for replacement, but got replacement={replacement}")
        if not replacement and self.num_samples > len(data_source):
            raise ValueError("num_samples should be smaller than or equal to length of data_source "
                             f"when replacement is False, but got num_samples: {self.num_samples} > "
                             f"data_source: {len(data_source)}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer, but got "
                             f"num_samples={self.num_samples}")

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.generator:
            for _ in range(self.num_samples):
                try:
                    yield next(self.generator)
                except StopIteration:
                    return
            return
        yield from np.random.choice(np.arange(n), self.num_samples,
                                    replace=self.replacement).tolist()

    def __len__(self):
        return self.num_samples


class WeightedRandomSampler(Sampler):
    """WeightedRandomSampler(weights, num_samples, replacement=True): indices drawn with
    probability proportional to `weights` (1-D, or 2-D for several draws)."""

    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value")
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def _weights(self):
        w = self.weights
        if isinstance(w, Tensor):
            w = w.numpy()
        if isinstance(w, (list, tuple)):
            w = np.array(w)
        _require(isinstance(w, np.ndarray), "weights should be paddle.Tensor, numpy.ndarray, list or tuple")
        _require(len(w.shape) <= 2, "weights should be a 1-D or 2-D array")
        return w.reshape((-1, w.shape[-1]))

    def __iter__(self):
        w = self._weights()
        _require(np.all(w >= 0.0), "weights should be positive value")
        _require(not np.any(w == np.inf), "weights should not be INF")
        _require(not np.any(np.isnan(w)), "weights should not be NaN")
        nonzero = np.sum(w > 0.0, axis=1)
        _require(np.all(nonzero > 0), "weights should have positive values")
        if not self.replacement:
            _require(np.all(nonzero >= self.num_samples), "weights positive value number should not "
                     "less than num_samples when replacement=False")
        w = w / w.sum(axis=1)
        rows = [np.random.choice(w.shape[1], self.num_samples, self.replacement, w[i])
                for i in range(w.shape[0])]
        return iter(np.array(rows).reshape(-1).tolist())

    def __len__(self):
        w = self._weights()
        return self.num_samples * w.shape[0]


class SubsetRandomSampler(Sampler):
    """SubsetRandomSampler(indices): the given indices in the order of paddle.randperm (Paddle's
    generator, so `paddle.seed` fixes it as in Paddle)."""

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError("The length of `indices` in SubsetRandomSampler should be greater than 0.")
        self.indices = indices

    def __iter__(self):
        for i in randperm(len(self.indices)).numpy().tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class BatchSampler(Sampler):
    """BatchSampler(dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False): lists
    of batch_size indices."""

    def __init__(self, dataset=None, sampler=None, shuffle=False, batch_size=1, drop_last=False):
        if dataset is None:
            _require(sampler is not None, "either dataset or sampler should be set")
            _require(isinstance(sampler, (Sampler, Iterable)),
                     f"sampler should be either paddle.io.Sampler or Iterable, but got {type(sampler)}")
            _require(not shuffle, "shuffle should be False when sampler is set")
            self.sampler = sampler
        else:
            _require(not isinstance(dataset, IterableDataset),
                     "dataset should not be a paddle.io.IterableDataset")
            _require(sampler is None, "should not set both dataset and sampler")
            _require(isinstance(shuffle, bool),
                     f"shuffle should be a boolean value, but got {type(shuffle)}")
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        _require(isinstance(batch_size, int) and not isinstance(batch_size, bool) and batch_size > 0,
                 f"batch_size should be a positive integer, but got {batch_size}")
        self.batch_size = batch_size
        self.shuffle = shuffle
        _require(isinstance(drop_last, bool), f"drop_last should be a boolean value, but got "
                                              f"{type(drop_last)}")
        self.drop_last = drop_last

    def __iter__(self):
        yield from batches(self.sampler, self.batch_size, self.drop_last)

    def __len__(self):
        n = len(self.sampler) + (0 if self.drop_last else self.batch_size - 1)
        return n // self.batch_size


def batches(indices, batch_size, drop_last):
    """Group `indices` into lists of `batch_size`; a short last list is kept unless `drop_last`.
    Shared by BatchSampler and DistributedBatchSampler."""
    batch = []
    for idx in indices:
        batch.append(idx)
        if len(batch) == batch_size:
            yield batch
            batch = []
    if batch and not drop_last:
        yield batch
