"""`python -m paddle_compat conformance`: run the conformance suite and print a table.

Runs, against the goldens recorded from Paddle 3.3.1 (or, with `--oracle PYTHON`, against a real
Paddle run live in a subprocess):

* the conformance table (conformance/records.py): every record in dynamic and static mode, in the
  four call styles, forward, gradients and error cases;
* the documented examples and snippet cases (conformance/seeds/, conformance/cases/);
* with `--properties`, the hypothesis properties (conformance/test_properties.py) and the golden
  tests they reference (seeded RNG streams, tensor printing), through pytest;
* with `--oracle PYTHON --docstrings`, the replay of the `>>>` examples of Paddle's own docstrings
  for every API paddle_compat provides, with the pass rate per module.

Prints one row per check (API, mode, forward, grad, errors, status) and a summary line; `--json`
prints the same rows as JSON. The exit status is 1 when any check fails (declared xfails do not).
The suite lives in the source tree (the `conformance/` folder beside `paddle_compat/`).
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLUMNS = ("api", "mode", "forward", "grad", "errors", "status")


def add_arguments(p):
    p.add_argument("-k", dest="pattern", metavar="PATTERN",
                   help="only checks whose id matches this regular expression (e.g. 'matmul|softmax')")
    p.add_argument("--oracle", metavar="PYTHON",
                   help="a Python with paddlepaddle installed: compare with real Paddle run now "
                        "instead of the recorded goldens (also enables differential properties)")
    p.add_argument("--properties", action="store_true",
                   help="also run the hypothesis properties and the RNG/printing golden tests")
    p.add_argument("--docstrings", action="store_true",
                   help="with --oracle: replay Paddle's docstring examples, pass rate per module")
    p.add_argument("--json", action="store_true", help="print the rows and summary as JSON")
    p.add_argument("--failures-only", action="store_true", help="print only rows that did not pass")


def _suite_available():
    if not os.path.isdir(os.path.join(ROOT, "conformance")):
        sys.stderr.write("conformance: the suite ships with the source tree (conformance/ beside "
                         f"paddle_compat/); it is not found under {ROOT}\n")
        return False
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    return True


class Progress:
    """A one-line progress bar on stderr (only when stderr is a terminal, or forced)."""

    def __init__(self, total, enabled):
        self.total, self.done, self.enabled = max(total, 1), 0, enabled

    def step(self, label):
        self.done += 1
        if not self.enabled:
            return
        width = 30
        filled = int(width * self.done / self.total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                         f"{label[:40]:<40}")
        sys.stderr.flush()

    def close(self):
        if self.enabled:
            sys.stderr.write("\r" + " " * 90 + "\r")
            sys.stderr.flush()


def _oracle_goldens(python, tmp, pattern):
    """Record the table's goldens and the cases' goldens under the oracle, into `tmp` (only the
    records and case files the pattern selects)."""
    import re
    from conformance import snippets
    env = dict(os.environ, CONFORMANCE_GOLDEN_OUT=os.path.join(tmp, "records.json"),
               CONFORMANCE_CASES_OUT=os.path.join(tmp, "cases"), GLOG_minloglevel="3")
    env.pop("PYTHONPATH", None)
    topics = [t for t in snippets.case_files() if not pattern or any(
        re.search(pattern, f"{t}::{name}") for name, _, _ in snippets.load_case_file(snippets.case_path(t))[1])]
    record = os.path.join(ROOT, "conformance", "record")
    subprocess.run([python, os.path.join(record, "record_records.py")] + ([pattern] if pattern else []),
                   env=env, check=True, capture_output=True, text=True, cwd=ROOT)
    if topics:
        subprocess.run([python, os.path.join(record, "record_cases.py")] + topics, env=env,
                       check=True, capture_output=True, text=True, cwd=ROOT)
    return os.path.join(tmp, "records.json"), os.path.join(tmp, "cases")


def record_rows(paddle, pattern, goldens, progress):
    from conformance import runner
    rows = []
    for vid, rec, dtype in runner.variants(pattern):
        for mode in runner.MODES:
            row = runner.check_variant(paddle, vid, rec, dtype, mode, goldens.get(vid))
            row["api"] = vid
            rows.append(row)
            progress.step(f"{vid} {mode}")
    return rows


def case_rows(pattern, cases_dir, progress):
    import re
    import paddle_compat
    from conformance import snippets, test_cases
    paddle_compat.install_alias()
    rows = []
    for topic in snippets.case_files():
        path = (os.path.join(cases_dir, *topic.split("/")) + ".json" if cases_dir
                else snippets.golden_path(topic))
        goldens = json.load(open(path, encoding="utf-8")) if os.path.exists(path) else {}
        env, cases = snippets.load_case_file(snippets.case_path(topic))
        for name, flags, code in cases:
            key = f"{topic}::{name}"
            if pattern and not re.search(pattern, key):
                continue
            row = {"api": key, "mode": "case", "forward": "-", "grad": "-", "errors": "-",
                   "status": "pass", "problems": [], "xfail": []}
            expected = goldens.get(name)
            test_cases._reset()
            with test_cases.case_face(env):
                actual = snippets.run_case(code, test_cases._reset)
            if expected is None:
                problem = f"{key}: no golden (record it with conformance/record/record_cases.py)"
            else:
                if "paddle-fails" in flags and expected["error"]:
                    expected = {"stdout": snippets.documented_output(code), "error": None}
                problem = snippets.compare(expected, actual, "exact" in flags)
            reason = test_cases.XFAIL.get(key)
            if problem and reason:
                row.update(status="xfail", forward="xfail", xfail=[reason])
            elif problem:
                row.update(status="fail", forward="FAIL", problems=[problem])
            elif reason:
                row.update(status="fail", forward="XPASS",
                           problems=[f"{key}: declared xfail passes now: {reason}"])
            else:
                row["forward"] = "ok"
            rows.append(row)
            progress.step(key)
    return rows


def pytest_rows(files, env_extra):
    rows = []
    for f in files:
        env = dict(os.environ, **env_extra)
        proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f],
                              cwd=ROOT, env=env, capture_output=True, text=True)
        last = (proc.stdout.strip().splitlines() or ["?"])[-1]
        ok = proc.returncode in (0, 5)
        rows.append({"api": f, "mode": "pytest", "forward": last.strip("= ")[:40], "grad": "-",
                     "errors": "-", "status": "pass" if ok else "fail",
                     "problems": [] if ok else [proc.stdout[-3000:]], "xfail": []})
    return rows


def _declared_xfail(rec, mode, golden):
    """Whether a record's row in `mode` is a declared difference (runner.check_variant's rule:
    "<mode>" applies to that mode, "error:<case>" to dynamic mode's error cases, every other key to
    both modes)."""
    from conformance import runner
    for key in rec.xfail:
        if key in runner.MODES:
            if key == mode:
                return True
        elif key.startswith("error:"):
            if mode == "dynamic" and key[len("error:"):] in (golden or {}).get("errors", {}):
                return True
        else:
            return True
    return False


def plan(pattern=None):
    """-> the rows a run would give ({'api', 'mode', 'status'}), read from the table, the cases and
    their declared differences without running anything (a fraction of a second instead of the
    replay's ~15 s). It equals the run's rows exactly when nothing fails; a run with a failure
    fails CI (conformance/test_records.py, test_cases.py), so the README's counts are checked
    against this."""
    import re
    from conformance import runner, snippets, test_cases
    if not _suite_available():
        raise FileNotFoundError("the conformance suite (conformance/) is not found")
    goldens = runner.load_goldens()
    rows = []
    for vid, rec, _dtype in runner.variants(pattern):
        for mode in runner.MODES:
            if mode == "static" and not rec.static:
                status = "n/a"
            else:
                status = "xfail" if _declared_xfail(rec, mode, goldens.get(vid)) else "pass"
            rows.append({"api": vid, "mode": mode, "status": status})
    for topic in snippets.case_files():
        for name, _flags, _code in snippets.load_case_file(snippets.case_path(topic))[1]:
            key = f"{topic}::{name}"
            if pattern and not re.search(pattern, key):
                continue
            rows.append({"api": key, "mode": "case",
                         "status": "xfail" if key in test_cases.XFAIL else "pass"})
    return rows


def format_table(rows, failures_only=False):
    shown = [r for r in rows if not failures_only or r["status"] not in ("pass", "n/a")]
    widths = {c: max([len(c)] + [len(str(r[c])) for r in shown]) for c in COLUMNS}
    widths["api"] = min(widths["api"], 60)
    lines = ["  ".join(c.upper().ljust(widths[c]) for c in COLUMNS),
             "  ".join("-" * widths[c] for c in COLUMNS)]
    for r in shown:
        lines.append("  ".join(str(r[c])[:widths[c]].ljust(widths[c]) for c in COLUMNS).rstrip())
    return "\n".join(lines)


def summarize(rows):
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return counts


def run(args):
    if not _suite_available():
        return 2
    import paddle_compat
    from conformance import runner
    oracle = args.oracle or os.environ.get("PADDLE_ORACLE_PYTHON")
    with tempfile.TemporaryDirectory() as tmp:
        if args.oracle:
            sys.stderr.write(f"conformance: recording goldens with the oracle {args.oracle} ...\n")
            golden_path, cases_dir = _oracle_goldens(args.oracle, tmp, args.pattern)
        else:
            golden_path, cases_dir = runner.GOLDEN, None
        goldens = runner.load_goldens(golden_path)
        n = len(runner.variants(args.pattern)) * len(runner.MODES)
        progress = Progress(n, enabled=sys.stderr.isatty() and not args.json)
        rows = record_rows(paddle_compat, args.pattern, goldens, progress)
        rows += case_rows(args.pattern, cases_dir, progress)
        progress.close()
    if args.properties:
        env = {"PADDLE_ORACLE_PYTHON": oracle} if oracle else {}
        rows += pytest_rows(["conformance/test_properties.py"] + sorted(
            set(runner.PROPERTY_TESTS.values()) - {"conformance/test_properties.py",
                                                   "conformance/test_cases.py"}), env)
    replay = None
    if args.docstrings:
        if not args.oracle:
            sys.stderr.write("conformance: --docstrings needs --oracle PYTHON (Paddle's docstrings "
                             "are read from the installed Paddle package)\n")
            return 2
        from conformance import docstring_replay
        replay = docstring_replay.replay(args.oracle, pattern=args.pattern)
    counts = summarize(rows)
    failed = counts.get("fail", 0)
    summary = (f"{len(rows)} checks: {counts.get('pass', 0)} passed, {failed} failed, "
               f"{counts.get('xfail', 0)} xfailed (declared differences), "
               f"{counts.get('n/a', 0)} not applicable"
               + (f"; against {'oracle ' + args.oracle if args.oracle else 'recorded Paddle 3.3.1 goldens'}"))
    if args.json:
        print(json.dumps({"rows": rows, "summary": counts, "docstrings": replay}, indent=1))
    else:
        print(format_table(rows, args.failures_only))
        for r in rows:
            for p in r["problems"]:
                print(f"\nFAIL {r['api']} [{r['mode']}]: {p}")
        if replay is not None:
            print("\n" + docstring_replay.format_rates(replay))
        print("\n" + summary)
    return 1 if failed else 0
