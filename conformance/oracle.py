"""Differential mode: run conformance records under a real Paddle in a subprocess.

Set `PADDLE_ORACLE_PYTHON=/path/to/python` (an interpreter with paddlepaddle installed; no torch or
paddle_compat needed) or pass `--oracle PYTHON` to `python -m paddle_compat conformance`. One worker
process is started and kept: it imports Paddle once and answers JSON lines
`{"id": record id, "salt": draw, "style": ..., "mode": "dynamic"}` with conformance/runner.py's
`execute` result, so the hypothesis-drawn examples (which have no recorded golden) are compared with
what real Paddle computes on the very same inputs.
"""
import atexit
import json
import os
import subprocess
import sys
import threading

ENV_VAR = "PADDLE_ORACLE_PYTHON"
HOW_TO_ENABLE = (f"differential mode is off: set {ENV_VAR}=/path/to/python (a Python with "
                 "paddlepaddle==3.3.1 installed) to run the drawn examples under real Paddle too")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WORKER = r"""
import json, os, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
import paddle
from conformance import runner, records
paddle.disable_static()
paddle.set_device("cpu")
ids = dict(records.by_id())
ids.update((r.id, r) for r in records.RECORDS)      # plain record ids too (variants add @dtype)
print(json.dumps({"ready": paddle.__version__}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    try:
        rec = ids[req["id"]]
        res = runner.execute(paddle, rec, req.get("dtype"), req.get("style", "keyword"),
                             req.get("mode", "dynamic"), salt=req.get("salt"))
    except Exception as exc:
        res = {"worker_error": [type(exc).__name__, str(exc)]}
    print(json.dumps(res), flush=True)
"""


def configured(python=None):
    return bool(python or os.environ.get(ENV_VAR))


class Worker:
    """One long-lived real-Paddle process answering `execute` requests."""

    def __init__(self, python):
        env = dict(os.environ, GLOG_minloglevel="3")
        env.pop("PYTHONPATH", None)          # keep paddle_compat's alias bootstrap out of it
        self.proc = subprocess.Popen([python, "-c", WORKER, ROOT], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     env=env)
        self.lock = threading.Lock()
        first = self.proc.stdout.readline()
        if not first:
            raise RuntimeError(f"the oracle {python} did not start (is paddlepaddle installed there?)")
        self.version = json.loads(first)["ready"]
        atexit.register(self.close)

    def execute(self, record_id, salt=None, dtype=None, style="keyword", mode="dynamic"):
        req = {"id": record_id, "salt": salt, "dtype": dtype, "style": style, "mode": mode}
        with self.lock:
            self.proc.stdin.write(json.dumps(req) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the oracle process died")
        res = json.loads(line)
        if "worker_error" in res:
            raise RuntimeError(f"oracle could not run {record_id}: {res['worker_error']}")
        return res

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


_WORKER = [None]


def worker(python=None):
    python = python or os.environ.get(ENV_VAR)
    if not python:
        raise RuntimeError(HOW_TO_ENABLE)
    if _WORKER[0] is None:
        _WORKER[0] = Worker(python)
    return _WORKER[0]


def run_snippet(python, code, env=None, timeout=120):
    """Run a code snippet under the oracle; -> {'stdout', 'error'} as conformance/snippets.run_case."""
    child = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
from conformance import snippets
import paddle
print("\0" + json.dumps(snippets.run_case(sys.stdin.read(), lambda: None)))
"""
    e = dict(os.environ, GLOG_minloglevel="3", **(env or {}))
    e.pop("PYTHONPATH", None)
    proc = subprocess.run([python, "-c", child, ROOT], input=code, capture_output=True, text=True,
                          env=e, timeout=timeout)
    tail = proc.stdout.rsplit("\0", 1)
    if len(tail) != 2:
        return {"stdout": "", "error": ["OracleCrash", proc.stderr[-2000:]]}
    return json.loads(tail[1])


if __name__ == "__main__":      # smoke test: python -m conformance.oracle PYTHON RECORD_ID
    w = worker(sys.argv[1])
    print(w.version, json.dumps(w.execute(sys.argv[2]))[:500])
