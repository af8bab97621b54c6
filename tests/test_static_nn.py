"""paddle.static.nn's layers (paddle_compat/_static/nn/: common.py, loss.py, sequence_lod.py,
ops.py) against goldens recorded from Paddle 3.3.1 in legacy mode by
conformance/record/record_static_nn.py: printed programs, values, gradients and errors."""
import importlib.util
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import _unique_name

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "static_nn.json")))
_spec = importlib.util.spec_from_file_location(
    "record_static_nn", os.path.join(ROOT, "conformance", "record", "record_static_nn.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.fixture(autouse=True)
def _fresh_names():
    _unique_name.switch()
    paddle.disable_static()
    yield
    paddle.disable_static()


def _close(a, b, path=""):
    if isinstance(a, float) or isinstance(b, float):
        assert a == pytest.approx(b, rel=1e-4, abs=2e-5), path
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        assert len(a) == len(b), path
        for k, (x, y) in enumerate(zip(a, b)):
            _close(x, y, f"{path}[{k}]")
    else:
        assert a == b, path


@pytest.mark.parametrize("name", sorted(record.CASES))
def test_case_matches_paddle(name, capsys):
    assert record.CASES[name] == GOLDEN["cases"][name], "golden recorded from another snippet"
    want = GOLDEN["results"][name]
    assert "error" not in want, want.get("error")
    got = record.run_case(paddle, record.CASES[name])
    assert sorted(got) == sorted(want)
    for key in want:
        if key in ("main", "startup"):
            assert got[key] == want[key], key
        elif key.startswith("printed"):
            # Paddle's executor runs independent print ops in no fixed order: compare the lines.
            assert sorted(got[key].splitlines()) == sorted(want[key].splitlines()), key
        else:
            _close(got[key], want[key], key)


def test_nce_prints_paddles_note(capsys):
    paddle.enable_static()
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        paddle.static.nn.nce(paddle.static.data("f", [2, 3], "float32"),
                             paddle.static.data("l", [2, 1], "int64"), 4)
    assert "With sparse mode" in capsys.readouterr().out


def test_sparse_embedding_values_and_training():
    paddle.enable_static()
    main, start = paddle.static.Program(), paddle.static.Program()
    table = np.arange(10, dtype="float32").reshape(5, 2)
    with paddle.static.program_guard(main, start):
        ids = paddle.static.data("ids", [3, 1], "int64")
        attr = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(table))
        e = paddle.static.nn.sparse_embedding(ids, [5, 2], padding_idx=2, param_attr=attr)
        loss = paddle.mean(e * e)
        paddle.optimizer.SGD(0.1).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(start)
        out, = exe.run(main, feed={"ids": np.array([[4], [0], [2]], "int64")}, fetch_list=[e])
        np.testing.assert_allclose(out, [[8, 9], [0, 1], [0, 0]])
        w = np.array(scope.find_var("sparse_embedding_0.w_0").get_tensor())
    # Rows 4 and 0 were looked up and move; the padding row and the unused rows do not.
    assert not np.allclose(w[4], table[4]) and not np.allclose(w[0], table[0])
    np.testing.assert_allclose(w[[1, 2, 3]], table[[1, 2, 3]])


@pytest.mark.parametrize("api", ["sequence_conv", "sequence_softmax", "sequence_pool",
                                 "sequence_first_step", "sequence_last_step", "sequence_expand"])
def test_sequence_layers_name_the_missing_lod(api):
    paddle.enable_static()
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        x = paddle.static.data("x", [4, 3], "float32", lod_level=1)
        args = {"sequence_conv": (x, 2), "sequence_pool": (x, "sum"),
                "sequence_expand": (x, x)}.get(api, (x,))
        with pytest.raises(NotImplementedError, match=f"paddle.static.nn.{api} works on LoD"):
            getattr(paddle.static.nn, api)(*args)


def test_layers_train_with_minimize():
    paddle.enable_static()
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [4, 2, 3, 3], "float32")
        h = paddle.static.nn.conv2d_transpose(x, 2, filter_size=2, act="relu")
        h = paddle.static.nn.layer_norm(h)
        h = paddle.static.nn.prelu(h, "channel")
        loss = paddle.mean(h * h)
        paddle.optimizer.SGD(0.05).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    data = np.sin(np.arange(72, dtype="float32")).reshape(4, 2, 3, 3)
    with paddle.static.scope_guard(scope):
        exe.run(start)
        losses = [float(exe.run(main, feed={"x": data}, fetch_list=[loss])[0])
                  for _ in range(4)]
    assert losses[-1] < losses[0]
