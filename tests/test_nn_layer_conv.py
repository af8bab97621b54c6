"""paddle_compat/_nn/layer/conv.py: Conv3D and Conv1D/2D/3DTranspose against goldens recorded from
real Paddle 3.3.1 (seeded initial weights bit for bit — Normal for Conv3D, Xavier for the transposed
layers —, forward and gradients, forward(output_size), repr, the torch-style Conv1d/2d/3d names)."""
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check


@pytest.mark.parametrize("name", cases("layer_conv"))
def test_conv_layer_case_matches_paddle(name):
    check(paddle, name)


def test_transposed_layer_weight_layout_and_state_dict():
    m = paddle.nn.Conv2DTranspose(4, 6, [3, 2], groups=2)
    assert m.weight.shape == [4, 3, 3, 2] and m.bias.shape == [6]
    assert list(m.state_dict()) == ["weight", "bias"]
    assert paddle.nn.Conv3DTranspose(2, 2, 2, bias_attr=False).bias is None
