"""Record paddle.text from real Paddle into conformance/goldens/text.json: viterbi_decode /
ViterbiDecoder (scores, paths, errors) and the seven text datasets read from tiny files in their
real formats.

The builders below write those files deterministically (housing.data; the aclImdb tarball; the PTB
simple-examples.tgz; the CoNLL-05 test tarball with gzipped words/props and its dictionaries;
MovieLens' ml-1m.zip; wmt14.tgz; wmt16.tar.gz). Paddle 3.3.1 reads them here;
tests/test_text_datasets.py builds the same files and replays the cases on paddle_compat, and
tests/test_text_viterbi_decode.py replays the viterbi cases. Dictionaries that Paddle numbers by
iterating a Python set (Conll05st's labels, Movielens' categories and title words) are recorded
decoded back to strings, since their numbering follows PYTHONHASHSEED in both libraries.

Run with the oracle: `PADDLE_PY conformance/record/record_text.py` (re-runnable).
"""
import gzip
import io
import json
import os
import sys
import tarfile
import tempfile
import warnings
import zipfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402


# ---- file builders -------------------------------------------------------------------------------
def _tar_add(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 0
    tar.addfile(info, io.BytesIO(data))


def _gz(data):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def write_housing(path):
    rs = np.random.RandomState(0)
    rows = rs.uniform(0, 50, (12, 14)).round(3)
    with open(path, "w") as f:
        for r in rows:
            f.write(" ".join(f"{v:8.3f}" for v in r) + "\n")
    return path


IMDB_DOCS = {
    "aclImdb/train/pos/0_9.txt": b"A great movie, great acting! The plot was great.\n",
    "aclImdb/train/pos/1_8.txt": b"Great fun; the cast is great and the movie is fun.",
    "aclImdb/train/neg/2_1.txt": b"The worst movie. Boring plot, bad acting -- bad!\r\n",
    "aclImdb/train/neg/3_2.txt": b"Bad, bad, BAD. The movie is boring.",
    "aclImdb/test/pos/4_10.txt": b"Fun movie with a great plot.",
    "aclImdb/test/neg/5_3.txt": b"Boring and bad; the acting was the worst.",
    "aclImdb/train/unsup/6_0.txt": b"ignored ignored ignored ignored",
    "aclImdb/imdb.vocab": b"great\nbad\n",
}


def write_imdb(path):
    with tarfile.open(path, "w:gz") as tar:
        for name, data in IMDB_DOCS.items():
            _tar_add(tar, name, data)
    return path


PTB = {
    "train": b" the cat sat on the mat \n the dog sat on the log \n a cat and a dog \n the end <unk> \n",
    "valid": b" a cat ran \n a dog sat \n",
    "test": b" the dog ran on the mat \n a <unk> cat \n",
}


def write_imikolov(path):
    with tarfile.open(path, "w:gz") as tar:
        for mode, data in PTB.items():
            _tar_add(tar, f"./simple-examples/data/ptb.{mode}.txt", data)
    return path


# Two sentences; the second has two predicates. Columns: verbs, then one column per predicate.
CONLL_WORDS = b"The\ncat\nsat\ndown\n.\n\nDogs\nchase\ncats\nand\neat\nfood\n\n"
CONLL_PROPS = (b"-    (A0*\n-    *)\nsit  (V*)\n-    (AM-DIR*)\n-    *\n\n"
               b"-      (A0*)   (A0*)\nchase  (V*)    *\n-      (A1*)   *\n-      *       *\n"
               b"eat    *       (V*)\n-      *       (A1*)\n\n")
CONLL_WORD_DICT = "bos\neos\nThe\ncat\nsat\ndown\n.\nDogs\nchase\ncats\nand\n"
CONLL_VERB_DICT = "sit\nchase\neat\n"
CONLL_TARGET_DICT = "B-A0\nI-A0\nB-A1\nI-A1\nB-V\nI-V\nB-AM-DIR\nI-AM-DIR\nO\n"


def write_conll05(folder):
    os.makedirs(folder, exist_ok=True)
    data = os.path.join(folder, "conll05st-tests.tar.gz")
    with tarfile.open(data, "w:gz") as tar:
        _tar_add(tar, "conll05st-release/test.wsj/words/test.wsj.words.gz", _gz(CONLL_WORDS))
        _tar_add(tar, "conll05st-release/test.wsj/props/test.wsj.props.gz", _gz(CONLL_PROPS))
    paths = {"data_file": data}
    for key, name, text in (("word_dict_file", "wordDict.txt", CONLL_WORD_DICT),
                            ("verb_dict_file", "verbDict.txt", CONLL_VERB_DICT),
                            ("target_dict_file", "targetDict.txt", CONLL_TARGET_DICT),
                            ("emb_file", "emb", "not read\n")):
        paths[key] = os.path.join(folder, name)
        with open(paths[key], "w") as f:
            f.write(text)
    return paths


ML_MOVIES = (b"1::Toy Story (1995)::Animation|Children's|Comedy\n"
             b"2::Jumanji (1995)::Adventure|Children's|Fantasy\n"
             b"3::Grumpier Old Men (1995)::Comedy|Romance\n"
             b"4::Caf\xe9 Story (1999)::Drama\n")
ML_USERS = b"1::F::1::10::48067\n2::M::56::16::70072\n3::M::25::15::55117\n"


def write_movielens(path):
    rs = np.random.RandomState(3)
    lines = [f"{rs.randint(1, 4)}::{rs.randint(1, 5)}::{rs.randint(1, 6)}::97830{i:04d}\n"
             for i in range(30)]
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("ml-1m/movies.dat", ML_MOVIES)
        z.writestr("ml-1m/users.dat", ML_USERS)
        z.writestr("ml-1m/ratings.dat", "".join(lines).encode())
    return path


WMT14_SRC_DICT = b"<s>\n<e>\n<unk>\nle\nchat\nest\nnoir\nchien\n"
WMT14_TRG_DICT = b"<s>\n<e>\n<unk>\nthe\ncat\nis\nblack\ndog\n"


def write_wmt14(path):
    with tarfile.open(path, "w:gz") as tar:
        _tar_add(tar, "wmt14/src.dict", WMT14_SRC_DICT)
        _tar_add(tar, "wmt14/trg.dict", WMT14_TRG_DICT)
        _tar_add(tar, "wmt14/train/train",
                 b"le chat est noir\tthe cat is black\nle chien\tthe dog\nbad line\n"
                 + b"le " * 80 + b"\tthe\n")
        _tar_add(tar, "wmt14/test/test", b"le chat blanc\tthe white cat\n")
        _tar_add(tar, "wmt14/gen/gen", b"le chien est noir\tthe dog is black\n")
    return path


def write_wmt16(path):
    train = (b"a man is walking\tein mann geht\n"
             b"a dog is running\tein hund rennt\n"
             b"the man and the dog\tder mann und der hund\n"
             b"broken line\n")
    with tarfile.open(path, "w:gz") as tar:
        _tar_add(tar, "wmt16/train", train)
        _tar_add(tar, "wmt16/test", b"a man is running\tein mann rennt\n")
        _tar_add(tar, "wmt16/val", b"the dog is walking\tder hund geht\n")
    return path


# ---- what is recorded ----------------------------------------------------------------------------
def _items(ds):
    out = []
    for i in range(len(ds)):
        item = ds[i]
        out.append([[str(np.asarray(a).dtype), np.asarray(a).tolist()] for a in item])
    return out


def _key(k):
    return ["bytes", k.decode("latin-1")] if isinstance(k, bytes) else ["str", k]


def dataset_results(text, root):
    """{case: result} for every dataset case, files built under `root`."""
    res = {}
    housing = write_housing(os.path.join(root, "housing.data"))
    for mode in ("train", "test"):
        ds = text.UCIHousing(data_file=housing, mode=mode)
        res[f"uci_housing_{mode}"] = {"len": len(ds), "items": _items(ds)}
    imdb = write_imdb(os.path.join(root, "aclImdb_v1.tar.gz"))
    for mode, cutoff in (("train", 1), ("test", 0)):
        ds = text.Imdb(data_file=imdb, mode=mode, cutoff=cutoff)
        res[f"imdb_{mode}_{cutoff}"] = {"len": len(ds), "items": _items(ds),
                                        "word_idx": sorted([_key(k), v] for k, v in ds.word_idx.items())}
    ptb = write_imikolov(os.path.join(root, "simple-examples.tgz"))
    for args in (("NGRAM", 3, "train", 1), ("NGRAM", 2, "test", 0), ("SEQ", -1, "train", 1),
                 ("SEQ", 4, "test", 1)):
        ds = text.Imikolov(data_file=ptb, data_type=args[0], window_size=args[1], mode=args[2],
                           min_word_freq=args[3])
        res["imikolov_" + "_".join(str(a) for a in args)] = {
            "len": len(ds), "items": _items(ds),
            "word_idx": sorted([_key(k), v] for k, v in ds.word_idx.items())}
    paths = write_conll05(os.path.join(root, "conll05st"))
    ds = text.Conll05st(**paths)
    word, pred, label = ds.get_dict()
    inv = {v: k for k, v in label.items()}
    items = _items(ds)
    for item in items:       # label ids -> label strings (the numbering follows set order)
        item[8][1] = [inv[v] for v in item[8][1]]
    res["conll05st"] = {"len": len(ds), "items": items, "word_dict": sorted(word.items()),
                        "verb_dict": sorted(pred.items()), "labels": sorted(label),
                        "label_O_last": label["O"] == len(label) - 1,
                        "emb": os.path.basename(ds.get_embedding())}
    ml = write_movielens(os.path.join(root, "ml-1m.zip"))
    for mode, ratio, seed in (("train", 0.3, 0), ("test", 0.3, 0), ("test", 0.5, 7)):
        ds = text.Movielens(data_file=ml, mode=mode, test_ratio=ratio, rand_seed=seed)
        cats = {v: k for k, v in ds.categories_dict.items()}
        words = {v: k for k, v in ds.movie_title_dict.items()}
        items = _items(ds)
        for item in items:
            item[5][1] = [cats[v] for v in item[5][1]]
            item[6][1] = [words[v] for v in item[6][1]]
        res[f"movielens_{mode}_{ratio}_{seed}"] = {
            "len": len(ds), "items": items, "movie": str(ds.movie_info[4]),
            "user": str(ds.user_info[2]), "categories": sorted(ds.categories_dict),
            "title_words": sorted(ds.movie_title_dict)}
    wmt14 = write_wmt14(os.path.join(root, "wmt14.tgz"))
    for mode, size in (("train", 8), ("test", 5), ("gen", 8)):
        ds = text.WMT14(data_file=wmt14, mode=mode, dict_size=size)
        src, trg = ds.get_dict()
        rsrc, _ = ds.get_dict(reverse=True)
        res[f"wmt14_{mode}_{size}"] = {"len": len(ds), "items": _items(ds),
                                       "src": sorted(src.items()), "trg": sorted(trg.items()),
                                       "rsrc": sorted([k, v] for k, v in rsrc.items())}
    wmt16 = write_wmt16(os.path.join(root, "wmt16.tar.gz"))
    for mode, sizes, lang in (("train", (8, 9), "en"), ("test", (8, 9), "en"), ("val", (6, 20), "de")):
        ds = text.WMT16(data_file=wmt16, mode=mode, src_dict_size=sizes[0], trg_dict_size=sizes[1],
                        lang=lang)
        other = "de" if lang == "en" else "en"
        res[f"wmt16_{mode}_{lang}"] = {"len": len(ds), "items": _items(ds),
                                       "src": sorted(ds.src_dict.items()),
                                       "trg": sorted(ds.trg_dict.items()),
                                       "get_dict": sorted(ds.get_dict(other, reverse=True).items())}
    return res


def error_results(text, root):
    res = {}
    cases = {
        "err_uci_mode": lambda: text.UCIHousing(data_file="x", mode="val"),
        "err_imdb_mode": lambda: text.Imdb(data_file="x", mode="dev"),
        "err_imikolov_type": lambda: text.Imikolov(data_file="x", data_type="BAG"),
        "err_wmt14_mode": lambda: text.WMT14(data_file="x", mode="dev"),
        "err_wmt14_dict_size": lambda: text.WMT14(data_file=write_wmt14(os.path.join(root, "w14.tgz"))),
        "err_wmt16_dict_size": lambda: text.WMT16(data_file=write_wmt16(os.path.join(root, "w16.tgz"))),
        "err_no_download": lambda: text.UCIHousing(download=False),
        "err_imikolov_no_download": lambda: text.Imikolov(download=False),
        "err_movielens_mode": lambda: text.Movielens(data_file="x", mode="val"),
    }
    for name, fn in cases.items():
        try:
            fn()
            res[name] = {"ok": True}
        except Exception as e:  # noqa: BLE001 - the exception is the recorded result
            res[name] = {"error": type(e).__name__, "message": str(e)}
    return res


VITERBI = [
    ("viterbi_bos", "x = T(A(3, 5, 4)); t = T(A(4, 4, seed=1)); out = list(paddle.text.viterbi_decode(x, t, I([5, 2, 3])))"),
    ("viterbi_no_bos", "x = T(A(3, 5, 4)); t = T(A(4, 4, seed=1)); out = list(paddle.text.viterbi_decode(x, t, I([5, 2, 3]), False))"),
    ("viterbi_short_lengths", "x = T(A(2, 6, 5, seed=2)); t = T(A(5, 5, seed=3)); out = list(paddle.text.viterbi_decode(x, t, I([3, 1])))"),
    ("viterbi_length_one", "x = T(A(2, 3, 3, seed=4)); t = T(A(3, 3, seed=5)); out = list(paddle.text.viterbi_decode(x, t, I([1, 1]), False))"),
    ("viterbi_float64", "x = T(A(2, 4, 4, seed=6, dtype='float64')); t = T(A(4, 4, seed=7, dtype='float64')); out = list(paddle.text.viterbi_decode(x, t, I([4, 3])))"),
    ("viterbi_ties", "x = T(np.zeros([2, 3, 4], 'float32')); t = T(np.zeros([4, 4], 'float32')); out = list(paddle.text.viterbi_decode(x, t, I([3, 2])))"),
    ("viterbi_layer", "t = T(A(4, 4, seed=1)); d = paddle.text.ViterbiDecoder(t, include_bos_eos_tag=False); "
                      "out = list(d(T(A(3, 5, 4)), I([3, 1, 2]))) + [d.include_bos_eos_tag]"),
    ("viterbi_err_int", "out = paddle.text.viterbi_decode(I([[[1, 2]]]), T(A(2, 2)), I([1]))"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "viterbi": {}, "datasets": {}, "errors": {}}
    for name, code in VITERBI:
        goldens["viterbi"][name] = {"code": code, "result": run_case(paddle, code)}
    with tempfile.TemporaryDirectory() as root:
        paddle.dataset.common.DATA_HOME = os.path.join(root, "cache")
        os.makedirs(os.path.join(root, "cache", "wmt16"))
        goldens["datasets"] = dataset_results(paddle.text, root)
        goldens["errors"] = error_results(paddle.text, root)
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "text.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(goldens['datasets'])} dataset and {len(VITERBI)} viterbi cases to "
          f"{os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
