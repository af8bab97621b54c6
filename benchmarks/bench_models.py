"""Whole models, side by side: paddle_compat vs plain torch vs real Paddle 3.3.1, one table.

    python benchmarks/bench_models.py [--quick] [--models mlp,lenet,...] [--modes dynamic,...]
        [--phases train,infer] [--paddle PYTHON | --no-paddle] [--timer cpu|wall] [--out FILE]

Models (benchmarks/models_paddle.py, written once in Paddle style; models_torch.py the same in
torch): MLP, LeNet 28x28, resnet18 64x64 (batch 8 and 32), a 2-layer LSTM (hidden 256, seq 50,
batch 32), a 4-layer Transformer encoder (d_model 256, seq 128, batch 16). Each as a training step
(forward, loss, backward, Adam step, clear_grad) and as inference (eval, no_grad), in Paddle's
dynamic mode, under `paddle.jit.to_static`, and as a static Program run by an Executor.

How it is measured. Three worker processes, one per side (paddle_compat, torch, real Paddle run by
`--paddle`, default: the interpreter named by $PADDLE_PYTHON), each on one thread (OMP/MKL=1,
torch.set_num_threads(1)). For every case each worker builds the step and runs it twice (the
compile/warm-up time is reported separately; to_static runs 14 more untimed calls, in which
paddle_compat's to_static picks the compiled graph or the dynamic path), then the driver asks the workers in turn, rotating
the order, for `rounds` rounds of `number` steps: the sides never run at the same time, and load
from other processes hits them alike. Times are medians per step; the ratio vs torch is the median
of the per-round ratios, with its [min-max] spread. The default timer is the worker's CPU time
(time.process_time), steadier than wall time on a shared machine. On a small machine shared with
other work the figures still move by several percent between runs: read them as indicative.
The `to_static / dynamic` speed-up divides the two modes' ratios vs torch (each measured against
torch in its own rounds), which cancels slow drift in the machine's load.

Memory: the peak tensor memory one step allocates above what was live before it, from the torch
CPU allocator's events (torch.profiler profile_memory; CUDA: max_memory_allocated), for
paddle_compat and torch. Import: `import paddle_compat` vs `import torch` (and real `import
paddle`), each in a fresh interpreter, alternating, median.

The results go to benchmarks/results/models.json (--quick: models_quick.json); `python
tools/bench_table.py` renders the README's benchmark section from that file.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODELS = ("mlp", "lenet", "resnet18_b8", "resnet18_b32", "lstm", "transformer")
MODES = ("dynamic", "to_static", "static")
PHASES = ("train", "infer")
DEFAULT_PADDLE = os.environ.get("PADDLE_PYTHON")   # a Python with paddlepaddle 3.3.1
_TAG = "@@bench "


# ---- worker side --------------------------------------------------------------------------------

def _peak_bytes(torch, step):
    """Peak tensor memory one call of `step` allocates above what was live before it."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        step()
    live = peak = 0
    for event in sorted(prof.events(), key=lambda e: e.time_range.start):
        live += event.self_cpu_memory_usage
        peak = max(peak, live)
    return peak


def worker(side, timer_name):
    # The protocol runs on a private copy of stdout; anything the libraries print (C or Python)
    # goes to stderr, so it cannot break a reply.
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    sys.path.insert(0, HERE)
    torch = None
    if side == "compat":
        sys.path.insert(0, ROOT)
        import torch
        import paddle_compat as paddle
    elif side == "paddle":
        import paddle
        paddle.set_device("cpu")
    else:
        import torch
        paddle = None
    if torch is not None:
        torch.set_num_threads(1)
    import models_paddle
    timer = time.process_time if timer_name == "cpu" else time.perf_counter
    step = teardown = None

    def reply(obj):
        proto.write(_TAG + json.dumps(obj) + "\n")

    reply({"ready": True})
    for line in sys.stdin:
        cmd = json.loads(line)
        op = cmd["op"]
        try:
            if op == "setup":
                if side == "torch":
                    import models_torch
                    step, teardown = models_torch.make_step(cmd["model"], cmd["mode"],
                                                            cmd["phase"])
                else:
                    step, teardown = models_paddle.make_step(paddle, cmd["model"], cmd["mode"],
                                                             cmd["phase"])
                t0 = time.perf_counter()
                step()
                first = time.perf_counter() - t0
                step()      # a second call catches a recompile (grad mode, shapes)
                warm = time.perf_counter() - t0
                if cmd["mode"] == "to_static":
                    # paddle_compat's to_static then tries the compiled graph and the dynamic
                    # path in turn for 12 calls and keeps the faster (_jit/static_function.py).
                    for _ in range(14):
                        step()
                stats = getattr(getattr(getattr(step, "model", None), "forward", None),
                                "compile_stats", None)
                reply({"first_s": first, "warm_s": warm,
                       "compile_stats": stats() if side == "compat" and stats else None})
            elif op == "time":
                n = cmd["number"]
                t0 = timer()
                for _ in range(n):
                    step()
                reply({"t": (timer() - t0) / n})
            elif op == "mem":
                reply({"peak": _peak_bytes(torch, step) if torch is not None else None})
            elif op == "teardown":
                if teardown is not None:
                    teardown()
                step = teardown = None
                import gc
                gc.collect()
                reply({"ok": True})
            elif op == "quit":
                reply({"ok": True})
                return
        except Exception as exc:          # reported in the table, the worker stays usable
            if op == "setup" and teardown is None and side != "torch" and paddle is not None:
                try:
                    paddle.disable_static()
                except Exception:
                    pass
            reply({"error": f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:200]}"
                   if str(exc).strip() else type(exc).__name__})


# ---- driver side --------------------------------------------------------------------------------

class Worker:
    def __init__(self, side, python, timer):
        env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   OPENBLAS_NUM_THREADS="1", TORCHINDUCTOR_COMPILE_THREADS="1",
                   GLOG_minloglevel="2", PYTHONWARNINGS="ignore")
        env.pop("PYTHONPATH", None)
        self.side = side
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--worker", side,
                                      "--timer", timer], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.log, text=True, env=env,
                                     cwd=HERE)
        self._read()

    def _read(self):
        for line in self.proc.stdout:
            if line.startswith(_TAG):
                return json.loads(line[len(_TAG):])
        self.log.seek(0)
        raise RuntimeError(f"the {self.side} worker died:\n{self.log.read()[-3000:]}")

    def ask(self, **cmd):
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self):
        try:
            self.ask(op="quit")
        except Exception:
            pass
        self.proc.wait(timeout=60)
        self.log.close()


def measure_case(workers, model, mode, phase, rounds, round_s):
    """One case on every side: warm-up, then `rounds` alternating rounds. -> dict."""
    res = {"model": model, "mode": mode, "phase": phase}
    live = {}
    for side, w in workers.items():
        r = w.ask(op="setup", model=model, mode=mode, phase=phase)
        if "error" in r:
            res[f"{side}_error"] = r["error"]
        else:
            live[side] = w
            res[f"{side}_warm_s"] = r["warm_s"]
            res[f"{side}_first_s"] = r["first_s"]
            if r.get("compile_stats"):
                res["compile_stats"] = r["compile_stats"]
    try:
        if "compat" not in live:
            return res
        number = {}
        for side, w in live.items():        # calibrate: one round of about round_s seconds
            t = w.ask(op="time", number=1)["t"]
            number[side] = max(1, int(round_s / max(t, 1e-6)))
        times = {side: [] for side in live}
        order = list(live)
        for r in range(rounds):
            for side in order[r % len(order):] + order[:r % len(order)]:
                times[side].append(live[side].ask(op="time", number=number[side])["t"])
        for side, ts in times.items():
            res[f"{side}_ms"] = statistics.median(ts) * 1e3
            res[f"{side}_times_ms"] = [t * 1e3 for t in ts]
        for other in ("torch", "paddle"):
            if other in times:
                ratios = sorted(a / b for a, b in zip(times["compat"], times[other]))
                res[f"ratio_{other}"] = statistics.median(ratios)
                res[f"ratio_{other}_range"] = [ratios[0], ratios[-1]]
        for side in ("compat", "torch"):
            if side in live:
                res[f"{side}_peak_bytes"] = live[side].ask(op="mem")["peak"]
        if res.get("torch_peak_bytes"):
            res["mem_ratio_torch"] = res["compat_peak_bytes"] / res["torch_peak_bytes"]
        return res
    finally:
        for w in live.values():
            w.ask(op="teardown")


def import_times(paddle_python, n):
    """Median seconds of `import X` in a fresh interpreter, the sides alternating."""
    snippet = ("import time, sys; sys.path.insert(0, {root!r}); t = time.perf_counter(); "
               "import {mod}; print(time.perf_counter() - t)")
    sides = [("paddle_compat", sys.executable, "paddle_compat"), ("torch", sys.executable, "torch")]
    if paddle_python:
        sides.append(("paddle", paddle_python, "paddle"))
    # Bytecode caches allowed (in a private folder): an installed torch has its .pyc files, and
    # so would an installed paddle_compat; one untimed import per side fills them.
    cache = tempfile.mkdtemp(prefix="bench-pyc-")
    env = dict(os.environ, OMP_NUM_THREADS="1", GLOG_minloglevel="2", PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = {name: [] for name, _, _ in sides}
    for name, python, mod in sides:
        subprocess.run([python, "-c", f"import sys; sys.path.insert(0, {ROOT!r}); import {mod}"],
                       env=env, capture_output=True, cwd=HERE)
    for _ in range(n):
        for name, python, mod in sides:
            p = subprocess.run([python, "-c", snippet.format(root=ROOT, mod=mod)], env=env,
                               capture_output=True, text=True, cwd=HERE)
            out[name].append(float(p.stdout.strip().splitlines()[-1]))
    shutil.rmtree(cache, ignore_errors=True)
    return {name: statistics.median(v) for name, v in out.items()}


def speedups(cases):
    """to_static (and static) over dynamic, per model and phase, from the ratios vs torch."""
    by = {(c["model"], c["mode"], c["phase"]): c for c in cases}
    for c in cases:
        dyn = by.get((c["model"], "dynamic", c["phase"]))
        if c["mode"] != "dynamic" and dyn and "ratio_torch" in dyn and "ratio_torch" in c:
            c["speedup_vs_dynamic"] = dyn["ratio_torch"] / c["ratio_torch"]
        if dyn and c["mode"] != "dynamic" and "ratio_torch" in c:
            # the same on real Paddle, from its own ratios
            if "paddle_ms" in c and "paddle_ms" in dyn:
                c["paddle_speedup_vs_dynamic"] = (dyn["paddle_ms"] / dyn["torch_ms"]) / (
                    c["paddle_ms"] / c["torch_ms"])


def _fmt(v, spec, missing="-"):
    return missing if v is None else format(v, spec)


def print_table(result, file=sys.stdout):
    meta = result["meta"]
    print(f"torch {meta['torch']}, {meta['timer']} time, 1 thread, {meta['rounds']} rounds of "
          f"~{meta['round_s']} s per case; ratios < 1 mean paddle_compat is faster", file=file)
    head = (f"{'model':<14}{'phase':<6}{'mode':<10}{'ours ms':>9}{'torch ms':>9}"
            f"{'x torch':>8}{' [range]':<14}{'Paddle ms':>10}{'x Paddle':>9}{'mem x torch':>12}"
            f"{'vs dyn':>7}{'warm s':>8}")
    print(head, file=file)
    for c in result["cases"]:
        if "compat_ms" not in c:
            print(f"{c['model']:<14}{c['phase']:<6}{c['mode']:<10}  error: "
                  f"{c.get('compat_error', '?')}", file=file)
            continue
        rng = c.get("ratio_torch_range")
        rng = f" [{rng[0]:.2f}-{rng[1]:.2f}]" if rng else ""
        pd = c.get("paddle_ms")
        print(f"{c['model']:<14}{c['phase']:<6}{c['mode']:<10}{c['compat_ms']:>9.2f}"
              f"{_fmt(c.get('torch_ms'), '9.2f', '        -')}"
              f"{_fmt(c.get('ratio_torch'), '8.2f', '       -')}{rng:<14}"
              f"{_fmt(pd, '10.2f', '         -' if 'paddle_error' not in c else '       err')}"
              f"{_fmt(c.get('ratio_paddle'), '9.2f', '        -')}"
              f"{_fmt(c.get('mem_ratio_torch'), '12.2f', '           -')}"
              f"{_fmt(c.get('speedup_vs_dynamic'), '7.2f', '      -')}"
              f"{c.get('compat_warm_s', 0):>8.1f}", file=file)
    errors = [(c, k) for c in result["cases"] for k in ("paddle_error",) if k in c]
    for c, k in errors:
        print(f"  real Paddle, {c['model']} {c['phase']} {c['mode']}: {c[k]}", file=file)
    imp = result.get("import_s")
    if imp:
        extra = f", real paddle {imp['paddle']:.2f} s" if "paddle" in imp else ""
        print(f"import paddle_compat {imp['paddle_compat']:.2f} s, import torch "
              f"{imp['torch']:.2f} s (+{imp['paddle_compat'] - imp['torch']:.2f} s){extra}",
              file=file)


def _write_json(path, obj):
    d = os.path.dirname(path)
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(obj, f, indent=1, sort_keys=True)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker", choices=["compat", "torch", "paddle"], help=argparse.SUPPRESS)
    ap.add_argument("--quick", action="store_true", help="3 short rounds per case")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--phases", default=",".join(PHASES))
    ap.add_argument("--skip", default="", help="cases left out, e.g. resnet18_b32:to_static "
                    "(model:mode or model:mode:phase), comma-separated")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--round-s", type=float, default=None, help="seconds per round and side")
    ap.add_argument("--paddle", default=DEFAULT_PADDLE, help="a Python with paddlepaddle 3.3.1")
    ap.add_argument("--no-paddle", action="store_true")
    ap.add_argument("--timer", choices=["cpu", "wall"], default="cpu")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.worker, args.timer)
    rounds = args.rounds or (3 if args.quick else 7)
    round_s = args.round_s or (0.15 if args.quick else 0.5)
    paddle_python = None if args.no_paddle or not args.paddle else os.path.expanduser(args.paddle)
    if paddle_python and not os.path.exists(paddle_python):
        raise SystemExit(f"bench_models: --paddle {paddle_python}: no such interpreter")
    if not paddle_python:
        print("(no real Paddle side: pass --paddle PYTHON or set PADDLE_PYTHON)", file=sys.stderr)
    out = args.out or os.path.join(HERE, "results",
                                   "models_quick.json" if args.quick else "models.json")
    import torch
    workers = {"compat": Worker("compat", sys.executable, args.timer),
               "torch": Worker("torch", sys.executable, args.timer)}
    if paddle_python:
        workers["paddle"] = Worker("paddle", paddle_python, args.timer)
    cases = []
    skip = set(filter(None, args.skip.split(",")))
    try:
        for model in args.models.split(","):
            for phase in args.phases.split(","):
                for mode in args.modes.split(","):
                    if f"{model}:{mode}" in skip or f"{model}:{mode}:{phase}" in skip:
                        continue
                    t0 = time.perf_counter()
                    c = measure_case(workers, model, mode, phase, rounds, round_s)
                    cases.append(c)
                    print(f"  {model} {phase} {mode}: "
                          f"{_fmt(c.get('ratio_torch'), '.2f', c.get('compat_error', '-'))}x "
                          f"torch, {_fmt(c.get('ratio_paddle'), '.2f', '-')}x Paddle "
                          f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    finally:
        for w in workers.values():
            w.close()
    speedups(cases)
    result = {"meta": {"torch": torch.__version__, "timer": args.timer, "rounds": rounds,
                       "round_s": round_s, "threads": 1, "quick": args.quick,
                       "date": time.strftime("%Y-%m-%d"), "cpus": os.cpu_count(),
                       "paddle": bool(paddle_python), "skipped": sorted(skip)},
              "cases": cases,
              "import_s": import_times(paddle_python, 3 if args.quick else 7)}
    _write_json(out, result)
    print_table(result)
    print(f"(written to {os.path.relpath(out)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
