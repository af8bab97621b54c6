"""paddle.text.datasets.Imdb (Paddle: text/datasets/imdb.py): the aclImdb_v1 tarball; documents
are the `aclImdb/{train,test}/{pos,neg}/*.txt` members, punctuation stripped, lower-cased and split
on whitespace (as bytes, like Paddle); the word dictionary keeps words seen more than `cutoff`
times in train and test, ordered by (-frequency, word), with '<unk>' last. Labels: pos 0, neg 1.

Differences from Paddle: no network (a missing tarball raises one RuntimeError naming
aclImdb_v1.tar.gz, its URL, MD5 and ~/.cache/paddle/dataset/imdb/; MD5 sums are not checked)."""
import collections
import re
import string
import tarfile

import numpy as np

from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["Imdb"]

URL = "https://dataset.bj.bcebos.com/imdb%2FaclImdb_v1.tar.gz"
MD5 = "7c2ac02c03563afcf9b574c7e56c153a"


class Imdb(Dataset):
    """paddle.text.Imdb(data_file=None, mode='train', cutoff=150, download=True): (word ids,
    [label]) int64 arrays; `word_idx` maps words (bytes) to ids. See the module doc.
    Differences from Paddle: no network (see the module doc)."""

    def __init__(self, data_file=None, mode="train", cutoff=150, download=True):
        assert mode.lower() in ["train", "test"], f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = locate(data_file, URL, MD5, "imdb", download, f"Imdb(mode='{mode}')",
                                "data_file")
        self.word_idx = self._build_work_dict(cutoff)
        self._load_anno()

    def _build_work_dict(self, cutoff):
        word_freq = collections.defaultdict(int)
        pattern = re.compile(r"aclImdb/((train)|(test))/((pos)|(neg))/.*\.txt$")
        for doc in self._tokenize(pattern):
            for word in doc:
                word_freq[word] += 1
        word_freq = [x for x in word_freq.items() if x[1] > cutoff]
        dictionary = sorted(word_freq, key=lambda x: (-x[1], x[0]))
        words = [w for w, _ in dictionary]
        word_idx = dict(zip(words, range(len(words))))
        word_idx["<unk>"] = len(words)
        return word_idx

    def _tokenize(self, pattern):
        data = []
        punctuation = string.punctuation.encode("latin-1")
        with tarfile.open(self.data_file) as tarf:
            tf = tarf.next()
            while tf is not None:
                if pattern.match(tf.name):
                    data.append(tarf.extractfile(tf).read().rstrip(b"\n\r")
                                .translate(None, punctuation).lower().split())
                tf = tarf.next()
        return data

    def _load_anno(self):
        pos_pattern = re.compile(rf"aclImdb/{self.mode}/pos/.*\.txt$")
        neg_pattern = re.compile(rf"aclImdb/{self.mode}/neg/.*\.txt$")
        unk = self.word_idx["<unk>"]
        self.docs, self.labels = [], []
        for doc in self._tokenize(pos_pattern):
            self.docs.append([self.word_idx.get(w, unk) for w in doc])
            self.labels.append(0)
        for doc in self._tokenize(neg_pattern):
            self.docs.append([self.word_idx.get(w, unk) for w in doc])
            self.labels.append(1)

    def __getitem__(self, idx):
        return np.array(self.docs[idx]), np.array([self.labels[idx]])

    def __len__(self):
        return len(self.docs)
