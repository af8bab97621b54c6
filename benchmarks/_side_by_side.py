"""The timing harness the statement-table benchmarks share (bench_fft.py, bench_audio.py,
bench_distribution.py): each row's statement timed here (best of `reps`), and the same statements
timed under real Paddle in a child process of the given Python."""
import json
import subprocess
import time

__all__ = ["time_here", "time_paddle"]

_TIMER = """
import json, sys, time, warnings
warnings.filterwarnings("ignore")
import paddle
exec(SETUP)
out = []
for stmt in STMTS:
    code = compile(stmt, "<bench>", "eval")
    eval(code)
    best = float("inf")
    for _ in range(REPS):
        t = time.perf_counter()
        eval(code)
        best = min(best, time.perf_counter() - t)
    out.append(best)
print("RESULT" + json.dumps(out))
"""


def time_here(env, stmts, reps):
    """Best-of-`reps` seconds of each statement, evaluated in namespace `env` (one warm-up)."""
    out = []
    for stmt in stmts:
        code = compile(stmt, "<bench>", "eval")
        eval(code, env)
        best = float("inf")
        for _ in range(reps):
            t = time.perf_counter()
            eval(code, env)
            best = min(best, time.perf_counter() - t)
        out.append(best)
    return out


def time_paddle(python, setup, stmts, reps):
    """The same under real Paddle: `setup` then each statement, in `python`'s own process."""
    script = f"SETUP = {setup!r}\nSTMTS = {list(stmts)!r}\nREPS = {reps}\n" + _TIMER
    proc = subprocess.run([python, "-c", script], capture_output=True, text=True, timeout=3600)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    if not line:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(line[0][len("RESULT"):])
