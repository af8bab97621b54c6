"""paddle.incubate.LookAhead, ModelAverage, optimizer.LBFGS and optimizer.functional
minimize_bfgs / minimize_lbfgs (paddle_compat/_incubate/optimizer/) against Paddle 3.3.1's goldens
(conformance/goldens/incubate.json): the parameters after each step (and, for ModelAverage, inside
and after apply()), the state_dict names and values, the minimizers' full results (convergence
flag, evaluation count, position, value, gradient, inverse Hessian), and Paddle's argument
errors."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._incubate_goldens import cases, check

OPTIMIZER_CASES = cases("lookahead", "modelaverage", "lbfgs", "minimize_")


@pytest.mark.parametrize("case", OPTIMIZER_CASES)
def test_golden(case):
    check(case)


def _net():
    lin = paddle.nn.Linear(2, 2)
    return lin, paddle.optimizer.SGD(0.1, parameters=lin.parameters())


def test_lookahead_state_dict_round_trip():
    lin, sgd = _net()
    la = paddle.incubate.LookAhead(sgd, alpha=0.5, k=2)
    x = paddle.to_tensor([[1.0, 2.0]])
    for _ in range(3):
        lin(x).sum().backward()
        la.step()
        la.clear_grad()
    saved = {k: v.numpy().copy() for k, v in la.state_dict().items()}
    la2 = paddle.incubate.LookAhead(paddle.optimizer.SGD(0.1, parameters=lin.parameters()))
    la2.set_state_dict(la.state_dict())
    assert set(saved) and all(np.array_equal(saved[k], la.state_dict()[k].numpy()) for k in saved)


def test_modelaverage_restore_puts_the_trained_values_back():
    lin, sgd = _net()
    ma = paddle.incubate.ModelAverage(0.5, parameters=lin.parameters(), min_average_window=2,
                                      max_average_window=3)
    x = paddle.to_tensor([[1.0, 2.0]])
    for _ in range(3):
        lin(x).sum().backward()
        sgd.step()
        ma.step()
        sgd.clear_grad()
    trained = lin.weight.numpy().copy()
    with ma.apply(need_restore=False):
        pass
    assert not np.array_equal(lin.weight.numpy(), trained)
    ma.restore()
    assert np.array_equal(lin.weight.numpy(), trained)


def test_minimize_lbfgs_stops_where_paddle_would_loop_forever():
    def rosen(t):
        return paddle.sum(100 * (t[1:] - t[:-1] ** 2) ** 2 + (1 - t[:-1]) ** 2)
    x0 = paddle.to_tensor([-1.2, 1.0, 0.5], dtype="float64")
    with pytest.raises(RuntimeError, match="history_size=3"):
        paddle.incubate.optimizer.functional.minimize_lbfgs(rosen, x0, history_size=3,
                                                            max_iters=40, dtype="float64")
