"""Record real Paddle's results for every record of conformance/records.py (re-runnable).

    PADDLE_PY conformance/record/record_records.py [PATTERN]

Runs each record with conformance/runner.py's `execute` (the same code the replay uses) in Paddle's
dynamic mode: the keyword call with gradients ("full"), the defaults call ("defaults"), every error
case, and the positional and shuffled-keyword calls, which must equal the keyword call under Paddle
(a style Paddle rejects is left out of `styles`). Writes conformance/goldens/records.json; with a
PATTERN only the matching records are re-recorded and the others kept.
"""
import json
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
warnings.filterwarnings("ignore")

from conformance import runner  # noqa: E402


def record_variant(paddle, rec, dtype):
    full = runner.execute(paddle, rec, dtype, "keyword", "dynamic")
    entry = {"full": full, "paddle_version": paddle.__version__,
             "plan": runner.call_plan(runner.resolve(paddle, rec.api), len(rec.pos), list(rec.kw))}
    entry["defaults"] = runner.execute(paddle, rec, dtype, "defaults", "dynamic", grads=False)
    styles = ["keyword", "defaults"]
    for style in ("positional", "shuffled"):
        got = runner.execute(paddle, rec, dtype, style, "dynamic", grads=False)
        want = full if "error" in full else full["out"]
        have = got if "error" in got else got.get("out")
        if "n/a" not in got and runner.diff(want, have, 0, 0) is None:
            styles.append(style)
        else:
            print(f"  {rec.id}: Paddle gives another result in {style} style; style left out",
                  file=sys.stderr)
    entry["styles"] = [s for s in runner.STYLES if s in styles]
    entry["errors"] = {}
    for case, overrides in rec.errors.items():
        got = runner.execute(paddle, rec, dtype, "keyword", "dynamic", grads=False, overrides=overrides)
        if "error" not in got:     # not an error in Paddle: fix the record (left out meanwhile)
            print(f"  {rec.id}: error case {case!r} does not raise under Paddle", file=sys.stderr)
            continue
        entry["errors"][case] = got
    return entry


def main(pattern=None):
    import paddle
    paddle.disable_static()
    paddle.set_device("cpu")
    goldens = runner.load_goldens() if pattern else {}
    todo = runner.variants(pattern)
    for vid, rec, dtype in todo:
        goldens[vid] = record_variant(paddle, rec, dtype)
        if "error" in goldens[vid]["full"]:
            print(f"  {vid}: Paddle raises {goldens[vid]['full']['error'][0]}", file=sys.stderr)
    out = os.environ.get("CONFORMANCE_GOLDEN_OUT", runner.GOLDEN)   # the CLI's --oracle uses a temp file
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(dict(sorted(goldens.items())), f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"records: {len(todo)} variants recorded ({len(goldens)} in {out})")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
