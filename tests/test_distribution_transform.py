"""paddle.distribution.transform (paddle_compat/_distribution/transform.py) against Paddle 3.3.1's
goldens (conformance/goldens/distribution.json, the `transform_` cases): forward, inverse, the
log-det-Jacobians, shapes, composition and error texts; plus round trips and finite differences."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._distribution_goldens import GOLDEN, params, replay

D = paddle.distribution

# Messages that print a class: paddle_compat's module path stands where Paddle's does.
CLASS_IN_MESSAGE = ("transform_chain_bad", "transform_stack_bad")
# paddle.stack's message for inputs of different rank is the op room's, not Paddle 3.3.1's.
STACK_RANK_MESSAGE = ("transform_stack_fldj", "transform_stack_ildj")


@pytest.mark.parametrize("name", params("transform_", exclude=CLASS_IN_MESSAGE + STACK_RANK_MESSAGE))
def test_golden(name):
    replay(name)


@pytest.mark.parametrize("name", CLASS_IN_MESSAGE)
def test_type_errors_print_paddle_compats_class_path(name):
    from conformance.record import record_distribution as record
    want = GOLDEN["cases"][name]["result"]
    got = record.run_case(paddle, GOLDEN["cases"][name]["expr"])
    assert got["type"] == want["type"] == "TypeError"
    assert got["message"] == want["message"].replace("paddle.distribution.transform",
                                                     "paddle_compat._distribution.transform")


@pytest.mark.parametrize("name", STACK_RANK_MESSAGE)
def test_stack_of_mismatched_jacobians_is_a_value_error(name):
    from conformance.record import record_distribution as record
    want = GOLDEN["cases"][name]["result"]
    got = record.run_case(paddle, GOLDEN["cases"][name]["expr"])
    assert got["type"] == want["type"] == "ValueError"
    assert got["message"].startswith("(InvalidArgument)")


X = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], dtype="float64")


@pytest.mark.parametrize("make", [
    lambda: D.AffineTransform(paddle.to_tensor(1.0, dtype="float64"), paddle.to_tensor(-3.0, dtype="float64")),
    lambda: D.ExpTransform(), lambda: D.SigmoidTransform(), lambda: D.TanhTransform(),
    lambda: D.ChainTransform([D.ExpTransform(), D.AffineTransform(paddle.to_tensor(0.5, dtype="float64"),
                                                                  paddle.to_tensor(2.0, dtype="float64"))]),
    lambda: D.StickBreakingTransform(),
    lambda: D.ReshapeTransform((3,), (3, 1)),
])
def test_inverse_undoes_forward(make):
    t = make()
    x = paddle.to_tensor(X)
    np.testing.assert_allclose(t.inverse(t.forward(x)).numpy(), X, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("make", [lambda: D.ExpTransform(), lambda: D.SigmoidTransform(),
                                  lambda: D.TanhTransform(),
                                  lambda: D.PowerTransform(paddle.to_tensor(3.0, dtype="float64"))])
def test_forward_log_det_jacobian_is_the_log_derivative(make):
    t = make()
    x = np.abs(X).reshape(-1) + 0.1
    h = 1e-6
    num = (t.forward(paddle.to_tensor(x + h)).numpy() - t.forward(paddle.to_tensor(x - h)).numpy()) / (2 * h)
    np.testing.assert_allclose(t.forward_log_det_jacobian(paddle.to_tensor(x)).numpy(), np.log(np.abs(num)),
                               rtol=1e-5)
    np.testing.assert_allclose(t.inverse_log_det_jacobian(t.forward(paddle.to_tensor(x))).numpy(),
                               -np.log(np.abs(num)), rtol=1e-5)


def test_softmax_and_stickbreaking_land_on_the_simplex():
    x = paddle.to_tensor(X)
    for t, k in ((D.SoftmaxTransform(), 3), (D.StickBreakingTransform(), 4)):
        y = t.forward(x).numpy()
        assert y.shape == (2, k)
        np.testing.assert_allclose(y.sum(-1), 1.0, rtol=1e-12)
        assert (y > 0).all()


def test_face_module_matches_paddles():
    from paddle_compat.distribution import transform
    assert sorted(transform.__all__) == sorted(
        ["Transform", "AbsTransform", "AffineTransform", "ChainTransform", "ExpTransform",
         "IndependentTransform", "PowerTransform", "ReshapeTransform", "SigmoidTransform",
         "SoftmaxTransform", "StackTransform", "StickBreakingTransform", "TanhTransform"])
    assert transform.ExpTransform is D.ExpTransform
