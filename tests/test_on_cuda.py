"""paddle_compat on a CUDA GPU, end to end: every path a Paddle user takes once they call
`paddle.set_device('gpu')` (places, tensors, ops, autograd, layers, optimizers, AMP, save/load,
DataLoader, jit, the static Executor, RNG, streams and memory).

The rest of the suite runs on the CPU and replays the CPU wheel's recorded answers; this file checks
the GPU path against the same computation on the CPU (torch's CUDA kernels differ from its CPU
kernels only in rounding), and skips as a whole where torch sees no CUDA device.
"""
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")


@pytest.fixture(autouse=True)
def _on_gpu():
    """Every test on the GPU, in full float32: torch lets cuDNN convolutions and RNNs use TF32 by
    default, whose 10-bit mantissa would swamp a GPU-vs-CPU comparison."""
    before = paddle.get_device()
    tf32 = torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32
    torch.backends.cudnn.allow_tf32 = torch.backends.cuda.matmul.allow_tf32 = False
    paddle.set_device("gpu")
    yield
    paddle.set_device(before)
    torch.backends.cudnn.allow_tf32, torch.backends.cuda.matmul.allow_tf32 = tf32


def _both(fn):
    """fn() run on the GPU and on the CPU, as numpy."""
    on_gpu = fn()
    with paddle.device.device("cpu"):
        on_cpu = fn()
    return on_gpu, on_cpu


def _built_on_cpu(make, seed):
    """make() under paddle.seed(seed) on the CPU, then moved to the current place. Paddle's GPU
    initialisers draw from its GPU generator (other numbers than the CPU's), so a GPU-vs-CPU check
    starts both sides from the same CPU-drawn weights."""
    place = paddle.get_device()
    with paddle.device.device("cpu"):
        paddle.seed(seed)
        layer = make()
    return layer.to(place)


# ---- places and tensors ---------------------------------------------------------------------------

def test_set_device_gpu_puts_new_tensors_on_the_gpu():
    assert paddle.get_device() == "gpu:0"
    x = paddle.to_tensor([1.0, 2.0])
    assert str(x.place) == "Place(gpu:0)"
    assert x.place.is_gpu_place() and not x.place.is_cpu_place()
    assert x._t.device.type == "cuda"
    assert paddle.ones([2])._t.device.type == "cuda"
    assert paddle.randn([2])._t.device.type == "cuda"
    text = str(paddle.to_tensor([1.0, 2.0]))
    assert "place=Place(gpu:0)" in text and "[1., 2.]" in text


def test_cuda_and_cpu_round_trip():
    with paddle.device.device("cpu"):
        c = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    g = c.cuda()
    assert g._t.device.type == "cuda" and str(g.place) == "Place(gpu:0)"
    back = g.cpu()
    assert back._t.device.type == "cpu"
    np.testing.assert_array_equal(back.numpy(), c.numpy())
    np.testing.assert_array_equal(g.numpy(), c.numpy())
    assert float(g.sum()) == 10.0 and g.sum().item() == 10.0
    cp = paddle.to_tensor([1, 2], place=paddle.CPUPlace())
    assert cp._t.device.type == "cpu"
    gp = paddle.to_tensor([1, 2], place=paddle.CUDAPlace(0))
    assert gp._t.device.type == "cuda"


_OPS = {
    "matmul": lambda a, b: paddle.matmul(a, b),
    "softmax": lambda a, b: paddle.nn.functional.softmax(a, axis=-1),
    "layer_norm": lambda a, b: paddle.nn.functional.layer_norm(a, a.shape[-1:]),
    "cross_entropy": lambda a, b: paddle.nn.functional.cross_entropy(
        a, paddle.to_tensor([[0], [1], [2], [3]], dtype="int64")),
    "reductions": lambda a, b: paddle.stack([a.sum(), a.mean(), a.max(), a.min(), a.std()]),
    "argmax_topk_sort": lambda a, b: paddle.concat(
        [paddle.argmax(a, axis=1).astype("float32"), paddle.topk(a, 2)[0].flatten(),
         paddle.sort(a, axis=0).flatten()]),
    "gather_where_cumsum": lambda a, b: paddle.concat(
        [paddle.gather(a, paddle.to_tensor([2, 0])).flatten(),
         paddle.where(a > 0, a, b).flatten(), paddle.cumsum(a, axis=1).flatten()]),
    "conv2d": lambda a, b: paddle.nn.functional.conv2d(
        a.reshape([1, 1, 4, 4]), b.reshape([1, 1, 4, 4])[:, :, :3, :3], padding=1),
    "pool_interp": lambda a, b: paddle.nn.functional.interpolate(
        paddle.nn.functional.max_pool2d(a.reshape([1, 1, 4, 4]), 2), scale_factor=2,
        mode="bilinear"),
    "linalg": lambda a, b: paddle.concat([
        paddle.linalg.inv(a @ a.T + 4 * paddle.eye(4)).flatten(),
        paddle.linalg.norm(a).reshape([1])]),
}


@pytest.mark.parametrize("name", sorted(_OPS))
def test_ops_on_the_gpu_equal_the_cpu(name):
    rs = np.random.RandomState(0)
    an, bn = rs.randn(4, 4).astype("float32"), rs.randn(4, 4).astype("float32")

    def run():
        out = _OPS[name](paddle.to_tensor(an), paddle.to_tensor(bn))
        return out
    g, c = _both(run)
    assert g._t.device.type == "cuda" and c._t.device.type == "cpu"
    assert g.dtype == c.dtype and g.shape == c.shape
    np.testing.assert_allclose(g.numpy(), c.numpy(), rtol=1e-4, atol=1e-5)


def test_autograd_on_the_gpu_equals_the_cpu():
    xn = np.linspace(-2, 2, 12).astype("float32").reshape(3, 4)

    def run():
        x = paddle.to_tensor(xn, stop_gradient=False)
        y = (paddle.tanh(x) * x).sum() + paddle.nn.functional.gelu(x).mean()
        y.backward()
        (gx,) = paddle.grad([(x * x).sum()], [x])
        return x.grad, gx
    (g1, g2), (c1, c2) = _both(run)
    assert g1._t.device.type == "cuda"
    np.testing.assert_allclose(g1.numpy(), c1.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(g2.numpy(), c2.numpy(), rtol=1e-6)


# ---- layers, optimizers, training -----------------------------------------------------------------

def _train_mlp(steps=5, opt_name="Adam"):
    model = _built_on_cpu(lambda: paddle.nn.Sequential(
        paddle.nn.Linear(8, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 3)), 1)
    opt = getattr(paddle.optimizer, opt_name)(learning_rate=0.01,
                                              parameters=model.parameters())
    rs = np.random.RandomState(2)
    x = paddle.to_tensor(rs.randn(10, 8).astype("float32"))
    y = paddle.to_tensor(rs.randint(0, 3, [10, 1]).astype("int64"))
    losses = []
    for _ in range(steps):
        loss = paddle.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return model, opt, losses


@pytest.mark.parametrize("opt_name", ["SGD", "Momentum", "Adam", "AdamW"])
def test_training_on_the_gpu_matches_the_cpu(opt_name):
    gm, gopt, g = _train_mlp(opt_name=opt_name)
    with paddle.device.device("cpu"):
        cm, _, c = _train_mlp(opt_name=opt_name)
    np.testing.assert_allclose(g, c, rtol=1e-4)
    assert all(p._t.device.type == "cuda" for p in gm.parameters())
    for pg, pc in zip(gm.parameters(), cm.parameters()):
        np.testing.assert_allclose(pg.numpy(), pc.numpy(), rtol=1e-4, atol=1e-5)
    for k, v in gopt.state_dict().items():
        if hasattr(v, "_t"):            # beta powers stay on the CPU, as in Paddle
            assert v._t.device.type == ("cpu" if "_pow_acc_" in k else "cuda"), k


def test_layer_to_moves_parameters_and_keeps_them():
    with paddle.device.device("cpu"):
        lin = paddle.nn.Linear(3, 2)
    weight = lin.weight
    lin.to("gpu")
    assert lin.weight is weight and weight._t.device.type == "cuda"
    lin.to(paddle.CPUPlace())
    assert weight._t.device.type == "cpu"
    lin.to(device="gpu:0", dtype="float64")
    assert weight.dtype == paddle.float64 and weight._t.device.type == "cuda"


def test_rnn_and_transformer_on_the_gpu_equal_the_cpu():
    rs = np.random.RandomState(3)
    xn = rs.randn(2, 5, 8).astype("float32")

    def run():
        lstm = _built_on_cpu(lambda: paddle.nn.LSTM(8, 6, num_layers=2, direction="bidirect"), 4)
        gru = _built_on_cpu(lambda: paddle.nn.GRU(8, 6), 5)
        enc = _built_on_cpu(lambda: paddle.nn.TransformerEncoder(
            paddle.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2), 6)
        x = paddle.to_tensor(xn)
        out, (h, c) = lstm(x)
        return paddle.concat([out.flatten(), h.flatten(), gru(x)[0].flatten(),
                              enc(x).flatten()])
    g, c = _both(run)
    np.testing.assert_allclose(g.numpy(), c.numpy(), rtol=1e-3, atol=1e-4)


def test_conv_net_with_batch_norm_trains_on_the_gpu_like_the_cpu():
    rs = np.random.RandomState(5)
    xn, yn = rs.randn(4, 3, 16, 16).astype("float32"), rs.randint(0, 10, [4, 1]).astype("int64")

    def run():
        net = _built_on_cpu(lambda: paddle.vision.models.resnet18(num_classes=10), 6)
        opt = paddle.optimizer.Momentum(0.01, parameters=net.parameters())
        x, y = paddle.to_tensor(xn), paddle.to_tensor(yn)
        losses = []
        for _ in range(3):
            loss = paddle.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        net.eval()
        return losses, net(x)
    (gl, go), (cl, co) = _both(run)
    np.testing.assert_allclose(gl, cl, rtol=1e-3)
    np.testing.assert_allclose(go.numpy(), co.numpy(), rtol=2e-2, atol=2e-3)


# ---- AMP ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_auto_cast_o1_runs_matmul_in_the_amp_dtype(dtype):
    lin = paddle.nn.Linear(4, 4)
    x = paddle.randn([2, 4])
    with paddle.amp.auto_cast(dtype=dtype):
        out = lin(x)
        soft = paddle.nn.functional.softmax(out)
    assert out.dtype == getattr(paddle, dtype)
    assert soft.dtype == paddle.float32          # softmax is on the black list
    assert lin.weight.dtype == paddle.float32
    assert paddle.amp.is_autocast_enabled() is False


def test_grad_scaler_trains_in_float16():
    paddle.seed(7)
    model = paddle.nn.Linear(8, 1)
    opt = paddle.optimizer.SGD(0.05, parameters=model.parameters())
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
    x = paddle.randn([16, 8])
    y = x.sum(axis=1, keepdim=True)
    losses = []
    for _ in range(20):
        with paddle.amp.auto_cast():
            loss = paddle.nn.functional.mse_loss(model(x), y)
        scaled = scaler.scale(loss)
        assert float(scaled) == pytest.approx(float(loss) * float(scaler._scale), rel=1e-2)
        scaled.backward()
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0] * 0.5
    assert model.weight.dtype == paddle.float32


def test_decorate_o2_casts_parameters_but_not_norms():
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.LayerNorm(4))
    opt = paddle.optimizer.Adam(parameters=model.parameters())
    model, opt = paddle.amp.decorate(model, opt, level="O2")
    assert model[0].weight.dtype == paddle.float16
    assert model[1].weight.dtype == paddle.float32
    with paddle.amp.auto_cast(level="O2"):
        loss = model(paddle.randn([2, 4])).astype("float32").mean()
    loss.backward()
    opt.step()
    assert model[0].weight.dtype == paddle.float16


# ---- save / load, data, jit, static ---------------------------------------------------------------

def test_save_gpu_state_and_load_it_back(tmp_path):
    lin = paddle.nn.Linear(3, 2)
    path = os.path.join(tmp_path, "lin.pdparams")
    paddle.save(lin.state_dict(), path)
    state = paddle.load(path)
    for k, v in lin.state_dict().items():
        np.testing.assert_array_equal(state[k].numpy(), v.numpy())
    with paddle.device.device("cpu"):
        cpu_lin = paddle.nn.Linear(3, 2)
        cpu_lin.set_state_dict(paddle.load(path))
        assert cpu_lin.weight._t.device.type == "cpu"
    np.testing.assert_array_equal(cpu_lin.weight.numpy(), lin.weight.numpy())


def test_dataloader_batches_land_on_the_current_place():
    class Squares(paddle.io.Dataset):
        def __len__(self):
            return 10

        def __getitem__(self, i):
            return np.full([2], i, "float32"), np.array([i * i], "int64")

    batches = list(paddle.io.DataLoader(Squares(), batch_size=4, shuffle=False))
    assert len(batches) == 3
    x, y = batches[1]
    assert x._t.device.type == "cuda"
    np.testing.assert_array_equal(y.numpy().ravel(), [16, 25, 36, 49])
    loader = paddle.io.DataLoader(Squares(), batch_size=5, num_workers=2)
    assert sorted(int(v) for _, y in loader for v in y.numpy().ravel()) == \
        [i * i for i in range(10)]


def test_to_static_and_jit_save_on_the_gpu(tmp_path):
    paddle.seed(8)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 2))
    x = paddle.randn([3, 4])
    eager = net(x)
    static_net = paddle.jit.to_static(net)
    np.testing.assert_allclose(static_net(x).numpy(), eager.numpy(), rtol=1e-5, atol=1e-6)
    path = os.path.join(tmp_path, "net")
    paddle.jit.save(static_net, path,
                    input_spec=[paddle.static.InputSpec([None, 4], "float32")])
    loaded = paddle.jit.load(path)
    np.testing.assert_allclose(loaded(x).numpy(), eager.numpy(), rtol=1e-5, atol=1e-6)


def test_static_executor_trains_on_the_gpu_like_the_cpu():
    rs = np.random.RandomState(9)
    xn, yn = rs.randn(8, 4).astype("float32"), rs.randn(8, 1).astype("float32")
    wn = rs.randn(4, 1).astype("float32")

    def run(place):
        paddle.enable_static()
        try:
            main, startup = paddle.static.Program(), paddle.static.Program()
            with paddle.static.program_guard(main, startup):
                x = paddle.static.data("x", [8, 4], "float32")
                y = paddle.static.data("y", [8, 1], "float32")
                w = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(wn))
                loss = paddle.nn.functional.mse_loss(paddle.static.nn.fc(x, 1, weight_attr=w), y)
                paddle.optimizer.Adam(0.1).minimize(loss)
            exe = paddle.static.Executor(place)
            exe.run(startup)
            return [float(exe.run(main, feed={"x": xn, "y": yn}, fetch_list=[loss])[0])
                    for _ in range(5)]
        finally:
            paddle.disable_static()
    g = run(paddle.CUDAPlace(0))
    c = run(paddle.CPUPlace())
    np.testing.assert_allclose(g, c, rtol=1e-4)
    assert g[-1] < g[0]


def test_hapi_model_fits_on_the_gpu():
    class Data(paddle.io.Dataset):
        def __len__(self):
            return 32

        def __getitem__(self, i):
            x = np.random.RandomState(i).randn(4).astype("float32")
            return x, np.array([int(x.sum() > 0)], "int64")

    paddle.seed(11)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 16), paddle.nn.ReLU(), paddle.nn.Linear(16, 2))
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.Adam(0.05, parameters=net.parameters()),
                  paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    model.fit(Data(), epochs=8, batch_size=8, verbose=0)
    result = model.evaluate(Data(), batch_size=8, verbose=0)
    assert result["acc"] >= 0.8
    assert net[0].weight._t.device.type == "cuda"


# ---- RNG, streams, memory -------------------------------------------------------------------------

def test_seeded_gpu_random_numbers_repeat():
    """Paddle's GPU generator (Philox on curand) is not reproduced: paddle_compat's GPU draws come
    from torch's CUDA generator. What a user relies on holds: the same seed gives the same draws."""
    def draw():
        paddle.seed(123)
        return np.concatenate([paddle.randn([5]).numpy(), paddle.rand([5]).numpy(),
                               paddle.randint(0, 100, [5]).numpy().astype("float32"),
                               paddle.nn.functional.dropout(paddle.ones([8]), 0.5).numpy()])
    a, b = draw(), draw()
    np.testing.assert_array_equal(a, b)
    assert paddle.randn([4])._t.device.type == "cuda"


def test_streams_events_and_memory_statistics():
    s = paddle.device.cuda.Stream()
    start = paddle.device.cuda.Event(enable_timing=True)
    end = paddle.device.cuda.Event(enable_timing=True)
    with paddle.device.cuda.stream_guard(s):
        start.record()
        x = paddle.ones([256, 256]) @ paddle.ones([256, 256])
        end.record()
    end.synchronize()
    assert start.elapsed_time(end) >= 0
    s.synchronize()
    assert float(x[0, 0]) == 256.0
    paddle.device.cuda.synchronize()
    before = paddle.device.cuda.memory_allocated()
    big = paddle.zeros([1024, 1024])
    assert paddle.device.cuda.memory_allocated() >= before + 4 * 1024 * 1024
    assert paddle.device.cuda.max_memory_allocated() >= paddle.device.cuda.memory_allocated()
    del big
    paddle.device.cuda.empty_cache()
    assert paddle.device.cuda.memory_reserved() >= 0
    assert paddle.device.cuda.device_count() >= 1
    assert paddle.device.cuda.get_device_properties().total_memory > 0


def test_mixed_place_inputs_move_to_the_gpu_as_in_paddle():
    """Paddle's kernel dispatch picks the GPU kernel and copies CPU inputs over (data transform)."""
    with paddle.device.device("cpu"):
        c = paddle.ones([2])
    g = paddle.ones([2])
    out = c + g
    assert out._t.device.type == "cuda"
    np.testing.assert_array_equal(out.numpy(), [2.0, 2.0])
    np.testing.assert_array_equal(paddle.matmul(c.reshape([1, 2]), g.reshape([2, 1])).numpy(),
                                  [[2.0]])


# ---- paddle.vision on the GPU ---------------------------------------------------------------------

def _vision_op_cases():
    from tests.test_vision_ops import GOLD
    return sorted(name for name, gold in GOLD.items() if "error" not in gold)


@pytest.mark.parametrize("name", _vision_op_cases())
def test_vision_ops_on_the_gpu_equal_paddles_goldens(name, tmp_path):
    """Each recorded paddle.vision.ops case (conformance/record/record_vision_ops.py) replayed with
    the GPU as the current place: inputs built by paddle.to_tensor land on the GPU, the op runs
    there, and its outputs and gradients equal what Paddle 3.3.1 recorded on its CPU."""
    from tests.test_vision_ops import GOLD, RECORD, _compare
    gold = GOLD[name]
    scope = {"paddle": paddle, "np": np, "ops": paddle.vision.ops, "os": os, "TMP": str(tmp_path)}
    exec(RECORD.HELPERS, scope)
    exec(gold["code"], scope)
    out = scope["out"]
    for t in (out if isinstance(out, (list, tuple)) else [out]):
        if isinstance(t, paddle.Tensor) and t.size > 0 and t.dtype.name != "UINT8":
            assert t._t.device.type == "cuda", name
    _compare(out, gold["out"], name, rtol=1e-4, atol=1e-4)
    if "grads" in gold:
        first = out[0] if isinstance(out, (list, tuple)) else out
        g = np.random.RandomState(99).uniform(-1, 1, first.shape).astype("float32")
        (first * paddle.to_tensor(g)).sum().backward()
        for i, (t, want) in enumerate(zip(scope["wrt"], gold["grads"])):
            if want is not None:
                assert t.grad._t.device.type == "cuda"
            _compare(t.grad, want, f"{name} grad {i}", rtol=1e-3, atol=1e-4)


@pytest.mark.parametrize("arch", ["resnet18", "mobilenet_v2", "vgg11"])
def test_vision_models_on_the_gpu_equal_the_cpu(arch):
    net = _built_on_cpu(lambda: getattr(paddle.vision.models, arch)(num_classes=10), 5)
    net.eval()
    xn = np.random.RandomState(1).randn(2, 3, 64, 64).astype("float32")
    g = net(paddle.to_tensor(xn))
    net_cpu = net.to("cpu")
    with paddle.device.device("cpu"):
        c = net_cpu(paddle.to_tensor(xn))
    np.testing.assert_allclose(g.numpy(), c.numpy(), rtol=1e-3, atol=1e-4)


def test_vision_tensor_transforms_on_the_gpu_equal_the_cpu():
    import paddle_compat.vision.transforms.functional as F
    img_n = np.random.RandomState(2).uniform(0, 1, (3, 16, 20)).astype("float32")

    def run():
        img = paddle.to_tensor(img_n)
        outs = [F.resize(img, [8, 10]), F.pad(img, [1, 2], padding_mode="reflect"),
                F.rotate(img, 30.0, interpolation="bilinear"),
                F.affine(img, 10.0, [1, 2], 1.1, [5.0, 0.0], interpolation="bilinear"),
                F.perspective(img, [[0, 0], [19, 0], [19, 15], [0, 15]],
                              [[1, 1], [18, 0], [17, 14], [0, 15]]),
                F.adjust_brightness(img, 1.3), F.adjust_contrast(img, 0.7),
                F.adjust_saturation(img, 1.5), F.adjust_hue(img, 0.1),
                F.normalize(img, [0.5, 0.5, 0.5], [0.2, 0.2, 0.2]), F.hflip(img),
                F.center_crop(img, 8), F.to_grayscale(img, 3)]
        return outs
    gs = run()
    with paddle.device.device("cpu"):
        cs = run()
    for i, (g, c) in enumerate(zip(gs, cs)):
        assert g._t.device.type == "cuda", i
        np.testing.assert_allclose(g.numpy(), c.numpy(), rtol=1e-4, atol=1e-4, err_msg=str(i))
