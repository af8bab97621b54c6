"""paddle_compat/_nn/functional/conv.py: conv3d and the transposed convolutions against goldens
recorded from real Paddle 3.3.1 (conformance/record/record_nn_conv.py: forward, gradients, 'SAME'
and asymmetric padding, output_size/output_padding, groups/dilation, channel-last, error classes and
messages), plus torch's own transposed convolution and static-mode recording."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


@pytest.mark.parametrize("name", cases("conv"))
def test_conv_case_matches_paddle(name):
    check(paddle, name)


def _t(*shape, seed=0):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(-1, 1, shape).astype("float32"))


@pytest.mark.parametrize("kw", [dict(stride=2, padding=1, output_padding=1),
                                dict(stride=3, padding=[2, 0], dilation=2, groups=2),
                                dict(stride=2, padding=[1, 0, 0, 2])])
def test_conv2d_transpose_is_the_gradient_of_conv2d(kw):
    """A transposed convolution is the adjoint of the convolution with the same weight: checked
    through torch's autograd of conv2d on the cropped (Paddle-padded) input."""
    x, w = _t(1, 4, 3, 4), _t(4, 3, 3, 2, seed=1)
    out = F.conv2d_transpose(x, w, **kw)
    groups = kw.get("groups", 1)
    pads = kw["padding"] if isinstance(kw["padding"], list) else [kw["padding"]] * 2
    if len(pads) == 2:                       # [h, w] -> [top, bottom, left, right]
        pads = [pads[0], pads[0], pads[1], pads[1]]
    inp = torch.zeros(out.shape, requires_grad=True)
    stride, dil = kw["stride"], kw.get("dilation", 1)
    padded = torch.nn.functional.pad(inp, [pads[2], pads[3], pads[0], pads[1]])
    y = torch.nn.functional.conv2d(padded, torch.from_numpy(w.numpy()), stride=stride,
                                   dilation=dil, groups=groups)
    y = y[:, :, :x.shape[2], :x.shape[3]]
    (y * torch.from_numpy(x.numpy())).sum().backward()
    np.testing.assert_allclose(out.numpy(), inp.grad.numpy(), rtol=1e-5, atol=1e-5)


def test_conv_transpose_and_conv3d_record_one_op_in_static_mode():
    x_np = np.random.RandomState(0).rand(1, 2, 3, 3, 3).astype("float32")
    w_np = np.random.RandomState(1).rand(2, 3, 2, 2, 2).astype("float32")
    want = [F.conv3d_transpose(paddle.to_tensor(x_np), paddle.to_tensor(w_np), stride=2).numpy(),
            F.conv3d(paddle.to_tensor(x_np), paddle.to_tensor(w_np.transpose(1, 0, 2, 3, 4))
                     ).numpy()]
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 2, 3, 3, 3], "float32")
            w = paddle.static.data("w", [2, 3, 2, 2, 2], "float32")
            wt = paddle.static.data("wt", [3, 2, 2, 2, 2], "float32")
            a = F.conv3d_transpose(x, w, stride=2)
            b = F.conv3d(x, wt)
        # conv3d records Paddle's conv3d (conv3d_transpose still records conv2d_transpose)
        assert [op.type for op in main.global_block().ops] == ["conv2d_transpose", "conv3d"]
        assert list(a.shape) == [1, 3, 6, 6, 6]
        got = paddle.static.Executor().run(
            main, feed={"x": x_np, "w": w_np, "wt": w_np.transpose(1, 0, 2, 3, 4).copy()},
            fetch_list=[a, b])
    finally:
        paddle.disable_static()
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)
