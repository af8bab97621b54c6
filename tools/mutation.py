"""Mutation testing for paddle_compat: plant one bug at a time, check that the tests catch it.

    python tools/mutation.py                  # every mutant, 2 at a time, then the score
    python tools/mutation.py -k rng -k cli    # only mutants whose id contains one of the words
    python tools/mutation.py --list           # the table, nothing run
    python tools/mutation.py --jobs 1 --no-baseline --json out.json

Each mutant in TABLE (tools/mutants.py) is a (file, exact original snippet, replacement, test
files) row: a change a real bug could make, that changes behaviour. For each one the script

1. copies the repository's files (git ls-files: tracked and new, not ignored) into a temporary
   directory, once per parallel job - the working tree is never modified;
2. writes the mutated file into that copy (the snippet must occur exactly once in the file, so a
   stale table fails loudly instead of testing nothing);
3. runs pytest in the copy on the mutant's test files (`-x`, the ci hypothesis profile,
   PYTHONDONTWRITEBYTECODE so no stale bytecode of a mutated file survives), then, if they all
   pass, the mutant's conformance selection (`conformance/test_records.py` and friends with `-k`);
4. restores the file. A failing test = killed; a timeout = killed (reported as such); everything
   passing = survived.

Before the mutants, a baseline run checks that the selected test files pass on the unmutated copy
(a failing baseline would make every mutant look killed); `--no-baseline` skips it.

The score is killed / total. Survivors are listed with their test files: the fix for a survivor is
a test in the area's own test file that fails on the planted bug, not dropping the mutant (unless it
is a genuinely equivalent mutant: then say why in the table and remove it).

Not part of CI (it runs the selected test files once per mutant): see docs/conformance.md.
"""
import argparse
import concurrent.futures as cf
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from mutants import TABLE  # noqa: E402  (tools/ is not a package: the table sits beside this file)


def repo_files():
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                         cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def make_copy(dest, files):
    for rel in files:
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, rel), target)


def check_table(table):
    """Every row names an existing file holding its snippet exactly once, and existing tests."""
    problems, seen = [], set()
    for m in table:
        if m["id"] in seen:
            problems.append(f"{m['id']}: duplicate id")
        seen.add(m["id"])
        path = os.path.join(ROOT, m["file"])
        if not os.path.isfile(path):
            problems.append(f"{m['id']}: no file {m['file']}")
            continue
        with open(path, encoding="utf-8") as f:
            n = f.read().count(m["old"])
        if n != 1:
            problems.append(f"{m['id']}: the snippet occurs {n} times in {m['file']} (needs 1)")
        if m["old"] == m["new"]:
            problems.append(f"{m['id']}: the replacement equals the original")
        for t in m["tests"] + [c.split("::")[0] for c in m.get("conformance", [])]:
            if not os.path.isfile(os.path.join(ROOT, t.split("::")[0])):
                problems.append(f"{m['id']}: no test file {t}")
    return problems


def pytest_cmd(targets, k=None):
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-rf",
           "--no-header", "-o", "addopts=", *targets]
    if k:
        cmd += ["-k", k]
    return cmd


def run_pytest(copy, targets, k, timeout):
    env = dict(os.environ, PYTHONPATH=copy, PYTHONDONTWRITEBYTECODE="1", HYPOTHESIS_PROFILE="ci")
    env.pop("PADDLE_ORACLE_PYTHON", None)
    t0 = time.time()
    try:
        p = subprocess.run(pytest_cmd(targets, k), cwd=copy, env=env, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", f"timed out after {timeout}s", time.time() - t0
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", p.stdout, re.M)
    if p.returncode == 0:
        return "pass", "", time.time() - t0
    if p.returncode == 5:               # nothing collected: a table error, not a kill
        return "error", "no tests collected", time.time() - t0
    tail = "\n".join(p.stdout.strip().splitlines()[-3:])
    return "fail", (failed[0] if failed else tail), time.time() - t0


def run_mutant(m, copy, timeout):
    path = os.path.join(copy, m["file"])
    with open(path, encoding="utf-8") as f:
        original = f.read()
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace(m["old"], m["new"], 1))
        stages = [(m["tests"], None)]
        for c in m.get("conformance", []):
            target, _, k = c.partition("::")
            stages.append(([target], k or None))
        total = 0.0
        for targets, k in stages:
            status, detail, secs = run_pytest(copy, targets, k, timeout)
            total += secs
            if status in ("fail", "timeout"):
                where = "own tests" if k is None else "conformance"
                return dict(id=m["id"], status="killed", by=detail, stage=where, seconds=total)
            if status == "error":
                return dict(id=m["id"], status="error", by=detail, stage=" ".join(targets),
                            seconds=total)
        return dict(id=m["id"], status="survived", by="", stage="", seconds=total)
    finally:
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", action="append", default=[], help="only mutants whose id contains this")
    ap.add_argument("--jobs", type=int, default=2, help="mutants run in parallel (default 2)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per pytest run")
    ap.add_argument("--no-baseline", action="store_true", help="skip the unmutated run")
    ap.add_argument("--list", action="store_true", help="print the table and exit")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    # SIGTERM (timeout, kill) unwinds like Ctrl-C, so the temporary copies are removed.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))

    table = [m for m in TABLE if not args.k or any(k in m["id"] for k in args.k)]
    problems = check_table(table)
    if problems:
        print("the mutant table is stale:\n  " + "\n  ".join(problems))
        return 2
    if args.list:
        for m in table:
            print(f"{m['id']:<40} {m['file']}\n    {m['why']}\n    tests: {' '.join(m['tests'])}"
                  + (f"  + {' '.join(m['conformance'])}" if m.get("conformance") else ""))
        print(f"{len(table)} mutants")
        return 0

    files = repo_files()
    jobs = max(1, min(args.jobs, len(table)))
    with tempfile.TemporaryDirectory(prefix="paddle_compat_mutation_") as tmp:
        copies = queue.Queue()
        for j in range(jobs):
            d = os.path.join(tmp, f"copy{j}")
            make_copy(d, files)
            copies.put(d)
        t0 = time.time()
        if not args.no_baseline:
            own = sorted({t for m in table for t in m["tests"]})
            print(f"baseline: {len(own)} test files on the unmutated copy ...", flush=True)
            status, detail, secs = run_pytest(copies.queue[0], own, None, args.timeout * 4)
            if status != "pass":
                print(f"baseline {status}: {detail}\nfix the tests first: a failing baseline makes "
                      "every mutant look killed")
                return 2
            print(f"baseline passed in {secs:.0f}s", flush=True)

        def work(m):
            copy = copies.get()
            try:
                return run_mutant(m, copy, args.timeout)
            finally:
                copies.put(copy)

        results = []
        with cf.ThreadPoolExecutor(jobs) as pool:
            for r in pool.map(work, table):
                results.append(r)
                mark = {"killed": "KILLED  ", "survived": "SURVIVED", "error": "ERROR   "}[r["status"]]
                print(f"{mark} {r['id']:<40} {r['seconds']:5.0f}s  {r['stage']}: {r['by']}",
                      flush=True)
    killed = sum(r["status"] == "killed" for r in results)
    errors = [r for r in results if r["status"] == "error"]
    survivors = [r for r in results if r["status"] == "survived"]
    scored = len(results) - len(errors)
    score = 100.0 * killed / scored if scored else 0.0
    print(f"\n{killed} killed, {len(survivors)} survived, {len(errors)} errors, of {len(results)} "
          f"mutants: score {score:.1f}% ({time.time() - t0:.0f}s)")
    for r in survivors:
        m = next(x for x in table if x["id"] == r["id"])
        print(f"  survived: {m['id']}  ({m['file']}: {m['why']})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"score": score, "results": results}, f, indent=1)
    return 0 if not survivors and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
