"""The census of Paddle 3.3.1's public API and the one "not provided yet" error (paddle_compat/_census.py)."""
import importlib
import json
import os
import subprocess
import sys
import traceback

import pytest

import paddle_compat
from paddle_compat import _census

CENSUS = _census.census()
MESSAGE = ("{api} is not provided yet by paddle_compat (a Paddle 3.3.1 API); `python -m "
           "paddle_compat check SCRIPT` lists every API a script uses that is missing")


def _face(module):
    try:
        return importlib.import_module(_census.compat_name(module))
    except ImportError:
        return None


def _missing_in(module):
    """(face module, a census name of `module` that paddle_compat lacks), or skip when none is."""
    mod = _face(module)
    for name, entry in sorted(CENSUS["modules"][module].items()):
        if entry[0] != "module" and not hasattr(mod, name):
            return mod, name
    pytest.skip(f"paddle_compat provides every name of {module}")


def _missing_module():
    for module in sorted(CENSUS["modules"]):
        parent = module.rpartition(".")[0]
        if _face(module) is None and _face(parent) is not None:
            return module
    pytest.skip("paddle_compat provides every module of the census")


def _text(exc):
    return "".join(traceback.format_exception(exc)).strip().splitlines()[-1]


def test_the_census_file_is_the_recorded_rule():
    assert CENSUS["version"] == "3.3.1"
    modules = CENSUS["modules"]
    for module in ("paddle", "paddle.vision.transforms", "paddle.vision.models", "paddle.nn.utils",
                   "paddle.nn.attention", "paddle.sparse.nn.functional", "paddle.incubate.optimizer",
                   "paddle.distributed.fleet.utils", "paddle.distributed.sharding",
                   "paddle.distributed.rpc", "paddle.distributed.communication.stream",
                   "paddle.audio.backends", "paddle.version", "paddle.device.xpu", "paddle.cuda",
                   "paddle.vision.transforms.functional"):
        assert modules[module], module
    assert modules["paddle.nn"]["Linear"] == ["class", "paddle.nn.layer.common"]
    assert modules["paddle.nn.utils"]["weight_norm"][0] == "function"
    assert modules["paddle"]["float32"] == ["constant"]
    kinds = {e[0] for names in modules.values() for e in names.values()}
    assert kinds <= {"function", "class", "module", "constant"}
    for tree in ("paddle.base", "paddle.pir", "paddle.jit.dy2static", "paddle.jit.sot"):
        assert tree in CENSUS["internal"]
        assert not any(m == tree or m.startswith(tree + ".") for m in modules)
    assert not any(p.startswith("_") for m in modules for p in m.split("."))


def test_census_file_is_compact():
    size = os.path.getsize(_census.DATA)
    assert size < 150_000
    with open(_census.DATA, encoding="utf-8") as f:
        assert json.load(f) == CENSUS


def test_import_is_fast_the_census_is_read_only_on_a_miss():
    code = ("import paddle_compat as p, paddle_compat._census as c\n"
            "assert c._CENSUS is None\n"
            "p.to_tensor; p.nn.Linear; hasattr(p, '__wrapped__'); hasattr(p, '_private')\n"
            "assert c._CENSUS is None\n"
            "hasattr(p, 'no_such_name')\n"
            "assert c._CENSUS is not None\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_known():
    assert _census.known("paddle.nn") == "module"
    assert _census.known("paddle.nn.Linear") == "api"
    assert _census.known("paddle.base.core") == "internal"
    assert _census.known("paddle.nn.Linearr") is None
    assert _census.known("paddle.fluid") is None


def test_missing_paddle_name_is_one_clear_attribute_error():
    mod, name = _missing_in("paddle")
    api = f"paddle.{name}"
    with pytest.raises(_census.APINotProvidedError) as info:
        getattr(paddle_compat, name)
    assert isinstance(info.value, AttributeError)
    assert str(info.value) == MESSAGE.format(api=api)
    assert _text(info.value) == "paddle_compat._census.APINotProvidedError: " + str(info.value)
    proc = subprocess.run([sys.executable, "-c", f"import paddle_compat\npaddle_compat.{name}"],
                          capture_output=True, text=True)
    assert proc.stderr.strip().splitlines()[-1] == _text(info.value)     # no "Did you mean"
    assert not hasattr(paddle_compat, name)
    assert getattr(paddle_compat, name, "default") == "default"


def test_a_name_paddle_lacks_keeps_pythons_error_and_suggestion():
    with pytest.raises(AttributeError) as info:
        paddle_compat.nn.Linearr
    assert type(info.value) is AttributeError
    assert str(info.value) == "module 'paddle_compat.nn' has no attribute 'Linearr'"
    proc = subprocess.run([sys.executable, "-c", "import paddle_compat\npaddle_compat.nn.Linearr"],
                          capture_output=True, text=True)
    assert proc.stderr.strip().splitlines()[-1] == (
        "AttributeError: module 'paddle_compat.nn' has no attribute 'Linearr'. "
        "Did you mean: 'Linear'?")
    with pytest.raises(AttributeError, match="has no attribute '__no_dunder__'"):
        paddle_compat.__no_dunder__


def test_every_census_module_paddle_compat_has_gives_the_error():
    checked = 0
    for module, names in sorted(CENSUS["modules"].items()):
        mod = _face(module)
        if mod is None:
            continue
        assert getattr(mod, "__getattr__", None) is not None and \
            mod.__getattr__.__module__ == "paddle_compat._census", \
            f"{mod.__name__} needs `__getattr__ = missing_getattr(__name__)` (see _census.py)"
        with pytest.raises(AttributeError) as info:
            getattr(mod, "surely_no_paddle_name")
        assert type(info.value) is AttributeError
        missing = [n for n, e in names.items() if e[0] != "module" and not hasattr(mod, n)]
        for name in missing:
            with pytest.raises(_census.APINotProvidedError, match=f"^{module}.{name} is not"):
                getattr(mod, name)
            checked += 1
    # every face was checked for the error; `checked` counts the names still missing (it reaches
    # 0 once each face of the census is complete, which is the goal, not a failure)
    assert checked >= 0 and any(_face(m) is not None for m in CENSUS["modules"])


def test_internal_names_say_so():
    with pytest.raises(_census.APINotProvidedError) as info:
        paddle_compat.cost_model
    assert str(info.value).startswith("paddle.cost_model is not provided yet by paddle_compat "
                                      "(internal to Paddle 3.3.1, not its public API)")


def test_missing_public_module_attribute_and_import():
    module = _missing_module()
    parent, _, leaf = module.rpartition(".")
    with pytest.raises(_census.APINotProvidedError, match=f"^{module} is not provided yet"):
        getattr(_face(parent), leaf)
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module(_census.compat_name(module))
    assert isinstance(info.value, _census.ModuleNotProvidedError)
    assert str(info.value) == MESSAGE.format(api=module)
    assert info.value.name == _census.compat_name(module)
    assert importlib.util.find_spec("paddle_compat.surely_no_module") is None
    with pytest.raises(ModuleNotFoundError, match="^No module named 'paddle_compat.nope'$"):
        importlib.import_module("paddle_compat.nope")


def test_submodule_is_imported_on_attribute_access():
    # Paddle imports its submodules eagerly; reading one that paddle_compat has but has not
    # imported yet gives the module, not an error.
    code = ("import sys, paddle_compat as p\n"
            "sys.modules.pop('paddle_compat.utils.unique_name', None)\n"
            "del p.utils.unique_name\n"
            "assert p.utils.unique_name.__name__ == 'paddle_compat.utils.unique_name'\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_name_whose_kind_is_module_is_a_module_too():
    assert _census._is_module("paddle.distributed.io", "api")       # in paddle.distributed.__all__
    assert not _census._is_module("paddle.nn.Linear", "api")
    assert _census._is_module("paddle.base.core", "internal")
    for module, names in sorted(CENSUS["modules"].items()):
        mod = _face(module)
        for name, entry in names.items():
            if mod is not None and entry[0] == "module" and not hasattr(mod, name):
                with pytest.raises(_census.ModuleNotProvidedError):
                    importlib.import_module(f"{mod.__name__}.{name}")
                return
