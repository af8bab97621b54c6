"""paddle.fluid (legacy alias), paddle.dataset.mnist, paddle.batch and the MNIST py_func example."""
import gzip
import os
import re
import struct
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat import fluid
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "data"))
import synthetic_mnist  # noqa: E402


@pytest.fixture
def static():
    old = STATE.static
    paddle.enable_static()
    yield
    STATE.static = old


def test_fluid_names_are_the_static_ones():
    assert fluid.Executor is paddle.static.Executor and fluid.Program is paddle.static.Program
    assert fluid.program_guard is paddle.static.program_guard
    assert fluid.default_main_program is paddle.static.default_main_program
    assert fluid.default_startup_program is paddle.static.default_startup_program
    assert fluid.CPUPlace is paddle.CPUPlace and fluid.layers.py_func is paddle.static.py_func
    assert fluid.optimizer.SGDOptimizer is fluid.optimizer.SGD
    assert issubclass(fluid.optimizer.SGD, paddle.optimizer.SGD)
    import paddle_compat.fluid.layers as layers
    assert layers is fluid.layers


def test_fluid_is_paddle_base():
    import paddle_compat.fluid.layers as layers
    import paddle_compat.fluid.dygraph as dygraph
    assert fluid is paddle.base and layers is paddle.base.layers and dygraph is paddle.base.dygraph
    with pytest.raises(AttributeError, match="paddle.base.nope is not provided yet"):
        fluid.nope
    assert not hasattr(fluid, "nope")


def _ce_reference(p, label, soft=False, ignore_index=-100):
    if soft:
        return -(label * np.log(p)).sum(-1, keepdims=True)
    lab = label.reshape(-1)
    out = -np.log(p[np.arange(len(lab)), np.where(lab == ignore_index, 0, lab)])
    return np.where(lab == ignore_index, 0, out).reshape(-1, 1)


@settings(max_examples=15, deadline=None)
@given(n=st.integers(1, 6), d=st.integers(2, 5), seed=st.integers(0, 2 ** 16),
       ignore=st.booleans())
def test_cross_entropy_matches_formula_and_gradient(n, d, seed, ignore):
    rng = np.random.default_rng(seed)
    p = rng.uniform(0.05, 1, [n, d])
    p = p / p.sum(1, keepdims=True)
    label = rng.integers(0, d, [n, 1])
    if ignore:
        label[0, 0] = 1 if d > 1 else 0
        ignore_index = int(label[0, 0])
    else:
        ignore_index = -100
    x = paddle.to_tensor(p, stop_gradient=False)
    y = fluid.layers.cross_entropy(x, paddle.to_tensor(label), ignore_index=ignore_index)
    np.testing.assert_allclose(y.numpy(), _ce_reference(p, label, ignore_index=ignore_index),
                               rtol=1e-12)
    y.sum().backward()
    want = np.zeros_like(p)
    for i, lab in enumerate(label[:, 0]):
        if lab != ignore_index:
            want[i, lab] = -1 / p[i, lab]
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-12)


def test_cross_entropy_soft_label_and_zero_probability():
    p = np.array([[0.25, 0.75], [1.0, 0.0]])
    soft = np.array([[0.5, 0.5], [1.0, 0.0]])
    y = fluid.layers.cross_entropy(paddle.to_tensor(p), paddle.to_tensor(soft), soft_label=True)
    np.testing.assert_allclose(y.numpy(), _ce_reference(p, soft, soft=True))
    # Paddle's TolerableValue: -log(0) is 1e20, not inf.
    z = fluid.layers.cross_entropy(paddle.to_tensor(p), paddle.to_tensor(np.array([[0], [1]])))
    assert z.numpy()[1, 0] == 1e20


def test_static_layers_program(static):
    main, startup = fluid.Program(), fluid.Program()
    with fluid.program_guard(main, startup):
        x = fluid.data(name="x", shape=[None, 3], dtype="float32")
        label = fluid.data(name="label", shape=[None, 1], dtype="int64")
        old = fluid.layers.data(name="old", shape=[3])
        assert old.shape == (-1, 3) and x.shape == (-1, 3)
        prob = fluid.layers.fc(x, size=4, act="softmax")
        ce = fluid.layers.cross_entropy(prob, label)
        loss = fluid.layers.mean(ce)
        acc = fluid.layers.accuracy(prob, fluid.layers.reshape(label, [-1, 1]))
        rm = fluid.layers.reduce_mean(prob, dim=1)
        fluid.optimizer.SGD(learning_rate=0.5).minimize(loss)
    assert loss.shape == () and ce.shape == (-1, 1) and rm.shape == (-1,)
    assert [op.type for op in main.global_block().ops][:5] == [
        "mul", "elementwise_add", "softmax", "cross_entropy2", "mean"]
    exe = fluid.Executor(fluid.CPUPlace())
    scope = paddle.static.Scope()
    rng = np.random.default_rng(1)
    xv = rng.normal(size=[8, 3]).astype("float32")
    lv = (xv[:, :1] > 0).astype("int64") + 2 * (xv[:, 1:2] > 0)
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        losses = []
        for _ in range(30):
            l, a, p, r = exe.run(main, feed={"x": xv, "label": lv}, fetch_list=[loss, acc, prob, rm])
            losses.append(float(l))
    np.testing.assert_allclose(l, _ce_reference(p.astype("float64"), lv).mean(), rtol=1e-5)
    np.testing.assert_allclose(r, p.mean(1), rtol=1e-6)
    assert losses[-1] < losses[0] * 0.7 and 0 <= float(a) <= 1


def test_legacy_optimizer_argument_names():
    w = paddle.create_parameter([2], "float32")
    opt = fluid.optimizer.SGD(learning_rate=0.1, parameter_list=[w])
    m = fluid.optimizer.Momentum(0.1, 0.9, parameter_list=[w], use_nesterov=True)
    a = fluid.optimizer.Adam(0.01, parameter_list=[w])
    assert [o.get_lr() for o in (opt, m, a)] == pytest.approx([0.1, 0.1, 0.01])
    assert m._use_nesterov is True
    paddle.sum(w * w).backward()
    before = w.numpy().copy()
    opt.step()
    assert not np.allclose(before, w.numpy())


# ---- paddle.dataset.mnist / paddle.batch -----------------------------------------------------
@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setattr(paddle.dataset.common, "DATA_HOME", str(tmp_path))
    return tmp_path


def test_mnist_missing_files_say_where_to_put_them(data_home):
    with pytest.raises(RuntimeError, match=re.escape(str(data_home / "mnist" /
                                                         "train-images-idx3-ubyte.gz"))):
        paddle.dataset.mnist.train()
    with pytest.raises(RuntimeError, match="no network access"):
        paddle.dataset.mnist.test()


def test_mnist_reader_values_from_idx_files(data_home):
    synthetic_mnist.write_dataset(str(data_home), 250, 30)      # 250: not a multiple of 100
    with gzip.open(data_home / "mnist" / "train-images-idx3-ubyte.gz") as f:
        raw = np.frombuffer(f.read()[16:], np.uint8).reshape(250, 784)
    with gzip.open(data_home / "mnist" / "train-labels-idx1-ubyte.gz") as f:
        labels = np.frombuffer(f.read()[8:], np.uint8)
    samples = list(paddle.dataset.mnist.train()())
    assert len(samples) == 250 and len(list(paddle.dataset.mnist.test()())) == 30
    img, lab = samples[7]
    assert img.dtype == np.float32 and img.shape == (784,) and type(lab) is int
    np.testing.assert_array_equal(img, raw[7].astype("float32") / 255.0 * 2.0 - 1.0)
    assert [s[1] for s in samples] == labels.tolist()
    assert img.min() >= -1 and img.max() <= 1
    # An uncompressed copy is accepted as well.
    os.remove(data_home / "mnist" / "t10k-labels-idx1-ubyte.gz")
    with pytest.raises(RuntimeError):
        paddle.dataset.mnist.test()
    with open(data_home / "mnist" / "t10k-labels-idx1-ubyte", "wb") as f:
        f.write(struct.pack(">II", 2049, 30) + bytes([3] * 30))
    assert {s[1] for s in paddle.dataset.mnist.test()()} == {3}


def test_synthetic_dataset_is_deterministic(tmp_path):
    a = synthetic_mnist.make(50, 3)
    b = synthetic_mnist.make(50, 3)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert not np.array_equal(a[0], synthetic_mnist.make(50, 4)[0])


@settings(max_examples=20, deadline=None)
@given(n=st.integers(0, 30), size=st.integers(1, 8), drop=st.booleans())
def test_batch_groups_in_order(n, size, drop):
    batches = list(paddle.batch(lambda: iter(range(n)), size, drop_last=drop)())
    flat = [v for b in batches for v in b]
    assert flat == list(range(n // size * size if drop else n))
    assert all(len(b) == size for b in batches[:-1])
    if drop and batches:
        assert len(batches[-1]) == size


def test_batch_rejects_bad_size():
    with pytest.raises(ValueError, match="but got batch_size=-2"):
        paddle.batch(lambda: iter([]), -2)


# ---- the tutorial's MNIST program ---------------------------------------------------------------
def test_mnist_py_func_example_trains():
    env = dict(os.environ, EPOCHS="3", SYNTH_MNIST_SIZE="3000,512",
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "run",
                           os.path.join(ROOT, "examples", "mnist_py_func_relu.py")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    losses = [float(v) for v in re.findall(r"loss:([0-9.]+)", proc.stdout)]
    accs = [float(v) for v in re.findall(r"The accuracy is :([0-9.]+)", proc.stdout)]
    assert len(losses) == 3 and len(accs) == 3
    assert losses[-1] < losses[0] and accs[-1] > 0.12      # chance is 0.1
