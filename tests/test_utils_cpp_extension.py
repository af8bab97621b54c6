"""paddle.utils.cpp_extension (paddle_compat/_utils/cpp_extension.py): Paddle C++ operator builds
raise one clear error; get_build_directory answers as Paddle."""
import os

import pytest

import paddle_compat as paddle

CE = paddle.utils.cpp_extension


@pytest.mark.parametrize("call", [lambda: CE.load("op", ["op.cc"]), lambda: CE.setup(name="x"),
                                  lambda: CE.CppExtension(["op.cc"]),
                                  lambda: CE.CUDAExtension(["op.cu"])])
def test_builds_raise_naming_torch_cpp_extension(call):
    with pytest.raises(NotImplementedError, match="torch.utils.cpp_extension"):
        call()


def test_build_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_EXTENSION_DIR", str(tmp_path / "ext"))
    assert CE.get_build_directory() == str(tmp_path / "ext")
    assert os.path.isdir(tmp_path / "ext")
