"""paddle.sparse.nn.functional convolutions (paddle_compat/_sparse/nn/functional/conv.py) against
Paddle 3.3.1's goldens, and against torch's dense convolution (values, the input's gradient, the
cases Paddle 3.3.1 cannot run on CPU)."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

F = paddle.sparse.nn.functional


@pytest.mark.parametrize("case", case_ids("conv_"))
def test_golden(case):
    check(case)


def _sparse_input(shape, density, seed):
    rng = np.random.RandomState(seed)
    d = rng.randn(*shape).astype("float32")
    d *= (rng.rand(*shape[:-1]) < density)[..., None]
    return d


def _dense_conv(d, w, stride, padding, dims):
    x = torch.from_numpy(d).movedim(-1, 1)
    k = torch.from_numpy(w).permute(dims + 1, dims, *range(dims))
    conv = torch.nn.functional.conv3d if dims == 3 else torch.nn.functional.conv2d
    return conv(x, k, stride=stride, padding=padding).movedim(1, -1).numpy()


@pytest.mark.parametrize("stride,padding", [(1, 0), (1, 1), (2, 1)])
def test_conv3d_equals_dense_conv_where_stored(stride, padding):
    d = _sparse_input([2, 4, 5, 4, 3], 0.3, 0)
    w = np.random.RandomState(1).randn(3, 3, 3, 3, 2).astype("float32")
    out = F.conv3d(paddle.to_tensor(d).to_sparse_coo(4), paddle.to_tensor(w), stride=stride,
                   padding=padding)
    np.testing.assert_allclose(out.to_dense().numpy(), _dense_conv(d, w, stride, padding, 3),
                               rtol=1e-5, atol=1e-5)


def test_subm_conv2d_equals_dense_conv_at_the_input_positions_with_gradients():
    d = _sparse_input([1, 5, 6, 2], 0.4, 2)
    w = np.random.RandomState(3).randn(3, 3, 2, 4).astype("float32")
    x = paddle.to_tensor(d).to_sparse_coo(3)
    x.stop_gradient = False
    wt = paddle.to_tensor(w, stop_gradient=False)
    out = F.subm_conv2d(x, wt)
    mask = (np.abs(d).sum(-1) != 0)[..., None]
    ref = _dense_conv(d, w, 1, 1, 2) * mask
    np.testing.assert_allclose(out.to_dense().numpy(), ref, rtol=1e-5, atol=1e-5)
    out.backward()
    dx = torch.from_numpy(d).requires_grad_()
    dw = torch.from_numpy(w).requires_grad_()
    y = torch.nn.functional.conv2d(dx.movedim(-1, 1), dw.permute(3, 2, 0, 1), padding=1)
    (y.movedim(1, -1) * torch.from_numpy(mask.astype("float32"))).sum().backward()
    np.testing.assert_allclose(wt.grad.numpy(), dw.grad.numpy(), rtol=1e-4, atol=1e-4)
    got = x.grad.to_dense().numpy()
    np.testing.assert_allclose(got, dx.grad.numpy() * mask, rtol=1e-4, atol=1e-4)


def test_igemm_variants_compute_the_subm_values():
    d = _sparse_input([1, 3, 3, 3, 2], 0.5, 4)
    w = paddle.to_tensor(np.random.RandomState(5).randn(3, 3, 3, 2, 3).astype("float32"))
    x = paddle.to_tensor(d).to_sparse_coo(4)
    np.testing.assert_allclose(F.subm_conv3d_igemm(x, w).to_dense().numpy(),
                               F.subm_conv3d(x, w).to_dense().numpy())


def test_bad_weight_and_dense_input_errors():
    x = paddle.to_tensor(_sparse_input([1, 3, 3, 3, 2], 0.5, 6)).to_sparse_coo(4)
    with pytest.raises(ValueError, match="in_channels"):
        F.conv3d(x, paddle.ones([3, 3, 3, 4, 1]))
    with pytest.raises(NotImplementedError, match=r"kernel of \(conv3d\)"):
        F.conv3d(paddle.ones([1, 3, 3, 3, 2]), paddle.ones([3, 3, 3, 2, 1]))
    with pytest.raises(ValueError, match="groups=1"):
        F.conv3d(x, paddle.ones([3, 3, 3, 2, 1]), groups=2)
