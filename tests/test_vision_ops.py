"""paddle.vision.ops against goldens recorded from Paddle 3.3.1
(conformance/record/record_vision_ops.py): each recorded snippet runs here under paddle_compat and
its outputs, gradients, or exception class and message are compared; plus decode_jpeg (Paddle
decodes on GPU only) against Pillow, and ConvNormActivation's layout."""
import importlib.util
import io
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.vision.ops as ops

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
with open(os.path.join(ROOT, "conformance", "goldens", "vision_ops.json")) as _f:
    GOLD = json.load(_f)
_spec = importlib.util.spec_from_file_location(
    "record_vision_ops", os.path.join(ROOT, "conformance", "record", "record_vision_ops.py"))
RECORD = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RECORD)


def _compare(got, want, name, rtol=1e-5, atol=1e-5):
    if isinstance(want, list):
        assert isinstance(got, (list, tuple)) and len(got) == len(want), name
        for i, (g, w) in enumerate(zip(got, want)):
            _compare(g, w, f"{name}[{i}]", rtol, atol)
        return
    if isinstance(want, dict):
        a = got.numpy()
        assert list(a.shape) == want["shape"], name
        assert str(a.dtype) == want["dtype"], name
        w = np.array(want["value"], dtype=want["dtype"]).reshape(want["shape"])
        if a.dtype.kind in "fc":
            np.testing.assert_allclose(a, w, rtol=rtol, atol=atol, err_msg=name)
        else:
            np.testing.assert_array_equal(a, w, err_msg=name)
        return
    assert got == want, name


@pytest.mark.parametrize("name", sorted(GOLD))
def test_vision_ops_against_paddle(name, tmp_path):
    gold = GOLD[name]
    env = {"paddle": paddle, "np": np, "ops": ops, "os": os, "TMP": str(tmp_path)}
    scope = dict(env)
    exec(RECORD.HELPERS, scope)
    if "error" in gold:
        cls, msg = gold["error"]
        with pytest.raises(Exception) as info:
            exec(gold["code"], scope)
        assert type(info.value).__name__ == cls
        first = msg.split("\n")[0].split(" (at ")[0]
        assert str(info.value).split("\n")[0].startswith(first)
        return
    exec(gold["code"], scope)
    out = scope["out"]
    _compare(out, gold["out"], name)
    if "grads" in gold:
        first = out[0] if isinstance(out, (list, tuple)) else out
        g = np.random.RandomState(99).uniform(-1, 1, first.shape).astype("float32")
        (first * paddle.to_tensor(g)).sum().backward()
        for i, (t, want) in enumerate(zip(scope["wrt"], gold["grads"])):
            _compare(t.grad, want, f"{name} grad {i}", rtol=1e-4, atol=1e-5)


def test_ops_exports_paddles_names():
    assert sorted(ops.__all__) == sorted([
        "yolo_loss", "yolo_box", "prior_box", "box_coder", "deform_conv2d", "DeformConv2D",
        "read_file", "decode_jpeg", "roi_pool", "RoIPool", "psroi_pool", "PSRoIPool", "roi_align", "RoIAlign",
        "nms", "matrix_nms", "distribute_fpn_proposals", "generate_proposals"])


@pytest.mark.parametrize("mode,channels", [("unchanged", 3), ("rgb", 3), ("gray", 1)])
def test_decode_jpeg_matches_pillow(tmp_path, mode, channels):
    from PIL import Image
    arr = (np.arange(6 * 10 * 3).reshape(6, 10, 3) * 7 % 256).astype("uint8")
    path = tmp_path / "x.jpg"
    Image.fromarray(arr).save(str(path), quality=90)
    img = ops.decode_jpeg(ops.read_file(str(path)), mode=mode)
    assert img.shape == [channels, 6, 10] and img.dtype == paddle.uint8
    ref = Image.open(str(path))
    ref = ref.convert("L") if mode == "gray" else ref.convert("RGB")
    want = np.asarray(ref)
    want = want[None] if want.ndim == 2 else want.transpose(2, 0, 1)
    np.testing.assert_array_equal(img.numpy(), want)


def test_decode_jpeg_rejects_other_data():
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(np.zeros((2, 2, 3), "uint8")).save(buf, format="PNG")
    data = paddle.to_tensor(np.frombuffer(buf.getvalue(), dtype="uint8"))
    with pytest.raises(ValueError, match="decode_jpeg expects JPEG data"):
        ops.decode_jpeg(data)
    with pytest.raises(ValueError, match="The mode of decode_jpeg"):
        ops.decode_jpeg(data, mode="bgr")


def test_conv_norm_activation_layout():
    block = ops.ConvNormActivation(3, 8, kernel_size=3, stride=2)
    assert [type(m).__name__ for m in block] == ["Conv2D", "BatchNorm2D", "ReLU"]
    assert block[0].bias is None and block[0]._padding == 1
    bare = ops.ConvNormActivation(3, 8, 1, norm_layer=None, activation_layer=None)
    assert len(bare) == 1 and bare[0].bias is not None
    assert block(paddle.rand([1, 3, 8, 8])).shape == [1, 8, 4, 4]


def test_nms_many_boxes_matches_sequential_greedy():
    rs = np.random.RandomState(0)
    xy = rs.uniform(0, 50, (300, 2))
    boxes = np.concatenate([xy, xy + rs.uniform(2, 30, (300, 2))], 1).astype("float32")
    keep = ops.nms(paddle.to_tensor(boxes), 0.4).numpy()
    # the greedy definition, box by box
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    alive, want = np.ones(len(boxes), bool), []
    for i in range(len(boxes)):
        if not alive[i]:
            continue
        want.append(i)
        x0 = np.maximum(boxes[i, 0], boxes[:, 0])
        y0 = np.maximum(boxes[i, 1], boxes[:, 1])
        x1 = np.minimum(boxes[i, 2], boxes[:, 2])
        y1 = np.minimum(boxes[i, 3], boxes[:, 3])
        inter = np.clip(x1 - x0, 0, None) * np.clip(y1 - y0, 0, None)
        iou = inter / (area[i] + area - inter)
        alive[i + 1:] &= ~(iou[i + 1:] > 0.4)
    np.testing.assert_array_equal(keep, want)


with open(RECORD.STATIC_GOLDEN) as _f:
    STATIC_GOLD = json.load(_f)


def _dynamic_run(code):
    # the same snippet with D() giving plain tensors: what dynamic mode returns
    scope = {"paddle": paddle, "np": np, "ops": ops}
    exec(RECORD.HELPERS, scope)
    scope["D"] = lambda name, arr, batch=True: paddle.to_tensor(arr)
    exec(code, scope)
    out = scope["out"]
    return [t.numpy() for t in (out if isinstance(out, (list, tuple)) else [out])]


@pytest.mark.parametrize("name", sorted(STATIC_GOLD))
def test_static_program_matches_paddle_and_dynamic(name):
    # recorded in a Program, run by the Executor (Paddle's legacy static graph)
    gold = STATIC_GOLD[name]
    got = RECORD.run_static_case(gold["code"], {"paddle": paddle, "np": np, "ops": ops})
    if "error" in gold:
        assert "error" in got, name
        assert got["error"][0] == gold["error"][0]
        assert got["error"][1].split("\n")[0] == gold["error"][1].split("\n")[0].split(" (at ")[0]
        return
    assert "error" not in got, got.get("error")
    dynamic = _dynamic_run(gold["code"])
    for i, (a, d) in enumerate(zip(got["out"], dynamic)):
        np.testing.assert_allclose(np.array(a["value"], a["dtype"]).reshape(a["shape"]), d,
                                   rtol=1e-6, atol=1e-6, err_msg=f"{name}[{i}] static != dynamic")
    if "crash" in gold:             # Paddle's own kernel crashed: dynamic mode is the reference
        return
    assert got["shapes"] == gold["shapes"], name
    for i, (g, w) in enumerate(zip(got["out"], gold["out"])):
        assert (g["dtype"], g["shape"]) == (w["dtype"], w["shape"]), f"{name}[{i}]"
        np.testing.assert_allclose(np.array(g["value"], g["dtype"]), np.array(w["value"],
                                   w["dtype"]), rtol=1e-5, atol=1e-5, err_msg=f"{name}[{i}]")
