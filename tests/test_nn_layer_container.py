"""paddle_compat/_nn/layer/container.py: ParameterDict against goldens recorded from real Paddle
3.3.1 (conformance/record/record_nn_conv.py: names, order, update from pairs, state-dict keys,
the pair-length error); the torch-style ModuleList/ModuleDict/Module names are the same classes."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check


@pytest.mark.parametrize("name", cases("layer_container"))
def test_container_case_matches_paddle(name):
    check(paddle, name)


def test_torch_style_names_are_the_paddle_classes():
    nn = paddle.nn
    assert nn.Module is nn.Layer and nn.ModuleList is nn.LayerList and nn.ModuleDict is nn.LayerDict
    d = nn.ParameterDict({"w": paddle.create_parameter([2], "float32")})
    assert list(d) == ["w"] and d["w"].shape == [2]


def test_parameter_list_setitem_assigns_value_and_shape_to_the_same_parameter():
    """Paddle's ParameterList.__setitem__ is paddle.assign(param, self[idx]): the parameter object
    stays (optimizers keep it), its value and shape become the new one's (Paddle's docstring)."""
    params = paddle.nn.ParameterList([paddle.create_parameter([2, 2], "float32") for _ in range(2)])
    old = params[1]
    new = paddle.create_parameter([2, 3], "float32")
    params[1] = new
    assert params[1] is old and params[1].shape == [2, 3]
    np.testing.assert_array_equal(params[1].numpy(), new.numpy())
    y = paddle.matmul(paddle.ones([5, 2]), params[0]) @ params[1]
    y.sum().backward()
    assert params[1].grad.shape == [2, 3]
    same = paddle.create_parameter([2, 2], "float32")
    params[0] = same
    np.testing.assert_array_equal(params[0].numpy(), same.numpy())
