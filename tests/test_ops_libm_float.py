"""paddle_compat/_ops/libm_float.py: float32 exp / log with the C library's rounding."""
import ctypes
import ctypes.util

import numpy as np
import pytest
import torch

from paddle_compat._ops import libm_float


def _glibc(name):
    lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    fn = getattr(lib, name)
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    return fn


@pytest.mark.skipif(not libm_float._LIBM, reason="no C library with expf/logf")
@pytest.mark.parametrize("name,values", [
    ("expf", np.random.RandomState(0).randn(3000) * 5),
    ("logf", np.abs(np.random.RandomState(1).randn(3000) * 5) + 1e-3),
    ("logf", 1 + np.exp(-np.abs(np.random.RandomState(2).randn(3000) * 3))),
])
def test_bits_equal_the_c_librarys(name, values):
    x = torch.from_numpy(values.astype(np.float32))
    got = getattr(libm_float, name)(x).numpy()
    fn = _glibc(name)
    want = np.array([fn(float(v)) for v in x.tolist()], np.float32)
    assert (got.view(np.int32) == want.view(np.int32)).all()


def test_special_values_and_shape():
    x = torch.tensor([[0.0, -np.inf], [np.inf, np.nan]])
    np.testing.assert_array_equal(libm_float.expf(x).numpy(), [[1.0, 0.0], [np.inf, np.nan]])
    np.testing.assert_array_equal(libm_float.logf(torch.tensor([0.0, 1.0, -1.0])).numpy(),
                                  [-np.inf, 0.0, np.nan])
    assert libm_float.expf(torch.zeros(0)).shape == (0,)


def test_beyond_the_limit_rounds_correctly(monkeypatch):
    monkeypatch.setattr(libm_float, "LIBM_LIMIT", 0)
    x = torch.tensor([0.5, 2.0, 10.0])
    np.testing.assert_array_equal(libm_float.logf(x).numpy(),
                                  np.log(x.double().numpy()).astype(np.float32))
