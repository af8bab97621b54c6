"""paddle.nn.functional.moe_unpermute (paddle_compat/_nn/functional/moe_unpermute.py): Paddle
3.3.1 runs it only on GPU; checked against a numpy loop written from its CUDA kernel
(moe_unpermute_kernel.cu), and as the inverse of moe_permute."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
import paddle_compat.nn.functional as F

T = paddle.to_tensor
ROUTE = np.array([[0, 2], [1, -1], [2, 0], [-1, 1], [0, 1]], dtype="int32")
PROBS = np.array([[0.7, 0.3], [1.0, 0.0], [0.6, 0.4], [0.0, 1.0], [0.5, 0.5]], dtype="float32")


def _bf16(a):
    return torch.tensor(np.asarray(a, dtype="float32")).to(torch.bfloat16).float().numpy()


def _unpermute_ref(xu, rowmap, route, prob, mix, weighted):
    S, E = rowmap.shape
    out = np.zeros((S, xu.shape[1]), dtype=np.float32)
    for s in range(S):
        rows = [rowmap[s, e] for e in range(E) if rowmap[s, e] >= 0]
        acc = np.zeros(xu.shape[1], dtype=np.float32)
        for r in rows:
            term = xu[r] * prob[r] if weighted else xu[r]
            acc = (acc + term).astype(np.float32) if mix else _bf16(acc + term)
        out[s] = _bf16(acc)
    ptk = np.array([[prob[rowmap[s, e]] if e >= 0 else 0.0 for e in route[s]]
                    for s in range(S)], dtype=np.float32)
    return out, ptk


@pytest.mark.parametrize("mix", [True, False])
@pytest.mark.parametrize("weighted", [False, True])
def test_moe_unpermute_matches_the_kernel_loop(mix, weighted):
    rng = np.random.default_rng(0)
    x = _bf16(rng.standard_normal((5, 6)))
    hu, rm, tp, _ = F.moe_permute(T(x).astype("bfloat16"), None, T(ROUTE), T(PROBS), 3,
                                  [3, 3, 2], 2)
    zt, zp = F.moe_unpermute(hu, rm, T(ROUTE), tp, 5, 3, using_mix_precision=mix,
                             using_weighted_combine=weighted)
    w_out, w_p = _unpermute_ref(hu.astype("float32").numpy(), rm.numpy(), ROUTE, tp.numpy(),
                                mix, weighted)
    np.testing.assert_array_equal(zt.astype("float32").numpy(), w_out)
    np.testing.assert_array_equal(zp.numpy(), w_p)
    np.testing.assert_array_equal(zp.numpy(), PROBS * (ROUTE >= 0))
    if not weighted:       # each token back, times the number of experts it went to
        np.testing.assert_allclose(zt.astype("float32").numpy(),
                                   _bf16(x * (ROUTE >= 0).sum(1, keepdims=True)), rtol=1e-2)


def test_moe_unpermute_gradient_and_checks():
    x = T(np.ones((8, 3), dtype="float32")).astype("bfloat16")
    x.stop_gradient = False
    hu, rm, tp, _ = F.moe_permute(T(np.ones((5, 3), "float32")).astype("bfloat16"), None,
                                  T(ROUTE), T(PROBS), 3, [3, 3, 2], 1)
    zt, _ = F.moe_unpermute(x, rm, T(ROUTE), tp, 5, 3)
    zt.astype("float32").sum().backward()
    used = np.zeros(8)
    used[rm.numpy()[rm.numpy() >= 0]] = 1
    assert x.grad.astype("float32").numpy()[:, 0].tolist() == used.tolist()
    bad = rm.numpy().copy()
    bad[0, 0] = 40
    with pytest.raises(ValueError, match="outside hidden_states_unzipped"):
        F.moe_unpermute(x, T(bad), T(ROUTE), tp, 5, 3)
    bad = rm.numpy().copy()
    bad[0, 0] = -1
    with pytest.raises(ValueError, match="with no row"):
        F.moe_unpermute(x, T(bad), T(ROUTE), tp, 5, 3)
