"""The census of Paddle 3.3.1's public API, and the one error for a Paddle API paddle_compat lacks.

The census (paddle_compat/data/paddle_api.json) is recorded from the installed Paddle wheel by
conformance/record/record_api_list.py: every public module with, per name, its kind and Paddle's
module of definition, plus the internal trees that are not counted (docs/conformance.md, "The API
census"). It is read lazily, the first time a missing name is looked up, so `import paddle_compat`
does not pay for it.

Every public face module ends with `__getattr__ = missing_getattr(__name__)`. Reading a name that
Paddle 3.3.1 has and paddle_compat does not then raises `APINotProvidedError` (an AttributeError, so
`hasattr` and `getattr(x, name, default)` keep working) naming the Paddle API; a name Paddle does
not have either keeps Python's ordinary AttributeError. Importing a missing public submodule
(`import paddle_compat.vision`, `import paddle.vision` under the alias) raises
`ModuleNotProvidedError`, a ModuleNotFoundError, through a finder placed last on `sys.meta_path`
(it is asked only after every other finder has failed).
"""
import importlib
import os
import sys

from ._submodules import install as install_submodules
from ._submodules import is_submodule, package_name_of

__all__ = ["APINotProvidedError", "ModuleNotProvidedError", "census", "known", "missing_getattr",
           "not_provided_message", "paddle_name", "compat_name"]

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "paddle_api.json")
PADDLE, COMPAT = "paddle", "paddle_compat"
_CENSUS = None


def census():
    """-> the recorded census dict ({'version', 'modules': {module: {name: [kind, ...]}},
    'internal': {tree: why}, ...}), read once."""
    global _CENSUS
    if _CENSUS is None:
        import json
        with open(DATA, encoding="utf-8") as f:
            _CENSUS = json.load(f)
    return _CENSUS


def paddle_name(name):
    """'paddle_compat.nn' -> 'paddle.nn' (names already spelled `paddle...` are returned as is)."""
    if name == COMPAT or name.startswith(COMPAT + "."):
        return PADDLE + name[len(COMPAT):]
    return name


def compat_name(name):
    """'paddle.nn' -> 'paddle_compat.nn'."""
    return COMPAT + name[len(PADDLE):]


def known(api):
    """What Paddle 3.3.1 has at the dotted `paddle...` name `api`, per the census:
    'module' (a public module), 'api' (a public name of a public module), 'internal' (inside one
    of Paddle's internal trees), or None (Paddle has no public API of that name)."""
    data = census()
    modules = data["modules"]
    if api in modules:
        return "module"
    parent, _, leaf = api.rpartition(".")
    if leaf in modules.get(parent, ()):
        return "api"
    if any(api == t or api.startswith(t + ".") for t in data["internal"]):
        return "internal"
    return None


def _is_module(api, what):
    """Whether Paddle's `api` (of census status `what`) is a module: a census module, a name
    whose recorded kind is module, or anything inside an internal tree."""
    if what == "api":
        parent, _, leaf = api.rpartition(".")
        return census()["modules"][parent][leaf][0] == "module"
    return what in ("module", "internal")


def not_provided_message(api, what=None):
    """The one message for a Paddle API paddle_compat lacks (`api` spelled `paddle...`)."""
    what = what or known(api)
    kind = ("internal to Paddle 3.3.1, not its public API" if what == "internal"
            else "a Paddle 3.3.1 API")
    return (f"{api} is not provided yet by paddle_compat ({kind}); `python -m paddle_compat "
            f"check SCRIPT` lists every API a script uses that is missing")


class APINotProvidedError(AttributeError):
    """A Paddle 3.3.1 name that paddle_compat does not provide yet (an AttributeError)."""

    def __init__(self, api, module=None):
        super().__init__(not_provided_message(api))
        self.api = api
        # `obj` set and `name` left None: Python then neither adds its own context nor a
        # "Did you mean" guess to this message (it does both for a plain AttributeError).
        self.obj = module


class ModuleNotProvidedError(ModuleNotFoundError):
    """A Paddle 3.3.1 module that paddle_compat does not provide yet (a ModuleNotFoundError)."""

    def __init__(self, api, name=None):
        super().__init__(not_provided_message(api), name=name or api)
        self.api = api


def missing_getattr(module_name):
    """-> the `__getattr__` of the face module `module_name` (PEP 562): a submodule Paddle has
    is imported on first access (Paddle imports all of them eagerly); a census name raises
    APINotProvidedError; anything else Python's ordinary AttributeError."""

    def __getattr__(name):
        module = sys.modules.get(module_name)
        if not name.startswith("_"):                # dunders and private names are never API
            if is_submodule(f"{module_name}.{name}"):     # paddle.vision.datasets.cifar
                return importlib.import_module(f"{module_name}.{name}")
            found = package_name_of(module_name, name)
            if found is not None:       # a name Paddle's submodule re-exports from its package
                return found
            api = f"{paddle_name(module_name)}.{name}"
            what = known(api)
            if _is_module(api, what):
                try:
                    return importlib.import_module(f"{module_name}.{name}")
                except ModuleNotProvidedError as e:
                    if e.name != f"{module_name}.{name}":
                        raise                       # a module it imports is missing: say that
            if what is not None:
                raise APINotProvidedError(api, module)
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'",
                             name=name, obj=module)

    __getattr__.__qualname__ = __getattr__.__name__ = "__getattr__"
    return __getattr__


class _MissingModuleFinder:
    """Last on sys.meta_path: `import paddle_compat.<x>` of a module Paddle has but paddle_compat
    lacks raises ModuleNotProvidedError; other names fall through to Python's own error."""

    _paddle_compat_missing_finder = True

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if not fullname.startswith(COMPAT + ".") or any(
                p.startswith("_") for p in fullname.split(".")[1:]):
            return None
        api = paddle_name(fullname)
        if _is_module(api, known(api)):
            raise ModuleNotProvidedError(api, name=fullname)
        return None

    @staticmethod
    def invalidate_caches():
        pass


def _install_finder():
    install_submodules(missing_getattr)   # before the missing-module finder: a recorded submodule
    if not any(getattr(f, "_paddle_compat_missing_finder", False) for f in sys.meta_path):
        sys.meta_path.append(_MissingModuleFinder)


_install_finder()           # importing the face installs it; it costs nothing until a miss
