"""paddle.nn.functional distances (paddle_compat/_nn/functional/distance.py): pdist, and the
nn.functional ops Paddle exports at the top level (paddle.conv2d ...), against Paddle 3.3.1's
recorded results (conformance/goldens/dtype.json, record_dtype.py) and a numpy formula."""
import itertools

import numpy as np
import pytest

import paddle_compat as paddle
from tests._tensor_api_goldens import Goldens

GOLDENS = Goldens("dtype")


@pytest.mark.parametrize("case", GOLDENS.cases("distance") + GOLDENS.cases("toplevel"))
def test_matches_paddle(case):
    GOLDENS.check(case)


@pytest.mark.parametrize("p", [1.0, 2.0, 3.0, float("inf")])
def test_pdist_is_the_upper_triangle_of_pairwise_norms(p):
    x = np.random.default_rng(0).standard_normal((5, 3))
    want = [np.linalg.norm(x[i] - x[j], ord=p) for i, j in itertools.combinations(range(5), 2)]
    got = paddle.pdist(paddle.to_tensor(x), p)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)


def test_pdist_in_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [3, 2], "float64")
            out = paddle.pdist(x)
        exe = paddle.static.Executor()
        (res,) = exe.run(main, feed={"x": np.array([[0., 0], [3, 4], [6, 8]])}, fetch_list=[out])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(res, [5.0, 10.0, 5.0])
