"""paddle.save / paddle.load: Paddle's file format (fixtures written by real Paddle 3.3.1 with
tests/fixtures/*), round trips, and safe loading (a malicious pickle is refused and runs nothing)."""
import io
import os
import pickle
import re

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
import paddle_compat.nn as nn
from paddle_compat import _serialization as ser
from paddle_compat._creation_core import to_tensor
from paddle_compat._nn.parameter import make_parameter
from paddle_compat._tensor import Tensor

FIX = os.path.join(os.path.dirname(__file__), "fixtures")


def test_loads_paddle_pdparams_with_parameter_names():
    sd = ser.load(os.path.join(FIX, "paddle331_linear.pdparams"))
    assert list(sd) == ["weight", "bias"]
    assert sd["weight"].name == "linear_0.w_0" and sd["bias"].name == "linear_0.b_0"
    np.testing.assert_allclose(sd["bias"].numpy(), [0.49, -0.51], rtol=1e-6)
    assert sd["weight"].shape == [3, 2] and sd["weight"].stop_gradient


def test_loads_paddle_pdopt_with_lr_scheduler():
    sd = ser.load(os.path.join(FIX, "paddle331_adam.pdopt"))
    assert sd["LR_Scheduler"] == {"last_epoch": 0, "last_lr": 0.01}
    assert sd["linear_0.w_0_beta1_pow_acc_0"].numpy().tolist() == pytest.approx([0.80999994])
    assert "StructuredToParameterName@@" not in sd
    raw = ser.load(os.path.join(FIX, "paddle331_adam.pdopt"), return_numpy=True)
    assert isinstance(raw["linear_0.w_0_moment1_0"], np.ndarray)


def test_loads_paddle_nested_objects_and_bare_tensor():
    obj = ser.load(os.path.join(FIX, "paddle331_nested.pdtensor"))
    assert obj["t"].numpy().tolist() == [1, 2, 3] and obj["t"].dtype.short == "int64"
    nested = obj["nested"]
    assert isinstance(nested[0], Tensor) and nested[1:] == [3, "x", (1.0, None)]
    t = ser.load(os.path.join(FIX, "paddle331_tensor.pdtensor"))
    assert t.dtype.short == "float64" and t.numpy().tolist() == [1.0, 2.0]


def test_optimizer_state_from_paddle_resumes_training():
    from paddle_compat import _unique_name
    from paddle_compat.optimizer import Adam, lr
    w = make_parameter(torch.zeros(3, 2), "linear_0.w_0")
    b = make_parameter(torch.zeros(2), "linear_0.b_0")
    opt = Adam(learning_rate=lr.StepDecay(0.01, 2), parameters=[w, b])
    opt.set_state_dict(ser.load(os.path.join(FIX, "paddle331_adam.pdopt")))
    (w._t.sum() + b._t.sum()).backward()
    with _unique_name.guard():     # accumulator names are <param>_<acc>_0 as in a fresh Paddle process
        opt.step()
    # the first step created accumulators from the loaded values: beta pows advanced from Paddle's
    assert opt.state_dict()["linear_0.w_0_beta1_pow_acc_0"].numpy()[0] == pytest.approx(0.729, 1e-6)


def test_state_dict_round_trip_keeps_names_and_is_paddle_format(tmp_path):
    w = make_parameter(torch.arange(6.0).reshape(2, 3), "fc_0.w_0")
    path = str(tmp_path / "sub" / "m.pdparams")
    ser.save({"w": w}, path)
    with open(path, "rb") as f:
        raw = pickle.load(f)
    assert raw["StructuredToParameterName@@"] == {"w": "fc_0.w_0"}
    assert isinstance(raw["w"], np.ndarray)
    back = ser.load(path)
    assert back["w"].name == "fc_0.w_0" and back["w"].numpy().tolist() == w.numpy().tolist()


@settings(max_examples=25, deadline=None)
@given(st.recursive(st.one_of(st.integers(-5, 5), st.floats(allow_nan=False), st.text(max_size=3),
                              st.none(), st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=4)
                              .map(lambda v: to_tensor(v))),
                    lambda kids: st.one_of(st.lists(kids, max_size=3),
                                           st.dictionaries(st.text(max_size=3), kids, max_size=3)),
                    max_leaves=8))
def test_nested_round_trip(obj):
    buf = io.BytesIO()
    ser.save(obj, buf)
    buf.seek(0)
    assert _plain(ser.load(buf)) == _plain(obj)


def _plain(obj):
    if isinstance(obj, Tensor):
        return ("T", obj.dtype.short, obj.numpy().tolist())
    if isinstance(obj, list):
        return [_plain(o) for o in obj]
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return obj


class _Evil:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_malicious_pickle_is_refused_and_runs_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv(ser.TRUSTED_ENV, raising=False)
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.pdparams"
    with open(path, "wb") as f:
        pickle.dump({"w": np.zeros(2), "x": _Evil(marker)}, f, protocol=4)
    with pytest.raises(ser.UnsafeLoadError, match=r"posix\.system|os\.system") as info:
        ser.load(str(path))
    assert "trusted=True" in str(info.value) and ser.TRUSTED_ENV in str(info.value)
    assert not marker.exists()
    assert isinstance(info.value, pickle.UnpicklingError)


# Globals a crafted file can use to run code: each must be refused by name (a pickle that only
# references the global is enough to show find_class refuses it; nothing is called).
GADGETS = [("builtins", "getattr"), ("builtins", "eval"), ("builtins", "exec"),
           ("builtins", "__import__"), ("builtins", "open"), ("builtins", "setattr"),
           ("builtins", "compile"), ("builtins", "globals"), ("os", "system"), ("posix", "system"),
           ("subprocess", "Popen"), ("importlib", "import_module"), ("pickle", "loads"),
           ("numpy", "load"), ("numpy.testing._private.utils", "runstring"),
           ("torch", "load"), ("collections", "Counter"), ("functools", "partial"),
           ("paddle_compat._serialization", "load")]


@pytest.mark.parametrize("module,name", GADGETS, ids=[f"{m}.{n}" for m, n in GADGETS])
def test_code_running_globals_are_refused(tmp_path, monkeypatch, module, name):
    monkeypatch.delenv(ser.TRUSTED_ENV, raising=False)
    path = tmp_path / "gadget.pdparams"
    # protocol 0 GLOBAL opcode, then a dict holding it: {'w': <module.name>}
    path.write_bytes(b"(dp0\nVw\np1\nc" + module.encode() + b"\n" + name.encode() + b"\np2\ns.")
    with pytest.raises(ser.UnsafeLoadError, match=re.escape(f"'{module}.{name}'")):
        ser.load(str(path))


def test_getattr_gadget_chain_runs_nothing(tmp_path, monkeypatch):
    # getattr(builtins-like object, 'system')-style chains start with builtins.getattr: refused
    # before any call, so the marker file is never created.
    monkeypatch.delenv(ser.TRUSTED_ENV, raising=False)
    marker = tmp_path / "pwned"
    payload = (b"cbuiltins\ngetattr\n(cos\n_wrap_close\nVsystem\ntR(V" +
               f"touch {marker}".encode() + b"\ntR.")
    path = tmp_path / "chain.pdparams"
    path.write_bytes(payload)
    with pytest.raises(ser.UnsafeLoadError, match="'builtins.getattr'"):
        ser.load(str(path))
    assert not marker.exists()


def test_trusted_opt_in_loads_custom_objects(tmp_path, monkeypatch):
    monkeypatch.delenv(ser.TRUSTED_ENV, raising=False)
    path = str(tmp_path / "obj.pd")
    ser.save({"layer": collections_counter()}, path)
    with pytest.raises(ser.UnsafeLoadError, match="collections.Counter"):
        ser.load(path)
    assert ser.load(path, trusted=True)["layer"] == collections_counter()
    monkeypatch.setenv(ser.TRUSTED_ENV, "1")
    assert ser.load(path)["layer"] == collections_counter()


def collections_counter():
    import collections
    return collections.Counter("aab")


def test_errors_match_paddle(tmp_path):
    with pytest.raises(ValueError, match=r"Expected 1<'protocol'<5, but received protocol=1"):
        ser.save(1, str(tmp_path / "a"), protocol=1)
    with pytest.raises(ValueError, match="The 'protocol' MUST be `int`"):
        ser.save(1, str(tmp_path / "a"), protocol="a")
    with pytest.raises(ValueError, match=r"The ``path`` \(.*nope\) to load model not exists."):
        ser.load(str(tmp_path / "nope"))
    with pytest.raises(ValueError, match="filename is empty string"):
        ser.save(1, str(tmp_path) + "/")


def test_save_of_a_layer_raises_paddle_value_error(tmp_path):
    with pytest.raises(ValueError, match="paddle do not support saving `paddle.nn.Layer` object."):
        paddle.save(nn.Linear(2, 2), str(tmp_path / "layer.pd"))


# ---- damaged files: Paddle's errors (conformance/goldens/serialization.json) ---------------------
def _recorded(name):
    import importlib.util
    import json
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "record_serialization", os.path.join(root, "conformance", "record", "record_serialization.py"))
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    import paddle_compat
    with open(os.path.join(root, "conformance", "goldens", "serialization.json")) as f:
        want = json.load(f)["cases"][name]
    return record.run(paddle_compat, name), want


def test_damaged_files_raise_what_paddle_raises():
    got, want = _recorded("damaged_files")
    assert got == want


def test_shared_tensor_objects_stay_shared_after_load(tmp_path):
    t = to_tensor([1.0, 2.0])
    path = str(tmp_path / "shared.pdtensor")
    ser.save({"a": [t, t], "b": (t,)}, path)
    out = ser.load(path)
    assert out["a"][0] is out["a"][1] is out["b"][0]
    assert out["a"][0].numpy().tolist() == [1.0, 2.0]


def test_save_load_scope_tensor_and_program(tmp_path):
    """paddle.save of a scope DenseTensor reads back as a Tensor; a Program is written as its
    serialized desc and paddle.load gives the Program back (Paddle's own load example)."""
    paddle.enable_static()
    try:
        prog, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(prog, startup):
            x = paddle.static.data(name="x_save", shape=[None, 4], dtype="float32")
            paddle.static.nn.fc(x, 3)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        var = [v for v in prog.list_vars() if list(v.shape) == [4, 3]][0]
        t = paddle.static.global_scope().find_var(var.name).get_tensor()
        paddle.save(t, str(tmp_path / "t.pdtensor"))
        back = paddle.load(str(tmp_path / "t.pdtensor"))
        np.testing.assert_array_equal(back.numpy(), np.array(t))
        paddle.save(prog, str(tmp_path / "main.pdmodel"))
        loaded = paddle.load(str(tmp_path / "main.pdmodel"))
        assert [op.type for op in loaded.global_block().ops] == \
            [op.type for op in prog.global_block().ops]
    finally:
        paddle.disable_static()
