"""paddle.audio: paddle_compat vs the same maths in plain torch (the floor: torch.stft, a matmul
with the same filter bank, 10*log10, the same DCT) and, with --paddle PADDLE_PY, vs real Paddle,
side by side in one run.

    python benchmarks/bench_audio.py [--reps R] [--paddle PADDLE_PY]

Prints the best-of-R time per call and the ratio to torch (and to Paddle). The feature layers are
built once (as a model holds them); the rows time their forward pass on a batch of 8 one-second
16 kHz waveforms, and the construction of the filter bank / window themselves.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import paddle_compat as paddle  # noqa: E402
from _side_by_side import time_here, time_paddle  # noqa: E402

SETUP = """
import numpy as np
FE = paddle.audio.features
AF = paddle.audio.functional
t = np.arange(16000, dtype='float32')
x = paddle.to_tensor(np.stack([np.sin(t * (0.01 + 0.003 * k)) for k in range(8)]).astype('float32'))
spec = FE.Spectrogram(n_fft=512, hop_length=160, power=2.0)
mel = FE.MelSpectrogram(sr=16000, n_fft=512, hop_length=160, n_mels=64)
logmel = FE.LogMelSpectrogram(sr=16000, n_fft=512, hop_length=160, n_mels=64)
mfcc = FE.MFCC(sr=16000, n_mfcc=40, n_fft=512, hop_length=160, n_mels=64)
"""
ROWS = [
    ("Spectrogram [8, 16000]", "spec(x)", "spec_t(tx)"),
    ("MelSpectrogram [8, 16000]", "mel(x)", "fb @ spec_t(tx)"),
    ("LogMelSpectrogram [8, 16000]", "logmel(x)", "db(fb @ spec_t(tx))"),
    ("MFCC [8, 16000]", "mfcc(x)", "(db(fb @ spec_t(tx)).transpose(1, 2) @ dct).transpose(1, 2)"),
    # Construction (once per layer): Paddle's op-by-op Python in both; no torch floor
    ("compute_fbank_matrix 64x257", "AF.compute_fbank_matrix(16000, 512)", None),
    ("get_window('hann', 512)", "AF.get_window('hann', 512)", None),
]

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--paddle", help="a Python with paddlepaddle installed, to time it too")
    args = ap.parse_args()
    env = {"paddle": paddle}
    exec(SETUP, env)
    window = env["spec"].fft_window._t

    def spec_t(v):
        s = torch.stft(v, 512, hop_length=160, window=window, center=True, pad_mode="reflect",
                       return_complex=True)
        return s.abs() ** 2

    def db(v):
        out = 10.0 * torch.log10(torch.clamp(v, min=1e-10))
        return out

    tenv = {"torch": torch, "tx": env["x"]._t, "spec_t": spec_t, "db": db,
            "fb": env["mel"].fbank_matrix._t, "dct": env["mfcc"].dct_matrix._t}
    ours = time_here(env, [r[1] for r in ROWS], args.reps)
    floor = time_here(tenv, [r[2] or "None" for r in ROWS], args.reps)
    theirs = (time_paddle(args.paddle, SETUP, [r[1] for r in ROWS], args.reps) if args.paddle
              else None)
    print(f"best of {args.reps}   (torch threads: {torch.get_num_threads()})")
    head = f"{'what':32s}{'paddle_compat':>14s}{'torch':>12s}{'ratio':>8s}"
    print(head + (f"{'Paddle':>12s}{'ratio':>8s}" if theirs else ""))
    for i, (label, _, _) in enumerate(ROWS):
        if ROWS[i][2] is None:
            line = f"{label:32s}{ours[i] * 1e3:11.2f} ms{'-':>12s}{'-':>8s}"
        else:
            line = (f"{label:32s}{ours[i] * 1e3:11.2f} ms{floor[i] * 1e3:9.2f} ms"
                    f"{ours[i] / floor[i]:8.2f}")
        if theirs:
            line += f"{theirs[i] * 1e3:9.2f} ms{ours[i] / theirs[i]:8.2f}"
        print(line)


if __name__ == "__main__":
    main()
