"""paddle.summary / Model.summary (paddle_compat/_hapi/model_summary.py): tables and returned
dicts recorded from Paddle 3.3.1."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._hapi_goldens import params, replay


@pytest.mark.parametrize("name,src", params("model_summary"))
def test_matches_paddle(name, src):
    replay(name, src)


def test_returns_numpy_ints_like_paddle(capsys):
    info = paddle.summary(paddle.nn.Linear(3, 2), (1, 3))
    assert info == {"total_params": 8, "trainable_params": 8}
    assert isinstance(info["total_params"], np.integer)
    assert "Total params: 8" in capsys.readouterr().out


def test_hooks_removed_after_error():
    net = paddle.nn.Linear(3, 2)
    with pytest.raises(ValueError):
        paddle.summary(net, (1, 4))
    assert not net._forward_post_hooks
