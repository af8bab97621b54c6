"""paddle.linalg's decompositions, solvers and statistics (paddle_compat/_ops/linalg.py) against
Paddle 3.3.1's goldens (conformance/goldens/linalg.json, recorded by
conformance/record/record_linalg.py): values, dtypes, gradients, error texts; plus static mode,
properties and the deliberate differences."""
import importlib.util
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from tests.test_fft import assert_same

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "linalg.json")))
_spec = importlib.util.spec_from_file_location(
    "record_linalg", os.path.join(ROOT, "conformance", "record", "record_linalg.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

# Float32 LAPACK results differ in the last bits between Paddle's kernels and torch's; large-valued
# cases (matrix_exp of a scaled matrix) are compared relatively.
TOL = {"mexp_big": 1e-4, "cond_grad": 1e-6}


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_golden(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case,
                tol=TOL.get(case, 2e-4))


def test_goldens_cover_every_case():
    assert set(record.CASES) == set(GOLDEN["cases"])


def _numeric_grad(fn, x, eps=1e-6):
    """Central finite differences of sum(fn(x)) in float64."""
    g = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        hi, lo = x.copy(), x.copy()
        hi[idx] += eps
        lo[idx] -= eps
        g[idx] = (fn(hi) - fn(lo)) / (2 * eps)
    return g


def _autograd(fn, x):
    t = paddle.to_tensor(x, stop_gradient=False)
    (g,) = paddle.grad([fn(t).sum()], [t])
    return g.numpy()


U = np.array([[2., 1., 0.5], [0., 3., 1.], [0., 0., 4.]])
L = U.T.copy()
B = np.array([[1., 2.], [3., 4.], [5., 6.]])
W = np.array([[3., 1., 2.], [2., 4., 1.], [1., 2., 5.], [0., 1., 1.]])
TAU = paddle.to_tensor([1.2, 0.5, 1.1], dtype="float64")


@pytest.mark.parametrize("name, fn, x", [
    ("triangular_solve_x", lambda x: paddle.linalg.triangular_solve(x, paddle.to_tensor(B)), U),
    ("cholesky_solve", lambda b: paddle.linalg.cholesky_solve(b, paddle.to_tensor(L)), B),
    ("householder_product", lambda x: paddle.linalg.householder_product(x, TAU), W),
    ("multi_dot", lambda x: paddle.linalg.multi_dot([x, paddle.to_tensor(B)]), U),
    ("lstsq", lambda y: paddle.linalg.lstsq(paddle.to_tensor(W), y, driver="gelsd")[0],
     np.arange(8.).reshape(4, 2)),
])
def test_gradients_paddle_cannot_compute_match_finite_differences(name, fn, x):
    def value(a):
        return float(fn(paddle.to_tensor(a)).sum().numpy())
    np.testing.assert_allclose(_autograd(fn, x), _numeric_grad(value, x), rtol=1e-5, atol=1e-6)


def test_triangular_solve_with_mismatched_rows_is_an_error():
    with pytest.raises(ValueError, match=r"\(InvalidArgument\) The input X of TriangularSolveOp must "
                                         r"be batches of square matrices"):
        paddle.linalg.triangular_solve(paddle.to_tensor(U), paddle.to_tensor([[1.], [2.]], dtype="float64"))


def test_fp8_gemm_is_a_clear_not_implemented_error():
    with pytest.raises(NotImplementedError, match="fp8_fp8_half_gemm_fused .* use paddle.matmul"):
        paddle.linalg.fp8_fp8_half_gemm_fused(paddle.ones([2, 2]), paddle.ones([2, 2]))


def test_solvers_match_numpy_on_random_batches():
    rs = np.random.RandomState(0)
    a = rs.randn(2, 4, 4) + 4 * np.eye(4)
    b = rs.randn(2, 4, 3)
    lu, piv = paddle.linalg.lu(paddle.to_tensor(a))
    np.testing.assert_allclose(paddle.linalg.lu_solve(paddle.to_tensor(b), lu, piv).numpy(),
                               np.linalg.solve(a, b), rtol=1e-10)
    np.testing.assert_allclose(paddle.linalg.lu_solve(paddle.to_tensor(b), lu, piv, trans="T").numpy(),
                               np.linalg.solve(np.swapaxes(a, -1, -2), b), rtol=1e-10)
    p, l_, u = paddle.linalg.lu_unpack(lu, piv)
    np.testing.assert_allclose((p @ l_ @ u).numpy(), a, rtol=1e-10)
    sign, logdet = paddle.linalg.slogdet(paddle.to_tensor(a)).numpy()
    ref_sign, ref_logdet = np.linalg.slogdet(a)
    np.testing.assert_allclose(sign, ref_sign)
    np.testing.assert_allclose(logdet, ref_logdet, rtol=1e-10)
    np.testing.assert_allclose(paddle.linalg.matrix_exp(paddle.to_tensor(a[0] * 0.1)).numpy(),
                               _expm(a[0] * 0.1), rtol=1e-10)


def _expm(a, terms=40):
    out, term = np.eye(len(a)), np.eye(len(a))
    for k in range(1, terms):
        term = term @ a / k
        out = out + term
    return out


def test_static_mode_records_paddle_op_types():
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            a = static.data("a", [3, 3], "float64")
            b = static.data("b", [3, 2], "float64")
            lu, piv = paddle.linalg.lu(a)
            x = paddle.linalg.lu_solve(b, lu, piv)
            r = paddle.linalg.matrix_rank(a)
            s = paddle.linalg.slogdet(a)
            z = paddle.linalg.triangular_solve(a, b)
            e = paddle.linalg.eigvalsh(a)
        types = {op.type for op in main.global_block().ops}
        assert {"lu", "lu_solve", "matrix_rank", "slogdeterminant", "triangular_solve",
                "eigvalsh"} <= types
        av = np.array([[4., 1., 2.], [1., 3., 0.5], [2., 0.5, 5.]])
        bv = np.arange(6.).reshape(3, 2)
        ox, orank, os_, oz, oe = static.Executor().run(main, feed={"a": av, "b": bv},
                                                       fetch_list=[x, r, s, z, e])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(ox, np.linalg.solve(av, bv), rtol=1e-10)
    assert int(orank) == 3
    np.testing.assert_allclose(os_, np.linalg.slogdet(av), rtol=1e-10)
    np.testing.assert_allclose(oz, np.linalg.solve(np.triu(av), bv), rtol=1e-10)
    np.testing.assert_allclose(oe, np.linalg.eigvalsh(av), rtol=1e-10)


def test_tensor_methods_and_face():
    a = paddle.to_tensor([[4., 1.], [1., 3.]])
    np.testing.assert_allclose(a.cond().numpy(), np.linalg.cond(a.numpy()), rtol=1e-5)
    np.testing.assert_allclose(a.slogdet().numpy()[1], np.log(11.0), rtol=1e-6)
    assert not hasattr(a, 'matrix_exp')     # not a Tensor method in Paddle 3.3.1
    import paddle_compat.linalg as face
    assert all(callable(getattr(face, n)) for n in face.__all__)
