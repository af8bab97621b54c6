"""paddle.device, paddle.device.cuda, paddle.device.xpu and paddle.cuda
(paddle_compat/_device/device.py, _device/cuda.py, _device/xpu.py, _cuda.py).

Without a GPU the answers are replayed from Paddle 3.3.1's CPU wheel (conformance/goldens/
device.json, recorded by conformance/record/record_device.py); with a GPU they follow torch.cuda.
"""
import pytest
import torch

import paddle_compat as paddle
from tests._tensor_api_goldens import Goldens

DEVICE = Goldens("device")
NO_GPU = pytest.mark.skipif(torch.cuda.is_available(), reason="replays the CPU wheel's answers")
GPU = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


def test_device_queries_follow_torch():
    assert paddle.device.cuda.device_count() == (torch.cuda.device_count()
                                                 if torch.cuda.is_available() else 0)
    assert paddle.device.is_compiled_with_cuda() == torch.cuda.is_available()
    assert paddle.device.get_available_device()[0] == "cpu"
    assert "cpu" in paddle.device.get_all_device_type()
    assert paddle.device.get_device() == paddle.get_device()
    assert paddle.cuda.is_available() == torch.cuda.is_available()


@NO_GPU
@pytest.mark.parametrize("case", DEVICE.cases("device") + DEVICE.cases("device_cuda")
                         + DEVICE.cases("device_xpu") + DEVICE.cases("cuda"))
def test_cpu_wheel_answers(case):
    DEVICE.check(case)


@NO_GPU
def test_cpu_wheel_crashes_become_clear_errors():
    # Paddle 3.3.1's CPU wheel fails inside (NameError, AttributeError, a segfault) here
    with pytest.raises(RuntimeError, match="CUDAStream can only be initialized on the GPU"):
        paddle.device.Stream()
    with pytest.raises(RuntimeError, match="CUDAEvent can only be initialized on the GPU"):
        paddle.cuda.Event()
    with pytest.raises(ValueError, match="get_device_properties is not supported in CPU"):
        paddle.device.get_device_properties()
    with pytest.raises(TypeError, match="device should be gpu"):
        paddle.device.cuda.current_stream()
    with pytest.raises(ValueError, match="memory_allocated is not supported in CPU"):
        paddle.cuda.memory_allocated()
    with pytest.raises(ValueError, match="check_error is not supported in CPU"):
        paddle.cuda.check_error(0)
    assert paddle.cuda.empty_cache() is None
    with paddle.device.cuda.stream_guard(None):
        pass


def test_device_context_restores_the_place():
    before = paddle.device.get_device()
    with paddle.device.device("cpu"):
        assert paddle.device.get_device() == "cpu"
    assert paddle.device.get_device() == before


@GPU
def test_gpu_answers_follow_torch():
    assert paddle.device.get_device_name() == torch.cuda.get_device_name(0)
    assert paddle.cuda.get_device_capability() == torch.cuda.get_device_capability(0)
    s = paddle.device.Stream()
    e = paddle.device.Event(enable_timing=True)
    with paddle.device.stream_guard(s):
        x = paddle.ones([4], dtype="float32").cuda() * 2
        e.record(s)
    s.synchronize()
    assert e.query() and float(x.sum()) == 8.0
    assert paddle.device.cuda.memory_allocated() >= 0
    assert paddle.cuda.mem_get_info()[1] > 0
