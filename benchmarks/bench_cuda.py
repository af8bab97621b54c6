"""Whole models on a CUDA GPU, side by side: paddle_compat vs plain torch, one table.

    python benchmarks/bench_cuda.py [--quick] [--models mlp,lenet,...] [--modes dynamic,...]
        [--device cuda] [--out FILE]

The models are bench_models.py's (benchmarks/models_paddle.py written once in Paddle style,
models_torch.py the same in torch), run after `paddle.set_device('gpu')`. Modes: 'dynamic'
(training step: forward, loss, backward, Adam step, clear_grad; and inference: eval, no_grad),
'to_static' (the same under paddle.jit.to_static; torch has one eager mode) and 'amp' (the training
step under AMP O1 float16 with a loss scaler: paddle.amp.auto_cast + GradScaler against
torch.autocast + torch.amp.GradScaler).

How it is measured. Both sides live in one process (one GPU; a second process would only share
it) and take turns: every round times `number` steps of paddle_compat then of torch (the order
swaps each round), each timed on the wall clock between two torch.cuda.synchronize() calls. The
figure per side is the median step time over the rounds; the ratio is the median of the per-round
ratios with its [min-max] spread. Peak memory is the CUDA allocator's max_memory_allocated during
one step above what was allocated before it.

Real Paddle is not compared here: the reference wheel (paddlepaddle 3.3.1 from PyPI) is CPU-only,
and a GPU Paddle cannot be installed on the lent GPU machine (it has no network).

`--device cpu` runs the same protocol on the CPU (a dry run where no GPU is present). Results go to
benchmarks/results/cuda.json.
"""
import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

import torch  # noqa: E402

import models_paddle  # noqa: E402
import models_torch  # noqa: E402
import paddle_compat as paddle  # noqa: E402

MODELS = ("mlp", "lenet", "resnet18_b32", "lstm", "transformer")
MODES = ("dynamic", "to_static", "amp")


def _amp_steps(name, device):
    """(compat step, torch step) for one AMP O1 float16 training step with a loss scaler."""
    paddle.seed(0)
    xa, ya = models_paddle.inputs(name)
    pm = models_paddle.build_model(paddle, name)
    popt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=pm.parameters())
    pscaler = paddle.amp.GradScaler()
    px = paddle.to_tensor(xa)
    py = paddle.to_tensor(ya) if ya is not None else None

    def p_step():
        with paddle.amp.auto_cast():
            loss = models_paddle.loss_of(paddle, name, pm(px), py)
        pscaler.scale(loss).backward()
        pscaler.step(popt)
        pscaler.update()
        popt.clear_grad()

    torch.manual_seed(0)
    tm = models_torch.build_model(name).to(device)
    topt = torch.optim.Adam(tm.parameters(), lr=1e-3)
    tscaler = torch.amp.GradScaler(device)
    tx = torch.from_numpy(xa).to(device)
    ty = torch.from_numpy(ya[:, 0]).to(device) if ya is not None else None

    def t_step():
        with torch.autocast(device, dtype=torch.float16 if device == "cuda" else torch.bfloat16):
            out = tm(tx)
            loss = (torch.nn.functional.cross_entropy(out, ty) if ty is not None
                    else (out.float() * out.float()).mean())
        tscaler.scale(loss).backward()
        tscaler.step(topt)
        tscaler.update()
        topt.zero_grad()
    return p_step, t_step


def _sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


def _time(step, number, device):
    _sync(device)
    t0 = time.perf_counter()
    for _ in range(number):
        step()
    _sync(device)
    return (time.perf_counter() - t0) / number


def _peak(step, device):
    if device != "cuda":
        return None
    _sync(device)
    torch.cuda.reset_peak_memory_stats()
    before = torch.cuda.memory_allocated()
    step()
    _sync(device)
    return torch.cuda.max_memory_allocated() - before


def run_case(name, mode, phase, device, rounds, number):
    if mode == "amp":
        p_step, t_step = _amp_steps(name, device)
    else:
        p_step, _ = models_paddle.make_step(paddle, name, mode, phase)
        t_step, _ = models_torch.make_step(name, "dynamic", phase, device=device)
    t0 = time.perf_counter()
    p_step()
    _sync(device)
    first = time.perf_counter() - t0
    for _ in range(16 if mode == "to_static" else 2):   # to_static picks its path in 12 calls
        p_step()
    t_step()
    t_step()
    pt, tt, ratios = [], [], []
    for r in range(rounds):
        if r % 2:
            b = _time(t_step, number, device)
            a = _time(p_step, number, device)
        else:
            a = _time(p_step, number, device)
            b = _time(t_step, number, device)
        pt.append(a)
        tt.append(b)
        ratios.append(a / b)
    return {"model": name, "mode": mode, "phase": phase, "first_s": first,
            "compat_ms": 1e3 * statistics.median(pt), "torch_ms": 1e3 * statistics.median(tt),
            "ratio": statistics.median(ratios), "ratio_min": min(ratios),
            "ratio_max": max(ratios), "compat_peak": _peak(p_step, device),
            "torch_peak": _peak(t_step, device)}


def _mib(n):
    return "-" if n is None else f"{n / 2 ** 20:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="3 short rounds per case")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--device", choices=["cuda", "cpu"], default="cuda")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--number", type=int, default=None)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit("bench_cuda: torch sees no CUDA device (use --device cpu for a dry run)")
    paddle.set_device("gpu" if args.device == "cuda" else "cpu")
    rounds = args.rounds or (3 if args.quick else 7)
    number = args.number or (3 if args.quick else 10)
    results = []
    print(f"{'case':44s} {'compat ms':>10s} {'torch ms':>9s} {'ratio [min-max]':>20s} "
          f"{'peak MiB c/t':>14s}", flush=True)
    for name in args.models.split(","):
        for mode in args.modes.split(","):
            for phase in (("train",) if mode == "amp" else ("train", "infer")):
                case = f"{name}:{mode}:{phase}"
                try:
                    r = run_case(name, mode, phase, args.device, rounds, number)
                except Exception as exc:      # one failing case must not hide the others
                    print(f"{case:44s} FAILED {type(exc).__name__}: {exc}", flush=True)
                    results.append({"model": name, "mode": mode, "phase": phase,
                                    "error": f"{type(exc).__name__}: {exc}"})
                    continue
                results.append(r)
                print(f"{case:44s} {r['compat_ms']:10.2f} {r['torch_ms']:9.2f} "
                      f"{r['ratio']:7.2f}x [{r['ratio_min']:.2f}-{r['ratio_max']:.2f}] "
                      f"{_mib(r['compat_peak']):>6s}/{_mib(r['torch_peak']):<6s}", flush=True)
    meta = {"device": (torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu"),
            "torch": torch.__version__, "rounds": rounds, "number": number}
    out = args.out or os.path.join(HERE, "results", "cuda.json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    os.replace(tmp, out)
    print(json.dumps(meta))


if __name__ == "__main__":
    main()
