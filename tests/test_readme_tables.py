"""tools/readme_tables.py: the README's numbers are the tools' numbers, and its first lines work.

The conformance block is compared with the counts `conformance` plans from its table (about 2 s)
rather than a full replay (about 15 s): the two are equal whenever the replay passes, which
conformance/test_records.py and test_cases.py check in the same run, and the generator itself
refuses to write when they differ.
"""
import importlib.util
import os
import re
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load():
    spec = importlib.util.spec_from_file_location(
        "readme_tables", os.path.join(ROOT, "tools", "readme_tables.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


T = _load()


def _readme():
    with open(T.README, encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("name", T.BLOCKS)
def test_readme_block_matches_the_tools(name):
    current = T.blocks(_readme())
    assert name in current, f"README has no generated block {name!r}"
    assert current[name] == T.render(name, full=False), (
        f"README's {name!r} block differs from the tools: run python tools/readme_tables.py")


def test_conformance_block_counts_are_the_commands():
    # The rendered counts are those of the plan, row for row (pass / xfail / n/a per part).
    from paddle_compat import _conformance_cli
    rows = _conformance_cli.plan()
    text = T.render_conformance(rows)
    total = _conformance_cli.summarize(rows)
    assert f"| All | {len(rows)} | {total['pass']} | {total['xfail']} | {total['n/a']} |" in text
    assert "fail" not in total


def test_a_failing_check_is_never_rendered_as_passing():
    rows = [{"api": "a", "mode": "dynamic", "status": "pass"},
            {"api": "b", "mode": "case", "status": "fail"}]
    with pytest.raises(ValueError, match="1 conformance checks fail"):
        T.render_conformance(rows)


def test_blocks_are_replaced_between_their_markers_only():
    text = ("intro\n<!-- generated: coverage (python tools/readme_tables.py) -->\nold\n"
            "<!-- end generated: coverage -->\nafter\n")
    assert T.blocks(text) == {"coverage": "old\n"}
    new = T.replace_blocks(text, {"coverage": "new 1\nnew 2\n"})
    assert new == text.replace("old\n", "new 1\nnew 2\n")
    with pytest.raises(ValueError, match="no marker comments"):
        T.replace_blocks(text, {"conformance": "x\n"})


def test_coverage_block_is_check_coverage(capsys):
    from paddle_compat import _check
    rows = T.coverage_rows()
    got, total = sum(r[1] for r in rows), sum(r[2] for r in rows)
    assert (got, total) == tuple(map(sum, zip(*_check.coverage().values())))
    assert f"({got} of {total} names)" in T.render_coverage(rows)


def test_check_mode_reports_a_stale_readme(tmp_path, monkeypatch):
    stale = _readme().replace("| All |", "| All (typed) |")
    path = tmp_path / "README.md"
    path.write_text(stale, encoding="utf-8")
    monkeypatch.setattr(T, "README", str(path))
    monkeypatch.setattr(T, "conformance_rows", T.planned_conformance_rows)   # no 15 s replay
    assert T.main(["--check"]) == 1
    assert path.read_text(encoding="utf-8") == stale
    assert T.main([]) == 0
    assert path.read_text(encoding="utf-8") == _readme()


def test_readme_starts_with_the_setup_line_then_the_two_commands():
    blocks = re.findall(r"```bash\n(.*?)```", _readme(), re.S)
    setup, commands = blocks[0], blocks[1]
    assert setup.strip() == ('python -m venv .venv && . .venv/bin/activate && '
                             'pip install torch==2.13.0 -e ".[test]"')
    assert "repository root" in _readme().split("```bash")[1]
    lines = [line.split("#")[0].split() for line in commands.strip().splitlines()]
    assert lines == [["python", "-m", "paddle_compat", "run", "examples/train_mlp_adam.py"],
                     ["python", "-m", "pytest"]]
    assert os.path.isfile(os.path.join(ROOT, "examples", "train_mlp_adam.py"))
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert "\npython -m pytest\n" in f.read()      # "what .ci/run runs"


def test_readme_first_command_is_golden_tested():
    # tests/test_nn_examples.py runs `python -m paddle_compat run examples/<script>` from the
    # repository root and compares its output with real Paddle's: the README's example is one.
    import json
    with open(os.path.join(ROOT, "conformance", "goldens", "nn_examples.json"), encoding="utf-8") as f:
        assert "train_mlp_adam.py" in json.load(f)
