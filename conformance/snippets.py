"""Snippet cases: Paddle code run under real Paddle (recorded) and under paddle_compat (compared).

A case file `conformance/cases/<topic>.py` holds cases separated by marker lines

    # %% case: <name> [exact]

Each case is a complete script (it starts with `import paddle`). A file may begin with a line
`# env: NAME=value ...` naming environment variables the *oracle* needs (legacy static APIs need
`FLAGS_enable_pir_api=0`); paddle_compat needs none of them.

What is compared (see `compare`): stdout, and the exception the case raised, if any. Text must match
exactly except numbers, which may differ within rtol 1e-5 unless the case is marked `exact`. An error
matches when the exception class is the same and Paddle's message, without its C++ location
`(at /paddle/...)` and `[Hint: ...]` tail, is contained in ours.
"""
import contextlib
import io
import json
import math
import os
import re
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
CASES_DIR = os.path.join(HERE, "cases")
SEEDS_DIR = os.path.join(HERE, "seeds")          # the documented examples of the seed documents (Paddle doc pages)
GOLDENS_DIR = os.path.join(HERE, "goldens", "cases")

_MARK = re.compile(r"^# %% case: (\S+)(.*)$")
_ENV = re.compile(r"^# env: (.*)$")
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf")


def load_case_file(path):
    """-> (env dict, [(name, flags set, code)])."""
    env, cases, current = {}, [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = _ENV.match(line)
            if m and current is None:
                env.update(kv.split("=", 1) for kv in m.group(1).split())
                continue
            m = _MARK.match(line)
            if m:
                current = [m.group(1), set(m.group(2).split()), []]
                cases.append(current)
            elif current is not None:
                current[2].append(line)
    return env, [(name, flags, "".join(code)) for name, flags, code in cases]


def case_files():
    """Topics: `name` for conformance/cases/name.py, `seeds/name` for conformance/seeds/name.py."""
    own = sorted(f[:-3] for f in os.listdir(CASES_DIR) if f.endswith(".py"))
    seeds = sorted("seeds/" + f[:-3] for f in os.listdir(SEEDS_DIR) if f.endswith(".py"))
    return own + seeds


def case_path(topic):
    if topic.startswith("seeds/"):
        return os.path.join(SEEDS_DIR, topic[len("seeds/"):] + ".py")
    return os.path.join(CASES_DIR, topic + ".py")


def run_case(code, reset):
    """Run one case in a fresh namespace; -> {'stdout': str, 'error': None | [class, message],
    'warnings': ['Category: message', ...]}.

    Warnings the case emits are captured, not printed: the goldens record stdout and the error
    only, so a warning is not part of what a case checks (a case that checks one catches it itself
    and prints it). They are kept in 'warnings' for whoever debugs a case.
    """
    out = io.StringIO()
    error = None
    namespace = {"__name__": "__main__"}
    with contextlib.redirect_stdout(out), warnings.catch_warnings(record=True) as caught:
        try:
            exec(compile(code, "<case>", "exec"), namespace)
        except BaseException as exc:                          # noqa: B902 - recorded, not swallowed
            if isinstance(exc, KeyboardInterrupt):
                raise
            error = [type(exc).__name__, str(exc)]
            if os.environ.get("CONFORMANCE_TRACEBACK"):
                traceback.print_exc()
        finally:
            reset()
    return {"stdout": out.getvalue(), "error": error,
            "warnings": [f"{w.category.__name__}: {w.message}" for w in caught]}


def normalize_message(msg):
    msg = re.sub(r"\s*\(at /[^)]*\)", "", msg)
    msg = re.sub(r"\n\s*\[Hint:.*", "", msg, flags=re.S)
    return msg.strip()


def _numbers_close(a, b):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if math.isnan(x) and math.isnan(y):
        return True
    return math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-6)


def texts_match(expected, actual, exact):
    if expected == actual:
        return True
    if exact:
        return False
    if _NUMBER.sub("#", expected) != _NUMBER.sub("#", actual):
        return False
    return all(_numbers_close(a, b) for a, b in zip(_NUMBER.findall(expected), _NUMBER.findall(actual)))


def compare(expected, actual, exact=False):
    """-> None when `actual` conforms to the recorded `expected`, else a readable difference."""
    problems = []
    if not texts_match(expected["stdout"], actual["stdout"], exact):
        problems.append(f"stdout differs:\n--- Paddle\n{expected['stdout']}--- paddle_compat\n"
                        f"{actual['stdout']}")
    e, a = expected["error"], actual["error"]
    if (e is None) != (a is None):
        problems.append(f"error differs: Paddle raised {e!r}, paddle_compat raised {a!r}")
    elif e is not None:
        if e[0] != a[0]:
            problems.append(f"exception class differs: Paddle {e[0]}, paddle_compat {a[0]}: {a[1]}")
        elif normalize_message(e[1]) not in a[1]:
            problems.append(f"message differs:\n  Paddle:        {normalize_message(e[1])!r}\n"
                            f"  paddle_compat: {a[1]!r}")
    return "\n".join(problems) or None


def documented_output(code):
    """The `# documented output:` comment block of a case -> the text the documentation shows."""
    lines, inside = [], False
    for line in code.splitlines():
        if line.startswith("# documented output:"):
            inside = True
        elif inside and line.startswith("#"):
            lines.append(line[2:] + "\n")
        elif inside:
            break
    return "".join(lines)


def golden_path(topic):
    return os.path.join(GOLDENS_DIR, *topic.split("/")) + ".json"


def load_goldens(topic):
    with open(golden_path(topic), encoding="utf-8") as f:
        return json.load(f)
