"""paddle_compat/_nn/layer/pooling.py: the 3-D, adaptive, LP, unpooling and fractional pooling
layers against goldens recorded from real Paddle 3.3.1 (outputs, masks, reprs, torch-style names)."""
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check


@pytest.mark.parametrize("name", cases("layer_pooling"))
def test_pooling_layer_case_matches_paddle(name):
    check(paddle, name)


def test_unpool_layer_forward_output_size_overrides_with_paddles_warning():
    x = paddle.rand([1, 1, 4, 4])
    y, m = paddle.nn.MaxPool2D(2, return_mask=True)(x)
    with pytest.warns(UserWarning, match="overrides output_size"):
        out = paddle.nn.MaxUnPool2D(2, output_size=[4, 4])(y, m, output_size=[5, 5])
    assert out.shape == [1, 1, 5, 5]
