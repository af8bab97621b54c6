"""paddle.flops (paddle_compat/_hapi/dynamic_flops.py): counts and tables recorded from Paddle
3.3.1 (with its numpy>=2.3 crash in the table code worked around at recording, see the recorder)."""
import pytest

import paddle_compat as paddle
from paddle_compat._hapi.dynamic_flops import _type_repr
from tests._hapi_goldens import params, replay


@pytest.mark.parametrize("name,src", params("dynamic_flops"))
def test_matches_paddle(name, src):
    replay(name, src)


def test_type_repr_uses_paddle_paths():
    assert _type_repr(paddle.nn.Conv2D) == "<class 'paddle.nn.layer.conv.Conv2D'>"
    assert _type_repr(paddle.nn.Sequential) == "<class 'paddle.nn.layer.container.Sequential'>"

    class Mine(paddle.nn.Layer):
        pass
    assert _type_repr(Mine) == str(Mine)


def test_buffers_and_hooks_cleaned_up(capsys):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())
    assert paddle.flops(net, [2, 4]) == 24
    assert all(not l._buffers and not l._forward_post_hooks for l in net.sublayers())
    assert capsys.readouterr().out.endswith("Total Flops: 24     Total Params: 15\n")
