"""paddle.io: datasets, samplers (numpy-driven order, as in Paddle) and the DataLoader, including
real worker processes."""
import json
import os
import random

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat._creation_core import to_tensor
from paddle_compat._tensor import Tensor
from paddle_compat.io import (BatchSampler, ChainDataset, ComposeDataset, ConcatDataset, DataLoader,
                              Dataset, IterableDataset, RandomSampler, SequenceSampler, Subset,
                              SubsetRandomSampler, TensorDataset, WeightedRandomSampler,
                              get_worker_info, random_split)


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return np.array([i, i * i], dtype="float32"), i, float(i)

    def __len__(self):
        return self.n


class Stream(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        info = get_worker_info()
        start, step = (0, 1) if info is None else (info.id, info.num_workers)
        for i in range(start, self.n, step):
            yield np.array([i], dtype="int32")


class WhoAmI(Dataset):
    def __getitem__(self, i):
        info = get_worker_info()
        return np.array([info.id, info.num_workers, int(isinstance(info.dataset, WhoAmI))])

    def __len__(self):
        return 6


def test_default_collate_types_match_paddle():
    x, i, f = next(iter(DataLoader(Squares(10), batch_size=4)))
    assert isinstance(x, Tensor) and x.shape == [4, 2] and x.dtype.short == "float32"
    assert i.dtype.short == "int64" and i.numpy().tolist() == [0, 1, 2, 3]
    assert f.dtype.short == "float64" and x.stop_gradient


def test_dict_and_string_fields():
    class D(Dataset):
        def __getitem__(self, i):
            return {"x": to_tensor([i, i]), "s": "a"}

        def __len__(self):
            return 3
    batch = next(iter(DataLoader(D(), batch_size=2)))
    assert batch["s"] == ["a", "a"] and batch["x"].numpy().tolist() == [[0, 0], [1, 1]]


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 30), st.integers(1, 7), st.integers(0, 1000), st.booleans())
def test_shuffle_order_is_numpy_global_generator(n, bs, seed, drop_last):
    np.random.seed(seed)
    got = [b[1].numpy().tolist() for b in DataLoader(Squares(n), batch_size=bs, shuffle=True,
                                                     drop_last=drop_last)]
    np.random.seed(seed)
    order = np.random.choice(np.arange(n), n, replace=False).tolist()
    want = [order[k:k + bs] for k in range(0, n, bs)]
    if drop_last and len(want[-1]) < bs:
        want = want[:-1]
    assert got == want
    assert len(DataLoader(Squares(n), batch_size=bs, drop_last=drop_last)) == len(want)


def test_batch_size_none_converts_samples_only():
    x, i, f = next(iter(DataLoader(Squares(3), batch_size=None)))
    assert isinstance(x, Tensor) and x.shape == [2] and i == 0 and f == 0.0


def test_batch_sampler_conflicts_are_paddles_assertion():
    with pytest.raises(AssertionError, match="batch_size/shuffle/drop_last should not be set"):
        DataLoader(Squares(4), batch_size=2, batch_sampler=BatchSampler(Squares(4), batch_size=2))
    with pytest.raises(AssertionError, match="batch_size should be a positive integer, but got 0"):
        BatchSampler(Squares(4), batch_size=0)


def test_workers_give_the_same_batches_and_worker_info():
    single = [b[0].numpy().tolist() for b in DataLoader(Squares(11), batch_size=3)]
    multi = [b[0].numpy().tolist() for b in DataLoader(Squares(11), batch_size=3, num_workers=2)]
    assert single == multi
    rows = np.concatenate([b.numpy() for b in DataLoader(WhoAmI(), batch_size=2, num_workers=2)])
    assert set(rows[:, 0].tolist()) == {0, 1} and set(rows[:, 1:].ravel().tolist()) == {2, 1}
    assert get_worker_info() is None


def test_iterable_dataset_split_across_workers():
    got = sorted(int(v) for b in DataLoader(Stream(9), batch_size=2, num_workers=2)
                 for v in b.numpy().ravel())
    assert got == list(range(9))
    with pytest.raises(ValueError, match="IterableDataset"):
        len(DataLoader(Stream(3), batch_size=2))


def test_iterable_dataset_drop_last():
    # Paddle's _IterableDatasetFetcher stops at a short last batch when drop_last is set.
    rows = lambda **kw: [b.numpy().ravel().tolist() for b in DataLoader(Stream(7), batch_size=3, **kw)]
    assert rows(drop_last=True) == [[0, 1, 2], [3, 4, 5]]
    assert rows(drop_last=False) == [[0, 1, 2], [3, 4, 5], [6]]
    assert rows() == [[0, 1, 2], [3, 4, 5], [6]]


def _init(worker_id):
    torch.manual_seed(100 + worker_id)


def test_custom_collate_and_worker_init_fn():
    loader = DataLoader(Squares(4), batch_size=2, num_workers=2, worker_init_fn=_init,
                        collate_fn=lambda batch: np.array([s[1] for s in batch]) * 10)
    assert [b.numpy().tolist() for b in loader] == [[0, 10], [20, 30]]


def test_datasets():
    data = TensorDataset([to_tensor(np.arange(6).reshape(3, 2)), to_tensor([7, 8, 9])])
    assert len(data) == 3 and [t.numpy().tolist() for t in data[1]] == [[2, 3], 8]
    with pytest.raises(AssertionError, match="tensors not have same shape of the 1st dimension"):
        TensorDataset([to_tensor([1, 2]), to_tensor([1, 2, 3])])
    sub = Subset(Squares(10), [3, 5])
    assert len(sub) == 2 and sub[1][1] == 5
    comp = ComposeDataset([Squares(3), Squares(3)])
    assert len(comp[2]) == 6
    cat = ConcatDataset([Squares(2), Squares(3)])
    assert len(cat) == 5 and cat[3][1] == 1 and cat[-1][1] == 2
    assert [int(x[0]) for x in ChainDataset([Stream(2), Stream(3)])] == [0, 1, 0, 1, 2]
    with pytest.raises(NotImplementedError, match="'__len__' not implement in class Dataset"):
        len(Dataset())
    with pytest.raises(RuntimeError, match="should not be called for IterableDataset"):
        Stream(2)[0]


def test_random_split():
    parts = random_split(Squares(10), [0.3, 0.7])
    assert [len(p) for p in parts] == [3, 7]
    assert sorted(parts[0].indices + parts[1].indices) == list(range(10))
    with pytest.raises(ValueError, match="Sum of input lengths does not equal"):
        random_split(Squares(10), [3, 3])


def test_samplers():
    assert list(SequenceSampler(range(4))) == [0, 1, 2, 3]
    assert sorted(RandomSampler(range(5))) == [0, 1, 2, 3, 4]
    assert len(RandomSampler(range(5), replacement=True, num_samples=9)) == 9
    with pytest.raises(ValueError, match="num_samples should be smaller than or equal"):
        RandomSampler(range(3), num_samples=5)
    draws = list(WeightedRandomSampler([0.0, 1.0, 3.0], 50))
    assert len(draws) == 50 and 0 not in draws
    assert sorted(SubsetRandomSampler([4, 8, 9])) == [4, 8, 9]
    assert len(BatchSampler(sampler=SequenceSampler(range(10)), batch_size=4)) == 3


class _Draws(paddle.io.Dataset):
    """conformance/record/record_dataloader_seeding.py's dataset, drawing from every generator."""

    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = paddle.io.get_worker_info()
        return np.array([i, np.random.rand(), random.random(), float(paddle.rand([1]).numpy()[0]),
                         info.id, info.seed % 1000003], dtype="float64")


_SEEDING = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "conformance", "goldens", "dataloader_seeding.json")


@pytest.mark.parametrize("key", ["7-1-False", "7-2-False", "7-2-True", "2024-2-False"])
def test_workers_draw_what_paddles_workers_draw(key):
    # Recorded from Paddle 3.3.1: under np.random.seed, workers' numpy, random and paddle draws,
    # get_worker_info().seed, both epochs (persistent workers keep their streams), and the main
    # process's numpy stream after the base-seed draws.
    with open(_SEEDING) as f:
        want = json.load(f)[key]
    seed, workers, persistent = key.split("-")
    np.random.seed(int(seed))
    dl = paddle.io.DataLoader(_Draws(), batch_size=2, num_workers=int(workers), shuffle=False,
                              persistent_workers=persistent == "True")
    got = [[b.numpy().tolist() for b in dl] for _ in range(2)]
    np.testing.assert_allclose(np.array(got), np.array(want["epochs"]), rtol=1e-7)
    assert np.random.rand() == want["after"]


class _Index(paddle.io.Dataset):
    def __len__(self):
        return 10

    def __getitem__(self, i):
        return np.array([i], "int64")


def test_shuffled_batches_with_and_without_workers_are_paddles():
    # Recorded from Paddle 3.3.1: with workers the base-seed draw precedes the permutation.
    with open(_SEEDING) as f:
        want = json.load(f)["shuffle"]
    np.random.seed(3)
    got = [[b.numpy().ravel().tolist() for b in
            paddle.io.DataLoader(_Index(), batch_size=3, shuffle=True, num_workers=w)]
           for w in (0, 2)]
    assert got == want["epochs"]
    assert np.random.rand() == want["after"]


def test_subset_random_sampler_follows_paddle_seed():
    # Paddle 3.3.1 draws the order with paddle.randperm: seed 2023 gives 9, 3, 7, 5, 1
    paddle.seed(2023)
    assert list(SubsetRandomSampler(indices=[1, 3, 5, 7, 9])) == [9, 3, 7, 5, 1]
