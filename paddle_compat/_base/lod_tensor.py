"""paddle.base.create_lod_tensor: a DenseTensor carrying level-of-detail offsets (Paddle's LoD
tensor), built from a numpy array, a list of sequences or another DenseTensor."""
import numpy as np

from .._static.dense_tensor import DenseTensor, check_recursive_lengths as _check

__all__ = ["create_lod_tensor"]


def create_lod_tensor(data, recursive_seq_lens, place):
    """paddle.base.create_lod_tensor(data, recursive_seq_lens, place): `data` (numpy array, list
    of sequences, or DenseTensor) with the sequence lengths `recursive_seq_lens` (one list per
    level) stored as LoD offsets (`tensor.lod()`); lengths that do not cover the data raise
    Paddle's ValueError.

    Differences from Paddle: the static graph's ops do not read the LoD (paddle_compat's
    static graph has no LoD tensors); the tensor keeps it for `lod()` and checks."""
    if isinstance(data, DenseTensor):
        return create_lod_tensor(np.array(data), recursive_seq_lens, place)
    if isinstance(data, list):
        lengths = [len(seq) for seq in data]
        assert [lengths] == recursive_seq_lens, "data and recursive_seq_lens do not match"
        arr = np.array([v for seq in data for v in seq])
        arr = arr.reshape((*arr.shape, 1))
        return create_lod_tensor(arr, recursive_seq_lens, place)
    if isinstance(data, np.ndarray):
        lod = _check(recursive_seq_lens, data.shape[0] if data.ndim else 0)
        t = DenseTensor()
        t.set(data, place)
        t.set_lod(lod)
        return t
    raise TypeError("data should be either a DenseTensor, a Numpy array or a list")
