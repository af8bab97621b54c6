"""paddle_compat/_submodules.py: Paddle's implementation submodules reached by path serve the
package's own objects (table: conformance/record/record_submodules.py)."""
import importlib
import subprocess
import sys

import pytest

import paddle_compat as paddle
from paddle_compat._submodules_table import SUBMODULES


def test_attribute_and_import_paths_give_the_package_objects():
    assert paddle.vision.datasets.cifar.Cifar10 is paddle.vision.datasets.Cifar10
    from paddle_compat.optimizer.adam import Adam
    assert Adam is paddle.optimizer.Adam
    import paddle_compat.nn.functional.loss as loss      # nn.functional is a module file here
    assert loss.cross_entropy is paddle.nn.functional.cross_entropy
    assert paddle.static.io.save_inference_model is paddle.static.save_inference_model


def test_real_modules_win_over_the_table():
    # paddle.nn.layer.loss and paddle.vision.transforms.functional are files of their own here
    assert importlib.import_module("paddle_compat.nn.layer.loss").__file__.endswith("loss.py")
    assert "paddle.vision.transforms.functional" in SUBMODULES
    assert paddle.vision.transforms.functional.__file__.endswith("functional.py")


def test_names_outside_the_package_raise():
    with pytest.raises(AttributeError, match="has no attribute 'URL_PREFIX'"):
        paddle.vision.datasets.cifar.URL_PREFIX
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("paddle_compat.vision.datasets.no_such_module")


def test_every_recorded_name_is_the_package_object():
    # each recorded submodule imports, served from the table or a module of paddle_compat's own;
    # a recorded name the package provides is that very object there
    for path, names in SUBMODULES.items():
        module = importlib.import_module("paddle_compat" + path[len("paddle"):])
        package = importlib.import_module(module.__name__.rpartition(".")[0])
        for name in names:
            want = getattr(package, name, None)
            if want is not None:
                assert getattr(module, name) is want, f"{path}.{name}"


def test_own_modules_fall_back_to_the_package():
    # paddle_compat.distributed.communication is a module of its own; Paddle's re-exports
    # all_reduce from paddle.distributed there
    from paddle_compat.distributed.communication import all_reduce
    assert all_reduce is paddle.distributed.all_reduce


def test_under_the_alias_a_script_imports_them():
    code = ("import paddle\nfrom paddle.vision.datasets.mnist import MNIST\n"
            "import paddle.nn.functional.activation as A\n"
            "print(MNIST is paddle.vision.datasets.MNIST, A.relu is paddle.nn.functional.relu)")
    out = subprocess.run([sys.executable, "-m", "paddle_compat", "run", "-c", code],
                         capture_output=True, text=True)
    if out.returncode and "-c" in out.stderr:
        pytest.skip("run has no -c")
    assert out.stdout.split() == ["True", "True"], out.stderr
