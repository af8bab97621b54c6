"""Replay Paddle's published tutorials under real Paddle and under paddle_compat, and compare.

    python tools/tutorial_replay.py --docs PATH --oracle PADDLE_PYTHON [--only NAME ...]

PATH is a clone (or a bare mirror) of github.com/PaddlePaddle/docs: the tutorials are its
`docs/practices/**/*.ipynb` notebooks, written by other people for Paddle. Each notebook's code
cells become one script (shell `!` and `%` lines commented out), run unchanged under both, with a
three-line prefix that seeds paddle, numpy and random (so both draw the same numbers: the RNG is
Paddle-exact here). Nothing of the tutorials is stored in this repository.

There is no network: the data sets the tutorials download are generated here in Paddle's own file
formats (MNIST idx files, the IMDB tarball, the plain-text corpora some notebooks fetch with
wget) and put where Paddle looks for them. Real Paddle would reject the generated MNIST/IMDB
cache files by their md5 and try to download; for the oracle run only, the prefix makes its
`paddle.dataset.common.download` return the cached path (paddle_compat does not check md5s).
When matplotlib or visualdl is not installed, a do-nothing stand-in is put on the path of both
runs (the notebooks only plot and log with them).

Verdicts per tutorial:
  same            identical output (timings such as "12ms/step" and warning lines ignored)
  digits          the same lines, differing only in the digits of numbers (float drift)
  differs         other differences
  compat-fails    Paddle ran it, paddle_compat exited with an error
  both-fail       neither ran it (a missing third-party package or data set)
  paddle-fails    only Paddle failed
"""
import argparse
import gzip
import io
import json
import os
import pickle
import random
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PREFIX = """import paddle, numpy as _np, random as _r, os as _os
paddle.seed(0); _np.random.seed(0); _r.seed(0)
if 'paddle_compat' not in paddle.__file__:
    import paddle.dataset.common as _c
    _c.download = lambda url, module_name, md5sum, save_name=None: _os.path.join(
        _c.DATA_HOME, module_name, save_name or url.split('/')[-1])
"""

STANDIN = """class _Nothing:
    def __getattr__(self, name):
        return _Nothing()
    def __call__(self, *args, **kwargs):
        return _Nothing()
    def __iter__(self):
        return iter((_Nothing(), _Nothing()))
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False
def __getattr__(name):
    return _Nothing()
"""

# packages the notebooks only plot or log with: a do-nothing stand-in where they are missing
STANDINS = {"matplotlib": ("pyplot", "ticker", "image", "animation", "cm", "colors", "patches",
                           "gridspec", "font_manager", "lines"),
            "visualdl": ()}

_TIMING = re.compile(r"\d+(\.\d+)?(ms|us|s)/step|ETA: \d+:?\d*s?|\d+(\.\d+)? ?(ms|sec|s)\b")
_NUMBER = re.compile(r"[-+]?\d+\.\d*(e[-+]?\d+)?|[-+]?\d+e[-+]?\d+")


def notebooks(docs):
    """{name: notebook json text} of docs/practices, from a checkout or a (bare) git dir."""
    out = {}
    if os.path.isdir(os.path.join(docs, "docs", "practices")):
        for dirpath, _, files in os.walk(os.path.join(docs, "docs", "practices")):
            for f in files:
                if f.endswith(".ipynb") and "checkpoint" not in dirpath + f:
                    out[f[:-6]] = open(os.path.join(dirpath, f), encoding="utf-8").read()
        return out
    names = subprocess.run(["git", "--git-dir", docs, "ls-tree", "-r", "--name-only", "HEAD",
                            "docs/practices"], capture_output=True, text=True, check=True)
    for path in names.stdout.split("\n"):
        if path.endswith(".ipynb") and "checkpoint" not in path:
            text = subprocess.run(["git", "--git-dir", docs, "show", "HEAD:" + path],
                                  capture_output=True, text=True)
            if text.returncode == 0:
                out[os.path.basename(path)[:-6]] = text.stdout
    return out


def script_of(notebook_text):
    """The notebook's code cells as one script; shell and magic lines commented out."""
    cells = []
    for cell in json.loads(notebook_text).get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        src = "".join(cell.get("source", []))
        cells.append("\n".join("# " + line if line.strip().startswith(("!", "%")) else line
                               for line in src.split("\n")))
    return PREFIX + "\n\n".join(cells) + "\n"


def make_data(home, workdir):
    """Small data sets in Paddle's formats, where Paddle looks for them."""
    rng = np.random.RandomState(0)
    mnist = os.path.join(home, ".cache", "paddle", "dataset", "mnist")
    os.makedirs(mnist, exist_ok=True)
    for split, n in (("train", 600), ("t10k", 200)):   # Paddle parses in chunks of 100
        labels = rng.randint(0, 10, n).astype(np.uint8)
        images = rng.randint(0, 60, (n, 28, 28)).astype(np.uint8)
        for i, label in enumerate(labels):      # learnable: a bright block placed by the label
            r, c = divmod(int(label), 5)
            images[i, 4 + r * 10:12 + r * 10, 2 + c * 5:6 + c * 5] = 250
        with gzip.open(os.path.join(mnist, f"{split}-images-idx3-ubyte.gz"), "wb") as f:
            f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
        with gzip.open(os.path.join(mnist, f"{split}-labels-idx1-ubyte.gz"), "wb") as f:
            f.write(struct.pack(">II", 2049, n) + labels.tobytes())
    words = random.Random(3)
    pos = "good great excellent wonderful love best amazing fun".split()
    neg = "bad awful terrible boring worst hate poor dull".split()
    common = "the movie film a and is was it of this".split()
    imdb = os.path.join(home, ".cache", "paddle", "dataset", "imdb")
    os.makedirs(imdb, exist_ok=True)
    with tarfile.open(os.path.join(imdb, "imdb%2FaclImdb_v1.tar.gz"), "w:gz") as tar:
        for split in ("train", "test"):
            for label, vocab in (("pos", pos), ("neg", neg)):
                for i in range(100):
                    text = " ".join(words.choice(vocab + common * 2)
                                    for _ in range(words.randint(8, 30))) + ". <br />Really!"
                    data = text.encode()
                    info = tarfile.TarInfo(f"aclImdb/{split}/{label}/{i}_{words.randint(1, 10)}.txt")
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
    en = "i you he she we they go run eat see love like the a big small red blue cat dog".split()
    zh = "我 你 他 她 我们 他们 去 跑 吃 看 爱 喜欢 大 小 红 蓝 猫 狗".split()
    with open(os.path.join(workdir, "cmn.txt"), "w", encoding="utf-8") as f:
        for i in range(300):
            n = words.randint(2, 6)
            f.write(" ".join(words.choice(en) for _ in range(n)).capitalize() + ".\t"
                    + "".join(words.choice(zh) for _ in range(n)) + "。\tCC-BY 2.0 #%d\n" % i)
    with open(os.path.join(workdir, "t8.shakespeare.txt"), "w") as f:
        f.write(" ".join(words.choice(en) for _ in range(3000)))
    vocab = sorted(set(en + pos + neg + common))
    with open(os.path.join(workdir, "glove.6B.100d.txt"), "w", encoding="utf-8") as f:
        for w in vocab:
            f.write(w + " " + " ".join("%.5f" % v for v in rng.randn(100)) + "\n")
    cifar = os.path.join(home, ".cache", "paddle", "dataset", "cifar")
    os.makedirs(cifar, exist_ok=True)
    with tarfile.open(os.path.join(cifar, "cifar-10-python.tar.gz"), "w:gz") as tar:
        for batch, n in (("data_batch_1", 500), ("test_batch", 100)):
            labels = rng.randint(0, 10, n)
            data = rng.randint(0, 256, (n, 3072)).astype(np.uint8)
            for i, label in enumerate(labels):
                data[i, label * 300:label * 300 + 200] = 255
            blob = pickle.dumps({b"data": data, b"labels": [int(v) for v in labels],
                                 b"batch_label": batch.encode()}, protocol=2)
            info = tarfile.TarInfo("cifar-10-batches-py/" + batch)
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))


def _lines(text):
    # a progress bar erases itself with as many backspaces as its (timing-dependent) length
    return [_TIMING.sub("<t>", line.replace("\b", "")).rstrip() for line in text.splitlines()
            if "warn" not in line.lower() and line.strip() != "return tensor("]


def verdict(paddle_rc, ours_rc, paddle_out, ours_out):
    if paddle_rc != 0 and ours_rc != 0:
        return "both-fail"
    if paddle_rc != 0:
        return "paddle-fails"
    if ours_rc != 0:
        return "compat-fails"
    a, b = _lines(paddle_out), _lines(ours_out)
    if a == b:
        return "same"
    if len(a) == len(b) and all(_NUMBER.sub("#", x) == _NUMBER.sub("#", y) for x, y in zip(a, b)):
        return "digits"
    return "differs"


def run(python, args, script, workdir, env, timeout):
    try:
        p = subprocess.run([python] + args + [script], cwd=workdir, env=env, timeout=timeout,
                           capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode(errors="replace") + "\n<timeout>"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docs", required=True, help="PaddlePaddle/docs clone or bare git dir")
    ap.add_argument("--oracle", required=True, help="python with paddlepaddle installed")
    ap.add_argument("--only", nargs="*", help="tutorial names (notebook file names)")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--keep", help="directory to keep the scripts and outputs in")
    opts = ap.parse_args()
    books = notebooks(opts.docs)
    names = sorted(n for n in books if not opts.only or n in opts.only)
    base = opts.keep or tempfile.mkdtemp(prefix="tutorials-")
    home = os.path.join(base, "home")
    stand_in = os.path.join(base, "standins")
    os.makedirs(home, exist_ok=True)
    paths = []
    for package, modules in STANDINS.items():
        if subprocess.run([sys.executable, "-c", "import " + package],
                          capture_output=True).returncode:
            os.makedirs(os.path.join(stand_in, package), exist_ok=True)
            for mod in ("__init__",) + modules:
                with open(os.path.join(stand_in, package, mod + ".py"), "w") as f:
                    f.write(STANDIN)
    if os.path.isdir(stand_in):
        paths.append(stand_in)
    # the data sets once: Paddle's cache under `home`, the wget'd text files copied into each
    # tutorial's working directory (a tutorial may write beside them)
    files = os.path.join(base, "files")
    os.makedirs(files, exist_ok=True)
    make_data(home, files)
    results = {}
    for name in names:
        workdir = os.path.join(base, name)
        os.makedirs(workdir, exist_ok=True)
        for f in os.listdir(files):
            shutil.copy(os.path.join(files, f), workdir)
        script = os.path.join(workdir, "script.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(script_of(books[name]))
        env = dict(os.environ, HOME=home, MPLBACKEND="Agg")
        env_p = dict(env, PYTHONPATH=os.pathsep.join(paths))
        env_o = dict(env, PYTHONPATH=os.pathsep.join(paths + [ROOT]))
        prc, pout = run(opts.oracle, [], script, workdir, env_p, opts.timeout)
        orc, oout = run(sys.executable, ["-m", "paddle_compat", "run"], script, workdir, env_o,
                        opts.timeout)
        for tag, text in (("paddle", pout), ("compat", oout)):
            with open(os.path.join(workdir, tag + ".txt"), "w") as f:
                f.write(text)
        results[name] = verdict(prc, orc, pout, oout)
        print(f"{name:45s} {results[name]}", flush=True)
    counts = {}
    for v in results.values():
        counts[v] = counts.get(v, 0) + 1
    ran = sum(counts.get(k, 0) for k in ("same", "digits", "differs", "compat-fails"))
    ok = counts.get("same", 0) + counts.get("digits", 0)
    print(f"\n{len(results)} tutorials; Paddle ran {ran}; paddle_compat matched {ok} of those "
          f"({counts.get('same', 0)} identical, {counts.get('digits', 0)} float digits only); "
          + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    if not opts.keep:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
