"""`python -m paddle_compat run`: a script runs as `python SCRIPT` would, with `import paddle`
giving paddle_compat, in the script and in every Python child process it starts.

Every test here runs real subprocesses; each imports torch once, so they are kept few and each
checks several things.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from paddle_compat import _cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOTSTRAP = os.path.join(ROOT, "paddle_compat", "_bootstrap")


def _env(extra_path=()):
    env = dict(os.environ)
    env.pop("PADDLE_COMPAT_ALIAS", None)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, *extra_path])
    return env


def _run(args, cwd, env=None, timeout=300):
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env or _env(),
                          capture_output=True, text=True, timeout=timeout)


def _cli_run(args, cwd, env=None, timeout=300):
    return _run(["-m", "paddle_compat", "run", *args], cwd, env, timeout)


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


SHOW = """\
    import json, os, sys
    try:
        import paddle
        import paddle.version
        alias = [paddle.__name__, paddle is sys.modules.get("paddle_compat"),
                 paddle.version is sys.modules.get("paddle_compat.version")]
    except ModuleNotFoundError:
        alias = None
    print(json.dumps(dict(argv=sys.argv, name=__name__, file=__file__, path0=sys.path[0],
                          spec=repr(__spec__), package=__package__, alias=alias,
                          main_is_globals=sys.modules["__main__"].__dict__ is globals(),
                          cwd_on_path=os.getcwd() in sys.path or "" in sys.path)))
"""


def test_run_behaves_like_python_script(tmp_path):
    _write(tmp_path / "sub" / "show.py", SHOW)
    args = ["sub/show.py", "a", "--flag", "-m", "x"]
    ours = _cli_run(args, tmp_path)
    plain = _run(args, tmp_path)
    assert ours.returncode == 0, ours.stderr
    assert plain.returncode == 0, plain.stderr
    got, want = json.loads(ours.stdout), json.loads(plain.stdout)
    assert want["alias"] is None                     # a plain interpreter has no paddle
    assert got.pop("alias") == ["paddle_compat", True, True]
    want.pop("alias")
    assert got == want
    assert got["argv"] == ["sub/show.py", "a", "--flag", "-m", "x"]
    assert got["name"] == "__main__"
    assert got["path0"] == str((tmp_path / "sub").resolve())
    assert got["cwd_on_path"] is False     # python SCRIPT puts the script's dir, not the cwd, first


def test_console_entry_point_runs_scripts(tmp_path):
    # What the `paddle-compat` console script does: call paddle_compat._cli:main.
    _write(tmp_path / "show.py", SHOW)
    out = _run(["-c", "import sys; from paddle_compat._cli import main; sys.exit(main())",
                "run", "show.py", "--x"], tmp_path)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["argv"] == ["show.py", "--x"] and got["alias"][1] is True
    assert got["path0"] == str(tmp_path.resolve())


def test_exit_code_and_exception_pass_through(tmp_path):
    _write(tmp_path / "exit3.py", """\
        import sys, paddle
        print("before")
        sys.exit(3)
    """)
    _write(tmp_path / "boom.py", """\
        import paddle
        def f():
            raise ValueError("boom " + paddle.__name__)
        f()
    """)
    out = _cli_run(["exit3.py"], tmp_path)
    assert (out.returncode, out.stdout) == (3, "before\n")
    out = _cli_run(["boom.py"], tmp_path)
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-1] == "ValueError: boom paddle_compat"
    assert f'File "{tmp_path / "boom.py"}", line 3, in f' in out.stderr
    out = _cli_run(["missing.py"], tmp_path)
    assert out.returncode == 2
    assert "can't open file" in out.stderr and "missing.py" in out.stderr


def test_run_module(tmp_path):
    _write(tmp_path / "mypkg" / "__init__.py", "")
    _write(tmp_path / "mypkg" / "tool.py", """\
        import subprocess, sys, paddle
        print(__name__, sys.argv[1:], paddle.__name__)
        # a child Python started by the module gets the alias too (environment, not sys.modules)
        code = "import paddle; print('child', paddle.__name__)"
        print(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout,
              end="")
        sys.exit(int(sys.argv[-1]))
    """)
    out = _cli_run(["-m", "mypkg.tool", "--opt", "5"], tmp_path)
    assert out.returncode == 5, out.stderr
    assert out.stdout == "__main__ ['--opt', '5'] paddle_compat\nchild paddle_compat\n"
    # a paddle.* module runs as its paddle_compat module (runpy needs the real loader's code)
    # (`-m paddle` runs paddle_compat/__main__.py, i.e. this CLI's own help here)
    out = _cli_run(["-m", "paddle", "--help"], tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout.startswith("usage: python -m paddle_compat")


CHILDREN = """\
    import multiprocessing as mp, os, subprocess, sys

    def probe(_=None):
        import paddle, sys
        return [paddle.__name__, paddle is sys.modules["paddle_compat"],
                str(paddle.to_tensor([1.5]).numpy().tolist())]

    class Data:          # a DataLoader-like dataset: the worker imports paddle while loading
        def __len__(self):
            return 2
        def __getitem__(self, i):
            import paddle
            return paddle.__name__ + str(i)

    def main():
        code = "import paddle, sys; print(paddle.__name__, paddle is sys.modules['paddle_compat'])"
        print("subprocess", subprocess.run([sys.executable, "-c", code], capture_output=True,
                                           text=True, check=True).stdout.strip())
        with mp.get_context("spawn").Pool(1) as pool:
            print("spawn", pool.apply(probe))
        q = mp.get_context("forkserver").Pool(1)
        print("forkserver", q.apply(probe))
        q.close(); q.join()
        import torch.utils.data as tud
        loader = tud.DataLoader(Data(), batch_size=None, num_workers=1,
                                multiprocessing_context="spawn")
        print("dataloader", list(loader))

    if __name__ == "__main__":
        main()
"""


def test_children_get_the_alias(tmp_path):
    _write(tmp_path / "children.py", CHILDREN)
    out = _cli_run(["children.py"], tmp_path, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines == [
        "subprocess paddle_compat True",
        "spawn ['paddle_compat', True, '[1.5]']",
        "forkserver ['paddle_compat', True, '[1.5]']",
        "dataloader ['paddle_compat0', 'paddle_compat1']",
    ]


def test_user_sitecustomize_still_loads_and_alias_needs_the_variable(tmp_path):
    user_site = tmp_path / "usersite"
    _write(user_site / "sitecustomize.py", """\
        import builtins
        builtins.USER_SITECUSTOMIZE = __file__
    """)
    _write(tmp_path / "child.py", """\
        import subprocess, sys
        code = ("import builtins, importlib.util, sys; "
                "print(getattr(builtins, 'USER_SITECUSTOMIZE', None)); "
                "print(sys.modules['sitecustomize'].__file__); "
                "print(importlib.util.find_spec('paddle') is not None)")
        print(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout, end="")
    """)
    out = _cli_run(["child.py"], tmp_path, env=_env([str(user_site)]))
    assert out.returncode == 0, out.stderr
    user_file = str(user_site / "sitecustomize.py")
    assert out.stdout.splitlines() == [user_file, user_file, "True"]
    assert out.stderr == ""
    # The bootstrap on PYTHONPATH without PADDLE_COMPAT_ALIAS=1 installs nothing.
    env = _env([str(user_site)])
    env["PYTHONPATH"] = os.pathsep.join([BOOTSTRAP, env["PYTHONPATH"]])
    plain = _run(["-c", "import builtins, importlib.util, sys; "
                  "print(importlib.util.find_spec('paddle') is None, "
                  "'paddle_compat' in sys.modules, hasattr(builtins, 'USER_SITECUSTOMIZE'))"],
                 tmp_path, env=env)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout.split() == ["True", "False", "True"]


def test_alias_environment_prepends_bootstrap_once():
    env = {"PYTHONPATH": os.pathsep.join(["/a", _cli.BOOTSTRAP_DIR, "/b"])}
    _cli.alias_environment(env)
    _cli.alias_environment(env)
    assert env["PADDLE_COMPAT_ALIAS"] == "1"
    assert env["PYTHONPATH"].split(os.pathsep) == [_cli.BOOTSTRAP_DIR, "/a", "/b"]
    assert os.path.isfile(os.path.join(_cli.BOOTSTRAP_DIR, "sitecustomize.py"))


@pytest.mark.parametrize("argv, head, rest", [
    (["run", "s.py", "-m", "x"], ["run", "s.py"], ["-m", "x"]),
    (["run", "-m", "pkg.mod", "--help"], ["run", "-m", "pkg.mod"], ["--help"]),
    (["run", "-mpkg", "a"], ["run", "-mpkg"], ["a"]),
    (["run", "--", "-odd.py", "a"], ["run", "--", "-odd.py"], ["a"]),
    (["run", "--help"], ["run", "--help"], None),
    (["other", "x"], ["other", "x"], None),
])
def test_run_arguments_stop_at_the_script(argv, head, rest):
    assert _cli._split_run_argv(argv) == (head, rest)


def test_help_and_usage_errors(capsys):
    with pytest.raises(SystemExit) as info:
        _cli.main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "run" in out and "PaddlePaddle's Python API running on PyTorch" in out
    with pytest.raises(SystemExit) as info:
        _cli.main(["run", "--help"])
    assert "import paddle" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        _cli.main(["run"])
    assert info.value.code == 2
    assert "run needs a SCRIPT or -m MODULE" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        _cli.main([])
    assert info.value.code == 2


def test_example_hello_tensor(tmp_path):
    out = _cli_run([os.path.join(ROOT, "examples", "hello_tensor.py"), "--name", "world"],
                   tmp_path)
    assert out.returncode == 0, out.stderr
    # what Paddle 3.3.1 prints for this tensor (not paddle_compat's own str, which would compare
    # the printing with itself)
    expected = ("Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
                "       [[ 1.       , -2.       ],\n        [3.50000000,  4.       ]])")
    assert out.stdout == f"hello world\n{expected}\npaddle module: paddle_compat\n"


STACK_AND_RAISE = """\
    import inspect, sys
    try:
        import paddle
    except ModuleNotFoundError:      # plain python: the same script without the alias
        pass
    def f():
        print([(fr.function, fr.filename) for fr in inspect.stack()])
        raise ValueError("boom")
    f()
"""


@pytest.mark.parametrize("how", ["script", "module"])
def test_traceback_and_stack_start_at_the_users_code(tmp_path, how):
    # As under `python SCRIPT` / `python -m MODULE`: no paddle_compat, runpy-of-ours or exec frames.
    _write(tmp_path / "pkg" / "__init__.py", "")
    _write(tmp_path / "pkg" / "boom.py", STACK_AND_RAISE)
    target = ["pkg/boom.py"] if how == "script" else ["-m", "pkg.boom"]
    ours = _cli_run(target, tmp_path)
    plain = _run(target, tmp_path)
    assert (ours.returncode, plain.returncode) == (1, 1)
    assert ours.stdout == plain.stdout
    assert ours.stderr == plain.stderr
    assert "paddle_compat" not in ours.stderr and "_cli" not in ours.stderr
    if how == "script":
        assert "runpy" not in ours.stderr
        assert ours.stderr.splitlines()[1].startswith(f'  File "{tmp_path / "pkg" / "boom.py"}"')


def test_in_process_fallback_still_runs_scripts(tmp_path):
    # Where exec is impossible (Windows, python -E/-I/-S) run_script runs the script in-process.
    _write(tmp_path / "show.py", SHOW)
    out = _run(["-c", "import sys; from paddle_compat import _cli; "
                      "sys.exit(_cli.run_script('show.py', ['z']))"], tmp_path)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["alias"] == ["paddle_compat", True, True] and got["argv"] == ["show.py", "z"]


def test_in_process_run_script_puts_the_scripts_folder_first_not_the_cwd(tmp_path):
    # python SCRIPT replaces sys.path[0] (the launcher's '' / cwd) by the script's folder; the
    # in-process fallback must do the same, or modules of the caller's cwd shadow the script's.
    _write(tmp_path / "sub" / "where.py",
           "import json, os, sys\nprint(json.dumps([sys.path[0], '' in sys.path]))\n")
    out = _run(["-c", "import sys; from paddle_compat import _cli; "
                      "sys.exit(_cli.run_script('sub/where.py'))"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [str(tmp_path / "sub"), False]


def test_in_process_run_module_passes_the_alias_to_children(tmp_path):
    _write(tmp_path / "spawner.py", """
        import subprocess, sys
        print(subprocess.run([sys.executable, "-c", "import paddle; print(paddle.__name__)"],
                             capture_output=True, text=True).stdout.strip())
    """)
    out = _run(["-c", "import sys; sys.path.insert(0, '.'); from paddle_compat import _cli; "
                      "sys.exit(_cli.run_module('spawner'))"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "paddle_compat"


def test_version_and_prog_name(capsys):
    with pytest.raises(SystemExit) as info:
        _cli.main(["--version"])
    assert info.value.code == 0
    from paddle_compat.version import compat_version
    assert capsys.readouterr().out == f"paddle_compat {compat_version} (Paddle 3.3.1 API, on PyTorch)\n"
    assert _cli.prog_name("/venv/bin/paddle-compat") == "paddle-compat"
    assert _cli.prog_name(r"C:\venv\Scripts\paddle-compat.exe".replace("\\", os.sep)) == "paddle-compat"
    assert _cli.prog_name("/x/paddle_compat/__main__.py") == "python -m paddle_compat"
    assert _cli.prog_name("-m") == "python -m paddle_compat"
    assert _cli.build_parser("paddle-compat").format_usage().startswith("usage: paddle-compat ")


def test_console_script_usage_names_itself(tmp_path):
    # What pip's generated `paddle-compat` script does, under that file name.
    script = _write(tmp_path / "bin" / "paddle-compat",
                    "import sys\nfrom paddle_compat._cli import main\nsys.exit(main())\n")
    out = _run([str(script), "--help"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("usage: paddle-compat [-h] [--version] COMMAND")
    out = _run([str(script)], tmp_path)
    assert out.returncode == 2 and out.stderr.startswith("usage: paddle-compat ")


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["run", "--help"], ["check", "--help"],
                                  ["conformance", "--help"], ["compare", "--help"], []])
def test_help_version_and_usage_errors_do_not_import_torch(tmp_path, argv):
    # -X importtime lists every module the process imported: torch must not be among them.
    out = _run(["-X", "importtime", "-m", "paddle_compat", *argv], tmp_path)
    assert out.returncode == (2 if not argv else 0), out.stderr[-2000:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines()
                if line.startswith("import time:")]
    assert "paddle_compat._cli" in imported
    assert not [m for m in imported if m == "torch" or m.startswith("torch.")]


def test_a_foreign_interpreter_child_keeps_its_own_import_paddle(tmp_path):
    # A child that is another Python (here a venv without torch) inherits the variable but must
    # not take the alias: its `import paddle` is its own (ModuleNotFoundError for 'paddle', not
    # paddle_compat failing on 'torch').
    import venv
    venv.EnvBuilder(with_pip=False).create(str(tmp_path / "bare"))
    bare = str(tmp_path / "bare" / "bin" / "python")
    _write(tmp_path / "child.py", f"""\
        import subprocess
        r = subprocess.run([{bare!r}, "-c", "import paddle"], capture_output=True, text=True)
        print(r.stderr.strip().splitlines()[-1])
    """)
    out = _cli_run(["child.py"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ModuleNotFoundError: No module named 'paddle'"
