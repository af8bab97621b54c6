"""paddle_compat/_nn/functional/common.py against goldens recorded from real Paddle 3.3.1 (the part
conformance/record/record_nn_conv.py covers): pad's modes and pad-order rules, zeropad2d, unfold,
fold, bilinear, the dropout variants (masks equal Paddle's for a seed), interpolate's align_mode=1
and antialias, embedding's max_norm and scale_grad_by_freq; plus static-mode recording."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


@pytest.mark.parametrize("name", cases("common"))
def test_common_case_matches_paddle(name):
    check(paddle, name)


def test_fold_inverts_unfold_on_disjoint_blocks():
    x = paddle.to_tensor(np.random.RandomState(0).rand(2, 3, 4, 6).astype("float32"))
    cols = F.unfold(x, [2, 3], strides=[2, 3])
    assert cols.shape == [2, 18, 4]
    np.testing.assert_allclose(F.fold(cols, [4, 6], [2, 3], strides=[2, 3]).numpy(), x.numpy())


def test_new_common_functions_record_in_static_mode():
    x_np = np.random.RandomState(0).rand(1, 2, 4, 4).astype("float32")
    want = [F.unfold(paddle.to_tensor(x_np), 2).numpy(),
            F.interpolate(paddle.to_tensor(x_np), size=[6, 5], mode="bilinear",
                          align_mode=1).numpy()]
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 2, 4, 4], "float32")
            outs = [F.unfold(x, 2), F.interpolate(x, size=[6, 5], mode="bilinear", align_mode=1)]
        assert [op.type for op in main.global_block().ops] == ["unfold", "interp_v2"]
        got = paddle.static.Executor().run(main, feed={"x": x_np}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, rtol=1e-6)
