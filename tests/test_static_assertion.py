"""paddle.static.nn.control_flow.Assert (paddle_compat/_static/assertion.py) against Paddle
3.3.1: nothing happens while the condition holds; when it fails the data is printed (Print's text)
and the run raises Paddle's ValueError. Its PIR printing (pd_op.assert over a builtin.combine) is
in conformance/goldens/pir.json (ops_catalog_3's gaussian_nll_loss, tests/test_pir_printer.py)."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat.static.nn.control_flow import Assert


def _program(summarize=6):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [2, 3], "float32")
        cond = paddle.all(x > 0)
        op = Assert(cond, [x], summarize)
        y = x * 2
    return main, y, op


@pytest.fixture
def static():
    paddle.enable_static()
    yield
    paddle.disable_static()


def test_assert_passes_and_fails(static, capfd):
    main, y, op = _program()
    assert op is not None and op.type == "assert"      # the Operator (legacy face: conftest)
    exe = paddle.static.Executor()
    got = exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[y])[0]
    np.testing.assert_allclose(got, np.full((2, 3), 2.0))
    assert capfd.readouterr().out == ""
    with pytest.raises(ValueError, match=r"InvalidArgumentError: The condition variable "
                                         r"'all_0.tmp_0' of AssertOp must be true, but received "
                                         r"false\."):
        exe.run(main, feed={"x": -np.ones((2, 3), "float32")}, fetch_list=[y])
    assert capfd.readouterr().out == (
        "Variable: x\n  - lod: {}\n  - place: Place(cpu)\n  - shape: [2, 3]\n"
        "  - layout: NCHW\n  - dtype: float32\n"
        "  - data: [-1.000000 -1.000000 -1.000000 -1.000000 -1.000000 -1.000000]\n")


def test_assert_checks_its_arguments(static):
    # a program of its own: the default one is shared with the tests that follow
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        x = paddle.static.data("x", [2], "float32")
        with pytest.raises(TypeError, match=r"The data type of 'cond' in "
                                            r"static.nn.control_flow.Assert must be \['bool'\]"):
            Assert(x)
        with pytest.raises(TypeError, match=r"The type of 'summarize' in "
                                            r"static.nn.control_flow.Assert must be <class "
                                            r"'int'>"):
            Assert(paddle.all(x > 0), [x], 1.5)


def test_assert_is_static_only():
    with pytest.raises(AssertionError, match=r"'Assert\(\)' is only supported in static graph"):
        Assert(paddle.to_tensor(True))
