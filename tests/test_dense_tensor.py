"""paddle_compat._static.dense_tensor: the host DenseTensor py_func callables receive -- Paddle's
DenseTensor methods and numpy behaviour on the same view."""
import numpy as np

import paddle_compat as paddle
from paddle_compat._static.dense_tensor import DenseTensor


def test_dense_tensor_api():
    d = DenseTensor(np.arange(6, dtype="float32").reshape(2, 3))
    assert d.shape() == [2, 3] and d.shape == (2, 3) and d.ndim == 2 and len(d) == 2
    assert str(d._dtype()) == "paddle.float32" and d.lod() == [] and d._is_initialized()
    assert ((d > 2) == (np.arange(6).reshape(2, 3) > 2)).all()
    assert (d * 2)[1, 2] == 10 and (2 - d)[0, 0] == 2 and (-d)[0, 1] == -1
    assert float(d.sum()) == 15 and np.tanh(d).dtype == np.float32
    d.set(np.ones([4], "int64"), paddle.CPUPlace())
    assert d.shape() == [4] and str(d._dtype()) == "paddle.int64"
    d.set_lod([[0, 2, 4]])
    assert d.lod() == [[0, 2, 4]]
    assert not DenseTensor()._is_initialized()
