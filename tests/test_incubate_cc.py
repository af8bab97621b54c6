"""paddle.incubate.cc (paddle_compat/_incubate/cc/): the typing classes and compile's checks
against Paddle 3.3.1's goldens (conformance/goldens/incubate.json, cases cc_*), the dtype
dispatch of compile, and fuse.matmul / by_register (which Paddle's CPU wheel cannot run: its
AP fusion kernels need a CUDA + CINN build)."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._incubate_goldens import cases, check

pcc = paddle.incubate.cc
pct = paddle.incubate.cc.typing


@pytest.mark.parametrize("case", cases("cc_"))
def test_golden(case):
    check(case)


def _add():
    n = pct.DimVar("N")
    t = pct.DTypeVar("T", "float32", "float64")

    def add(x: pct.Tensor([n, 4], t), y: pct.Tensor([n, 4], t)):
        return paddle.nn.functional.relu(x - y)
    return add


def test_compile_dispatches_on_the_input_dtypes():
    fn = pcc.compile(_add())
    assert list(fn.dtypes2func) == [("float32", "float32"), ("float64", "float64")]
    x = paddle.to_tensor([[1.0, -2.0, 3.0, 0.5]])
    out = fn(x, paddle.zeros([1, 4]))
    assert out.numpy().tolist() == [[1.0, 0.0, 3.0, 0.5]]
    out64 = fn(x.astype("float64"), paddle.zeros([1, 4], dtype="float64"))
    assert out64.dtype == paddle.float64
    with pytest.raises(AssertionError, match=r"input signature \('int32', 'float32'\) "
                                             r"mismatched, valid signatures are: \[1\]"):
        fn(x.astype("int32"), paddle.zeros([1, 4]))


def test_compile_options_are_checked():
    with pytest.raises(AssertionError, match="only support inference now"):
        pcc.compile(_add(), True)
    with pytest.raises(AssertionError):
        pcc.compile(_add(), compile_engine="XLA")
    assert pcc.compiler.compile is pcc.compile


def test_fuse_matmul_is_matmul_then_epilogue():
    a = np.arange(6, dtype="float32").reshape(2, 3) - 2
    b = np.arange(6, dtype="float32").reshape(3, 2) / 3 - 1
    out = pcc.fuse.matmul(paddle.to_tensor(a), paddle.to_tensor(b), paddle.nn.functional.relu,
                          transpose_y=False)
    np.testing.assert_allclose(out.numpy(), np.maximum(a @ b, 0), rtol=1e-6)
    with pcc.fuse.by_register():
        inside = paddle.to_tensor(a) * 2
    assert inside.numpy().tolist() == (a * 2).tolist()
