"""Places (paddle_compat/_place.py): printing, device strings, GPU errors."""
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._place import to_place


def test_cpu_place_prints_like_paddle():
    assert str(paddle.CPUPlace()) == "Place(cpu)" == repr(paddle.CPUPlace())
    assert paddle.CPUPlace() == paddle.CPUPlace()
    assert to_place("cpu") == paddle.CPUPlace()


def test_set_and_get_device_cpu():
    assert paddle.set_device("cpu") == paddle.CPUPlace()
    assert paddle.get_device() == "cpu"


def test_bad_device_string_is_paddle_value_error():
    with pytest.raises(ValueError, match="The device must be a string which is like 'cpu', 'gpu'"):
        paddle.set_device("foo")


def test_type_error_for_non_place():
    with pytest.raises(TypeError, match="place must be a paddle Place"):
        to_place(3)


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the no-GPU error")
def test_gpu_without_gpu_is_clear_error():
    with pytest.raises(ValueError, match=r"CUDAPlace\(0\) needs a GPU"):
        paddle.CUDAPlace(0)
    with pytest.raises(ValueError, match="torch sees no CUDA device"):
        paddle.set_device("gpu:0")
    assert paddle.get_device() == "cpu"
    assert paddle.is_compiled_with_cuda() is False


@pytest.mark.cuda
def test_gpu_place_on_gpu():
    p = paddle.CUDAPlace(0)
    assert str(p) == "Place(gpu:0)"
    x = paddle.to_tensor([1.0], place=p)
    assert str(x.place) == "Place(gpu:0)"
    paddle.set_device("gpu:0")
    try:
        assert paddle.get_device() == "gpu:0"
    finally:
        paddle.set_device("cpu")


# ---- XPUPinnedPlace, XPUPlace, IPUPlace: Paddle's errors (conformance/goldens/tensor_api.json) ----
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("place"))
def test_unavailable_places_golden(case):
    _api.check(case)


def test_get_device_of_a_tensor_is_its_gpu_id_or_minus_one():
    # Paddle 3.3.1: paddle.get_device(x) is -1 for a CPU tensor; without input, the current place
    x = paddle.to_tensor([1, 2, 3], place=paddle.CPUPlace())
    assert paddle.get_device(x) == -1 and paddle.device.get_device(x) == -1
    assert paddle.get_device() == "cpu"
    assert paddle.is_compiled_with_ipu() is False and paddle.is_compiled_with_rocm() is False
