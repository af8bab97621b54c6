"""paddle.text.datasets.Conll05st (Paddle: text/datasets/conll05.py): the CoNLL-2005 SRL test set
(conll05st-tests.tar.gz: conll05st-release/test.wsj/{words,props}/test.wsj.*.gz), with the word,
verb and target dictionaries (one entry per line) and the embedding file. Each sample is one
(sentence, predicate) pair: word ids, the five context-word ids around the verb, predicate id,
the verb-window mark and the BIO label ids.

Differences from Paddle: no network (missing files raise one RuntimeError naming each file, its URL,
MD5 and ~/.cache/paddle/dataset/conll05st/; MD5 sums are not checked). As in Paddle, the label
dictionary is built by iterating a Python set, so its numbering follows Python's string hashing
(PYTHONHASHSEED) and may differ between runs of either library."""
import gzip
import tarfile

import numpy as np

from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["Conll05st"]

DATA_URL = "http://paddlemodels.bj.bcebos.com/conll05st/conll05st-tests.tar.gz"
DATA_MD5 = "387719152ae52d60422c016e92a742fc"
WORDDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FwordDict.txt"
WORDDICT_MD5 = "ea7fb7d4c75cc6254716f0177a506baa"
VERBDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FverbDict.txt"
VERBDICT_MD5 = "0d2977293bbb6cbefab5b0f97db1e77c"
TRGDICT_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2FtargetDict.txt"
TRGDICT_MD5 = "d8c7f03ceb5fc2e5a0fa7503a4353751"
EMB_URL = "http://paddlemodels.bj.bcebos.com/conll05st%2Femb"
EMB_MD5 = "bf436eb0faa1f6f9103017f8be57cdb7"
UNK_IDX = 0


class Conll05st(Dataset):
    """paddle.text.Conll05st(data_file=None, word_dict_file=None, verb_dict_file=None,
    target_dict_file=None, emb_file=None, download=True): nine int64 arrays per sample;
    get_dict() -> (word, predicate, label dicts); get_embedding() -> the embedding file's path.
    Differences from Paddle: no network (see the module doc); the label numbering follows
    PYTHONHASHSEED, as in Paddle."""

    def __init__(self, data_file=None, word_dict_file=None, verb_dict_file=None,
                 target_dict_file=None, emb_file=None, download=True):
        what = "Conll05st()"
        self.data_file = locate(data_file, DATA_URL, DATA_MD5, "conll05st", download, what,
                                "data_file")
        self.word_dict_file = locate(word_dict_file, WORDDICT_URL, WORDDICT_MD5, "conll05st",
                                     download, what, "word_dict_file")
        self.verb_dict_file = locate(verb_dict_file, VERBDICT_URL, VERBDICT_MD5, "conll05st",
                                     download, what, "verb_dict_file")
        self.target_dict_file = locate(target_dict_file, TRGDICT_URL, TRGDICT_MD5, "conll05st",
                                       download, what, "target_dict_file")
        self.emb_file = locate(emb_file, EMB_URL, EMB_MD5, "conll05st", download, what,
                               "emb_file")
        self.word_dict = self._load_dict(self.word_dict_file)
        self.predicate_dict = self._load_dict(self.verb_dict_file)
        self.label_dict = self._load_label_dict(self.target_dict_file)
        self._load_anno()

    def _load_label_dict(self, filename):
        d = {}
        tag_dict = set()
        with open(filename) as f:
            for line in f:
                line = line.strip()
                if line.startswith("B-") or line.startswith("I-"):
                    tag_dict.add(line[2:])
            index = 0
            for tag in tag_dict:
                d["B-" + tag] = index
                index += 1
                d["I-" + tag] = index
                index += 1
            d["O"] = index
        return d

    def _load_dict(self, filename):
        d = {}
        with open(filename) as f:
            for i, line in enumerate(f):
                d[line.strip()] = i
        return d

    def _load_anno(self):
        self.sentences, self.predicates, self.labels = [], [], []
        with tarfile.open(self.data_file) as tf:
            wf = tf.extractfile("conll05st-release/test.wsj/words/test.wsj.words.gz")
            pf = tf.extractfile("conll05st-release/test.wsj/props/test.wsj.props.gz")
            with gzip.GzipFile(fileobj=wf) as words_file, gzip.GzipFile(fileobj=pf) as props_file:
                sentences, labels, one_seg = [], [], []
                for word, label in zip(words_file, props_file):
                    word = word.strip().decode()
                    label = label.strip().decode().split()
                    if len(label) == 0:                      # end of sentence
                        for i in range(len(one_seg[0])):
                            labels.append([x[i] for x in one_seg])
                        if len(labels) >= 1:
                            verb_list = [x for x in labels[0] if x != "-"]
                            for i, lbl in enumerate(labels[1:]):
                                self.sentences.append(sentences)
                                self.predicates.append(verb_list[i])
                                self.labels.append(_bio(lbl))
                        sentences, labels, one_seg = [], [], []
                    else:
                        sentences.append(word)
                        one_seg.append(label)

    def __getitem__(self, idx):
        sentence = self.sentences[idx]
        predicate = self.predicates[idx]
        labels = self.labels[idx]
        sen_len = len(sentence)
        verb_index = labels.index("B-V")
        mark = [0] * len(labels)
        if verb_index > 0:
            mark[verb_index - 1] = 1
            ctx_n1 = sentence[verb_index - 1]
        else:
            ctx_n1 = "bos"
        if verb_index > 1:
            mark[verb_index - 2] = 1
            ctx_n2 = sentence[verb_index - 2]
        else:
            ctx_n2 = "bos"
        mark[verb_index] = 1
        ctx_0 = sentence[verb_index]
        if verb_index < len(labels) - 1:
            mark[verb_index + 1] = 1
            ctx_p1 = sentence[verb_index + 1]
        else:
            ctx_p1 = "eos"
        if verb_index < len(labels) - 2:
            mark[verb_index + 2] = 1
            ctx_p2 = sentence[verb_index + 2]
        else:
            ctx_p2 = "eos"
        wd = self.word_dict
        return (np.array([wd.get(w, UNK_IDX) for w in sentence]),
                np.array([wd.get(ctx_n2, UNK_IDX)] * sen_len),
                np.array([wd.get(ctx_n1, UNK_IDX)] * sen_len),
                np.array([wd.get(ctx_0, UNK_IDX)] * sen_len),
                np.array([wd.get(ctx_p1, UNK_IDX)] * sen_len),
                np.array([wd.get(ctx_p2, UNK_IDX)] * sen_len),
                np.array([self.predicate_dict.get(predicate)] * sen_len),
                np.array(mark),
                np.array([self.label_dict.get(w) for w in labels]))

    def __len__(self):
        return len(self.sentences)

    def get_dict(self):
        """(word_dict, predicate_dict, label_dict)."""
        return self.word_dict, self.predicate_dict, self.label_dict

    def get_embedding(self):
        """The path of the embedding file."""
        return self.emb_file


def _bio(lbl):
    """One predicate's bracketed props column ('(A0*', '*', '*)', '(V*)') as BIO tags."""
    cur_tag, in_bracket, seq = "O", False, []
    for tok in lbl:
        if tok == "*" and not in_bracket:
            seq.append("O")
        elif tok == "*" and in_bracket:
            seq.append("I-" + cur_tag)
        elif tok == "*)":
            seq.append("I-" + cur_tag)
            in_bracket = False
        elif tok.find("(") != -1 and tok.find(")") != -1:
            cur_tag = tok[1:tok.find("*")]
            seq.append("B-" + cur_tag)
            in_bracket = False
        elif tok.find("(") != -1 and tok.find(")") == -1:
            cur_tag = tok[1:tok.find("*")]
            seq.append("B-" + cur_tag)
            in_bracket = True
        else:
            raise RuntimeError(f"Unexpected label: {tok}")
    return seq
