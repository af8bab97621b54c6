"""paddle.save / paddle.load cost, side by side with plain pickle of the same payload (ratios).

    OMP_NUM_THREADS=1 python benchmarks/bench_save_load.py [--root CHECKOUT] [--repeat 5]

What the safety costs (docs/security.md): loading reads the file once into memory, scans the
opcodes, resolves globals through the exact allow-list with checked numpy constructors, and walks
the result once per object; saving writes a temporary file, fsyncs it and renames it. The floor
is `pickle.dump` to an open file (no fsync) and `pickle.load` of the same {name: ndarray} payload,
the format paddle.save writes; each line gives paddle_compat's time over that floor (median of
`--repeat` runs, each timed alternately with the floor). `--root` imports paddle_compat from
another checkout (e.g. main, for a before/after comparison).

Payloads: a ResNet-50-sized state dict (161 tensors, 25.6 M float32 values, ~100 MB), 2000 small
tensors (a large model's biases and norms), and a general object (a list of 20000 floats and
strings, no tensors: the per-opcode cost of the scan and walk).
"""
import argparse
import os
import pickle
import statistics
import sys
import tempfile
import time

import numpy as np


def _payloads(paddle):
    rng = np.random.default_rng(0)
    sizes = [(64, 3, 7, 7)] + [(256, 256, 3, 3)] * 30 + [(1024, 256)] * 30 + [(256,)] * 100
    big = {f"p{i}": rng.standard_normal(s).astype("float32") for i, s in enumerate(sizes)}
    small = {f"s{i}": rng.standard_normal(64).astype("float32") for i in range(2000)}
    general = [float(i) if i % 2 else f"item{i}" for i in range(20000)]
    out = {}
    for name, arrays in (("state dict ~100MB", big), ("2000 small tensors", small)):
        out[name] = ({k: paddle.to_tensor(v) for k, v in arrays.items()}, arrays)
    out["general object (20k items)"] = (general, general)
    return out


def _time(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    import paddle_compat as paddle
    print(f"paddle_compat from {os.path.dirname(paddle.__file__)}")
    d = tempfile.mkdtemp()
    ours, floor = os.path.join(d, "ours.pdparams"), os.path.join(d, "floor.pkl")
    for name, (obj, plain) in _payloads(paddle).items():
        def p_save():
            paddle.save(obj, ours)

        def f_save():
            with open(floor, "wb") as f:
                pickle.dump(plain, f, protocol=4)

        def p_load():
            paddle.load(ours)

        def f_load():
            with open(floor, "rb") as f:
                pickle.load(f)

        p_save(), f_save()
        rows = []
        for a, b in ((p_save, f_save), (p_load, f_load)):
            ratios, times = [], []
            for _ in range(args.repeat):
                ta, tb = _time(a), _time(b)
                ratios.append(ta / tb)
                times.append(ta)
            rows.append((statistics.median(ratios), min(ratios), max(ratios),
                         statistics.median(times)))
        (rs, lo_s, hi_s, ts), (rl, lo_l, hi_l, tl) = rows
        print(f"{name:28s} save {rs:5.2f}x [{lo_s:.2f}-{hi_s:.2f}] ({ts * 1e3:7.1f} ms)   "
              f"load {rl:5.2f}x [{lo_l:.2f}-{hi_l:.2f}] ({tl * 1e3:7.1f} ms)")


if __name__ == "__main__":
    main()
