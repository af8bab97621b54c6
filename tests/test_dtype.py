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
        if d.torch is None:         # pstring, raw: no tensor holds them
            continue
        assert to_dtype(d.torch) is d
        if d.numpy is not None:
            assert to_dtype(d.numpy) is d


def test_finfo_iinfo_repr():
    assert repr(paddle.iinfo(paddle.int32)) == ("paddle.iinfo(min=-2147483648, max=2147483647, "
                                           "bits=32, dtype=int32)")
    assert paddle.finfo(paddle.float32).eps == np.finfo(np.float32).eps


# ---- storage-only dtypes (float8, uint32/uint64, pstring, raw): conformance/goldens/dtype.json ----
from tests._tensor_api_goldens import Goldens  # noqa: E402

DTYPE_GOLDENS = Goldens("dtype")


@pytest.mark.parametrize("case", DTYPE_GOLDENS.cases("dtype"))
def test_storage_dtypes_match_paddle(case):
    DTYPE_GOLDENS.check(case)


def test_float8_cast_saturates_like_paddle_not_torch():
    # torch turns NaN into e4m3fn's NaN and inf into e5m2's inf; Paddle saturates both
    x = paddle.to_tensor([float("nan"), float("inf"), -float("inf"), 1e6])
    assert x.astype(paddle.float8_e4m3fn).astype("float32").numpy().tolist() == [
        448.0, 448.0, -448.0, 448.0]
    e5 = x.astype(paddle.float8_e5m2).astype("float32").numpy()
    assert np.isnan(e5[0]) and e5[1:].tolist() == [57344.0, -57344.0, 57344.0]


def test_float8_numpy_is_the_raw_bits():
    a = paddle.to_tensor([1.5, -2.0]).astype(paddle.float8_e4m3fn)
    assert a.numpy().dtype == np.int8
    assert a.numpy().tolist() == torch.tensor([1.5, -2.0]).to(torch.float8_e4m3fn).view(
        torch.int8).tolist()
    assert a.dtype is paddle.float8_e4m3fn and paddle.to_tensor(a).dtype is paddle.float8_e4m3fn


def test_no_tensor_can_hold_pstring_or_raw():
    for d in (paddle.pstring, paddle.raw):
        assert not d.is_floating_point and not d.is_complex
        with pytest.raises(ValueError, match="Invalid enum data type"):
            to_dtype(d)
