"""Seeded RNG throughput: paddle_compat's Paddle-exact CPU generator vs torch.randn / torch.rand
(the floor: torch's own generator, different numbers) vs the pure-Python reference, in one run.

    python benchmarks/bench_rng.py [n] [--against OLD_RANDOM_PY] [--reps R]

Prints numbers per second and the ratio to torch (best of R runs, alternating the contenders,
so that a shared machine's load hits all of them alike). `--against` loads another version of
paddle_compat/_random.py (e.g. `git show v0:paddle_compat/_random.py > /tmp/old.py`) and adds
its column: before/after figures from one run. Both must give the same bits; the run checks it.
"""
import argparse
import importlib.util
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from paddle_compat import _random  # noqa: E402


def rates(fns, n, reps):
    """Best-of-`reps` numbers per second for each fn(n), the fns run in turn within each rep."""
    for fn in fns:
        fn(min(n, 1000))
    best = [float("inf")] * len(fns)
    for _ in range(reps):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            fn(n)
            best[i] = min(best[i], time.perf_counter() - t)
    return [n / b for b in best]


def load(path):
    spec = importlib.util.spec_from_file_location("_random_against", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=2_000_000)
    ap.add_argument("--against", help="another _random.py to time side by side")
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args()
    n = args.n
    mods = [("paddle_compat", _random)]
    if args.against:
        mods.insert(0, ("--against", load(args.against)))
    gens = [m.Generator(2023) for _, m in mods]
    torch.manual_seed(2023)
    rows = [
        ("normal float32", lambda g: (lambda k: g.normal(k)), lambda k: torch.randn(k)),
        ("normal float64", lambda g: (lambda k: g.normal(k, f32=False)),
         lambda k: torch.randn(k, dtype=torch.float64)),
        ("uniform float32", lambda g: (lambda k: g.uniform(k)), lambda k: torch.rand(k)),
        ("uniform float64", lambda g: (lambda k: g.uniform(k, f32=False)),
         lambda k: torch.rand(k, dtype=torch.float64)),
        ("raw uint64 words", lambda g: (lambda k: g.raw(k)),
         lambda k: torch.randint(0, 2 ** 62, (k,), dtype=torch.int64)),
    ]
    if args.against:                        # same seed, same calls: the same bits
        a, b = (m.Generator(5) for _, m in mods)
        for k in (1, 777, 100_001):
            assert np.array_equal(a.normal(k), b.normal(k)), "--against gives other numbers"
            assert np.array_equal(a.uniform(k, f32=False), b.uniform(k, f32=False))
    print(f"n = {n:,}   best of {args.reps}   (threads: torch {torch.get_num_threads()})")
    head = "".join(f"{name:>16s}" for name, _ in mods)
    print(f"{'what':18s}{head}{'torch':>16s}   ratio to torch" + ("   speed-up" if args.against
                                                                  else ""))
    for label, ours, theirs in rows:
        r = rates([ours(g) for g in gens] + [theirs], n, args.reps)
        cols = "".join(f"{x / 1e6:12.1f} M/s" for x in r)
        extra = f"   x{r[1] / r[0]:.2f}" if args.against else ""
        print(f"{label:18s}{cols}   {r[-2] / r[-1]:8.2f}{extra}")
    ref_dir = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "reference")
    sys.path.insert(0, ref_dir)
    try:
        import paddle_cpu_rng_reference as ref
    except ImportError:
        print("pure-Python reference not found beside the repository; skipped")
        return
    small = 20_000
    eng = ref.MT19937_64(seq=[2023])
    r_ref = rates([lambda k: ref.normal(eng, k)], small, 1)[0]
    r_ours = rates([lambda k: gens[-1].normal(k)], small, args.reps)[0]
    print(f"{'normal f32 (n=' + str(small) + ')':18s} {r_ours / 1e6:13.1f} M/s "
          f"{'reference':>9s} {r_ref / 1e6:.3f} M/s   speed-up x{r_ours / r_ref:.0f}")


if __name__ == "__main__":
    main()
