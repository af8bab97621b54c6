"""paddle.fft on CPU: paddle_compat (Paddle's pocketfft arithmetic through numpy's pocketfft ufuncs,
bit for bit Paddle's values) vs plain torch.fft (the floor), vs paddle_compat on torch.fft (its
kernels with the pocketfft form switched off: what the exact values cost) and, with
--paddle PADDLE_PY, vs real Paddle, side by side in one run.

    python benchmarks/bench_fft.py [--reps R] [--paddle PADDLE_PY] [--threads N]

Prints the best-of-R time per call and the ratios. torch.fft on CPU runs MKL (multi-threaded on
large batches) where torch was built with it; numpy's pocketfft, like Paddle's CPU kernel, runs one
thread.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import paddle_compat as paddle  # noqa: E402
from _side_by_side import time_here, time_paddle  # noqa: E402
from paddle_compat._ops import pocketfft  # noqa: E402

SETUP = """
import numpy as np
rs = np.random.RandomState(0)
small = paddle.to_tensor((rs.randn(16) + 1j * rs.randn(16)).astype('complex64'))
c1 = paddle.to_tensor((rs.randn(64, 1024) + 1j * rs.randn(64, 1024)).astype('complex64'))
r1 = paddle.to_tensor(rs.randn(64, 4096).astype('float32'))
h1 = paddle.to_tensor((rs.randn(64, 2049) + 1j * rs.randn(64, 2049)).astype('complex64'))
b1 = paddle.to_tensor(rs.randn(32, 1009))
c2 = paddle.to_tensor((rs.randn(16, 256, 256) + 1j * rs.randn(16, 256, 256)).astype('complex64'))
r3 = paddle.to_tensor(rs.randn(4, 64, 64, 64).astype('float32'))
wav = paddle.to_tensor(rs.randn(8, 16000).astype('float32'))
rg = paddle.to_tensor(rs.randn(64, 4096).astype('float32'), stop_gradient=False)
def fwd_bwd(x):
    y = paddle.fft.rfft(x)
    (g,) = paddle.grad([paddle.abs(y).sum()], [x])
    return g
"""
ROWS = [
    ("fft c64 [16] (per call)", "paddle.fft.fft(small)", "torch.fft.fft(t_small)"),
    ("fft c64 [64, 1024]", "paddle.fft.fft(c1)", "torch.fft.fft(t_c1)"),
    ("rfft f32 [64, 4096]", "paddle.fft.rfft(r1)", "torch.fft.rfft(t_r1)"),
    ("irfft c64 [64, 2049] n=4096", "paddle.fft.irfft(h1, n=4096)",
     "torch.fft.irfft(t_h1, n=4096)"),
    ("fft f64 [32, 1009] (Bluestein)", "paddle.fft.fft(b1)", "torch.fft.fft(t_b1)"),
    ("fft2 c64 [16, 256, 256]", "paddle.fft.fft2(c2)", "torch.fft.fft2(t_c2)"),
    ("rfftn f32 [4, 64, 64, 64]", "paddle.fft.rfftn(r3, axes=[1, 2, 3])",
     "torch.fft.rfftn(t_r3, dim=[1, 2, 3])"),
    ("signal.stft [8, 16000] n_fft=512", "paddle.signal.stft(wav, 512, hop_length=160)",
     "torch.stft(t_wav, 512, hop_length=160, window=torch.ones(512), return_complex=True)"),
    ("rfft + backward f32 [64, 4096]", "fwd_bwd(rg)", "t_fwd_bwd(t_rg)"),
]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--paddle", help="a Python with paddlepaddle installed, to time it too")
    ap.add_argument("--threads", type=int, help="torch.set_num_threads (e.g. 1 on a loaded machine, "
                    "where a multi-threaded op waits for its other threads to be scheduled)")
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    env = {"paddle": paddle}
    exec(SETUP, env)

    def t_fwd_bwd(x):
        y = torch.fft.rfft(x)
        (g,) = torch.autograd.grad(y.abs().sum(), x)
        return g

    tenv = {"torch": torch, "t_fwd_bwd": t_fwd_bwd,
            **{f"t_{k}": env[k]._t for k in ("small", "c1", "r1", "h1", "b1", "c2", "r3", "wav")}}
    tenv["t_rg"] = env["rg"]._t.detach().requires_grad_()
    ours = time_here(env, [r[1] for r in ROWS], args.reps)
    floor = time_here(tenv, [r[2] for r in ROWS], args.reps)
    saved = pocketfft.AVAILABLE
    pocketfft.AVAILABLE = False          # paddle_compat's kernels on torch.fft
    try:
        on_torch = time_here(env, [r[1] for r in ROWS], args.reps)
    finally:
        pocketfft.AVAILABLE = saved
    theirs = (time_paddle(args.paddle, SETUP, [r[1] for r in ROWS], args.reps) if args.paddle
              else None)
    print(f"best of {args.reps}   (torch threads: {torch.get_num_threads()})")
    head = (f"{'what':34s}{'paddle_compat':>14s}{'torch.fft':>12s}{'ratio':>8s}"
            f"{'pc on torch':>13s}{'ratio':>8s}")
    print(head + (f"{'Paddle':>12s}{'ratio':>8s}" if theirs else ""))
    for i, (label, _, _) in enumerate(ROWS):
        line = (f"{label:34s}{ours[i] * 1e3:11.3f} ms{floor[i] * 1e3:9.3f} ms"
                f"{ours[i] / floor[i]:8.2f}{on_torch[i] * 1e3:10.3f} ms{ours[i] / on_torch[i]:8.2f}")
        if theirs:
            line += f"{theirs[i] * 1e3:9.3f} ms{ours[i] / theirs[i]:8.2f}"
        print(line)


if __name__ == "__main__":
    main()
