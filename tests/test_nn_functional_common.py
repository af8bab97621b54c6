"""paddle_compat/_nn/functional/common.py against goldens recorded from real Paddle 3.3.1 (the part
conformance/record/record_nn_conv.py covers): pad's modes and pad-order rules, zeropad2d, unfold,
fold, bilinear, the dropout variants (masks equal Paddle's for a seed), interpolate's align_mode=1
and antialias, embedding's max_norm and scale_grad_by_freq; plus static-mode recording. Also
class_center_sample against goldens recorded from Paddle 3.3.1 (conformance/goldens/
nn_functional.json, written by conformance/record/record_nn_functional.py), and its sampling rules
(Paddle draws its negatives from std::random_device, so only their properties are compared)."""
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from conformance.golden_replay import check_case
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

PREFIXES = ("class_center_",)


def test_class_center_sample_negatives_are_distinct_new_classes_and_repeat_under_a_seed():
    label = paddle.to_tensor([9, 2, 2, 30])
    paddle.seed(4)
    remapped, centers = F.class_center_sample(label, 40, 10)
    c = centers.numpy().tolist()
    assert c[:3] == [2, 9, 30] and len(set(c)) == 10 and all(0 <= v < 40 for v in c)
    assert remapped.numpy().tolist() == [1, 0, 0, 2]
    np.testing.assert_array_equal(np.array(c)[remapped.numpy()], label.numpy())
    paddle.seed(4)
    assert F.class_center_sample(label, 40, 10)[1].numpy().tolist() == c


def test_class_center_sample_refuses_a_multi_rank_group():
    class Group:
        nranks = 2

        def is_member(self):
            return True

    with pytest.raises(NotImplementedError, match="group=None"):
        F.class_center_sample(paddle.to_tensor([1]), 4, 2, group=Group())


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_functional.py) ------------
_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "nn_functional.json")
with open(_GOLDEN) as _f:
    _CASES = json.load(_f)["cases"]


@pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(PREFIXES)))
def test_functional_case_matches_paddle(name):
    check_case(paddle, _CASES[name])


def test_dropout_writes_positive_zeros_where_it_drops():
    """Paddle's dropout kernel writes a literal 0 where it drops (x * 0 would print -0. for a
    negative x); with an axis Paddle scales first (scale turns -0. into +0.), then masks."""
    x = paddle.to_tensor([-0.9, -0.2, -0.0, 0.0, 0.1, 0.8, -3.0])
    paddle.seed(1)
    out = paddle.nn.functional.dropout(x, 0.5).numpy()
    assert np.signbit(out).astype(int).tolist() == [0, 1, 1, 0, 0, 0, 1]     # Paddle 3.3.1
    np.testing.assert_allclose(out, [0, -0.4, 0, 0, 0, 1.6, -6.0], rtol=1e-6)
    paddle.seed(1)
    out = paddle.nn.functional.dropout(x, 0.5, mode="downscale_in_infer").numpy()
    assert np.signbit(out).astype(int).tolist() == [0, 1, 1, 0, 0, 0, 1]
    paddle.seed(1)
    out = paddle.nn.functional.dropout(x.reshape([1, 7]), 0.5, axis=1).numpy()
    assert np.signbit(out).astype(int).tolist() == [[1, 1, 0, 0, 0, 0, 1]]


def test_linear_takes_a_one_dimensional_weight_as_paddles_matmul_does():
    """An Assign initializer of shape [in] leaves Linear a 1-D weight; Paddle's linear is
    matmul + add, so [1, 2] @ [2] + [2] gives [6.] (Paddle's own Assign docstring example)."""
    w = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign([2, 2]))
    b = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign([2]))
    lin = paddle.nn.Linear(2, 2, weight_attr=w, bias_attr=b)
    assert lin.weight.shape == [2]
    np.testing.assert_array_equal(lin(paddle.ones([1, 2])).numpy(), [6.0])
    with pytest.raises(ValueError, match="K_lhs:3 != K_rhs:2"):
        paddle.nn.functional.linear(paddle.ones([1, 3]), lin.weight)
