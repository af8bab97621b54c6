"""paddle.device and paddle.device.cuda (paddle_compat/device/)."""
import pytest
import torch

import paddle_compat as paddle


def test_device_queries_follow_torch():
    assert paddle.device.cuda.device_count() == (torch.cuda.device_count()
                                                 if torch.cuda.is_available() else 0)
    assert paddle.device.is_compiled_with_cuda() == torch.cuda.is_available()
    assert paddle.device.get_available_device()[0] == "cpu"
    assert "cpu" in paddle.device.get_all_device_type()
    assert paddle.device.get_device() == paddle.get_device()


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the no-GPU error")
def test_gpu_queries_without_gpu_are_clear():
    assert paddle.device.cuda.max_memory_allocated() == 0
    with pytest.raises(ValueError, match="needs a GPU"):
        paddle.device.cuda.get_device_name()
