"""paddle_compat/_nn/layer/vision.py: PixelShuffle, PixelUnshuffle, ChannelShuffle against goldens
recorded from real Paddle 3.3.1 (outputs, gradients, reprs, constructor errors)."""
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check


@pytest.mark.parametrize("name", cases("layer_vision"))
def test_vision_layer_case_matches_paddle(name):
    check(paddle, name)


def test_constructor_checks():
    with pytest.raises(TypeError, match="upscale factor must be int type"):
        paddle.nn.PixelShuffle(2.0)
    with pytest.raises(ValueError, match="Downscale factor must be positive"):
        paddle.nn.PixelUnshuffle(0)
