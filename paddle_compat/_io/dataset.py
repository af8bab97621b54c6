"""paddle.io datasets: Dataset, IterableDataset, TensorDataset, ComposeDataset, ChainDataset,
ConcatDataset, Subset, random_split (plain Python, as in Paddle)."""
import bisect
import math
import warnings

import numpy as np

from .._mode import STATE
from .._ops.indexing import _out_of_range
from .._tensor import Tensor, wrap

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset",
           "ConcatDataset", "Subset", "random_split"]


def _require(ok, message):
    # Paddle checks these with `assert`; raised explicitly so that `python -O` keeps them.
    if not ok:
        raise AssertionError(message)


class Dataset:
    """paddle.io.Dataset: a map-style dataset; implement __getitem__ and __len__."""

    def __init__(self):
        pass

    def __getitem__(self, idx):
        raise NotImplementedError(f"'__getitem__' not implement in class {type(self).__name__}")

    def __len__(self):
        raise NotImplementedError(f"'__len__' not implement in class {type(self).__name__}")


class IterableDataset(Dataset):
    """paddle.io.IterableDataset: a stream of samples; implement __iter__."""

    def __iter__(self):
        raise NotImplementedError(f"'__iter__' not implement in class {type(self).__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'__getitem__' should not be called for IterableDataset{type(self).__name__}")

    def __len__(self):
        raise RuntimeError(f"'__len__' should not be called for IterableDataset{type(self).__name__}")


class TensorDataset(Dataset):
    """TensorDataset(tensors): sample i is the tuple of every tensor's row i."""

    def __init__(self, tensors):
        if STATE.static:
            raise RuntimeError("TensorDataset con only be used in imperative mode")
        _require(all(t.shape[0] == tensors[0].shape[0] for t in tensors),
                 "tensors not have same shape of the 1st dimension")
        self.tensors = tensors

    def __getitem__(self, index):
        n = len(self)
        if isinstance(index, int) and not -n <= index < n:
            # Paddle indexes with Tensor.__getitem__: its message, not torch's
            raise _out_of_range(index, 0, n)
        return tuple(wrap(t._t[index]) if isinstance(t, Tensor) else t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _as_list(value):
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


class ComposeDataset(Dataset):
    """ComposeDataset(datasets): sample i concatenates the fields of every dataset's sample i."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        _require(len(self.datasets) > 0, "input datasets should not be empty")
        for i, ds in enumerate(self.datasets):
            _require(isinstance(ds, Dataset), "each input dataset should be paddle.io.Dataset")
            _require(not isinstance(ds, IterableDataset), "paddle.io.IterableDataset not supported")
            if i > 0:
                _require(len(ds) == len(self.datasets[i - 1]), "lengths of datasets should be same")

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        sample = []
        for ds in self.datasets:
            sample.extend(_as_list(ds[idx]))
        return tuple(sample)


class ChainDataset(IterableDataset):
    """ChainDataset(datasets): iterate the iterable datasets one after another."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        _require(len(self.datasets) > 0, "input datasets should not be empty")
        for ds in self.datasets:
            _require(isinstance(ds, IterableDataset),
                     "ChainDataset only support paddle.io.IterableDataset")

    def __iter__(self):
        for ds in self.datasets:
            yield from ds


class ConcatDataset(Dataset):
    """ConcatDataset(datasets): the map-style datasets end to end."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        _require(len(self.datasets) > 0, "datasets should not be an empty iterable")
        for ds in self.datasets:
            _require(not isinstance(ds, IterableDataset),
                     "ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = []
        total = 0
        for ds in self.datasets:
            total += len(ds)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


class Subset(Dataset):
    """Subset(dataset, indices): the samples of `dataset` at `indices`."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """random_split(dataset, lengths): non-overlapping random Subsets of the given lengths (or
    fractions summing to 1).

    Differences from Paddle: the permutation is drawn from numpy's global generator (seed it with
    np.random.seed), not from paddle.randperm, so the split differs from Paddle's for the same seed.
    """
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(int(math.floor(len(dataset) * frac)))
        for i in range(len(dataset) - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an empty "
                              "dataset.")
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = np.random.permutation(sum(lengths)).tolist()
    out, offset = [], 0
    for length in lengths:
        out.append(Subset(dataset, indices[offset:offset + length]))
        offset += length
    return out
