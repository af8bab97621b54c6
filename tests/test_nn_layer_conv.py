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


def test_conv_pool_norm_layers_record_and_train_in_static_mode():
    """The new layers build their parameters and ops in a Program and train through the Executor
    (a network across the conv, norm, padding, pooling and vision rooms)."""
    import numpy as np
    nn = paddle.nn
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [2, 4, 4, 4], "float32")
            y = nn.Conv2DTranspose(4, 4, 3, stride=2, padding=1)(x)
            y = nn.InstanceNorm2D(4)(nn.GroupNorm(2, 4)(y))
            y = nn.PixelShuffle(2)(nn.MaxPool2D(3, 2)(nn.ReflectionPad2D(1)(y)))
            y3 = nn.AvgPool3D([1, 2, 2])(nn.Conv3D(1, 2, [1, 2, 2])(paddle.unsqueeze(y, 1)))
            w = paddle.static.create_parameter([4, 4, 3, 3], "float32")
            wn = nn.SpectralNorm([4, 4, 3, 3])(w)
            loss = paddle.mean(y3) + paddle.mean(wn)
            paddle.optimizer.SGD(0.1).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        for t in ("conv2d_transpose", "group_norm", "instance_norm", "pad3d", "pixel_shuffle",
                  "spectral_norm", "sgd"):
            assert t in types
        exe = paddle.static.Executor()
        exe.run(start)
        feed = {"x": np.random.RandomState(0).rand(2, 4, 4, 4).astype("float32")}
        first = exe.run(main, feed=feed, fetch_list=[y3, loss])
        second = exe.run(main, feed=feed, fetch_list=[loss])
    finally:
        paddle.disable_static()
    assert first[0].shape == (2, 2, 1, 3, 3)
    assert np.isfinite(first[1]) and second[0] != first[1]      # the SGD step changed the loss
