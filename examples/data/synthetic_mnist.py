"""A deterministic MNIST stand-in: seven-segment digits drawn at random sizes, positions, slants,
stroke widths and noise on 28x28 canvases, written as MNIST's idx .gz files so that
`paddle.dataset.mnist` reads them exactly as it reads the real ones.

    python examples/data/synthetic_mnist.py OUT_DIR [N_TRAIN N_TEST]

writes OUT_DIR/mnist/{train,t10k}-{images-idx3,labels-idx1}-ubyte.gz; then point
`paddle.dataset.common.DATA_HOME` at OUT_DIR. Same arguments, same bytes (numpy's PCG64 seeded).
"""
import gzip
import os
import struct
import sys

import numpy as np

# Segments a..g as (row0, col0, row1, col1) in a unit box: a top, b top-right, c bottom-right,
# d bottom, e bottom-left, f top-left, g middle.
_SEG = {"a": (0, 0, 0, 1), "b": (0, 1, .5, 1), "c": (.5, 1, 1, 1), "d": (1, 0, 1, 1),
        "e": (.5, 0, 1, 0), "f": (0, 0, .5, 0), "g": (.5, 0, .5, 1)}
_ROWS = np.arange(28)
_COLS = np.arange(28)
_DIGITS = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"]


def _draw(label, rng):
    img = np.zeros((28, 28), np.float32)
    h, w = rng.integers(14, 21), rng.integers(8, 14)
    top, left = rng.integers(3, 28 - h - 2), rng.integers(5, 28 - w - 4)
    t = rng.integers(2, 4)
    for s in _DIGITS[label]:
        r0, c0, r1, c1 = _SEG[s]
        y0, y1 = top + int(r0 * (h - t)), top + int(r1 * (h - t)) + t
        x0, x1 = left + int(c0 * (w - t)), left + int(c1 * (w - t)) + t
        img[y0:y1, x0:x1] = rng.uniform(0.7, 1.0)
    slant = rng.uniform(-0.25, 0.25)
    # Shear: each row shifts by its distance from the centre row.
    shift = np.round(slant * (14 - _ROWS)).astype(int)
    img = img[_ROWS[:, None], (_COLS[None, :] - shift[:, None]) % 28]
    img += rng.normal(0, 0.08, img.shape).astype(np.float32)
    return (np.clip(img, 0, 1) * 255).astype(np.uint8)


def make(n, seed):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 10, n).astype(np.uint8)
    images = np.stack([_draw(int(lab), rng) for lab in labels])
    return images, labels


def _write(path, header, payload):
    # mtime=0 keeps the .gz bytes identical from run to run.
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=1) as f:
        f.write(header + payload.tobytes())


def write_dataset(out_dir, n_train=60000, n_test=10000):
    """Write the four idx files under out_dir/mnist; returns out_dir (a DATA_HOME)."""
    d = os.path.join(out_dir, "mnist")
    os.makedirs(d, exist_ok=True)
    for prefix, n, seed in (("train", n_train, 2024), ("t10k", n_test, 7)):
        images, labels = make(n, seed)
        _write(os.path.join(d, f"{prefix}-images-idx3-ubyte.gz"),
               struct.pack(">IIII", 2051, n, 28, 28), images)
        _write(os.path.join(d, f"{prefix}-labels-idx1-ubyte.gz"), struct.pack(">II", 2049, n),
               labels)
    return out_dir


if __name__ == "__main__":
    args = sys.argv[1:]
    write_dataset(args[0], *(int(a) for a in args[1:3]))
