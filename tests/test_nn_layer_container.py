"""paddle_compat/_nn/layer/container.py: ParameterDict against goldens recorded from real Paddle
3.3.1 (conformance/record/record_nn_conv.py: names, order, update from pairs, state-dict keys,
the pair-length error); the torch-style ModuleList/ModuleDict/Module names are the same classes."""
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
