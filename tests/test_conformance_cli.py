"""`python -m paddle_compat conformance`: table, summary, --json, exit status."""
import argparse
import json
import os
import subprocess
import sys

from paddle_compat import _cli, _conformance_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _args(**kw):
    base = dict(pattern=None, oracle=None, properties=False, docstrings=False, json=False,
                failures_only=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_json_run_in_a_subprocess_passes_and_lists_rows():
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("PADDLE_ORACLE_PYTHON", None)
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "conformance", "-k",
                           r"functional\.relu$|seeds/pylayer_api::forward", "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    modes = sorted((r["api"], r["mode"], r["status"]) for r in out["rows"])
    assert modes == [("paddle.nn.functional.relu", "dynamic", "pass"),
                     ("paddle.nn.functional.relu", "static", "pass"),
                     ("seeds/pylayer_api::forward_example", "case", "pass")]
    assert out["summary"] == {"pass": 3}


def test_table_summary_and_exit_status_one_on_a_failure(capsys, monkeypatch):
    from conformance import runner
    real = runner.load_goldens

    def tampered(path=runner.GOLDEN):
        g = real(path)
        rec = dict(g["paddle.nn.functional.relu"])
        out = dict(rec["full"]["out"])
        out["data"] = [[v + 1.0 for v in row] for row in out["data"]]
        rec["full"] = dict(rec["full"], out=out)
        g["paddle.nn.functional.relu"] = rec
        return g

    monkeypatch.setattr(runner, "load_goldens", tampered)
    rc = _conformance_cli.run(_args(pattern=r"functional\.(relu|elu)$"))
    text = capsys.readouterr().out
    assert rc == 1
    header = text.splitlines()[0].split()
    assert header == ["API", "MODE", "FORWARD", "GRAD", "ERRORS", "STATUS"]
    assert "FAIL paddle.nn.functional.relu [dynamic]" in text and "Paddle's is" in text
    assert "4 checks: 2 passed, 2 failed, 0 xfailed" in text


def test_declared_xfails_do_not_fail_the_run(capsys):
    rc = _conformance_cli.run(_args(pattern=r"^paddle\.lerp$"))
    text = capsys.readouterr().out
    assert rc == 0 and "xfail" in text and "0 failed, 2 xfailed" in text


def test_docstrings_need_an_oracle(capsys):
    assert _conformance_cli.run(_args(pattern="relu", docstrings=True)) == 2
    assert "--docstrings needs --oracle" in capsys.readouterr().err


def test_registered_as_a_subcommand():
    args = _cli.build_parser().parse_args(["conformance", "-k", "matmul", "--json"])
    assert args.pattern == "matmul" and args.json and args.handler is not None


def test_docstring_program_extraction():
    from conformance import docstring_replay as D
    doc = """Adds.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0])  # doctest: +SKIP('not really')
    """
    assert D.program_of(doc) is None                   # +SKIP drops the example
    doc = doc.replace("  # doctest: +SKIP('not really')", "") + """
            >>> for i in range(2):
            ...     print(i)
            0
            1
    """
    assert D.program_of(doc) == ("import paddle\nx = paddle.to_tensor([1.0])\n"
                                 "for i in range(2):\n    print(i)\n")
    gpu = "    >>> # doctest: +REQUIRES(env:GPU)\n    >>> import paddle\n"
    assert D.program_of(gpu) is None
    cpu = "    >>> # doctest: +REQUIRES(env:CPU)\n    >>> import paddle\n"
    assert D.program_of(cpu) == "import paddle\n"


@__import__("pytest").mark.skipif(not os.environ.get("PADDLE_ORACLE_PYTHON"),
                                  reason="docstring replay needs PADDLE_ORACLE_PYTHON=/path/to/python "
                                         "(a Python with paddlepaddle installed)")
def test_docstring_replay_against_the_oracle():
    from conformance import docstring_replay as D
    res = D.replay(os.environ["PADDLE_ORACLE_PYTHON"], pattern=r"^paddle\.(tanh|matmul)$")
    assert res["modules"] == {"paddle": [2, 2]}, res["apis"]


def test_warnings_of_replayed_cases_are_captured_not_printed(capfd):
    # hunt_train::save_load warns about skipped weights, seeds/py_func_api::example_2 about a
    # py_func output shape: the goldens compare stdout and errors only, so the warnings are kept
    # per case (snippets.run_case) and the table shows no stray warning text.
    rc = _conformance_cli.run(_args(pattern=r"hunt_train::save_load$|py_func_api::example_2$"))
    out, err = capfd.readouterr()
    assert rc == 0, out
    assert "Warning" not in err and "Warning" not in out
    assert "2 checks: 2 passed" in out
    import paddle_compat
    from conformance import snippets, test_cases
    paddle_compat.install_alias()
    _, cases = snippets.load_case_file(snippets.case_path("hunt_train"))
    code = dict((name, c) for name, _, c in cases)["save_load"]
    test_cases._reset()
    result = snippets.run_case(code, test_cases._reset)
    assert result["warnings"][0].startswith("UserWarning: Skip loading for weight.")


def test_plan_gives_the_rows_a_run_gives(capsys):
    # The README's counts are checked against plan() (no replay); it must predict the run's rows,
    # statuses included: a declared xfail, a static n/a, a plain pass and an xfailed case.
    pattern = r"^paddle\.lerp$|^paddle\.randperm$|functional\.relu$|framework_design_tutorial::ir_example$"
    planned = sorted((r["api"], r["mode"], r["status"]) for r in _conformance_cli.plan(pattern))
    assert _conformance_cli.run(_args(pattern=pattern, json=True)) == 0
    ran = sorted((r["api"], r["mode"], r["status"])
                 for r in json.loads(capsys.readouterr().out)["rows"])
    assert planned == ran
    assert {s for _, _, s in ran} == {"pass", "xfail", "n/a"}
    assert ("seeds/framework_design_tutorial::ir_example", "case", "xfail") in ran
