"""dtype table (paddle_compat/_dtype.py). Reprs and enum values were read off Paddle 3.3.1."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._dtype import DTYPES, to_dtype


@pytest.mark.parametrize("name,value", [("bool", 1), ("uint8", 2), ("int8", 3), ("int16", 5),
                                        ("int32", 7), ("int64", 9), ("float32", 10), ("float64", 11),
                                        ("complex64", 12), ("complex128", 13), ("float16", 15),
                                        ("bfloat16", 16)])
def test_str_and_repr_match_paddle(name, value):
    d = getattr(paddle, name)
    assert str(d) == f"paddle.{name}"
    assert repr(d) == f"<DataType.{name.upper()}: {value}>"
    assert d.name == name.upper() and d.value == value


@pytest.mark.parametrize("spelling", ["float32", "paddle.float32", np.float32, np.dtype("float32"),
                                      torch.float32, paddle.float32, "float"])
def test_to_dtype_accepts_every_spelling(spelling):
    assert to_dtype(spelling) is paddle.float32


def test_dtype_not_equal_to_string():
    assert paddle.float32 != "float32" and paddle.float32 == paddle.float32


def test_unknown_dtype_is_paddle_type_error():
    with pytest.raises(TypeError, match=r"dtype must be any of \[bool, float16, .*but received foo"):
        to_dtype("foo")


def test_default_dtype_round_trip():
    assert paddle.get_default_dtype() == "float32"
    try:
        paddle.set_default_dtype("float64")
        assert paddle.to_tensor([1.5]).dtype is paddle.float64
        assert paddle.to_tensor([1j]).dtype is paddle.complex128
    finally:
        paddle.set_default_dtype("float32")
    with pytest.raises(TypeError, match="set_default_dtype only supports"):
        paddle.set_default_dtype("int32")


def test_table_covers_torch_and_numpy():
    for d in DTYPES.values():
        assert to_dtype(d.torch) is d
        if d.numpy is not None:
            assert to_dtype(d.numpy) is d


def test_finfo_iinfo_repr():
    assert repr(paddle.iinfo(paddle.int32)) == ("paddle.iinfo(min=-2147483648, max=2147483647, "
                                           "bits=32, dtype=int32)")
    assert paddle.finfo(paddle.float32).eps == np.finfo(np.float32).eps
