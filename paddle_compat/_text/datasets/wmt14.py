"""paddle.text.datasets.WMT14 (Paddle: text/datasets/wmt14.py): the shrunken WMT'14 en-fr set
(wmt14.tgz): the first dict_size lines of the members ending in 'src.dict' / 'trg.dict' are the
dictionaries; members ending in '<mode>/<mode>' hold 'source<TAB>target' lines. Pairs longer
than 80 ids are skipped. Samples: (src ids with <s>/<e>, <s> + trg ids, trg ids + <e>).

Differences from Paddle: no network (a missing tarball raises one RuntimeError naming wmt14.tgz, its
URL, MD5 and ~/.cache/paddle/dataset/wmt14/; MD5 sums are not checked)."""
import tarfile

import numpy as np

from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["WMT14"]

URL_DEV_TEST = "http://www-lium.univ-lemans.fr/~schwenk/cslm_joint_paper/data/dev+test.tgz"
MD5_DEV_TEST = "7d7897317ddd8ba0ae5c5fa7248d3ff5"
URL_TRAIN = "http://paddlemodels.bj.bcebos.com/wmt/wmt14.tgz"
MD5_TRAIN = "0791583d57d5beb693b9414c5b36798c"
START = "<s>"
END = "<e>"
UNK = "<unk>"
UNK_IDX = 2


def _to_dict(fd, size):
    out = {}
    for count, line in enumerate(fd):
        if count >= size:
            break
        out[line.strip().decode()] = count
    return out


class WMT14(Dataset):
    """paddle.text.WMT14(data_file=None, mode='train', dict_size=-1, download=True): three int64
    id arrays per pair; get_dict(reverse=False) -> (src_dict, trg_dict).
    Differences from Paddle: no network (see the module doc)."""

    def __init__(self, data_file=None, mode="train", dict_size=-1, download=True):
        assert mode.lower() in ["train", "test", "gen"], \
            f"mode should be 'train', 'test' or 'gen', but got {mode}"
        self.mode = mode.lower()
        self.data_file = locate(data_file, URL_TRAIN, MD5_TRAIN, "wmt14", download,
                                f"WMT14(mode='{mode}')", "data_file")
        assert dict_size > 0, "dict_size should be set as positive number"
        self.dict_size = dict_size
        self._load_data()

    def _load_data(self):
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as f:
            names = [m.name for m in f if m.name.endswith("src.dict")]
            assert len(names) == 1
            self.src_dict = _to_dict(f.extractfile(names[0]), self.dict_size)
            names = [m.name for m in f if m.name.endswith("trg.dict")]
            assert len(names) == 1
            self.trg_dict = _to_dict(f.extractfile(names[0]), self.dict_size)
            file_name = f"{self.mode}/{self.mode}"
            for name in [m.name for m in f if m.name.endswith(file_name)]:
                for line in f.extractfile(name):
                    parts = line.decode().strip().split("\t")
                    if len(parts) != 2:
                        continue
                    src_ids = [self.src_dict.get(w, UNK_IDX) for w in [START, *parts[0].split(), END]]
                    trg_ids = [self.trg_dict.get(w, UNK_IDX) for w in parts[1].split()]
                    if len(src_ids) > 80 or len(trg_ids) > 80:
                        continue
                    self.src_ids.append(src_ids)
                    self.trg_ids.append([self.trg_dict[START], *trg_ids])
                    self.trg_ids_next.append([*trg_ids, self.trg_dict[END]])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, reverse=False):
        """(src_dict, trg_dict), word -> id (id -> word when reverse)."""
        src, trg = self.src_dict, self.trg_dict
        if reverse:
            src, trg = {v: k for k, v in src.items()}, {v: k for k, v in trg.items()}
        return src, trg
