"""paddle.distribution: paddle_compat vs torch.distributions (the floor: the same maths in torch,
torch's own random numbers) and, with --paddle PADDLE_PY, vs real Paddle, side by side in one run.

    python benchmarks/bench_distribution.py [--reps R] [--paddle PADDLE_PY]

Prints the best-of-R time per call and the ratio to torch (and to Paddle). The gamma / dirichlet /
poisson / binomial samplers run Paddle's C++ algorithms draw for draw in Python (so that seeded
samples equal Paddle's); their ratios show that cost.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import paddle_compat as paddle  # noqa: E402
from _side_by_side import time_here, time_paddle  # noqa: E402

# (label, paddle-API statement run under paddle_compat and Paddle, torch statement); `n` is the
# batch size, SETUP builds the inputs under both.
SETUP = """
import numpy as np
D = paddle.distribution
n = 1000
loc = paddle.to_tensor(np.linspace(-1, 1, n).astype('float32'))
scale = paddle.to_tensor(np.linspace(0.5, 2, n).astype('float32'))
x = paddle.to_tensor(np.linspace(-2, 2, n).astype('float32'))
conc = paddle.to_tensor(np.linspace(0.3, 5, n).astype('float32'))
p = paddle.to_tensor(np.linspace(0.05, 0.95, n).astype('float32'))
"""
ROWS = [
    ("Normal.log_prob [1000]", "D.Normal(loc, scale).log_prob(x)",
     "TD.Normal(tl, ts).log_prob(tx)"),
    ("Normal.sample [100, 1000]", "D.Normal(loc, scale).sample([100])",
     "TD.Normal(tl, ts).sample((100,))"),
    ("Uniform.sample [100, 1000]", "D.Uniform(loc, loc + scale).sample([100])",
     "TD.Uniform(tl, tl + ts).sample((100,))"),
    ("kl(Normal, Normal) [1000]", "D.kl_divergence(D.Normal(loc, scale), D.Normal(x, scale))",
     "TD.kl_divergence(TD.Normal(tl, ts), TD.Normal(tx, ts))"),
    ("Categorical.sample [1000]", "D.Categorical(scale).sample([1000])",
     "TD.Categorical(probs=ts).sample((1000,))"),
    ("Gamma.sample [10, 1000]", "D.Gamma(conc, scale).sample([10])",
     "TD.Gamma(tc, ts).sample((10,))"),
    ("Dirichlet.sample [10, 200, 5]", "D.Dirichlet(conc.reshape([200, 5])).sample([10])",
     "TD.Dirichlet(tc.reshape(200, 5)).sample((10,))"),
    ("Poisson.sample [10, 1000]", "D.Poisson(conc * 10).sample([10])",
     "TD.Poisson(tc * 10).sample((10,))"),
    ("Binomial.sample [10, 1000]", "D.Binomial(50, p).sample([10])",
     "TD.Binomial(50, tp).sample((10,))"),
]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--paddle", help="a Python with paddlepaddle installed, to time it too")
    args = ap.parse_args()
    env = {"paddle": paddle}
    exec(SETUP, env)
    import torch.distributions as TD
    tenv = {"TD": TD, "tl": env["loc"]._t, "ts": env["scale"]._t, "tx": env["x"]._t,
            "tc": env["conc"]._t, "tp": env["p"]._t}
    ours = time_here(env, [r[1] for r in ROWS], args.reps)
    floor = time_here(tenv, [r[2] for r in ROWS], args.reps)
    theirs = (time_paddle(args.paddle, SETUP, [r[1] for r in ROWS], args.reps) if args.paddle
              else None)
    print(f"best of {args.reps}   (torch threads: {torch.get_num_threads()})")
    head = f"{'what':30s}{'paddle_compat':>14s}{'torch':>12s}{'ratio':>8s}"
    print(head + (f"{'Paddle':>12s}{'ratio':>8s}" if theirs else ""))
    for i, (label, _, _) in enumerate(ROWS):
        line = f"{label:30s}{ours[i] * 1e3:11.2f} ms{floor[i] * 1e3:9.2f} ms{ours[i] / floor[i]:8.1f}"
        if theirs:
            line += f"{theirs[i] * 1e3:9.2f} ms{ours[i] / theirs[i]:8.1f}"
        print(line)


if __name__ == "__main__":
    main()
