"""Seeded RNG throughput: paddle_compat's Paddle-exact CPU generator vs torch.randn / torch.rand
(the floor: torch's own generator, different numbers) vs the pure-Python reference, in one run.

    python benchmarks/bench_rng.py [n]

Prints numbers per second and the ratio to torch, medians of 5 runs.
"""
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from paddle_compat import _random  # noqa: E402


def rate(fn, n, reps=5):
    fn(min(n, 1000))
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn(n)
        times.append(time.perf_counter() - t)
    return n / float(np.median(times))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    g = _random.Generator(2023)
    torch.manual_seed(2023)
    rows = [
        ("normal float32", lambda k: g.normal(k), lambda k: torch.randn(k)),
        ("normal float64", lambda k: g.normal(k, f32=False),
         lambda k: torch.randn(k, dtype=torch.float64)),
        ("uniform float32", lambda k: g.uniform(k), lambda k: torch.rand(k)),
        ("raw uint64 words", lambda k: g.raw(k),
         lambda k: torch.randint(0, 2 ** 62, (k,), dtype=torch.int64)),
    ]
    print(f"n = {n:,}   (threads: torch {torch.get_num_threads()})")
    print(f"{'what':18s} {'paddle_compat':>16s} {'torch':>16s} {'ratio':>8s}")
    for label, ours, theirs in rows:
        a, b = rate(ours, n), rate(theirs, n)
        print(f"{label:18s} {a / 1e6:13.1f} M/s {b / 1e6:13.1f} M/s {a / b:8.2f}")
    ref_dir = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "reference")
    sys.path.insert(0, ref_dir)
    try:
        import paddle_cpu_rng_reference as ref
    except ImportError:
        print("pure-Python reference not found beside the repository; skipped")
        return
    small = 20_000
    eng = ref.MT19937_64(seq=[2023])
    r_ref = rate(lambda k: ref.normal(eng, k), small, reps=1)
    r_ours = rate(lambda k: g.normal(k), small)
    print(f"{'normal f32 (n=' + str(small) + ')':18s} {r_ours / 1e6:13.1f} M/s "
          f"{'reference':>9s} {r_ref / 1e6:.3f} M/s   speed-up x{r_ours / r_ref:.0f}")


if __name__ == "__main__":
    main()
