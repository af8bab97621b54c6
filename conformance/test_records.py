"""The conformance table replayed under paddle_compat: one test per (record variant, mode).

Each test runs the record in the four call styles (positional, keyword, shuffled keywords,
defaults), checks the forward outputs and the gradients against the golden recorded from Paddle
3.3.1 (conformance/goldens/records.json), and, in dynamic mode, each error case's exception class
and message. Declared xfails (records.py) are xfails here and fail when they start passing.
"""
import pytest

import paddle_compat as paddle
from conformance import runner
from conformance import records as R
from paddle_compat._ops.registry import OPS

GOLDENS = runner.load_goldens()
VARIANTS = runner.variants()


@pytest.fixture(autouse=True)
def _fresh_mode():
    paddle.disable_static()
    yield
    paddle.disable_static()


@pytest.mark.parametrize("mode", runner.MODES)
@pytest.mark.parametrize("vid,rec,dtype", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_record(vid, rec, dtype, mode):
    row = runner.check_variant(paddle, vid, rec, dtype, mode, GOLDENS.get(vid))
    if row["status"] == "n/a":
        pytest.skip(f"{rec.api} in static mode: {row['why']}")
    assert row["status"] != "fail", "\n".join(row["problems"])
    if row["status"] == "xfail":
        pytest.xfail("; ".join(row["xfail"]))


def test_every_opdef_api_has_a_record():
    missing = runner.coverage_gaps(OPS, paddle)
    assert not missing, ("OpDefs whose public API has no conformance record (add one to "
                         f"conformance/records.py and re-record): {missing}")


def test_every_record_has_a_golden_and_ids_are_unique():
    ids = R.by_id()
    stale = sorted(v for v, r in ids.items() if not r.elsewhere and v not in GOLDENS)
    assert not stale, f"records without a recorded golden (run record_records.py): {stale}"


def test_static_records_declare_why_not():
    lazy = [r.id for r in R.RECORDS if not r.static and not r.why]
    assert not lazy, f"records with static=False must say why: {lazy}"


def test_runner_detects_a_wrong_value():
    """The comparison itself can fail: a golden with one changed number is reported."""
    vid, rec, dtype = next(v for v in VARIANTS if v[0] == "paddle.nn.functional.relu")
    golden = dict(GOLDENS[vid])
    full = dict(golden["full"])
    out = dict(full["out"])
    out["data"] = [[v + 1.0 for v in row] for row in out["data"]]
    golden["full"] = dict(full, out=out)
    row = runner.check_variant(paddle, vid, rec, dtype, "dynamic", golden)
    assert row["status"] == "fail" and "Paddle's is" in row["problems"][0]


def test_call_styles():
    def f(x, y, alpha=1.0, beta=2.0, name=None):
        return x
    kw = {"x": 1, "y": 2, "beta": 3}
    assert runner.call_args(f, [], kw, "positional") == ([1, 2], {"beta": 3})
    assert runner.call_args(f, [], kw, "defaults") == ([], {"x": 1, "y": 2})
    assert list(runner.call_args(f, [], kw, "shuffled")[1]) == ["beta", "y", "x"]
