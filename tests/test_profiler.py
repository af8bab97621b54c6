"""paddle.profiler against Paddle 3.3.1's recorded behaviour (conformance/goldens/profiler.json,
recorded by conformance/record/record_profiler.py, whose case functions replay here on
paddle_compat): scheduler state sequences, Profiler state transitions, on_trace_ready steps,
warnings, recorded windows, the chrome trace layout, summary tables and the step timer."""
import contextlib
import gc
import importlib.util
import io
import json
import os
import re

import pytest

import paddle_compat as paddle
import paddle_compat.profiler as profiler
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "profiler.json")))
_spec = importlib.util.spec_from_file_location(
    "record_profiler", os.path.join(ROOT, "conformance", "record", "record_profiler.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


def test_scheduler_sequences_and_errors():
    assert record.case_scheduler(profiler) == GOLDEN["scheduler"]


@pytest.mark.parametrize("name", sorted(GOLDEN["profiler"]))
def test_profiler_transitions(name):
    ours = record.case_profiler(paddle, profiler)
    assert ours[name] == GOLDEN["profiler"][name]


def _squash(lines):
    # min stays inf when every step is slower than the one before (Paddle's max-elif-min update,
    # kept as is): a timing accident in either run, so it reads as a number here
    return [re.sub(r"\s+", " ", ln.replace(" inf ", " <num> ")).strip() for ln in lines]


def test_files_summary_and_timer(monkeypatch, tmp_path):
    ours = record.case_files(paddle, profiler)
    gold = GOLDEN["files"]
    # the timer's numbers are centred in 15 columns: their widths differ, the layout does not
    for key in ("perf", "step_info"):
        assert _squash(ours.pop(key)) == _squash(gold[key]), key
    gold = {k: v for k, v in gold.items() if k not in ("perf", "step_info")}
    assert ours == gold


def test_chrome_trace_content(tmp_path):
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    with profiler.Profiler(scheduler=(0, 2),
                           on_trace_ready=profiler.export_chrome_tracing(str(tmp_path), "w")) as p:
        for _ in range(2):
            with profiler.RecordEvent("fwd"):
                y = paddle.log(x / x + 1)
            p.step()
    (path,) = tmp_path.iterdir()
    doc = json.loads(path.read_text())
    xs = [e for e in doc["traceEvents"] if e.get("ph") == "X"]
    names = [(re.sub(r"\[.*\]$", "", e["name"]), e["cat"]) for e in xs]
    assert ("divide dygraph", "Operator") in names and ("log dygraph", "Operator") in names
    assert names.count(("fwd", "PythonUserDefined")) == 2
    steps = sorted(n for n, c in names if c == "ProfileStep")
    assert steps == ["ProfileStep#0", "ProfileStep#1"]
    for e in xs:
        assert e["dur"] >= 0 and e["name"].endswith(f"[{e['dur']:.3f} us]")
    # ops nest inside their user range, which nests inside its step
    fwd = sorted((e["ts"], e["ts"] + e["dur"]) for e in xs if e["cat"] == "PythonUserDefined")
    ops = [e for e in xs if e["cat"] == "Operator"]
    assert all(any(s - 1 <= o["ts"] <= t + 1 for s, t in fwd) for o in ops)
    assert y.shape == [2, 2]
    # no temporary file left behind (atomic write)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_result_roundtrip_and_summary_rows(tmp_path):
    x = paddle.ones([2, 2])
    p = profiler.Profiler(scheduler=(0, 1), on_trace_ready=lambda prof: None)
    p.start()
    for _ in range(3):
        paddle.matmul(x, x)
    p.step()
    p.stop()
    path = str(tmp_path / "r.pb")
    p.export(path, "pb")
    loaded = profiler.load_profiler_result(path)
    assert sorted(e.name for e in loaded.get_data()) == sorted(
        e.name for e in p.profiler_result.get_data())
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        p.summary(views=profiler.SummaryView.OperatorView, time_unit="us")
    rows = [ln for ln in buf.getvalue().split("\n") if ln.startswith("matmul dygraph")]
    assert len(rows) == 1 and rows[0].split()[2] == "3"
    (tmp_path / "bad.json").write_text("[1, 2]")
    with pytest.raises(RuntimeError, match="not a profiler result written by paddle_compat"):
        profiler.load_profiler_result(str(tmp_path / "bad.json"))


def test_observation_ends_with_the_profiler():
    p = profiler.Profiler(on_trace_ready=lambda prof: None)
    p.start()
    assert STATE.observed
    p.stop()
    assert not STATE.observed
    with profiler.RecordEvent("outside"):     # no profiler: records nothing, no error
        pass


def test_export_dir_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(RuntimeError, match="Can not create directory"):
        profiler.export_chrome_tracing(str(blocker / "sub"))
    gc.collect()
