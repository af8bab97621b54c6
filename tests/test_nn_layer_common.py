"""paddle_compat/_nn/layer/common.py: the padding layers, Bilinear (seeded Xavier weight bit for
bit), Unflatten, UpsamplingNearest2D/Bilinear2D, Fold/Unfold, AlphaDropout/FeatureAlphaDropout,
Dropout2D/3D against goldens recorded from real Paddle 3.3.1 (outputs, reprs, the torch-style
names)."""
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check


@pytest.mark.parametrize("name", cases("layer_common"))
def test_common_layer_case_matches_paddle(name):
    check(paddle, name)


def test_dropout_layers_are_the_identity_in_eval():
    x = paddle.rand([2, 3, 2, 2])
    for layer in (paddle.nn.Dropout2D(0.9), paddle.nn.AlphaDropout(0.9),
                  paddle.nn.FeatureAlphaDropout(0.9)):
        layer.eval()
        assert (layer(x).numpy() == x.numpy()).all()
