"""paddle.vision.transforms pipelines: paddle_compat vs the same work written in torch/PIL directly,
and vs real Paddle when its interpreter is given.

    python benchmarks/bench_vision_transforms.py [--n 300] [--paddle PADDLE_PY]

Two pipelines, timed per sample (median of 5 runs over n samples):
  pil     CIFAR-style augmentation of a 32x32 RGB PIL image: RandomCrop(32, padding=4),
          RandomHorizontalFlip, ToTensor, Normalize (the floor: the same Pillow/numpy calls and
          torch.from_numpy, no transform objects)
  tensor  3x64x64 float32 Tensor: Resize(48), RandomRotation(15, 'bilinear'), ColorJitter(0.2, 0.2,
          0.2) (the floor: torch's interpolate / affine_grid / grid_sample and the three blends)
Printed: microseconds per sample and the ratios paddle_compat / floor and paddle_compat / Paddle.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _inputs(n):
    rs = np.random.RandomState(0)
    pil = [rs.randint(0, 256, size=(32, 32, 3)).astype("uint8") for _ in range(n)]
    ten = [rs.rand(3, 64, 64).astype("float32") for _ in range(n)]
    return pil, ten


def _time(fn, items, runs=5):
    times = []
    for _ in range(runs):
        random.seed(0)
        np.random.seed(0)
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        times.append((time.perf_counter() - t0) / len(items) * 1e6)
    return statistics.median(times)


def run_paddle_api(paddle, n):
    """Both pipelines through a `paddle` module's vision.transforms (paddle_compat or Paddle)."""
    from PIL import Image
    T = paddle.vision.transforms
    pil_items, ten_items = _inputs(n)
    pil_images = [Image.fromarray(a) for a in pil_items]
    tensors = [paddle.to_tensor(a) for a in ten_items]
    pil_pipe = T.Compose([T.RandomCrop(32, padding=4), T.RandomHorizontalFlip(), T.ToTensor(),
                          T.Normalize([0.5, 0.5, 0.5], [0.25, 0.25, 0.25])])
    ten_pipe = T.Compose([T.Resize(48), T.RandomRotation(15, "bilinear"),
                          T.ColorJitter(0.2, 0.2, 0.2)])
    return {"pil": _time(pil_pipe, pil_images), "tensor": _time(ten_pipe, tensors)}


def run_floor(n):
    """The same work with Pillow, numpy and torch called directly."""
    import math

    import torch
    import torch.nn.functional as TF
    from PIL import Image, ImageOps
    pil_items, ten_items = _inputs(n)
    pil_images = [Image.fromarray(a) for a in pil_items]
    tensors = [torch.from_numpy(a) for a in ten_items]
    mean = torch.full((3, 1, 1), 0.5)
    std = torch.full((3, 1, 1), 0.25)

    def pil_pipe(img):
        img = ImageOps.expand(img, border=4, fill=0)
        i, j = random.randint(0, 8), random.randint(0, 8)
        img = img.crop((j, i, j + 32, i + 32))
        if random.random() < 0.5:
            img = img.transpose(Image.FLIP_LEFT_RIGHT)
        t = torch.from_numpy(np.array(img)).permute(2, 0, 1).float() / 255.0
        return (t - mean) / std

    def ten_pipe(t):
        t = TF.interpolate(t[None], size=(48, 48), mode="bilinear", align_corners=False)
        a = math.radians(random.uniform(-15, 15))
        theta = torch.tensor([[[math.cos(a), -math.sin(a), 0.0], [math.sin(a), math.cos(a), 0.0]]])
        grid = TF.affine_grid(theta, list(t.shape), align_corners=False)
        t = TF.grid_sample(t, grid, mode="bilinear", align_corners=False)[0]
        weights = torch.tensor([0.2989, 0.587, 0.114]).reshape(3, 1, 1)
        order = [0, 1, 2]
        random.shuffle(order)
        for k in order:
            f = random.uniform(0.8, 1.2)
            gray = (t * weights).sum(0, keepdim=True)
            target = (torch.zeros_like(t) if k == 0 else gray.mean() if k == 1 else gray)
            t = (target + f * (t - target)).clamp(0, 1)
        return t

    return {"pil": _time(pil_pipe, pil_images), "tensor": _time(ten_pipe, tensors)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--paddle", default=os.environ.get("PADDLE_ORACLE_PYTHON"))
    parser.add_argument("--as-paddle", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.as_paddle:      # inside the real-Paddle interpreter
        import paddle
        print(json.dumps(run_paddle_api(paddle, args.n)))
        return
    import torch
    torch.set_num_threads(1)
    import paddle_compat
    ours = run_paddle_api(paddle_compat, args.n)
    floor = run_floor(args.n)
    real = None
    if args.paddle:
        out = subprocess.run([args.paddle, os.path.abspath(__file__), "--as-paddle", "--n",
                              str(args.n)], capture_output=True, text=True, check=True,
                             env=dict(os.environ, OMP_NUM_THREADS="1"))
        real = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"{'pipeline':<8} {'paddle_compat us':>17} {'torch/PIL us':>13} {'ratio':>6}"
          + (f" {'Paddle us':>10} {'ratio':>6}" if real else ""))
    for key in ("pil", "tensor"):
        line = f"{key:<8} {ours[key]:>17.1f} {floor[key]:>13.1f} {ours[key] / floor[key]:>6.2f}"
        if real:
            line += f" {real[key]:>10.1f} {ours[key] / real[key]:>6.2f}"
        print(line)


if __name__ == "__main__":
    main()
