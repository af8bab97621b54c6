"""paddle.to_tensor dtype inference and errors (paddle_compat/_creation_core.py).

Each expectation below was read off Paddle 3.3.1 with the same call.
"""
import numpy as np
import pytest
import torch

import paddle_compat as paddle


@pytest.mark.parametrize("data,dtype,shape", [
    ([1, 2.5], "float32", [2]), ([True, False], "bool", [2]), ([[1, 2], [3, 4]], "int64", [2, 2]),
    (3, "int64", []), (np.int32(3), "int32", []), ([np.int32(3)], "int64", [1]), ((1, 2), "int64", [2]),
    ([1 + 1j], "complex64", [1]), (np.array([1, 2], dtype=np.uint8), "uint8", [2]),
    ([], "float32", [0]), (np.float16(1), "float16", []), (np.array([1.0, 2.0]), "float64", [2]),
    ([np.float64(1.0)], "float32", [1]), (1.5, "float32", []),
])
def test_dtype_inference_matches_paddle(data, dtype, shape):
    t = paddle.to_tensor(data)
    assert str(t.dtype) == f"paddle.{dtype}"
    assert t.shape == shape


def test_list_of_tensors_is_stacked():
    t = paddle.to_tensor([paddle.to_tensor(1.0), paddle.to_tensor(2.0)])
    assert t.dtype is paddle.float32 and t.shape == [2]


@pytest.mark.parametrize("bad", ["abc", {1: 2}, None])
def test_unsupported_data_is_paddle_type_error(bad):
    with pytest.raises(TypeError, match="Can't constructs a 'paddle.Tensor' with data type"):
        paddle.to_tensor(bad)


def test_ragged_list_is_value_error():
    with pytest.raises(ValueError):
        paddle.to_tensor([[1, 2], [3]])


def test_copies_its_input():
    a = np.array([1.0, 2.0], dtype=np.float32)
    t = paddle.to_tensor(a)
    a[0] = 9
    assert t.numpy()[0] == 1.0
    s = paddle.to_tensor([1.0])
    u = paddle.to_tensor(s)
    assert paddle.to_torch(u).data_ptr() != paddle.to_torch(s).data_ptr()


def test_dtype_place_and_stop_gradient_arguments():
    t = paddle.to_tensor([1, 2], dtype="float64", place=paddle.CPUPlace(), stop_gradient=False)
    assert t.dtype is paddle.float64 and t.stop_gradient is False
    assert paddle.to_tensor(torch.ones(2)).dtype is paddle.float32
