"""The PIR Operation / Value view of a recorded Program (paddle_compat/_static/pir_ops.py) against
Paddle 3.3.1's (conformance/goldens/pir.json), and the rule that keeps paddle_compat's own passes
on the recorded IR whichever face a script sees."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE
from paddle_compat._static.ir import Operator
from tests import _pir_goldens as G

CASES = ["value_api", "value_errors"]

DIFFERENCES = {
    ("value_api", "value_type"): "one recorded IR, two faces: a value is a paddle.static.Variable "
                                 "whose class is named Variable, not Paddle's pir.Value",
}


@pytest.mark.parametrize("case,key", G.params(CASES, DIFFERENCES))
def test_pir_golden(case, key):
    G.check(case, key)


@pytest.fixture()
def pir_static():
    old = STATE.static, STATE.pir
    paddle.enable_static()
    STATE.pir = True
    yield
    STATE.static, STATE.pir = old


def _fc_program():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data('x', [None, 3], 'float32')
        y = paddle.static.nn.fc(x, 2)
        loss = paddle.mean(y)
    return main, startup, x, loss


def test_scripts_see_operations_passes_see_the_recorded_ops(pir_static):
    main, _, x, loss = _fc_program()
    ops = main.global_block().ops
    assert [op.name() for op in ops] == ["builtin.parameter", "builtin.parameter", "pd_op.data",
                                         "pd_op.matmul", "pd_op.add", "pd_op.full_int_array",
                                         "pd_op.mean"]
    # the recorded IR is untouched: paddle_compat's passes read Operators
    assert all(isinstance(op, Operator) for op in main.global_block()._ops)
    assert [op.type for op in main.global_block()._ops] == ["mul", "elementwise_add",
                                                           "reduce_mean"]
    mean = ops[-1]
    assert mean.operands_source()[0] is ops[4].results()[0]
    assert mean.results()[0] is loss
    assert loss.get_defining_op() is mean and loss.index() == 0
    assert mean.get_parent_block() is main.global_block()
    assert "op_callstack" in mean.attrs() and mean.attrs()["keepdim"] is False


def test_value_name_rules(pir_static):
    main, startup, x, loss = _fc_program()
    assert x.name == "x"
    with pytest.raises(ValueError, match="we can only get name of Value from DataOp"):
        loss.name
    # paddle_compat's executor still fetches it (by its recorded name, internally)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        out, = exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[loss])
    assert out.shape == ()


def test_the_view_follows_program_changes(pir_static):
    main, _, x, loss = _fc_program()
    before = str(main)
    assert "stop_gradient:[true]} : () -> tensor<-1x3xf32>" in before
    x.stop_gradient = False
    after = str(main)
    assert "stop_gradient:[false]} : () -> tensor<-1x3xf32>" in after


def test_legacy_face_is_unchanged():
    old = STATE.static, STATE.pir
    try:
        paddle.enable_static()
        STATE.pir = False
        main, _, x, loss = _fc_program()
        assert str(x).startswith("var x : DENSE_TENSOR")
        assert str(main).startswith("{ // block_idx:0")
        assert [op.type for op in main.global_block().ops] == ["mul", "elementwise_add",
                                                               "reduce_mean"]
        assert loss.name == "mean_0.tmp_0"
    finally:
        STATE.static, STATE.pir = old


def test_clip_without_bounds_shows_paddles_float32_limits(pir_static):
    """paddle.clip(x) with no min/max: PIR's two `full` operands hold -FLT_MAX and FLT_MAX, as
    Paddle 3.3.1 prints them (the view used to fail on the open bound)."""
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        paddle.clip(paddle.static.data("x", [2, 3], "float32"))
    ops = main.global_block().ops
    assert [op.name() for op in ops] == ["pd_op.data", "pd_op.full", "pd_op.full", "pd_op.clip"]
    assert "value:-3.40282e+38" in str(main) and "value:3.40282e+38" in str(main)


def test_while_gradient_view_leaves_the_recorded_while_grad(pir_static):
    """PIR shows a while_loop's gradient as stack pushes + a backward pd_op.while; the recorded IR
    keeps its one while_grad op (and grad sub-block), which the Executor's gradient group runs."""
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        x.stop_gradient = False
        i = paddle.full([1], 0, "int64")
        _, y = paddle.static.nn.while_loop(lambda i, y: i < 3, lambda i, y: [i + 1, y * 2], [i, x])
        g, = paddle.static.gradients([paddle.mean(y)], [x])
    names = [op.name() for op in main.global_block().ops]
    assert names[0] == "cf.stack_create" and names.count("pd_op.while") == 2
    assert "pd_op.while_grad" not in names
    assert [op.type for op in main.global_block()._ops].count("while_grad") == 1
    back = g.get_defining_op()
    assert back.name() == "pd_op.while" and back.operand_source(0).get_defining_op().name() == \
        "cf.has_elements"
    exe = paddle.static.Executor(paddle.CPUPlace())
    out, = exe.run(main, feed={"x": np.array([1.0, 2.0], "float32")}, fetch_list=[g])
    np.testing.assert_allclose(out, [4.0, 4.0])


def test_scale_gradient_reads_the_forward_factor(pir_static):
    """PIR's gradient of paddle.scale reuses the forward op's factor value (Paddle 3.3.1 prints
    `pd_op.scale (%grad, %1)` with %1 the forward's full), where the recorded grad op is a scale
    with its own attribute."""
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        x.stop_gradient = False
        g, = paddle.static.gradients([paddle.mean(x * 3.0)], [x])
    ops = main.global_block().ops
    fwd = next(op for op in ops if op.name() == "pd_op.scale")
    back = g.get_defining_op()
    assert back.name() == "pd_op.scale" and back is not fwd
    assert back.operand_source(1) is fwd.operand_source(1)
    assert [op.name() for op in ops].count("pd_op.full") == 2     # the factor and the seed
    out, = paddle.static.Executor().run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[g])
    np.testing.assert_allclose(out, [1.5, 1.5])
