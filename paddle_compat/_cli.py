"""Command line: `python -m paddle_compat <command>` and the `paddle-compat` console script.

Commands are registered with `@command`: adding one is adding one decorated function that builds
its sub-parser and sets `handler` (a callable taking the parsed args, returning an exit code).
Handlers import what they need lazily, so `--help` and `run` start fast.

`python -m paddle_compat` and `paddle-compat` import the package `paddle_compat` (and so torch) before
any of this runs; `preempt()`, called first thing by `paddle_compat/__init__.py` when this process is
the CLI, answers `--help`, `--version` and usage errors and starts `run`'s script before torch is
imported. Nothing here may import torch at module level.
"""
import argparse
import os
import sys
import textwrap

__all__ = ["main", "command", "run_script", "run_module", "alias_environment", "preempt",
           "prog_name"]

_COMMANDS = []


def command(add_parser):
    """Register a sub-command: `add_parser(subparsers)` adds it and sets `handler=`."""
    _COMMANDS.append(add_parser)
    return add_parser


# ---- run ----------------------------------------------------------------------------------------

BOOTSTRAP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bootstrap")


def alias_environment(environ=None):
    """Set (in `environ`, default os.environ) what makes Python children install the alias:
    PADDLE_COMPAT_ALIAS=1 and the bootstrap `sitecustomize` directory first on PYTHONPATH."""
    environ = os.environ if environ is None else environ
    from ._alias import ENV_VAR
    environ[ENV_VAR] = "1"
    parts = [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    parts = [BOOTSTRAP_DIR] + [p for p in parts if os.path.abspath(p) != BOOTSTRAP_DIR]
    environ["PYTHONPATH"] = os.pathsep.join(parts)
    return environ


def run_script(path, args=()):
    """Run the file `path` as `python path *args` would, with the `paddle` alias installed.

    `sys.argv` is `[path, *args]`, `__name__` is "__main__", `__file__` is the absolute path,
    `sys.path[0]` is the script's directory (symlinks resolved, as CPython does). The script's
    module stays `sys.modules['__main__']` afterwards, as with `python path`, so atexit handlers
    and multiprocessing (which re-imports the main file in spawned children) see it.
    Exceptions, including SystemExit, propagate unchanged. Returns 0, or 2 (python's status)
    when the file cannot be read.
    """
    import builtins
    import importlib.machinery
    import types
    from ._alias import install_alias
    alias_environment()
    install_alias()
    abspath = os.path.abspath(path)
    try:
        with open(abspath, "rb") as f:
            source = f.read()
    except OSError as e:               # python's own message and exit status for a bad SCRIPT
        sys.stderr.write(f"{sys.executable}: can't open file {abspath!r}: "
                         f"[Errno {e.errno}] {e.strerror}\n")
        return 2
    code = compile(source, abspath, "exec", dont_inherit=True)
    sys.argv[:] = [path, *args]
    script_dir = os.path.dirname(os.path.realpath(abspath))
    if sys.path and sys.path[0] in ("", os.getcwd()):
        sys.path[0] = script_dir       # replaces the entry `python -m paddle_compat` put there
    else:
        sys.path.insert(0, script_dir)
    main = types.ModuleType("__main__")
    main.__dict__.update(__file__=abspath, __builtins__=builtins, __cached__=None,
                         __loader__=importlib.machinery.SourceFileLoader("__main__", abspath))
    sys.modules["__main__"] = main
    exec(code, main.__dict__)
    return 0


def run_module(name, args=()):
    """Run module `name` as `python -m name *args` would, with the `paddle` alias installed."""
    import runpy
    from ._alias import install_alias
    alias_environment()
    install_alias()
    name = _real_module_name(name)
    sys.argv[:] = [name, *args]        # runpy replaces argv[0] by the module's file, as python -m
    if not sys.path or sys.path[0] != os.getcwd():
        sys.path.insert(0, os.getcwd())
    runpy.run_module(name, run_name="__main__", alter_sys=True)
    return 0


def _exec_argv(args):
    """The command line that runs `args` as plain `python [flags] SCRIPT|-m MODULE ARGS...`, or
    None when it has to run inside this process.

    Replacing this process by that interpreter (the alias comes from the bootstrap sitecustomize,
    as in every child) makes the script's run *be* `python SCRIPT`: tracebacks and
    `inspect.stack()` start at the script, with no runpy or paddle_compat frames above it, and
    signals, exit codes and `sys.flags` are Python's own. The interpreter's flags (-O, -W, -X, -B,
    ...) are passed on. Not possible on Windows (no exec), nor under -E/-I (PYTHONPATH ignored)
    or -S (no sitecustomize): there the script runs in this process (`run_script`).
    """
    flags = sys.flags
    if (os.name == "nt" or not sys.executable or flags.ignore_environment or flags.isolated
            or flags.no_site):
        return None
    import subprocess
    target = ["-m", _real_module_name(args.module)] if args.module is not None else [args.script]
    return [sys.executable, *subprocess._args_from_interpreter_flags(), *target, *args.args]


def _real_module_name(name):
    from ._alias import ALIAS, TARGET
    if name == ALIAS or name.startswith(ALIAS + "."):
        # `run -m paddle.distributed.launch`: run paddle_compat's module under its real name
        # (runpy needs the code object, which only the real module's loader can give).
        return TARGET + name[len(ALIAS):]
    return name


def _run_handler(args):
    if args.module is None and args.script is None:
        args.parser.error("run needs a SCRIPT or -m MODULE")
    argv = _exec_argv(args)
    if argv is not None:
        alias_environment()
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(argv[0], argv)
    if args.module is not None:
        return run_module(args.module, args.args)
    return run_script(args.script, args.args)


@command
def _add_run(subparsers):
    p = subparsers.add_parser(
        "run", help="run a Paddle script on paddle_compat (its `import paddle` gets paddle_compat)",
        description=textwrap.fill(
            "Run SCRIPT (or -m MODULE) exactly as `python SCRIPT ARGS...` would, except that "
            "`import paddle` and `import paddle.<sub>` give paddle_compat's modules. Child Python "
            "processes (subprocess, multiprocessing spawn/forkserver, DataLoader workers) get the "
            "alias too, through PADDLE_COMPAT_ALIAS=1 and a sitecustomize on PYTHONPATH; children "
            "started with `python -S`, `-E` or `-I` do not. The exit code and any exception of "
            "the script pass through unchanged.", 78),
        epilog=("examples:\n  python -m paddle_compat run train.py --epochs 3\n"
                "  python -m paddle_compat run -m mypackage.train --epochs 3"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-m", dest="module", metavar="MODULE",
                   help="run library module MODULE as a script, like `python -m MODULE`")
    p.add_argument("script", nargs="?", metavar="SCRIPT", help="path of the Python script to run")
    p.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                   help="arguments passed to the script (its sys.argv[1:])")
    p.set_defaults(handler=_run_handler, parser=p)


@command
def _add_check(subparsers):
    from . import _check
    p = subparsers.add_parser(
        "check", help="list the Paddle APIs scripts use and whether paddle_compat provides them",
        description=_check.__doc__.strip().split("\n\n")[0])
    _check.add_arguments(p)
    p.set_defaults(handler=lambda args: _check.run(args), parser=p)


@command
def _add_conformance(subparsers):
    from . import _conformance_cli
    p = subparsers.add_parser(
        "conformance", help="run the conformance suite against Paddle 3.3.1's recorded behaviour",
        description=_conformance_cli.__doc__.strip().split("\n\n")[0])
    _conformance_cli.add_arguments(p)
    p.set_defaults(handler=lambda args: _conformance_cli.run(args), parser=p)


@command
def _add_compare(subparsers):
    from . import _compare
    p = subparsers.add_parser(
        "compare", help="run a script under real Paddle and paddle_compat and compare what they did",
        description=_compare.__doc__.strip().split("\n\n")[0],
        epilog=("examples:\n  python -m paddle_compat compare --oracle /path/to/paddle-env/bin/python train.py\n"
                "  python -m paddle_compat compare --layers --record golden/ train.py\n"
                "  python -m paddle_compat compare --against golden/ train.py"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _compare.add_arguments(p)
    p.set_defaults(handler=lambda args: _compare.run(args), parser=p)


# ---- entry point --------------------------------------------------------------------------------

def prog_name(argv0=None):
    """The program name usage lines show: `python -m paddle_compat`, or the console script's own
    name (`paddle-compat`) when that is how the command was started."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    base = os.path.basename(argv0 or "")
    if argv0 in ("", "-m", "-c") or base in ("__main__.py", "__main__.pyc"):
        return "python -m paddle_compat"
    return os.path.splitext(base)[0] if base.lower().endswith(".exe") else base


def _version_text():
    from .version import compat_version, full_version      # version.py imports nothing at load
    return f"paddle_compat {compat_version} (Paddle {full_version} API, on PyTorch)"


def build_parser(prog=None):
    parser = argparse.ArgumentParser(
        prog=prog or prog_name(),
        description="paddle_compat: PaddlePaddle's Python API running on PyTorch.")
    parser.add_argument("--version", action="version", version=_version_text())
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add_parser in _COMMANDS:
        add_parser(subparsers)
    return parser


def _split_run_argv(argv):
    """argparse cannot stop at SCRIPT by itself (`run s.py -m x` would take `-m`): cut ARGS off
    after SCRIPT / `-m MODULE` before parsing, as python's own command line does."""
    if not argv or argv[0] != "run":
        return argv, None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "-m" and i + 1 < len(argv):
            return argv[:i + 2], argv[i + 2:]
        if a.startswith("-m") and len(a) > 2:
            return argv[:i + 1], argv[i + 1:]
        if a == "--":
            return argv[:i + 2], argv[i + 2:]
        if not a.startswith("-"):
            return argv[:i + 1], argv[i + 1:]
        i += 1
    return argv, None


def _parse(argv):
    head, rest = _split_run_argv(argv)
    args = build_parser().parse_args(head)
    if rest is not None:
        args.args = list(args.args or []) + rest
    return args


def main(argv=None):
    """Entry point of `python -m paddle_compat` and `paddle-compat`; returns the exit code."""
    args = _parse(list(sys.argv[1:] if argv is None else argv))
    return args.handler(args)


def _is_cli_process():
    """True while `python -m paddle_compat ...` locates the package (sys.argv[0] is "-m" then) or
    the `paddle-compat` console script imports it."""
    argv = getattr(sys, "argv", None) or []         # embedded interpreters may have no argv
    if argv[:1] == ["-m"]:
        orig = list(getattr(sys, "orig_argv", []))
        for i, a in enumerate(orig[1:], 1):
            if a == "-m":
                return orig[i + 1:i + 2] == ["paddle_compat"]
            if a == "-mpaddle_compat":
                return True
        return False
    base = os.path.basename(argv[0]) if argv else ""
    return base in ("paddle-compat", "paddle-compat.exe", "paddle-compat-script.py")


def preempt():
    """Called by `paddle_compat/__init__.py` before it imports torch. When this process is the
    CLI, parse its command line now: `--help`, `--version` and usage errors are answered (and the
    process exits) without importing torch, and `run` replaces this process by the script's own
    interpreter before torch is loaded for nothing. Any other command returns, and the package
    import goes on; `main()` then parses the same command line again (cheap) and runs it.
    """
    if not _is_cli_process():
        return
    args = _parse(sys.argv[1:])
    if getattr(args, "handler", None) is _run_handler and (args.module or args.script):
        if _exec_argv(args) is not None:
            _run_handler(args)
