"""paddle_compat/_nn/layer/norm.py: GroupNorm, InstanceNorm1D/2D/3D, LocalResponseNorm,
SpectralNorm (seeded u/v bit for bit, Paddle's own gradient), BatchNorm3D and SyncBatchNorm
(convert_sync_batchnorm) against goldens recorded from real Paddle 3.3.1; SyncBatchNorm on one
process equals BatchNorm; across two processes (gloo) it normalises with the global batch."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

nn = paddle.nn


@pytest.mark.parametrize("name", cases("layer_norm"))
def test_norm_layer_case_matches_paddle(name):
    check(paddle, name)


def test_sync_batch_norm_on_one_process_is_batch_norm():
    x = paddle.to_tensor(np.random.RandomState(0).rand(4, 3, 2, 2).astype("float32"))
    s, b = nn.SyncBatchNorm(3), nn.BatchNorm2D(3)
    np.testing.assert_allclose(s(x).numpy(), b(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(s._variance.numpy(), b._variance.numpy(), rtol=1e-6)
    s.eval()
    b.eval()
    np.testing.assert_allclose(s(x).numpy(), b(x).numpy(), rtol=1e-6)


_WORKER = textwrap.dedent("""
    import os, sys
    import numpy as np
    import torch.distributed as dist
    sys.path.insert(0, os.environ["REPO"])
    import paddle_compat as paddle
    rank = int(sys.argv[1])
    dist.init_process_group("gloo", init_method="tcp://127.0.0.1:" + os.environ["PORT"],
                            rank=rank, world_size=2)
    full = np.random.RandomState(0).rand(4, 3, 2).astype("float32")
    x = paddle.to_tensor(full[2 * rank:2 * rank + 2], stop_gradient=False)
    m = paddle.nn.SyncBatchNorm(3)
    y = m(x)
    (y * y).sum().backward()
    mean, var = full.mean((0, 2)), full.var((0, 2))
    want = (full[2 * rank:2 * rank + 2] - mean[:, None]) / np.sqrt(var[:, None] + 1e-5)
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(m._mean.numpy(), 0.1 * mean, rtol=1e-4, atol=1e-6)
    assert x.grad is not None
    dist.destroy_process_group()
    print("ok", rank)
""")


def test_sync_batch_norm_uses_the_statistics_of_every_process(tmp_path):
    dist = pytest.importorskip("torch.distributed")
    if not dist.is_available():
        pytest.skip("torch.distributed is not available")
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = tmp_path / "worker.py"
    script.write_text(_WORKER)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, REPO=repo, PORT=str(port))
    procs = [subprocess.Popen([sys.executable, str(script), str(r)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for r in range(2)]
    outs = [p.communicate(timeout=240) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err[-2000:]
    assert sorted(o.strip() for o, _ in outs) == ["ok 0", "ok 1"]
