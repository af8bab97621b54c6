"""paddle.jit.save / paddle.jit.load on torch.export: files, a fresh process without the model class,
dynamic dimensions from InputSpec, gradients through the loaded layer, and the error cases."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.nn.functional as F
from paddle_compat.static import InputSpec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Head(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(5, 7)
        self.drop = paddle.nn.Dropout(0.5)
        self.fc2 = paddle.nn.Linear(7, 2)
        self.register_buffer("shift", paddle.to_tensor(np.full([2], 0.25, "float32")))

    def forward(self, x):
        return self.fc2(self.drop(F.relu(self.fc1(x)))) + self.shift


def _saved(tmp_path, spec=(None, 5)):
    paddle.seed(7)
    layer = Head()
    path = str(tmp_path / "model" / "head")
    paddle.jit.save(layer, path, input_spec=[InputSpec(list(spec), "float32", "x")])
    return layer, path


def test_files_and_format(tmp_path):
    layer, path = _saved(tmp_path)
    assert sorted(os.listdir(tmp_path / "model")) == ["head.json", "head.pt2"]
    meta = json.load(open(path + ".json"))
    assert meta["format"] == "paddle_compat.jit.v1"
    assert meta["input_spec"] == [{"shape": [-1, 5], "dtype": "float32", "name": "x",
                                   "stop_gradient": False}]
    assert [p["structured_name"] for p in meta["params"]] == \
        ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias", "shift"]
    assert layer.training   # jit.save traces in eval mode and restores the mode


def test_fresh_process_without_the_class_reproduces_outputs(tmp_path):
    layer, path = _saved(tmp_path)
    layer.eval()
    x = np.random.RandomState(0).randn(11, 5).astype("float32")
    want = layer(paddle.to_tensor(x)).numpy()
    np.save(tmp_path / "x.npy", x)
    code = (
        "import sys, numpy as np\n"
        "import paddle_compat as paddle\n"
        f"m = paddle.jit.load({path!r})\n"
        "assert 'Head' not in dir(sys.modules['__main__'])\n"
        f"x = np.load({str(tmp_path / 'x.npy')!r})\n"
        f"np.save({str(tmp_path / 'y.npy')!r}, m(paddle.to_tensor(x)).numpy())\n"
        "print(type(m).__name__, m.training)\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    res = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), env=env,
                         capture_output=True, text=True, timeout=240)
    assert res.returncode == 0, res.stderr[-3000:]
    assert res.stdout.split() == ["TranslatedLayer", "False"]
    np.testing.assert_allclose(np.load(tmp_path / "y.npy"), want, rtol=1e-6, atol=1e-6)


def test_dynamic_batch_and_gradients(tmp_path):
    layer, path = _saved(tmp_path)
    layer.eval()
    m = paddle.jit.load(path)
    for n in (1, 3, 40):
        x = paddle.to_tensor(np.random.RandomState(n).randn(n, 5).astype("float32"))
        np.testing.assert_allclose(m(x).numpy(), layer(x).numpy(), rtol=1e-6, atol=1e-6)
    x = paddle.to_tensor(np.ones([4, 5], "float32"), stop_gradient=False)
    (m(x) ** 2).sum().backward()
    (layer(x) ** 2).sum().backward()
    got = {p.name: p.grad.numpy() for p in m.parameters()}
    for p in layer.parameters():
        np.testing.assert_allclose(got[p.name], p.grad.numpy(), rtol=1e-5, atol=1e-6)
    opt = paddle.optimizer.SGD(0.5, parameters=m.parameters())
    before = m(x).numpy()
    opt.step()
    assert not np.allclose(m(x).numpy(), before)   # the update reaches the saved program


def test_fixed_spec_rejects_other_shapes(tmp_path):
    _, path = _saved(tmp_path, spec=(3, 5))
    m = paddle.jit.load(path)
    assert m(paddle.ones([3, 5])).shape == [3, 2]
    with pytest.raises(ValueError, match=r"TranslatedLayer\(.*head\): argument 'inputs\[0\]' "
                                         r"does not match input_spec\[0\].*received shape \[4, 5\]"):
        m(paddle.ones([4, 5]))
    with pytest.raises(ValueError, match="takes 1 inputs"):
        m()


def test_to_static_function_and_last_call_shapes(tmp_path):
    sf = paddle.jit.to_static(lambda x, y: paddle.matmul(x, y) * 2, backend="eager")
    a, b = paddle.ones([2, 3]), paddle.ones([3, 4])
    sf(a, b)                                  # no input_spec: the last call's shapes are used
    paddle.jit.save(sf, str(tmp_path / "f"))
    g = paddle.jit.load(str(tmp_path / "f"))
    np.testing.assert_allclose(g(a, b).numpy(), np.full([2, 4], 6.0))


def _saved_spec(path):
    with open(path + ".json") as f:
        return [d["shape"] for d in json.load(f)["input_spec"]]


def test_explicit_input_spec_wins_over_the_last_call(tmp_path):
    a, b = paddle.ones([2, 3]), paddle.ones([3, 4])
    five = paddle.ones([5, 3])
    # the to_static input_spec is kept although the function was last called with batch 2
    sf = paddle.jit.to_static(lambda x, y: paddle.matmul(x, y) * 2, backend="eager",
                              input_spec=[InputSpec([None, 3], "float32"), InputSpec([3, 4], "float32")])
    sf(a, b)
    paddle.jit.save(sf, str(tmp_path / "f"))
    assert _saved_spec(str(tmp_path / "f")) == [[-1, 3], [3, 4]]
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "f"))(five, b).numpy(), np.full([5, 4], 6.0))
    # jit.save's own input_spec is kept over the last call's shapes
    sg = paddle.jit.to_static(lambda x, y: paddle.matmul(x, y) * 2, backend="eager")
    sg(a, b)
    paddle.jit.save(sg, str(tmp_path / "g"),
                    input_spec=[InputSpec([None, 3], "float32"), InputSpec([3, 4], "float32")])
    assert _saved_spec(str(tmp_path / "g")) == [[-1, 3], [3, 4]]
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "g"))(five, b).numpy(), np.full([5, 4], 6.0))


def test_data_dependent_forward_cannot_be_saved(tmp_path):
    class Branchy(paddle.nn.Layer):
        def forward(self, x):
            if paddle.mean(x) > 0:
                return x * 2
            return x

    with pytest.raises(NotImplementedError, match=r"Branchy.forward.*depends on Tensor values at "
                                                  r".*test_jit_save_load.py:\d+ in forward: "
                                                  r"`if paddle.mean\(x\) > 0:`"):
        paddle.jit.save(Branchy(), str(tmp_path / "b"), input_spec=[InputSpec([2])])


def test_unwritable_path_names_the_path(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    with pytest.raises(OSError, match=r"paddle.jit.save cannot create the directory .*file.txt"):
        paddle.jit.save(Head(), str(blocker / "m"), input_spec=[InputSpec([None, 5])])


def test_load_rejects_foreign_files(tmp_path):
    (tmp_path / "real.json").write_text('{"base_code": {"magic": "pir"}}')
    with pytest.raises(ValueError, match="not a paddle_compat model"):
        paddle.jit.load(str(tmp_path / "real"))
    with pytest.raises(NotImplementedError, match="configs"):
        paddle.jit.load(str(tmp_path / "real"), model_filename="x")


class _Head(paddle.nn.Layer):
    def __init__(self, fix_batch=False):
        super().__init__()
        self.fc = paddle.nn.Linear(8, 3)
        self.fix_batch = fix_batch

    def forward(self, x):
        y = self.fc(x)
        return y.reshape([x.shape[0], -1]) if self.fix_batch else y


def test_save_without_input_spec_keeps_the_batch_size_dynamic(tmp_path):
    # Paddle's program saved after a batch-16 call runs batch 1 and 5; so does ours. The sizes
    # the layer fixes (Linear's 8 features) stay fixed and are checked with Paddle's ValueError.
    net = paddle.jit.to_static(_Head())
    net(paddle.rand([16, 8]))
    path = str(tmp_path / "m")
    paddle.jit.save(net, path)
    with open(path + ".json") as f:
        assert json.load(f)["input_spec"][0]["shape"] == [-1, 8]
    loaded = paddle.jit.load(path)
    for n in (1, 5, 16):
        x = paddle.rand([n, 8])
        np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match=r"expected shape \(-1, 8\)"):
        loaded(paddle.ones([5, 9]))


def test_save_without_input_spec_keeps_a_size_the_code_fixes(tmp_path):
    # `x.shape[0]` read as a Python int fixes the batch (Paddle's saved program fails the same
    # way at its reshape); the loaded layer says so before running.
    net = paddle.jit.to_static(_Head(fix_batch=True))
    net(paddle.rand([16, 8]))
    path = str(tmp_path / "m")
    paddle.jit.save(net, path)
    loaded = paddle.jit.load(path)
    assert loaded(paddle.rand([16, 8])).shape == [16, 3]
    with pytest.raises(ValueError, match=r"expected shape \(16, 8\)"):
        loaded(paddle.ones([1, 8]))
