"""paddle.text.datasets.UCIHousing (Paddle: text/datasets/uci_housing.py): the Boston housing
table (housing.data, 14 whitespace-separated numbers per row), features normalised by
(x - mean) / (max - min) over the whole file, the first 80% of rows for 'train', the rest 'test'.

Differences from Paddle: no network (a missing file raises one RuntimeError naming housing.data,
its URL, MD5 and ~/.cache/paddle/dataset/uci_housing/; MD5 sums are not checked)."""
import numpy as np

from ... import _dtype
from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["UCIHousing"]

URL = "http://paddlemodels.bj.bcebos.com/uci_housing/housing.data"
MD5 = "d4accdce7a25600298819f8e28e8d593"
feature_names = ["CRIM", "ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX", "PTRATIO",
                 "B", "LSTAT"]


class UCIHousing(Dataset):
    """paddle.text.UCIHousing(data_file=None, mode='train', download=True): (13 features, [price])
    float arrays of the default dtype; see the module doc.
    Differences from Paddle: no network (see the module doc)."""

    def __init__(self, data_file=None, mode="train", download=True):
        assert mode.lower() in ["train", "test"], f"mode should be 'train' or 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = locate(data_file, URL, MD5, "uci_housing", download,
                                f"UCIHousing(mode='{mode}')", "data_file")
        self._load_data()
        self.dtype = _dtype.get_default_dtype()

    def _load_data(self, feature_num=14, ratio=0.8):
        data = np.fromfile(self.data_file, sep=" ")
        data = data.reshape(data.shape[0] // feature_num, feature_num)
        maximums, minimums = data.max(axis=0), data.min(axis=0)
        avgs = data.sum(axis=0) / data.shape[0]
        for i in range(feature_num - 1):
            data[:, i] = (data[:, i] - avgs[i]) / (maximums[i] - minimums[i])
        offset = int(data.shape[0] * ratio)
        self.data = data[:offset] if self.mode == "train" else data[offset:]

    def __getitem__(self, idx):
        data = self.data[idx]
        return np.array(data[:-1]).astype(self.dtype), np.array(data[-1:]).astype(self.dtype)

    def __len__(self):
        return len(self.data)
