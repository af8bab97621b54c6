"""paddle.io: datasets, samplers and the DataLoader."""
from .._io.dataset import (Dataset, IterableDataset, TensorDataset, ComposeDataset, ChainDataset,
                      ConcatDataset, Subset, random_split)
from .._io.sampler import (Sampler, SequenceSampler, RandomSampler, WeightedRandomSampler,
                      SubsetRandomSampler, BatchSampler)
from .._io.dataloader import DataLoader, get_worker_info, default_collate_fn, default_convert_fn
from .._distributed.sampler import DistributedBatchSampler

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset",
           "ConcatDataset", "Subset", "random_split", "Sampler", "SequenceSampler", "RandomSampler",
           "WeightedRandomSampler", "SubsetRandomSampler", "BatchSampler", "DataLoader",
           "get_worker_info", "DistributedBatchSampler"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
