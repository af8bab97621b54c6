"""paddle.nn.functional.moe_permute (paddle_compat/_nn/functional/moe_permute.py): Paddle 3.3.1 runs
it only on GPU; checked against a numpy loop written from its CUDA kernel (moe_permute_kernel.cu)."""
import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.nn.functional as F

T = paddle.to_tensor


def _permute_ref(x, route, probs, E, counts, align, scale=None):
    padded = [(c + align - 1) // align * align for c in counts]
    offsets = [sum(padded[:e]) for e in range(E)]
    n = sum(padded)
    out = np.zeros((n, x.shape[1]), dtype=x.dtype)
    rowmap = -np.ones((x.shape[0], E), dtype=np.int64)
    prob = np.zeros(n, dtype=np.float32)
    idx = -np.ones(n, dtype=np.int64)
    sc = None if scale is None else np.zeros((n, scale.shape[1]), dtype=scale.dtype)
    filled = [0] * E
    for s in range(x.shape[0]):
        for e in range(E):
            cols = [j for j in range(route.shape[1]) if route[s, j] == e]
            if not cols:
                continue
            row = offsets[e] + filled[e]
            filled[e] += 1
            rowmap[s, e] = row
            out[row] = x[s]
            prob[row] = probs[s, cols[0]]
            idx[row] = e
            if sc is not None:
                sc[row] = scale[s]
    return out, rowmap, prob, idx, sc


ROUTE = np.array([[0, 2], [1, -1], [2, 0], [-1, 1], [0, 1]], dtype="int32")
PROBS = np.array([[0.7, 0.3], [1.0, 0.0], [0.6, 0.4], [0.0, 1.0], [0.5, 0.5]], dtype="float32")


@pytest.mark.parametrize("align", [1, 2, 4])
def test_moe_permute_layout(align):
    x = np.arange(5 * 4, dtype="float32").reshape(5, 4)
    counts = [3, 3, 2]
    hu, rm, tp, su, ei = F.moe_permute(T(x).astype("bfloat16"), None, T(ROUTE), T(PROBS), 3,
                                       counts, align, return_expert_indices=True)
    w_out, w_rm, w_p, w_idx, _ = _permute_ref(x, ROUTE, PROBS, 3, counts, align)
    np.testing.assert_array_equal(hu.astype("float32").numpy(), w_out)
    assert rm.numpy().tolist() == w_rm.tolist() and ei.numpy().tolist() == w_idx.tolist()
    np.testing.assert_array_equal(tp.numpy(), w_p)
    assert (str(hu.dtype), str(rm.dtype), str(tp.dtype), str(ei.dtype)) == (
        "paddle.bfloat16", "paddle.int32", "paddle.float32", "paddle.int32")
    assert list(su.shape) == [0]


def test_moe_permute_float8_with_scale_and_gradient():
    x = np.linspace(-2, 2, 5 * 4, dtype="float32").reshape(5, 4)
    scale = np.arange(10, dtype="float32").reshape(5, 2)
    x8 = T(x).astype(paddle.float8_e4m3fn)
    hu, rm, tp, su = F.moe_permute(x8, T(scale), T(ROUTE), T(PROBS), 3, [3, 3, 2], 2)
    w_out, _, _, _, w_sc = _permute_ref(x8.astype("float32").numpy(), ROUTE, PROBS, 3,
                                        [3, 3, 2], 2, scale)
    assert hu.dtype == paddle.float8_e4m3fn
    np.testing.assert_array_equal(hu.astype("float32").numpy(), w_out)
    np.testing.assert_array_equal(su.numpy(), w_sc)
    xb = T(x).astype("bfloat16")
    xb.stop_gradient = False
    hu, rm, tp, su = F.moe_permute(xb, None, T(ROUTE), T(PROBS), 3, [3, 3, 2], 1)
    hu.astype("float32").sum().backward()
    routed = [(ROUTE[s] >= 0).sum() for s in range(5)]
    assert xb.grad.astype("float32").numpy()[:, 0].tolist() == routed


def test_moe_permute_checks():
    x = T(np.zeros((5, 4), dtype="float32")).astype("bfloat16")
    with pytest.raises(ValueError, match="does not match the routing"):
        F.moe_permute(x, None, T(ROUTE), T(PROBS), 3, [3, 3, 1], 1)
    with pytest.raises(ValueError, match="routed to the same expert twice"):
        F.moe_permute(x, None, T(np.array([[0, 0]] * 5, dtype="int32")), T(PROBS), 3,
                      [5, 0, 0], 1)
    with pytest.raises(ValueError, match="must lie in"):
        F.moe_permute(x, None, T(ROUTE + 1), T(PROBS), 3, [3, 3, 2], 1)
    with pytest.raises(ValueError, match="must be of dtype bfloat16, float8_e4m3fn"):
        F.moe_permute(T(np.zeros((5, 4), dtype="float32")), None, T(ROUTE), T(PROBS), 3,
                      [3, 3, 2], 1)
    hu = F.moe_permute(x, None, T(ROUTE), T(PROBS), 3, [3, 3, 2], 1,
                       override_buffer_size=10)[0]
    assert list(hu.shape) == [10, 4]
