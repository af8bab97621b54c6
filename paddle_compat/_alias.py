"""`import paddle` (and every `paddle.*`) resolving to paddle_compat, on request only.

`install_alias()` puts one finder at the front of `sys.meta_path`. For a name `paddle[.x.y]` it
imports `paddle_compat[.x.y]` and hands back that very module object, so
`sys.modules['paddle'] is paddle_compat` and `paddle.nn.functional is paddle_compat.nn.functional`:
one module, two names, no copies (a copy would split global state such as the default program).

Nothing is installed by `import paddle_compat`: a real Paddle in the same environment stays
reachable unless the user asks for the alias (`install_alias()`, `python -m paddle_compat run`).
Importing it only wraps `sys.excepthook` so that an *uncaught* `No module named 'paddle'` says how
to get the alias (`install_missing_paddle_hint`); `find_spec('paddle')` and code that catches the
ImportError see Python's own behaviour. A process that never imports paddle_compat (plain
`python script.py`) cannot be given that hint: only a `.pth` start-up hook run by every interpreter
of the environment could, and the package installs none; the README leads with `run` instead.

This file must import nothing from paddle_compat at module level: `_bootstrap/sitecustomize.py`
loads it by path in child processes so that starting a child does not import torch; paddle_compat
itself is imported only when the child imports `paddle`.
"""
import importlib
import importlib.abc
import importlib.util
import sys
import types

__all__ = ["install_alias", "uninstall_alias", "alias_installed", "install_missing_paddle_hint",
           "MISSING_PADDLE_HINT"]

ALIAS = "paddle"
TARGET = "paddle_compat"
ENV_VAR = "PADDLE_COMPAT_ALIAS"
_MARK = "_paddle_compat_alias_finder"   # finders are recognised by this attribute, not by class,
                                        # because the bootstrap copy of this module is a distinct one


def _target_name(fullname):
    return TARGET + fullname[len(ALIAS):]


def _alias_name(target_name):
    return ALIAS + target_name[len(TARGET):]


class _AliasLoader(importlib.abc.Loader):
    """Hands the import system an already imported paddle_compat module under its paddle name."""

    def __init__(self, module):
        self.module = module
        self.spec = module.__spec__

    def create_module(self, spec):
        return self.module

    def exec_module(self, module):
        alias_name = module.__spec__.name
        # importlib's module_from_spec always overwrites __spec__ with the alias spec; put the
        # real one back so that reload(), pickling by module and multiprocessing keep working.
        module.__spec__ = self.spec
        # Next the import system sets the module on its parent package. Where the package binds
        # that name to a function (paddle.text.viterbi_decode, paddle.vision.models.googlenet), the
        # function must stay, as in Paddle, where the submodule is already imported by then.
        parent_name, _, child = alias_name.rpartition(".")
        parent = sys.modules.get(parent_name)
        if parent is not None and not isinstance(parent.__dict__.get(child, module),
                                                 types.ModuleType) \
                and not isinstance(parent, _KeepsFunctions):
            cls = parent.__class__
            # a face module with a class of its own (paddle.tensor is callable) keeps it
            parent.__class__ = _KeepsFunctions if cls is types.ModuleType else \
                type(cls.__name__, (_KeepsFunctions, cls), {})


class _KeepsFunctions(types.ModuleType):
    """A face package that binds a function to the name of one of its submodules: importing the
    submodule under the alias does not replace the function."""

    def __setattr__(self, name, value):
        current = self.__dict__.get(name)
        if isinstance(value, types.ModuleType) and current is not None \
                and not isinstance(current, types.ModuleType):
            return
        super().__setattr__(name, value)


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != ALIAS and not fullname.startswith(ALIAS + "."):
            return None
        real = _target_name(fullname)
        try:
            module = importlib.import_module(real)
        except ModuleNotFoundError as e:
            # Only a missing paddle_compat module is "paddle_compat does not provide it"; a
            # ModuleNotFoundError from inside a module that exists is a real error: let it through.
            # (paddle_compat itself missing keeps Python's own message.)
            if e.name is None or e.name == TARGET or not (
                    real == e.name or real.startswith(e.name + ".")):
                raise
            missing = _alias_name(e.name)
            api = getattr(e, "api", None)        # paddle_compat._census.ModuleNotProvidedError
            if api is not None:                  # a Paddle 3.3.1 module: the one census message
                raise type(e)(api, name=missing) from None
            raise ModuleNotFoundError(f"No module named '{missing}'", name=missing) from None
        return importlib.util.spec_from_loader(
            fullname, _AliasLoader(module),
            is_package=hasattr(module, "__path__"))

    def invalidate_caches(self):
        pass


setattr(_AliasFinder, _MARK, True)


def _installed_finders():
    return [f for f in sys.meta_path if getattr(f, _MARK, False)]


def alias_installed():
    """True when `import paddle` currently resolves to paddle_compat in this process."""
    return bool(_installed_finders())


def install_alias():
    """Make `import paddle` and `import paddle.<sub>` give the paddle_compat modules.

    The finder goes first on `sys.meta_path`, so it wins over a real Paddle installed in the same
    environment. A Paddle module that paddle_compat lacks fails with ModuleNotFoundError naming
    the `paddle.*` module (its `name` attribute is set). Calling it twice is harmless.

    Raises:
        RuntimeError: a real `paddle` is already imported in this process; the alias could not
            replace the module objects other code already holds.

    Differences from Paddle: not a Paddle API (paddle_compat only).
    """
    loaded = sys.modules.get(ALIAS)
    if loaded is not None and getattr(loaded, "__name__", None) != TARGET:
        raise RuntimeError(
            f"install_alias(): a real 'paddle' is already imported from "
            f"{getattr(loaded, '__file__', None)!r}; call paddle_compat.install_alias() before "
            f"anything imports paddle, or run the script with `python -m paddle_compat run`")
    if not _installed_finders():
        sys.meta_path.insert(0, _AliasFinder())
    importlib.invalidate_caches()


def uninstall_alias():
    """Undo install_alias(): remove the finder and every `paddle` / `paddle.*` entry of
    sys.modules that is a paddle_compat module, so a later `import paddle` finds the real Paddle
    (or fails) again. Objects already bound to the name `paddle` in user code are unaffected.

    Differences from Paddle: not a Paddle API (paddle_compat only).
    """
    sys.meta_path[:] = [f for f in sys.meta_path if not getattr(f, _MARK, False)]
    for name in [n for n in sys.modules if n == ALIAS or n.startswith(ALIAS + ".")]:
        module = sys.modules.get(name)
        mod_name = getattr(module, "__name__", "") or ""
        if mod_name == TARGET or mod_name.startswith(TARGET + "."):
            del sys.modules[name]


MISSING_PADDLE_HINT = (
    "paddle_compat is installed, but `import paddle` gives it only on request: run the script with "
    "`python -m paddle_compat run SCRIPT`, call `paddle_compat.install_alias()` before `import "
    "paddle`, or write `import paddle_compat as paddle`")


def _is_missing_paddle(value):
    return isinstance(value, ModuleNotFoundError) and getattr(value, "name", None) == ALIAS


def install_missing_paddle_hint():
    """Wrap `sys.excepthook` so that an uncaught `ModuleNotFoundError: No module named 'paddle'`
    (the alias not installed, no real Paddle) ends with MISSING_PADDLE_HINT: as a note of the
    exception (Python >= 3.11), else a line after the traceback. Every other exception goes to the
    previous hook untouched. Calling it again is harmless.

    Differences from Paddle: not a Paddle API (paddle_compat only).
    """
    previous = sys.excepthook
    if getattr(previous, _MARK, False):
        return

    def excepthook(etype, value, tb):
        if not _is_missing_paddle(value):
            return previous(etype, value, tb)
        if hasattr(value, "add_note"):
            if MISSING_PADDLE_HINT not in getattr(value, "__notes__", ()):
                value.add_note(MISSING_PADDLE_HINT)
            return previous(etype, value, tb)
        previous(etype, value, tb)
        sys.stderr.write(MISSING_PADDLE_HINT + "\n")

    setattr(excepthook, _MARK, True)
    sys.excepthook = excepthook


# Why at import: the hint is for the user who imported paddle_compat and then wrote `import paddle`
# (or whose script does); it changes nothing but the text of that one uncaught error.
install_missing_paddle_hint()
