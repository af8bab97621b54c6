"""`python -m paddle_compat compare`: the report on real recorded Paddle runs, and live with an oracle.

The recorded runs (tests/fixtures/compare/*.record, by conformance/record/record_compare.py) are real
Paddle 3.3.1 runs; tests that need a difference change one thing in a copy of a record (a printed
number, one layer's digest, one saved value, the exit status), so each checks that the report finds
exactly that difference and names it.
"""
import copy
import json
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import pytest

from paddle_compat import _compare

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "compare")
MLP = os.path.join(FIXTURES, "mlp_train.py")
MLP_RECORD = os.path.join(FIXTURES, "mlp_train.record")
STATIC = os.path.join(FIXTURES, "static_fit.py")
STATIC_RECORD = os.path.join(FIXTURES, "static_fit.record")
ORACLE = os.environ.get("PADDLE_ORACLE_PYTHON")
needs_oracle = pytest.mark.skipif(not ORACLE, reason="needs PADDLE_ORACLE_PYTHON=/path/to/python "
                                                     "(a Python with paddlepaddle 3.3.1)")


def _cli(*argv, cwd=ROOT):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "paddle_compat", "compare", *argv], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=300)


def _args(**kw):
    base = dict(rtol=1e-5, atol=1e-6, mask=[], no_default_masks=False, stderr=False,
                keep_devices=False, timeout=300)
    base.update(kw)
    return SimpleNamespace(**base)


@pytest.fixture(scope="module")
def mlp_run():
    """paddle_compat's run of mlp_train.py, digested as the record was."""
    record = _compare.load_record(MLP_RECORD)
    return record, _compare.run_side("compat", sys.executable, MLP, [], record["probes"], _args())


def test_against_record_matches_and_exits_0():
    res = _cli("--against", MLP_RECORD, MLP)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "stdout: 6 lines, the same" in res.stdout
    assert res.stdout.strip().endswith("verdict: SAME")


def test_one_printed_number_differs(tmp_path):
    record = json.load(open(os.path.join(MLP_RECORD, "record.json")))
    assert record["stdout"][1] == "step 1 loss 1.236370"
    record["stdout"][1] = "step 1 loss 1.236470"
    (tmp_path / "record.json").write_text(json.dumps(record))
    res = _cli("--against", str(tmp_path), MLP)
    assert res.returncode == 1
    assert "stdout: 1 of 6 lines differ; first at line 2 (1.236470 vs 1.236370)" in res.stdout
    assert "Paddle:        step 1 loss 1.236470" in res.stdout
    assert "paddle_compat: step 1 loss 1.236370" in res.stdout
    assert "verdict: DIFFERENT (stdout)" in res.stdout


def test_middle_layer_difference_is_named(mlp_run):
    record, ours = mlp_run
    assert _compare.compare(record, ours, _args())["same"]
    tampered = copy.deepcopy(record)
    entry = next(e for e in tampered["digests"]["layers"] if e[:2] == ["MLP.act", 1])
    entry[2][0]["mean"] += 0.01
    result = _compare.compare(tampered, ours, _args())
    assert result["differs"] == ["layers"]
    assert result["probes"]["layers"]["at"] == ["MLP.act", 1]
    assert result["probes"]["layers"]["field"] == "mean"
    report = _compare.format_report(result, "mlp_train.py")
    assert "first differing layer output: MLP.act (call 1), mean" in report


def test_gradient_difference_is_named(mlp_run):
    record, ours = mlp_run
    tampered = copy.deepcopy(record)
    grads = tampered["digests"]["grads"]
    assert {g[0] for g in grads} == {"MLP.fc1.weight", "MLP.fc1.bias", "MLP.fc2.weight", "MLP.fc2.bias"}
    entry = next(g for g in grads if g[:2] == ["MLP.fc1.bias", 0])
    entry[2]["sample"][3] *= 1.01
    result = _compare.compare(tampered, ours, _args())
    assert result["probes"] == {"grads": {"at": ["MLP.fc1.bias", 0], "output": 0, "field": "sample",
                                          "paddle": entry[2]["sample"],
                                          "paddle_compat": result["probes"]["grads"]["paddle_compat"]}}


def test_saved_tensor_difference_is_named(mlp_run):
    record, ours = mlp_run
    tampered = copy.deepcopy(record)
    tensors = tampered["files"]["mlp.pdparams"]["tensors"]
    assert sorted(tensors) == ["fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"]
    tensors["fc2.weight"][2][5] += 0.5
    tampered["files"]["logits.npy"]["tensors"]["<value>"][0] = [3, 6]
    result = _compare.compare(tampered, ours, _args())
    assert result["differs"] == ["files"]
    problems = {(p[0], p[1]): p[2] for p in result["files"]}
    assert problems[("mlp.pdparams", "fc2.weight")].startswith("1 of 24 values differ; largest at [1, 2]")
    assert problems[("logits.npy", "<value>")] == "shape/dtype [3, 6] float32 vs [6, 3] float32"
    assert len(problems) == 2


def test_failure_on_one_side(mlp_run):
    record, ours = mlp_run
    tampered = copy.deepcopy(record)
    tampered["returncode"] = 1
    tampered["exception"] = ["ValueError", "(InvalidArgument) bad shape"]
    result = _compare.compare(tampered, ours, _args())
    assert result["differs"] == ["exit status", "exception"]
    report = _compare.format_report(result, "mlp_train.py")
    assert "exit status: 1 vs 0   DIFFERENT" in report
    assert "Paddle: ValueError: (InvalidArgument) bad shape" in report
    assert "paddle_compat: no exception" in report


def test_script_that_raises_reports_the_exception(tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("import paddle\npaddle.reshape(paddle.ones([2, 3]), [4, 4])\n")
    outcome = _compare.run_side("compat", sys.executable, str(script), [],
                                {"layers": False, "fetches": False, "calls": 3}, _args())
    assert outcome["returncode"] == 1
    assert outcome["exception"][0] == "ValueError"


def test_static_fetches_against_record():
    res = _cli("--against", STATIC_RECORD, STATIC)
    assert res.returncode == 0, res.stdout + res.stderr
    record = _compare.load_record(STATIC_RECORD)
    assert record["probes"]["fetches"] and len(record["digests"]["fetches"]) == 3


def test_usage_errors_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("PADDLE_ORACLE_PYTHON", raising=False)

    def run(**kw):
        base = dict(oracle=None, against=None, record=None, layers=False, fetches=False, calls=3,
                    json=False, args=[], script=MLP)
        base.update(kw)
        code = _compare.run(_args(**base))
        return code, capsys.readouterr().err.strip()
    missing = str(tmp_path / "nope.py")
    assert run(script=missing) == (2, f"compare: no such script: {missing}")
    code, err = run()
    assert code == 2 and err.startswith("compare: no Paddle interpreter: pass --oracle PYTHON")
    code, err = run(against=str(tmp_path))
    assert code == 2 and err.startswith("compare: cannot read the record")
    code, err = run(against=MLP_RECORD, record=str(tmp_path))
    assert (code, err) == (2, "compare: --record and --against exclude each other")
    (tmp_path / "record.json").write_text('{"version": 99}')
    code, err = run(against=str(tmp_path))
    assert code == 2 and "is a record of version 99" in err


@pytest.mark.parametrize("a, b, same", [
    ("loss: 0.3312", "loss: 0.3313", True),          # one unit in the last printed digit
    ("loss: 0.3312", "loss: 0.3315", False),
    ("big 123456.0", "big 123456.5", True),          # within rtol
    ("big 123456.0", "big 123458.0", False),
    ("step 10/94", "step 11/94", False),             # integers must be equal
    ("acc 9.5e-01", "acc 0.95", False),               # same value, printed otherwise
    ("acc 9.5e-01", "acc 9.50e-01", False),
    ("acc 9.5e-01", "acc 9.6e-01", True),
    ("acc 9.5e-01", "acc 9.7e-01", False),
    ("w -1.0e-05", "w 1.0e-05", False),
    ("w -1.0e-07", "w 1.0e-07", True),                 # within atol, sign aside
    ("m 9.99", "m 10.00", True),
    ("m 9.99", "m 10.01", False),
    ("m 9.9999", "m 10.0000", True),
    ("value nan", "value nan", True),
    ("value nan", "value 0.0", False),
    ("step 3/3 - loss: 0.25 - 21ms/step", "step 3/3 - loss: 0.25 - 7ms/step", True),
    ("ETA: 2s - loss 1.0", "ETA: 0s - loss 1.0", True),
    ("<Tensor at 0x7f12ab>", "<Tensor at 0x55aa01>", True),
    ("Tensor(shape=[2], dtype=float32)", "Tensor(shape=[2], dtype=float64)", False),
])
def test_compare_line(a, b, same):
    masks = _compare._masks(_args())
    assert (_compare.compare_line(a, b, 1e-5, 1e-6, masks) is None) == same


def test_user_masks_and_no_default_masks():
    args = _args(mask=[r"run-\w+"], no_default_masks=True)
    masks = _compare._masks(args)
    assert _compare.compare_line("saved run-abc", "saved run-xyz", 1e-5, 1e-6, masks) is None
    assert _compare.compare_line("took 3ms/step", "took 4ms/step", 1e-5, 1e-6, masks) is not None


@needs_oracle
def test_live_matching_script():
    res = _cli("--oracle", ORACLE, "--layers", MLP)
    assert res.returncode == 0, res.stdout + res.stderr


@needs_oracle
def test_live_differing_script(tmp_path):
    script = tmp_path / "name.py"
    script.write_text("import paddle\nprint('x', paddle.to_tensor([1.5, 2.0]).sum().item())\n"
                      "print(type(paddle.to_tensor(1)).__module__)\n")
    res = _cli("--oracle", ORACLE, str(script))
    assert res.returncode == 1
    assert "stdout: 1 of 2 lines differ; first at line 2" in res.stdout


@needs_oracle
def test_record_then_against(tmp_path):
    shutil.copy(MLP, tmp_path / "mlp_train.py")
    res = _cli("--oracle", ORACLE, "--layers", "--record", str(tmp_path / "rec"),
               str(tmp_path / "mlp_train.py"))
    assert res.returncode == 0, res.stderr
    res = _cli("--against", str(tmp_path / "rec"), str(tmp_path / "mlp_train.py"))
    assert res.returncode == 0, res.stdout
