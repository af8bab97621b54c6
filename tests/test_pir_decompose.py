"""paddle_compat/_static/pir_decompose.py: the forms the PIR view's compositions do not cover
print as the one recorded op (and still run); the covered forms are checked against Paddle's own
text in tests/test_pir_printer.py (conformance/goldens/pir.json, ops_catalog_3)."""
import numpy as np
import pytest

import paddle_compat as paddle

X = np.arange(1, 7, dtype="float32").reshape(2, 3)


@pytest.fixture
def pir_static():
    with paddle.pir_utils.IrGuard():
        paddle.enable_static()
        try:
            yield
        finally:
            paddle.disable_static()


@pytest.mark.parametrize("code,op,want", [
    ("paddle.diff(x, n=2)", "pd_op.diff", lambda x: np.diff(x, n=2)),
    ("paddle.quantile(x, 0.5, axis=1)", "pd_op.quantile",
     lambda x: np.quantile(x, 0.5, axis=1)),
    ("paddle.vander(x[0], increasing=True)", "pd_op.set_value_with_tensor_",
     lambda x: np.vander(x[0], increasing=True)),
    ("paddle.gcd(i, i[0])", "pd_op.gcd", lambda x: np.gcd(x.astype("int64"),
                                                         x[0].astype("int64"))),
    ("paddle.linalg.pinv(x, hermitian=False)", "pd_op.svd", lambda x: np.linalg.pinv(x)),
])
def test_uncovered_forms_print_and_run(pir_static, code, op, want):
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2, 3], "float32")
        i = paddle.cast(x, "int64")
        out = eval(code)
    assert op in str(main)
    got = paddle.static.Executor().run(main, feed={"x": X}, fetch_list=[out])[0]
    np.testing.assert_allclose(got, want(X), rtol=1e-5, atol=1e-5)
