"""Tests of paddle_compat/_optim/lr.py: schedules against Paddle's formulas."""
import numpy as np
import pytest

import paddle_compat as paddle


def test_one_cycle_and_cyclic_schedules():
    s = paddle.optimizer.lr.OneCycleLR(0.1, total_steps=10)
    vals = []
    for _ in range(10):
        vals.append(s())
        s.step()
    assert vals[0] == pytest.approx(0.004) and max(vals) == pytest.approx(0.1, rel=1e-3)
    assert vals[-1] == pytest.approx(0.0001)
    c = paddle.optimizer.lr.CyclicLR(0.01, 0.1, step_size_up=2)
    got = []
    for _ in range(5):
        got.append(c())
        c.step()
    np.testing.assert_allclose(got, [0.01, 0.055, 0.1, 0.055, 0.01])
    with pytest.raises(TypeError, match="'total_step' must be 'int'"):
        paddle.optimizer.lr.OneCycleLR(0.1, total_steps=3.0)
