"""The `import paddle` alias: same module objects, clear errors, and no shadowing unless asked."""
import importlib
import importlib.util
import inspect
import os
import subprocess
import sys
import types

import pytest

import paddle_compat
from paddle_compat import _alias
from paddle_compat._alias import alias_installed, install_alias, uninstall_alias

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _forget_paddle():
    for name in [n for n in sys.modules if n == "paddle" or n.startswith("paddle.")]:
        del sys.modules[name]


@pytest.fixture
def alias():
    assert not alias_installed()
    install_alias()
    yield
    uninstall_alias()
    _forget_paddle()


def test_exported():
    assert paddle_compat.install_alias is install_alias
    assert paddle_compat.uninstall_alias is uninstall_alias


def test_import_paddle_is_paddle_compat(alias):
    import paddle
    assert paddle is paddle_compat
    assert sys.modules["paddle"] is paddle_compat
    # the real spec is kept: reload, pickling by module name and spawn rely on it
    assert paddle.__spec__.name == "paddle_compat"
    assert paddle.__name__ == "paddle_compat"
    assert importlib.reload(paddle) is paddle_compat


def test_submodules_are_the_same_objects(alias):
    import paddle.version
    import paddle._ops.registry as registry
    from paddle._ops import registry as registry2
    from paddle import version
    assert paddle.version is paddle_compat.version is version
    assert sys.modules["paddle.version"] is paddle_compat.version
    assert registry is registry2 is sys.modules["paddle_compat._ops.registry"]
    assert sys.modules["paddle._ops"] is sys.modules["paddle_compat._ops"]
    assert paddle.version.__spec__.name == "paddle_compat.version"


def test_state_is_shared_between_the_two_names(alias):
    import paddle
    import paddle._tensor_format as fmt
    paddle.set_printoptions(precision=3)
    try:
        assert paddle_compat._tensor_format.DEFAULT_PRINT_OPTIONS.precision == 3
        assert fmt is paddle_compat._tensor_format
    finally:
        paddle.set_printoptions(precision=8)


@pytest.mark.parametrize("name, missing", [
    ("paddle.incubate_not_in_compat", "paddle.incubate_not_in_compat"),
    ("paddle.incubate_not_in_compat.foo", "paddle.incubate_not_in_compat"),
    ("paddle._ops.no_such_module", "paddle._ops.no_such_module"),
])
def test_module_paddle_does_not_have_either_is_pythons_error(alias, name, missing):
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module(name)
    assert info.value.name == missing
    assert str(info.value) == f"No module named '{missing}'"


@pytest.mark.parametrize("name, missing", [
    ("paddle.incubate.asp", "paddle.incubate.asp"),
    ("paddle.nn.quant.quant_layers", "paddle.nn.quant.quant_layers"),
])
def test_missing_paddle_module_gets_the_census_message(alias, name, missing, monkeypatch):
    # every census module is provided now: a missing one is simulated by a finder, first on
    # sys.meta_path, that hides its file and asks the census finder instead
    from paddle_compat import _census
    hidden = "paddle_compat" + name[len("paddle"):]

    class Hide:
        @staticmethod
        def find_spec(fullname, path=None, target=None):
            if fullname == hidden:
                return _census._MissingModuleFinder.find_spec(fullname, path, target)
            return None

    monkeypatch.setattr(sys, "meta_path", [Hide] + sys.meta_path)
    for mod in (hidden, name):
        monkeypatch.delitem(sys.modules, mod, raising=False)
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module(name)
    assert info.value.name == missing
    assert str(info.value) == (
        f"{missing} is not provided yet by paddle_compat (a Paddle 3.3.1 API); `python -m "
        f"paddle_compat check SCRIPT` lists every API a script uses that is missing")


def test_submodule_of_a_plain_module_is_pythons_error_with_the_paddle_name(alias):
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module("paddle.version.foo")
    assert info.value.name == "paddle.version.foo"
    assert "'paddle.version' is not a package" in str(info.value)


def test_missing_module_statement_form(alias):
    with pytest.raises(ModuleNotFoundError, match=r"No module named 'paddle\.nope_xyz'"):
        import paddle.nope_xyz  # noqa: F401


def test_missing_dependency_inside_an_existing_module_is_not_renamed(alias, monkeypatch):
    def broken(name, package=None):
        raise ModuleNotFoundError("No module named 'some_dependency'", name="some_dependency")

    monkeypatch.setattr(_alias.importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError) as info:
        importlib.import_module("paddle.something")
    assert info.value.name == "some_dependency"


def test_install_twice_is_one_finder(alias):
    install_alias()
    assert sum(getattr(f, _alias._MARK, False) for f in sys.meta_path) == 1
    assert getattr(sys.meta_path[0], _alias._MARK, False)


def test_uninstall_forgets_alias_entries_only(alias):
    import paddle  # noqa: F401
    import paddle.version  # noqa: F401
    uninstall_alias()
    assert not alias_installed()
    assert "paddle" not in sys.modules and "paddle.version" not in sys.modules
    assert sys.modules["paddle_compat"] is paddle_compat
    assert sys.modules["paddle_compat.version"] is paddle_compat.version
    install_alias()        # the fixture uninstalls again


@pytest.fixture
def real_paddle(tmp_path, monkeypatch):
    """A stand-in 'real Paddle' package on sys.path."""
    pkg = tmp_path / "paddle"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("REAL_PADDLE = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    _forget_paddle()
    yield
    uninstall_alias()
    _forget_paddle()


def test_no_shadowing_without_install(real_paddle):
    import paddle
    assert paddle is not paddle_compat and paddle.REAL_PADDLE


def test_alias_wins_over_a_real_paddle_and_uninstall_restores_it(real_paddle):
    install_alias()
    import paddle
    assert paddle is paddle_compat
    uninstall_alias()
    import paddle as again
    assert again is not paddle_compat and again.REAL_PADDLE


def test_install_refuses_when_a_real_paddle_is_already_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "paddle", types.ModuleType("paddle"))
    with pytest.raises(RuntimeError, match=r"a real 'paddle' is already imported"):
        install_alias()
    assert not alias_installed()


def test_plain_interpreter_has_no_alias(tmp_path):
    # Importing paddle_compat alone must not make `import paddle` work (or shadow a real one).
    code = ("import importlib.util, sys, paddle_compat\n"
            "print('paddle' in sys.modules, importlib.util.find_spec('paddle') is None)\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("PADDLE_COMPAT_ALIAS", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True"]


def _public_modules():
    import pkgutil
    names = []

    def broken(name):
        raise ImportError(f"public package {name} does not import")

    for info in pkgutil.walk_packages(paddle_compat.__path__, "paddle_compat.", onerror=broken):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return names


def test_every_public_submodule_is_the_same_object_under_paddle(alias):
    # e.g. `import paddle.static as static`, `import paddle.nn.functional as F`: whatever public
    # module paddle_compat has resolves to that very module object under the paddle name.
    names = _public_modules()
    assert "paddle_compat.version" in names
    for real in names:
        module = importlib.import_module(real)      # every public module imports
        alias_name = "paddle" + real[len("paddle_compat"):]
        assert importlib.import_module(alias_name) is module, alias_name
        assert sys.modules[alias_name] is module
        if real.startswith("paddle_compat.fluid"):
            # paddle.fluid is paddle.base itself, as are its submodules
            assert module.__spec__.name == "paddle_compat.base" + real[len("paddle_compat.fluid"):]
            continue
        assert module.__spec__.name == real


def test_uncaught_missing_paddle_hints_at_the_alias(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("PADDLE_COMPAT_ALIAS", None)

    def run(code):
        return subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)

    # One process: probing and catching code sees Python's own behaviour, and the uncaught error
    # at the end carries the hint.
    out = run("import importlib.util, paddle_compat\n"
              "print(importlib.util.find_spec('paddle'))\n"
              "try:\n    import paddle\nexcept ImportError as e:\n    print(e, getattr(e, '__notes__', None))\n"
              "import paddle.nn")
    assert out.stdout.splitlines() == ["None", "No module named 'paddle' None"]
    assert out.returncode == 1
    assert "ModuleNotFoundError: No module named 'paddle'" in out.stderr
    assert out.stderr.rstrip().endswith(_alias.MISSING_PADDLE_HINT)
    assert "python -m paddle_compat run SCRIPT" in _alias.MISSING_PADDLE_HINT
    assert "paddle_compat.install_alias()" in _alias.MISSING_PADDLE_HINT
    # Without paddle_compat imported there is nothing to add the hint (no start-up hook).
    out = run("import paddle")
    assert out.returncode == 1 and _alias.MISSING_PADDLE_HINT not in out.stderr


def test_missing_paddle_hint_wraps_once_and_passes_others_through(monkeypatch, capsys):
    seen = []
    monkeypatch.setattr(sys, "excepthook", lambda *a: seen.append(a[1]))
    _alias.install_missing_paddle_hint()
    _alias.install_missing_paddle_hint()
    hook = sys.excepthook
    assert getattr(hook, _alias._MARK)
    other = ValueError("x")
    hook(ValueError, other, None)
    missing = ModuleNotFoundError("No module named 'paddle'", name="paddle")
    hook(ModuleNotFoundError, missing, None)
    sub = ModuleNotFoundError("No module named 'paddle_compat.x'", name="paddle_compat.x")
    hook(ModuleNotFoundError, sub, None)
    assert seen == [other, missing, sub]
    assert not hasattr(other, "__notes__") and not hasattr(sub, "__notes__")
    if sys.version_info >= (3, 11):
        assert missing.__notes__ == [_alias.MISSING_PADDLE_HINT]
    else:
        assert capsys.readouterr().err == _alias.MISSING_PADDLE_HINT + "\n"


def test_importing_a_submodule_keeps_the_function_of_the_same_name(alias):
    # paddle.text binds viterbi_decode (the function) over its submodule of that name; importing
    # the submodule under the alias replaced it with the module, so later calls failed.
    import paddle
    importlib.import_module("paddle.text.viterbi_decode")
    importlib.import_module("paddle.vision.models.googlenet")
    assert callable(paddle.text.viterbi_decode) and not inspect.ismodule(paddle.text.viterbi_decode)
    assert inspect.isfunction(paddle.vision.models.googlenet)
    assert inspect.ismodule(sys.modules["paddle.text.viterbi_decode"])


def test_a_callable_face_module_stays_callable_after_its_submodules_import(alias):
    """paddle.tensor is callable (Paddle 3.3) and binds the function einsum over its submodule
    einsum: importing paddle.tensor.einsum under the alias keeps both."""
    import paddle
    importlib.import_module("paddle.tensor.einsum")
    assert callable(paddle.tensor.einsum) and not isinstance(paddle.tensor.einsum, type(sys))
    assert paddle.tensor([1, 2]).shape == [2]
