"""paddle.text.datasets.WMT16 (Paddle: text/datasets/wmt16.py): the Multi30k en-de set
(wmt16.tar.gz: wmt16/{train,test,val}, 'english<TAB>german' lines). Dictionaries are read from
DATA_HOME/wmt16/<lang>_<dict_size>.dict, built from wmt16/train when absent or of another size
('<s>', '<e>', '<unk>', then words by descending count). As in Paddle, both dictionaries count the
words of the *source* column (the `lang` side), and target words missing from the target dictionary
get the source dictionary's '<unk>' id.

Differences from Paddle: no network (a missing tarball raises one RuntimeError naming
wmt16.tar.gz, its URL, MD5 and ~/.cache/paddle/dataset/wmt16/; MD5 sums are not checked). A built
dictionary is written atomically, and its folder is created when missing."""
import os
import tarfile
from collections import defaultdict

import numpy as np

from ..._atomic_file import atomic_write
from ..._dataset import common
from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["WMT16"]

DATA_URL = "http://paddlemodels.bj.bcebos.com/wmt/wmt16.tar.gz"
DATA_MD5 = "0c38be43600334966403524a40dcd81e"
TOTAL_EN_WORDS = 11250
TOTAL_DE_WORDS = 19220
START_MARK = "<s>"
END_MARK = "<e>"
UNK_MARK = "<unk>"


class WMT16(Dataset):
    """paddle.text.WMT16(data_file=None, mode='train', src_dict_size=-1, trg_dict_size=-1,
    lang='en', download=True): three int64 id arrays per pair; get_dict(lang, reverse=False).
    Differences from Paddle: no network (see the module doc); a built dictionary is written
    atomically."""

    def __init__(self, data_file=None, mode="train", src_dict_size=-1, trg_dict_size=-1, lang="en",
                 download=True):
        assert mode.lower() in ["train", "test", "val"], \
            f"mode should be 'train', 'test' or 'val', but got {mode}"
        self.mode = mode.lower()
        self.data_file = locate(data_file, DATA_URL, DATA_MD5, "wmt16", download,
                                f"WMT16(mode='{mode}')", "data_file")
        self.lang = lang
        assert src_dict_size > 0, "dict_size should be set as positive number"
        assert trg_dict_size > 0, "dict_size should be set as positive number"
        self.src_dict_size = min(src_dict_size, TOTAL_EN_WORDS if lang == "en" else TOTAL_DE_WORDS)
        self.trg_dict_size = min(trg_dict_size, TOTAL_DE_WORDS if lang == "en" else TOTAL_EN_WORDS)
        self.src_dict = self._load_dict(lang, src_dict_size)
        self.trg_dict = self._load_dict("de" if lang == "en" else "en", trg_dict_size)
        self.data = self._load_data()

    def _load_dict(self, lang, dict_size, reverse=False):
        dict_path = os.path.join(common.DATA_HOME, f"wmt16/{lang}_{dict_size}.dict")
        found = False
        if os.path.exists(dict_path):
            with open(dict_path, "rb") as d:
                found = len(d.readlines()) == dict_size
        if not found:
            self._build_dict(dict_path, dict_size, lang)
        word_dict = {}
        with open(dict_path, "rb") as fdict:
            for idx, line in enumerate(fdict):
                if reverse:
                    word_dict[idx] = line.strip().decode()
                else:
                    word_dict[line.strip().decode()] = idx
        return word_dict

    def _build_dict(self, dict_path, dict_size, lang):
        word_dict = defaultdict(int)
        with tarfile.open(self.data_file, mode="r") as f:
            for line in f.extractfile("wmt16/train"):
                parts = line.decode().strip().split("\t")
                if len(parts) != 2:
                    continue
                sen = parts[0] if self.lang == "en" else parts[1]   # Paddle's: self.lang, not lang
                for w in sen.split():
                    word_dict[w] += 1
        os.makedirs(os.path.dirname(dict_path), exist_ok=True)
        with atomic_write(dict_path, "wb") as fout:
            fout.write(f"{START_MARK}\n{END_MARK}\n{UNK_MARK}\n".encode())
            for idx, word in enumerate(sorted(word_dict.items(), key=lambda x: x[1], reverse=True)):
                if idx + 3 == dict_size:
                    break
                fout.write(word[0].encode())
                fout.write(b"\n")

    def _load_data(self):
        start_id = self.src_dict[START_MARK]
        end_id = self.src_dict[END_MARK]
        unk_id = self.src_dict[UNK_MARK]
        src_col = 0 if self.lang == "en" else 1
        trg_col = 1 - src_col
        self.src_ids, self.trg_ids, self.trg_ids_next = [], [], []
        with tarfile.open(self.data_file, mode="r") as f:
            for line in f.extractfile(f"wmt16/{self.mode}"):
                parts = line.decode().strip().split("\t")
                if len(parts) != 2:
                    continue
                src_ids = ([start_id] + [self.src_dict.get(w, unk_id) for w in parts[src_col].split()]
                           + [end_id])
                trg_ids = [self.trg_dict.get(w, unk_id) for w in parts[trg_col].split()]
                self.src_ids.append(src_ids)
                self.trg_ids.append([start_id, *trg_ids])
                self.trg_ids_next.append([*trg_ids, end_id])

    def __getitem__(self, idx):
        return (np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]),
                np.array(self.trg_ids_next[idx]))

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, lang, reverse=False):
        """The dictionary of `lang`, word -> id. As in Paddle, `reverse` is accepted and ignored
        (Paddle 3.3.1 does not pass it on); use {v: k for k, v in ...items()} for id -> word."""
        dict_size = self.src_dict_size if lang == self.lang else self.trg_dict_size
        dict_path = os.path.join(common.DATA_HOME, f"wmt16/{lang}_{dict_size}.dict")
        assert os.path.exists(dict_path), "Word dictionary does not exist. "
        return self._load_dict(lang, dict_size)   # Paddle ignores `reverse` here
