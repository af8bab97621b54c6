"""Regenerate the README's generated tables from the tools: `python tools/readme_tables.py`.

The README's numbers are never typed. Each generated block sits between two marker comments,
`<!-- generated: NAME (python tools/readme_tables.py) -->` and `<!-- end generated: NAME -->`, and
this script rewrites what lies between them:

* `conformance`: the counts of `python -m paddle_compat conformance --json` (the whole replay
  against the recorded Paddle 3.3.1 goldens, ~15 s), per part;
* `coverage`: the API coverage rows of `python -m paddle_compat check --coverage`;
* `docstrings`: the pass rates of Paddle's own docstring examples. Measuring them needs a real
  Paddle, so `--oracle PYTHON` runs the replay and stores its result in
  conformance/goldens/docstring_rates.json; without it the block is rendered from that file.

`--check` rewrites nothing and exits 1 when the README differs from what the tools give now.
tests/test_readme_tables.py checks the same thing cheaply on every test run: the conformance
block against the counts `conformance` plans from the table without replaying it (equal to the
replay's whenever CI is green; this script checks the two agree each time it runs).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
DOCSTRING_RATES = os.path.join(ROOT, "conformance", "goldens", "docstring_rates.json")
BLOCKS = ("conformance", "coverage", "docstrings")
_BLOCK = re.compile(r"(<!-- generated: (\w+) \(python tools/readme_tables\.py\) -->\n)(.*?)"
                    r"(<!-- end generated: \2 -->)", re.S)


# ---- the numbers, from the tools ----------------------------------------------------------------

def conformance_rows():
    """The rows of a full `python -m paddle_compat conformance --json` run (a subprocess, as a
    user runs it). Raises when a check fails: the README says the checks pass."""
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "conformance", "--json"],
                          cwd=ROOT, capture_output=True, text=True, env=_env())
    if proc.returncode != 0:
        raise SystemExit("readme_tables: `python -m paddle_compat conformance` fails; fix that "
                         "first:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    return json.loads(proc.stdout)["rows"]


def planned_conformance_rows():
    """The rows `conformance` plans from the table and the cases without replaying them."""
    from paddle_compat import _conformance_cli
    return _conformance_cli.plan()


def coverage_rows():
    """-> [(module, provided, total)], sorted by module: `check --coverage`'s numbers."""
    from paddle_compat import _check
    return sorted((module, got, total) for module, (got, total) in _check.coverage().items())


def docstring_rates():
    with open(DOCSTRING_RATES, encoding="utf-8") as f:
        return json.load(f)


def record_docstring_rates(oracle):
    """Run the docstring replay under the oracle and store its result (atomically)."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from conformance import docstring_replay
    result = docstring_replay.replay(oracle)
    stored = {"modules": result["modules"], "apis_provided": result["apis_provided"],
              "with_examples": result["with_examples"]}
    _write_atomically(DOCSTRING_RATES, json.dumps(stored, indent=1, sort_keys=True) + "\n")


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT] + [p for p in env.get("PYTHONPATH", "").split(
        os.pathsep) if p])
    env.pop("PADDLE_ORACLE_PYTHON", None)
    return env


# ---- rendering ----------------------------------------------------------------------------------

def _counts(rows):
    out = {"checks": len(rows), "pass": 0, "fail": 0, "xfail": 0, "n/a": 0}
    for r in rows:
        out[r["status"]] += 1
    return out


def render_conformance(rows):
    table = _counts([r for r in rows if r["mode"] != "case"])
    cases = _counts([r for r in rows if r["mode"] == "case"])
    every = _counts(rows)
    if every["fail"]:
        raise ValueError(f"{every['fail']} conformance checks fail: the README cannot say they pass")

    def line(part, c):
        return f"| {part} | {c['checks']} | {c['pass']} | {c['xfail']} | {c['n/a']} |"

    return "\n".join([
        "| Part | Checks | Pass | Declared differences (xfail) | Not applicable |",
        "|---|---|---|---|---|",
        line("Records table: every OpDef's public API in dynamic and static mode (forward in "
             "PaConvert's 4 call styles, gradients, error cases)", table),
        line("Documented examples of the seed documents and snippet cases", cases),
        line("All", every),
    ]) + "\n"


def _share(got, total):
    return f"{100.0 * got / max(total, 1):.1f} %"


def render_coverage(rows):
    got = sum(r[1] for r in rows)
    total = sum(r[2] for r in rows)
    provided = [r for r in rows if r[1]]
    absent = [r for r in rows if not r[1]]
    lines = [f"**{_share(got, total)}** of Paddle 3.3.1's recorded public API ({got} of {total} "
             "names):", "",
             "| Module | Provided | Paddle names | Share |", "|---|---|---|---|"]
    lines += [f"| `{m}` | {g} | {n} | {_share(g, n)} |" for m, g, n in provided]
    if absent:
        lines += ["", "Not provided yet: " + ", ".join(f"`{m}` ({n})" for m, _, n in absent) + "."]
    return "\n".join(lines) + "\n"


def render_docstrings(rates):
    mods = rates["modules"]
    passed = sum(p for p, _ in mods.values())
    total = sum(t for _, t in mods.values())
    per = ", ".join(f"`{m}` {_share(p, t)}" for m, (p, t) in sorted(mods.items()))
    return (f"Paddle's own docstring examples pass at **{_share(passed, total)}** ({passed} of "
            f"{total} CPU-runnable examples of the {rates['apis_provided']} APIs paddle_compat "
            f"provides): {per}.\n")


def render(name, *, full=True):
    """The text of block `name` as the tools give it now (`full`: replay the whole conformance
    suite; otherwise its planned counts)."""
    if name == "conformance":
        return render_conformance(conformance_rows() if full else planned_conformance_rows())
    if name == "coverage":
        return render_coverage(coverage_rows())
    if name == "docstrings":
        return render_docstrings(docstring_rates())
    raise KeyError(name)


# ---- the README ---------------------------------------------------------------------------------

def blocks(text):
    """-> {name: current text of the block} of a README's text."""
    found = {}
    for m in _BLOCK.finditer(text):
        if m.group(2) in found:
            raise ValueError(f"README: generated block {m.group(2)!r} appears twice")
        found[m.group(2)] = m.group(3)
    return found


def replace_blocks(text, new):
    missing = set(new) - set(blocks(text))
    if missing:
        raise ValueError(f"README: no marker comments for {sorted(missing)}")
    return _BLOCK.sub(lambda m: m.group(1) + new.get(m.group(2), m.group(3)) + m.group(4), text)


def _write_atomically(path, text):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/readme_tables.py",
                                description=__doc__.strip().split("\n\n")[0])
    p.add_argument("--check", action="store_true",
                   help="change nothing; exit 1 when the README differs from the tools")
    p.add_argument("--oracle", metavar="PYTHON",
                   help="a Python with paddlepaddle 3.3.1: re-measure the docstring pass rates")
    args = p.parse_args(argv)
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    if args.oracle and not args.check:
        record_docstring_rates(args.oracle)
    rows = conformance_rows()
    planned = planned_conformance_rows()
    if sorted((r["api"], r["mode"], r["status"]) for r in rows) != sorted(
            (r["api"], r["mode"], r["status"]) for r in planned):
        raise SystemExit("readme_tables: conformance's planned rows differ from its run: fix "
                         "_conformance_cli.plan() so that the README test stays meaningful")
    new = {"conformance": render_conformance(rows), "coverage": render("coverage"),
           "docstrings": render("docstrings")}
    with open(README, encoding="utf-8") as f:
        text = f.read()
    updated = replace_blocks(text, new)
    if args.check:
        stale = [n for n in BLOCKS if blocks(text)[n] != new[n]]
        if stale:
            print(f"README.md is stale ({', '.join(stale)}): run python tools/readme_tables.py")
            return 1
        print("README.md matches the tools")
        return 0
    if updated != text:
        _write_atomically(README, updated)
        print("README.md updated")
    else:
        print("README.md already matches the tools")
    return 0


if __name__ == "__main__":
    sys.exit(main())
