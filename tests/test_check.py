"""`paddle_compat check`: static API-usage report and census coverage (paddle_compat/_check.py)."""
import io
import json
import subprocess
import sys
import textwrap

import pytest

import paddle_compat
from paddle_compat import _census, _check

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
    z = paddle.incubate.asp.prune_model(3, 4)
    np.zeros(3)
""")


def _args(paths=(), json=False, coverage=False, missing=None):
    return type("A", (), {"paths": list(paths), "json": json, "coverage": coverage,
                          "missing": missing})


def test_scan_follows_aliases_and_counts_maximal_chains():
    uses = _check.scan_source(SCRIPT)
    assert uses["paddle.to_tensor"] == [7, 8]
    assert uses["paddle.not_an_api_at_all"] == [10]
    assert uses["paddle.incubate.asp.prune_model"] == [11]
    assert uses["paddle.nn"] == [5] and uses["paddle.nn.functional"] == [4]
    assert "paddle.incubate" not in uses and "np.zeros" not in uses
    assert _check.scan_source("from paddle.autograd import PyLayer as P\nP.apply\n") == {
        "paddle.autograd.PyLayer": [1], "paddle.autograd.PyLayer.apply": [2]}


def test_module_dunders_are_not_apis():
    uses = _check.scan_source("import paddle\nimport paddle.optimizer as opt\n"
                              "print(paddle.__name__, paddle.__version__, opt.__file__)\n"
                              "paddle.nn.Layer.__init__\npaddle.Tensor.__add__(a, b)\n")
    assert uses == {"paddle.optimizer": [2], "paddle.nn.Layer": [4], "paddle.Tensor": [5]}


def test_a_local_name_hides_an_import_alias():
    source = textwrap.dedent("""
        import paddle.optimizer as opt
        def train(opt):
            opt.step()
        def build():
            opt = make()
            opt.clear_grad()
        def uses_global():
            global opt
            opt.SGD
        class Trainer:
            opt = None
            def run(self):
                return opt.Adam
        f = lambda opt: opt.minimize
        g = [opt.x for opt in range(3)]
        h = [opt.Momentum for _ in range(3)]
        def inner_import():
            import paddle.nn as opt
            opt.Linear
        opt.AdamW
    """)
    assert _check.scan_source(source) == {
        "paddle.optimizer": [2], "paddle.optimizer.SGD": [10], "paddle.optimizer.Adam": [14],
        "paddle.optimizer.Momentum": [17], "paddle.nn": [19], "paddle.nn.Linear": [20],
        "paddle.optimizer.AdamW": [21]}


def test_resolve_statuses():
    assert _check.resolve("paddle.CPUPlace") == ("supported", "paddle.CPUPlace", None)
    status, api, note = _check.resolve("paddle.to_tensor")
    assert (status, api) == ("difference", "paddle.to_tensor")
    assert note and "\n" not in note and len(note) <= 110
    assert _check.resolve("paddle.float32.name")[:2] == ("supported", "paddle.float32")
    assert _check.resolve("paddle.ParamAttr") == ("supported", "paddle.ParamAttr", "none known.")
    assert _check.resolve("paddle.not_an_api_at_all") == (
        "missing", "paddle.not_an_api_at_all", "not in Paddle 3.3.1's public API")


def test_resolve_names_missing_apis_by_the_census(asp_prune_model_missing):
    # the longest name the census knows, not the first module paddle_compat lacks
    assert _check.resolve("paddle.incubate.asp.prune_model") == (
        "missing", "paddle.incubate.asp.prune_model", "Paddle 3.3.1 API, not provided yet")
    assert _check.resolve("paddle.incubate.asp.prune_model.nope")[:2] == (
        "missing", "paddle.incubate.asp.prune_model")
    assert _check.resolve("paddle.pir.core")[2].startswith("internal to Paddle 3.3.1")
    assert _check.resolve("paddle.nn.Layer.not_a_member")[2] == (
        "a member of paddle.nn.Layer (members are not in the census)")


def test_difference_is_the_first_sentence_of_the_paragraph():
    def f():
        """Does things.

        Differences from Paddle: the first sentence
        spans two lines. A second sentence.

        Raises: nothing.
        """
    assert _check._difference(f) == "the first sentence spans two lines."
    assert _check._difference(len) is None


@pytest.fixture
def asp_prune_model_missing(monkeypatch):
    """Every census name is provided now: a missing API is simulated by hiding
    paddle.incubate.asp.prune_model from its face."""
    import paddle_compat.incubate.asp as asp_face
    monkeypatch.delattr(asp_face, "prune_model")


def test_report_has_headers_points_at_missing_lines_and_exits_1(tmp_path,
                                                                 asp_prune_model_missing):
    script = tmp_path / "s.py"
    script.write_text(SCRIPT)
    out = io.StringIO()
    assert _check.run(_args([script]), out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == str(script)
    assert lines[1].split() == ["API", "uses", "status", "detail"]
    row = next(line for line in lines if "paddle.not_an_api_at_all" in line)
    assert row.split()[1:4] == ["1", "missing", "lines"] and "10:" in row
    diff = next(line for line in lines if "paddle.to_tensor" in line)
    assert diff.split()[1:3] == ["2", "difference"] and len(diff.split()) > 3
    assert lines[-1] == "2 missing APIs"
    out = io.StringIO()
    _check.run(_args([script], json=True), out)
    report = json.loads(out.getvalue())
    assert report["missing"] == 2
    assert report["files"][str(script)]["paddle.to_tensor"]["count"] == 2


def test_clean_script_exits_0(tmp_path):
    script = tmp_path / "ok.py"
    script.write_text("import paddle\nx = paddle.to_tensor([1.0])\n")
    assert _check.run(_args([script]), io.StringIO()) == 0


def test_bad_paths_are_one_line_errors_with_status_2(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def (:\n")
    for paths, text in (([tmp_path / "nope.py"], "nope.py: no such file or directory"),
                        ([bad], "bad.py:1: cannot parse"), ([], "give at least one script")):
        err = io.StringIO()
        assert _check.run(_args(paths), io.StringIO(), err) == 2
        assert err.getvalue().count("\n") == 1 and text in err.getvalue()


def test_coverage_table_covers_every_census_module_live():
    rows = _check.coverage_table()
    census = _census.census()["modules"]
    assert [r.module for r in rows] == sorted(census)
    assert all(r.total == len(census[r.module]) and 0 <= r.provided <= r.total for r in rows)
    by = {r.module: r for r in rows}
    for module in ("paddle.vision.transforms", "paddle.nn.utils", "paddle.cuda",
                   "paddle.distributed.sharding", "paddle.audio.features", "paddle.version",
                   "paddle.vision.transforms.functional", "paddle.device.xpu"):
        assert module in by
    assert 0 < by["paddle"].provided <= by["paddle"].total   # complete since the float8 dtypes
    assert _check.coverage()["paddle"] == (by["paddle"].provided, by["paddle"].total)


def test_coverage_is_computed_not_stored(monkeypatch):
    before = {r.module: r.provided for r in _check.coverage_table()}["paddle.io"]
    monkeypatch.delattr(paddle_compat.io, "DataLoader")
    after = {r.module: r.provided for r in _check.coverage_table()}["paddle.io"]
    assert after == before - 1


def test_every_name_counted_as_provided_imports_at_its_path():
    # `from paddle.<module> import <name>` through the alias, as a user's script would
    from paddle_compat._alias import alias_installed, install_alias, uninstall_alias
    census = _census.census()["modules"]
    provided = {(m, n) for m, names in census.items()
                for n in names if _check._provided(_check._compat_module(m), n)}
    assert len(provided) == sum(r.provided for r in _check.coverage_table())
    assert not alias_installed()
    install_alias()
    failures = []
    try:
        for module, name in sorted(provided):
            try:
                ns = {}
                exec(f"from {module} import {name} as obj", ns)
            except ImportError as e:
                failures.append(f"{module}.{name}: {e}")
                continue
            if census[module][name][0] == "module" and type(ns["obj"]).__name__ != "module":
                failures.append(f"{module}.{name} is not a module")
    finally:
        uninstall_alias()
        for name in [n for n in sys.modules if n == "paddle" or n.startswith("paddle.")]:
            del sys.modules[name]
    assert not failures, failures


def test_missing_names_lists_what_is_absent():
    census = _census.census()["modules"]
    for module in ("paddle", "paddle.nn", "paddle.vision.transforms"):
        mod = _check._compat_module(module)
        absent = {n for n in census[module] if not _check._provided(mod, n)}
        names = _check.missing_names(module)
        assert {n for n, _, _ in names} == absent
        assert all([k] + ([d] if d else []) == census[module][n] for n, k, d in names)
        for n in absent:
            if mod is not None:
                with pytest.raises(_census.APINotProvidedError):
                    getattr(mod, n)
    assert "to_tensor" not in {n for n, _, _ in _check.missing_names("paddle_compat")}
    with pytest.raises(_check.CheckError, match="not a module of Paddle 3.3.1's census"):
        _check.missing_names("paddle.nope")


def test_coverage_of_scripts(tmp_path, asp_prune_model_missing):
    script = tmp_path / "s.py"
    script.write_text("import paddle\npaddle.to_tensor([1.0])\n"
                      "paddle.incubate.asp.prune_model\n"
                      "paddle.incubate.asp.prune_model\n")
    out = io.StringIO()
    assert _check.run(_args([script], coverage=True), out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ["script", "provided", "total", "share"]
    assert lines[1].split() == [str(script), "1", "2", "50.0%"]
    assert lines[2].split() == ["total", "1", "2", "50.0%"]


def test_cli_check_subcommand(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import paddle\npaddle.to_tensor([1.0])\npaddle.no_such_api()\n")
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", str(script)],
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert "paddle.no_such_api" in proc.stdout and "missing     lines 3" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", str(script) + "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr and "no such file or directory" in proc.stderr


def test_cli_coverage_and_missing(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", "--coverage"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["module", "provided", "total", "share"]
    assert lines[-1].split()[0] == "total"
    assert len(lines) == len(_census.census()["modules"]) + 2
    # the module with the most missing names (all complete today: then it lists none)
    module = min(_check.coverage_table(), key=lambda r: r.provided - r.total).module
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", "--missing", module],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    names = _check.missing_names(module)
    assert lines[0].split() == ["API", "kind", "defined", "in", "Paddle", "at"]
    assert [line.split()[0] for line in lines[1:-1]] == [f"{module}.{n}" for n, _, _ in names]
    assert lines[-1] == f"{len(names)} missing in {module}"
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "check", "--missing", module,
                           "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert [r["name"] for r in json.loads(proc.stdout)] == [
        n for n, _, _ in _check.missing_names(module)]
