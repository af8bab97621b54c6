"""paddle.sparse.nn Conv2D/Conv3D/SubmConv2D/SubmConv3D layers (paddle_compat/_sparse/nn/layer/
conv.py): shapes, reprs and the default initialiser are in the goldens (conv_layer_*); here the
layers against their functional form and one training step."""
import numpy as np
import pytest

import paddle_compat as paddle

nn = paddle.sparse.nn
F = paddle.sparse.nn.functional


def _x():
    d = np.zeros((1, 4, 4, 4, 2), "float32")
    d[0, 1, 2, 3] = [1.0, -1.0]
    d[0, 2, 2, 2] = [0.5, 2.0]
    d[0, 3, 0, 1] = [-1.5, 0.25]
    return paddle.to_tensor(d).to_sparse_coo(4)


@pytest.mark.parametrize("cls,fn,kw", [(nn.SubmConv3D, F.subm_conv3d, {}),
                                       (nn.Conv3D, F.conv3d, {"padding": 1, "stride": 2})])
def test_layer_equals_functional(cls, fn, kw):
    paddle.seed(0)
    layer = cls(2, 3, 3, **kw)
    x = _x()
    ref = fn(x, layer.weight, layer.bias, **kw)
    out = layer(x)
    np.testing.assert_allclose(out.to_dense().numpy(), ref.to_dense().numpy())


def test_one_training_step_changes_the_weights():
    paddle.seed(1)
    model = paddle.nn.Sequential(nn.SubmConv3D(2, 4, 3), nn.ReLU(), nn.SubmConv3D(4, 1, 1))
    opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
    before = model[0].weight.numpy().copy()
    loss = model(_x()).values().sum()
    loss.backward()
    opt.step()
    assert not np.allclose(before, model[0].weight.numpy())


def test_layer_argument_checks():
    with pytest.raises(ValueError, match="padding_mode='zeros'"):
        nn.Conv3D(2, 3, 3, padding_mode="reflect")
    with pytest.raises(ValueError, match="data_format must be one of"):
        nn.Conv2D(2, 3, 3, data_format="NCHW")
    with pytest.raises(ValueError, match="'backend' in Conv3D"):
        nn.SubmConv3D(2, 3, 3, backend="cudnn")
