"""paddle_compat/_nn/functional/sdpa.py: scaled_dot_product_attention against goldens recorded from
real Paddle 3.3.1 (the `sdpa_*` cases of conformance/goldens/nn_transformer.json): plain, boolean and
float masks, causal, grouped-query heads with a scale, 3-D inputs, gradients and the GQA error."""
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from conformance.golden_replay import check_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                       "nn_transformer.json")
CASES = {k: v for k, v in json.load(open(_GOLDEN))["cases"].items()
         if k.startswith(("sdpa_", "err_sdpa"))}


@pytest.mark.parametrize("name", sorted(CASES))
def test_sdpa_case_matches_paddle(name):
    check_case(paddle, CASES[name])


def test_sdpa_matches_the_softmax_formula():
    rng = np.random.RandomState(0)
    q, k, v = (rng.randn(1, 3, 2, 4).astype("float32") for _ in range(3))
    out = paddle.nn.functional.scaled_dot_product_attention(
        paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v)).numpy()
    qh, kh, vh = (a.transpose(0, 2, 1, 3) for a in (q, k, v))
    s = qh @ kh.transpose(0, 1, 3, 2) / 2.0
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    np.testing.assert_allclose(out, (p @ vh).transpose(0, 2, 1, 3), rtol=1e-5, atol=1e-6)
