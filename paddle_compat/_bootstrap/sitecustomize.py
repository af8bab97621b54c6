"""Carries the `paddle` -> paddle_compat alias into child Python processes.

`python -m paddle_compat run` sets PADDLE_COMPAT_ALIAS=1 and puts this directory first on
PYTHONPATH, so every Python child it starts (subprocess, multiprocessing spawn/forkserver, DataLoader
workers) imports this `sitecustomize` at startup. It installs the alias when the variable is set,
(and the interpreter can import paddle_compat: torch and numpy are on its path), then loads the
`sitecustomize` that would have loaded without us, so a site's or user's own
customisation keeps working.

Why load `_alias.py` by path instead of `import paddle_compat._alias`: importing the package would
import torch in every child at startup, also in children that never import paddle. With the alias
finder alone installed, paddle_compat is imported only by the child's own `import paddle`.
Installing the alias never raises (an error there would print in every child); an error in the
chained sitecustomize is reported by `site` exactly as it would be without us.
"""
import importlib.machinery
import importlib.util
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_PACKAGE = os.path.dirname(_HERE)          # .../paddle_compat
_ROOT = os.path.dirname(_PACKAGE)          # the directory paddle_compat is imported from


def _can_import_paddle_compat():
    """The variable reaches every Python child, also another interpreter (a venv with real Paddle,
    one without torch): only one that could import paddle_compat takes the alias; the others keep
    their own `import paddle`. Looked up, not imported (no torch import at every startup)."""
    if sys.version_info < (3, 10):
        return False
    find = importlib.machinery.PathFinder.find_spec
    try:
        return all(find(name) is not None for name in ("torch", "numpy"))
    except Exception:
        return False


def _install_alias():
    if os.environ.get("PADDLE_COMPAT_ALIAS") != "1" or not _can_import_paddle_compat():
        return
    try:
        name = "_paddle_compat_alias_bootstrap"
        spec = importlib.util.spec_from_file_location(name, os.path.join(_PACKAGE, "_alias.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
        # A source checkout that is not installed: the child must find the same paddle_compat as
        # the parent. Appended, not prepended, so nothing else on the path is shadowed.
        if importlib.machinery.PathFinder.find_spec("paddle_compat") is None:
            sys.path.append(_ROOT)
        module.install_alias()
    except Exception as e:  # never break interpreter startup; say why the alias is missing
        sys.stderr.write(f"paddle_compat: could not install the 'paddle' alias in this process: "
                         f"{type(e).__name__}: {e}\n")


def _chain_load_next_sitecustomize():
    others = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]
    try:
        spec = importlib.machinery.PathFinder.find_spec("sitecustomize", others)
    except Exception:
        return
    if spec is None or spec.loader is None:
        return
    if spec.origin and os.path.abspath(spec.origin) == os.path.abspath(__file__):
        return
    module = importlib.util.module_from_spec(spec)
    # The chained module becomes `sitecustomize` for everyone else, as if we were not there.
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


_install_alias()
_chain_load_next_sitecustomize()
