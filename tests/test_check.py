"""`paddle_compat check`: static API-usage report (paddle_compat/_check.py)."""
import io
import json
import textwrap

from paddle_compat import _check

SCRIPT = textwrap.dedent("""
    import paddle
    import paddle as pd
    import paddle.nn.functional as F
    from paddle import nn
    import numpy as np
    x = paddle.to_tensor([1.0])
    y = pd.to_tensor([2.0])
    print(paddle.float32.name, paddle.CPUPlace())
    paddle.not_an_api_at_all(x)
    z = paddle.incubate.nn.FusedLinear(3, 4)
    np.zeros(3)
""")


def test_scan_follows_aliases_and_counts_maximal_chains():
    uses = _check.scan_source(SCRIPT)
    assert uses["paddle.to_tensor"] == [7, 8]
    assert uses["paddle.not_an_api_at_all"] == [10]
    assert uses["paddle.incubate.nn.FusedLinear"] == [11]
    assert "paddle.incubate" not in uses and "np.zeros" not in uses
    assert _check.scan_source("from paddle.autograd import PyLayer as P\nP.apply\n") == {
        "paddle.autograd.PyLayer": [1], "paddle.autograd.PyLayer.apply": [2]}


def test_resolve_statuses():
    assert _check.resolve("paddle.CPUPlace") == ("supported", "paddle.CPUPlace")
    assert _check.resolve("paddle.to_tensor") == ("difference", "paddle.to_tensor")
    assert _check.resolve("paddle.float32.name") == ("supported", "paddle.float32")
    assert _check.resolve("paddle.not_an_api_at_all")[0] == "missing"
    assert _check.resolve("paddle.incubate.nn.FusedLinear")[0] == "missing"


def test_report_points_at_missing_lines_and_exits_1(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(SCRIPT)
    out = io.StringIO()
    args = type("A", (), {"paths": [str(script)], "json": False, "coverage": False})
    assert _check.run(args, out) == 1
    text = out.getvalue()
    assert "paddle.not_an_api_at_all" in text and "missing  lines 10" in text
    assert text.rstrip().endswith("2 missing APIs")
    args.json = True
    out = io.StringIO()
    _check.run(args, out)
    report = json.loads(out.getvalue())
    assert report["missing"] == 2
    assert report["files"][str(script)]["paddle.to_tensor"]["count"] == 2


def test_clean_script_exits_0(tmp_path):
    script = tmp_path / "ok.py"
    script.write_text("import paddle\nx = paddle.to_tensor([1.0])\n")
    args = type("A", (), {"paths": [str(script)], "json": False, "coverage": False})
    assert _check.run(args, io.StringIO()) == 0


def test_coverage_counts_recorded_api():
    cov = _check.coverage()
    got, total = cov["paddle"]
    assert total > 300 and 0 < got < total


def test_cli_check_subcommand(tmp_path):
    import subprocess
    import sys
    script = tmp_path / "s.py"
    script.write_text("import paddle\npaddle.to_tensor([1.0])\npaddle.no_such_api()\n")
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", str(script)],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "paddle.no_such_api" in proc.stdout and "missing  lines 3" in proc.stdout
