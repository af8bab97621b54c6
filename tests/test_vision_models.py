"""paddle.vision.models against goldens recorded from Paddle 3.3.1
(conformance/record/record_vision_models.py): state_dict names and shapes of all 38 builders,
seeded initial values and eval outputs of a representative set, a train-mode forward/backward,
loading a real Paddle checkpoint, and the offline `pretrained=True` lookup."""
import hashlib
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._nn import initializer as _initializer
from paddle_compat.vision import models as M

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with open(os.path.join(ROOT, "conformance", "goldens", "vision_models.json")) as _f:
    GOLD = json.load(_f)
CKPT = os.path.join(ROOT, "conformance", "goldens", "vision_lenet_seed7.pdparams")
NC = GOLD["num_classes"]



def _lines(model):
    return [f"{k} {list(v.shape)}" for k, v in model.state_dict().items()]


def test_all_51_names_exported():
    assert len(M.__all__) == 51
    for name in M.__all__:
        assert callable(getattr(M, name))


@pytest.mark.parametrize("name", sorted(GOLD["structure"]))
def test_state_dict_names_and_shapes(name, monkeypatch):
    # building a large model spends most of its time drawing initial values; this test checks
    # only names and shapes, so it skips the draw (the seeded tests check values)
    monkeypatch.setattr(_initializer.Initializer, "forward", lambda self, param, block=None: None)
    gold = GOLD["structure"][name]
    lines = _lines(getattr(M, name)())
    if "..." not in gold["entries"]:
        assert lines == gold["entries"]
    assert lines[:5] == gold["entries"][:5] and lines[-5:] == gold["entries"][-5:]
    assert len(lines) == gold["count"]
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == gold["sha256"]


def _build(expr, seed):
    paddle.seed(seed)
    return eval(expr, {"M": M, "NC": NC})


def _outputs(out):
    return [np.asarray(t.numpy()) for t in (out if isinstance(out, (list, tuple)) else [out])]


@pytest.mark.parametrize("name", sorted(GOLD["seeded"]))
def test_seeded_init_and_eval_forward(name):
    gold = GOLD["seeded"][name]
    model = _build(gold["expr"], GOLD["seed"])
    sd = model.state_dict()
    assert sorted(sd) == sorted(gold["params"])  # (the order is checked by the structure test)
    for key, (total, abs_total, first) in gold["params"].items():
        a = np.asarray(sd[key].numpy(), dtype=np.float64)
        assert a.ravel()[0] == first, key
        np.testing.assert_allclose([a.sum(), np.abs(a).sum()], [total, abs_total], rtol=1e-6,
                                   atol=1e-6, err_msg=key)
    model.eval()
    x = paddle.to_tensor(np.random.RandomState(0).uniform(-1, 1, gold["shape"]).astype("float32"))
    outs = _outputs(model(x))
    assert len(outs) == len(gold["out"])
    for got, want in zip(outs, gold["out"]):
        want = np.array(want, dtype=np.float32)
        # float32 accumulation order differs between kernels: tolerance scaled to the output
        np.testing.assert_allclose(got, want, rtol=2e-4, atol=2e-6 * max(1.0, np.abs(want).max()))


@pytest.mark.parametrize("name", sorted(GOLD["train"]))
def test_train_forward_backward(name):
    gold = GOLD["train"][name]
    model = _build(gold["expr"], GOLD["seed"])
    model.train()
    x = paddle.to_tensor(np.random.RandomState(1).uniform(-1, 1, gold["shape"]).astype("float32"))
    out = model(x)
    np.testing.assert_allclose(out.numpy(), np.array(gold["out"][0], np.float32), rtol=2e-4,
                               atol=2e-5)
    g = np.random.RandomState(2).uniform(-1, 1, out.shape).astype("float32")
    (out * paddle.to_tensor(g)).sum().backward()
    grads = {n: p.grad for n, p in model.named_parameters() if p.grad is not None}
    assert sorted(grads) == sorted(gold["grads"])
    for n, (total, abs_total) in gold["grads"].items():
        a = np.asarray(grads[n].numpy(), np.float64)
        np.testing.assert_allclose(np.abs(a).sum(), abs_total, rtol=1e-3, atol=1e-5, err_msg=n)
        np.testing.assert_allclose(a.sum(), total, rtol=1e-3, atol=1e-3 * abs_total + 1e-5,
                                   err_msg=n)
    sd = model.state_dict()
    for n, head in gold["running"].items():
        np.testing.assert_allclose(np.asarray(sd[n].numpy()).ravel()[:4], head, rtol=1e-4,
                                   atol=1e-6, err_msg=n)


def test_real_paddle_checkpoint_loads():
    state = paddle.load(CKPT)
    model = M.LeNet()
    missing, unexpected = model.set_state_dict(state)
    assert missing == [] and unexpected == []
    for k, v in model.state_dict().items():
        np.testing.assert_array_equal(v.numpy(), np.asarray(state[k].numpy()))
    # the checkpoint is a seeded LeNet written by Paddle: the same seed here gives the same values
    paddle.seed(7)
    fresh = M.LeNet()
    for k, v in fresh.state_dict().items():
        np.testing.assert_array_equal(v.numpy(), np.asarray(state[k].numpy()), err_msg=k)


def test_pretrained_missing_file_names_file_url_md5(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(RuntimeError) as info:
        M.squeezenet1_1(pretrained=True)
    msg = str(info.value)
    url = ("https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
           "SqueezeNet1_1_pretrained.pdparams")
    assert url in msg and "a11250d3a1f91d7131fd095ebbf09eee" in msg
    assert os.path.join(str(tmp_path), ".cache", "paddle", "hapi", "weights",
                        "SqueezeNet1_1_pretrained.pdparams") in msg


def test_pretrained_without_weights_is_paddles_assertion():
    with pytest.raises(AssertionError, match="mobilenetv1_0.25 model do not have a pretrained "
                                             "model now, you should set pretrained=False"):
        M.mobilenet_v1(pretrained=True, scale=0.25)
    with pytest.raises(AssertionError, match="mobilenetv2_0.5 model do not have a pretrained"):
        M.mobilenet_v2(pretrained=True, scale=0.5)


def test_pretrained_loads_from_weights_cache(tmp_path, monkeypatch):
    from paddle_compat._vision.models import squeezenet
    monkeypatch.setenv("HOME", str(tmp_path))
    paddle.seed(3)
    source = M.squeezenet1_1()
    url, _ = squeezenet.model_urls["squeezenet1_1"]
    cache = tmp_path / ".cache" / "paddle" / "hapi" / "weights"
    cache.mkdir(parents=True)
    path = cache / url.split("/")[-1]
    paddle.save(source.state_dict(), str(path))
    # the file is not Paddle's published one: its md5 differs and the error says so
    with pytest.raises(RuntimeError, match="not the published a11250d3a1f91d7131fd095ebbf09eee"):
        M.squeezenet1_1(pretrained=True)
    md5 = hashlib.md5(path.read_bytes()).hexdigest()
    monkeypatch.setitem(squeezenet.model_urls, "squeezenet1_1", (url, md5))
    loaded = M.squeezenet1_1(pretrained=True)
    for k, v in source.state_dict().items():
        np.testing.assert_array_equal(loaded.state_dict()[k].numpy(), v.numpy())


def test_num_classes_zero_and_no_pool_shapes():
    x = paddle.rand([1, 3, 32, 32])
    assert M.resnet18(num_classes=0).eval()(x).shape == [1, 512, 1, 1]
    assert M.mobilenet_v2(num_classes=0, with_pool=False).eval()(x).shape == [1, 1280, 1, 1]
    assert M.LeNet(num_classes=0)(paddle.rand([1, 1, 28, 28])).shape == [1, 16, 5, 5]


def test_bad_arguments_raise_paddles_errors():
    with pytest.raises(NotImplementedError, match=r"This scale size:\[0.7\] is not implemented!"):
        M.ShuffleNetV2(scale=0.7)
    with pytest.raises(AssertionError, match="supported layers are"):
        M.DenseNet(layers=50)
    with pytest.raises(AssertionError, match="supported versions are"):
        M.SqueezeNet("2.0")
    with pytest.raises(RuntimeError, match="The activation function is not supported: gelu"):
        M.ShuffleNetV2(act="gelu")


def test_intermediate_layer_getter():
    from paddle_compat._vision.models._utils import IntermediateLayerGetter
    m = M.resnet18()
    getter = IntermediateLayerGetter(m, {"layer1": "feat1", "layer3": "feat2"})
    out = getter(paddle.rand([1, 3, 64, 64]))
    assert [(k, v.shape) for k, v in out.items()] == [("feat1", [1, 64, 16, 16]),
                                                       ("feat2", [1, 256, 4, 4])]
    with pytest.raises(ValueError, match="return_layers are not present in model"):
        IntermediateLayerGetter(m, {"nope": "x"})
