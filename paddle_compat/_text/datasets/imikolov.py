"""paddle.text.datasets.Imikolov (Paddle: text/datasets/imikolov.py): the PTB language-model data
in simple-examples.tgz (`./simple-examples/data/ptb.{train,valid}.txt`). The dictionary counts
words (bytes) of train and valid plus one '<s>' and '<e>' per line, drops '<unk>', keeps words seen
more than min_word_freq times ordered by (-count, word), '<unk>' last. 'NGRAM' gives every
window_size-gram of '<s>' + line + '<e>'; 'SEQ' gives (['<s>'] + line, line + ['<e>']).

Differences from Paddle: no network (a missing tarball raises one RuntimeError naming
simple-examples.tgz, its URL, MD5 and ~/.cache/paddle/dataset/imikolov/; MD5 sums not checked)."""
import collections
import tarfile

import numpy as np

from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["Imikolov"]

URL = "https://dataset.bj.bcebos.com/imikolov%2Fsimple-examples.tgz"
MD5 = "30177ea32e27c525793142b6bf2c8e2d"


class Imikolov(Dataset):
    """paddle.text.Imikolov(data_file=None, data_type='NGRAM', window_size=-1, mode='train',
    min_word_freq=50, download=True): tuples of int64 id arrays; see the module doc.
    Differences from Paddle: no network (see the module doc)."""

    def __init__(self, data_file=None, data_type="NGRAM", window_size=-1, mode="train",
                 min_word_freq=50, download=True):
        assert data_type.upper() in ["NGRAM", "SEQ"], \
            f"data type should be 'NGRAM', 'SEQ', but got {data_type}"
        self.data_type = data_type.upper()
        assert mode.lower() in ["train", "test"], f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.window_size = window_size
        self.min_word_freq = min_word_freq
        if data_file is None:
            assert download, "data_file is not set and downloading automatically disabled"
        self.data_file = locate(data_file, URL, MD5, "imikolov", download,
                                f"Imikolov(mode='{mode}')", "data_file")
        self.word_idx = self._build_work_dict(min_word_freq)
        self._load_anno()

    def word_count(self, f, word_freq=None):
        """Count the words of the lines of `f` (plus one '<s>' and '<e>' per line)."""
        if word_freq is None:
            word_freq = collections.defaultdict(int)
        for line in f:
            for w in line.strip().split():
                word_freq[w] += 1
            word_freq["<s>"] += 1
            word_freq["<e>"] += 1
        return word_freq

    def _build_work_dict(self, cutoff):
        with tarfile.open(self.data_file) as tf:
            trainf = tf.extractfile("./simple-examples/data/ptb.train.txt")
            testf = tf.extractfile("./simple-examples/data/ptb.valid.txt")
            word_freq = self.word_count(testf, self.word_count(trainf))
            if "<unk>" in word_freq:
                del word_freq["<unk>"]
            word_freq = [x for x in word_freq.items() if x[1] > self.min_word_freq]
            # Paddle's key mixes str ('<s>', '<e>') and bytes words; sorting them together is its
            # TypeError too, reached only when two such keys tie on count.
            ordered = sorted(word_freq, key=lambda x: (-x[1], x[0]))
            words = [w for w, _ in ordered]
            word_idx = dict(zip(words, range(len(words))))
            word_idx["<unk>"] = len(words)
        return word_idx

    def _load_anno(self):
        self.data = []
        with tarfile.open(self.data_file) as tf:
            f = tf.extractfile(f"./simple-examples/data/ptb.{self.mode}.txt")
            unk = self.word_idx["<unk>"]
            for line in f:
                if self.data_type == "NGRAM":
                    assert self.window_size > -1, "Invalid gram length"
                    words = ["<s>", *line.strip().split(), "<e>"]
                    if len(words) >= self.window_size:
                        ids = [self.word_idx.get(w, unk) for w in words]
                        for i in range(self.window_size, len(ids) + 1):
                            self.data.append(tuple(ids[i - self.window_size:i]))
                else:
                    ids = [self.word_idx.get(w, unk) for w in line.strip().split()]
                    src_seq = [self.word_idx["<s>"], *ids]
                    trg_seq = [*ids, self.word_idx["<e>"]]
                    if self.window_size > 0 and len(src_seq) > self.window_size:
                        continue
                    self.data.append((src_seq, trg_seq))

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
