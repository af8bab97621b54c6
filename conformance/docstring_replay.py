"""Docstring replay (oracle mode only): Paddle's own `>>>` examples, run under Paddle and paddle_compat.

For every public API of Paddle 3.3.1 (paddle_compat/data/paddle_api.json) that paddle_compat provides,
the docstring of the installed Paddle object is read *at run time* in the oracle's interpreter (it
is never copied into this repository), its `>>>` examples are joined into one program (doctest's
parser; `# doctest:` directives removed; GPU/XPU/distributed-only and `+SKIP` examples left out),
the program runs under real Paddle and under paddle_compat (each in a subprocess, one namespace per
docstring, a time limit per program), and stdout and the raised exception are compared as the
snippet cases are (conformance/snippets.compare: numbers within 1e-5, text exactly). The result is
the pass rate per module.

    python -m paddle_compat conformance --oracle PADDLE_PY --docstrings [-k PATTERN]
    python -m conformance.docstring_replay PADDLE_PY [PATTERN]

Examples that print unseeded random data differ by construction; they count as failures (the
rates are a measure, not a gate).
"""
import json
import os
import re
import subprocess
import tempfile
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Runs in the oracle: docstrings -> programs, then runs them. Prints one JSON object.
EXTRACT_AND_RUN = r"""
import doctest, json, re, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
from conformance import docstring_replay as D
import paddle
names = json.loads(sys.stdin.read())
programs = {}
for name in names:
    obj = paddle
    try:
        for part in name.split(".")[1:]:
            obj = getattr(obj, part)
    except AttributeError:
        continue
    code = D.program_of(getattr(obj, "__doc__", None) or "")
    if code:
        programs[name] = code
results = D.run_programs(paddle, programs)
print("\0" + json.dumps({"programs": programs, "results": results}))
"""

# Runs under paddle_compat with the alias installed.
RUN_COMPAT = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
import paddle_compat
paddle_compat.install_alias()
import paddle
from conformance import docstring_replay as D
programs = json.loads(sys.stdin.read())
print("\0" + json.dumps(D.run_programs(paddle, programs)))
"""

_DIRECTIVE = re.compile(r"#\s*doctest:\s*(.*)$")
_ONLY = re.compile(r"REQUIRES\((?!env:CPU)")


def program_of(doc):
    """Docstring -> one program (the `>>>` sources in order), or None if nothing runs on CPU."""
    import doctest
    lines = []
    for line in doc.splitlines():
        m = _DIRECTIVE.search(line)
        if m:
            if "+SKIP" in m.group(1) or _ONLY.search(m.group(1)):
                return None                     # GPU/XPU/distributed-only or skipped example
            line = line[:m.start()].rstrip()
            if line.strip() in (">>>", "..."):
                continue
        lines.append(line)
    try:
        examples = doctest.DocTestParser().get_examples("\n".join(lines))
    except ValueError:
        return None
    code = "".join(e.source for e in examples)
    return code or None


def run_programs(paddle, programs, limit_s=20):
    """{name: code} -> {name: {'stdout', 'error'}}: each in a fresh namespace with a time limit."""
    import signal
    from conformance import snippets

    def reset():
        try:
            paddle.disable_static()
        except Exception:                  # noqa: BLE001 - best effort between programs
            pass

    def alarm(signum, frame):
        raise TimeoutError(f"example ran longer than {limit_s}s")

    signal.signal(signal.SIGALRM, alarm)
    out = {}
    for name, code in programs.items():
        signal.alarm(limit_s)
        try:
            out[name] = snippets.run_case(code, reset)
        finally:
            signal.alarm(0)
    return out


def provided_apis(pattern=None):
    """Paddle 3.3.1's public API names that paddle_compat provides (sorted)."""
    from paddle_compat import _check
    with open(os.path.join(ROOT, "paddle_compat", "data", "paddle_api.json"), encoding="utf-8") as f:
        modules = json.load(f)["modules"]
    names = []
    for mod, members in modules.items():
        for m in members:
            full = f"{mod}.{m}"
            if pattern and not re.search(pattern, full):
                continue
            if _check.resolve(full)[0] != "missing":
                names.append(full)
    return sorted(set(names))


def _child(python, script, payload, env=None, timeout=3600):
    e = dict(os.environ, GLOG_minloglevel="3", **(env or {}))
    e.pop("PYTHONPATH", None)
    # Paddle's examples save files (paddle.save, jit.save...) into the working directory: give them
    # a scratch one so the repository stays clean.
    with tempfile.TemporaryDirectory(prefix="docstring_replay_") as scratch:
        proc = subprocess.run([python, "-c", script, ROOT], input=json.dumps(payload),
                              capture_output=True, text=True, env=e, timeout=timeout, cwd=scratch)
    parts = proc.stdout.rsplit("\0", 1)
    if len(parts) != 2:
        raise RuntimeError(f"docstring replay child failed:\n{proc.stderr[-3000:]}")
    return json.loads(parts[1])


def replay(oracle_python, pattern=None):
    """-> {'modules': {module: [passed, total]}, 'apis': {api: problem or None}}."""
    from conformance import snippets
    names = provided_apis(pattern)
    ref = _child(oracle_python, EXTRACT_AND_RUN, names)
    ours = _child(sys.executable, RUN_COMPAT, ref["programs"])
    modules, apis = defaultdict(lambda: [0, 0]), {}
    for name, want in ref["results"].items():
        module = name.rsplit(".", 1)[0]
        if module.startswith("paddle.Tensor"):
            module = "paddle.Tensor"
        problem = snippets.compare(want, ours.get(name, {"stdout": "", "error": ["Missing", ""]}))
        apis[name] = problem
        modules[module][1] += 1
        modules[module][0] += problem is None
    return {"modules": dict(sorted(modules.items())), "apis": apis,
            "apis_provided": len(names), "with_examples": len(ref["programs"])}


def format_rates(result):
    lines = ["Docstring replay (Paddle's own >>> examples, run under both):",
             f"{'MODULE':<34} {'PASSED':>6} {'TOTAL':>6} {'RATE':>6}"]
    tp = tt = 0
    for module, (p, t) in result["modules"].items():
        lines.append(f"{module:<34} {p:>6} {t:>6} {100.0 * p / t:>5.1f}%")
        tp, tt = tp + p, tt + t
    if tt:
        lines.append(f"{'all':<34} {tp:>6} {tt:>6} {100.0 * tp / tt:>5.1f}%")
    lines.append(f"({result['apis_provided']} provided APIs, {result['with_examples']} with a "
                 "CPU-runnable example)")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, ROOT)
    res = replay(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
    print(format_rates(res))
    if os.environ.get("DOCSTRING_REPLAY_DETAILS"):
        for api, problem in sorted(res["apis"].items()):
            print(f"\n{'ok  ' if problem is None else 'FAIL'} {api}" + ("" if problem is None else
                                                                         "\n" + problem[:800]))
