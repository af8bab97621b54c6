"""paddle.amp (paddle_compat/_amp/) against Paddle 3.3.1's goldens (conformance/goldens/amp.json,
recorded by conformance/record/record_amp.py): CPU behaviour (auto_cast/GradScaler disabled with
Paddle's warnings, decorate untouched, lists, errors), the O1/O2 bfloat16 training loop's losses,
and GradScaler's state, parameters and printed lines through overflow steps; plus debugging."""
import contextlib
import importlib.util
import json
import math
import os

import numpy as np
import torch
import pytest

import paddle_compat as paddle
from paddle_compat._amp import auto_cast as amp_auto_cast
from paddle_compat._amp import grad_scaler as amp_grad_scaler

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "amp.json")))
_spec = importlib.util.spec_from_file_location(
    "record_amp", os.path.join(ROOT, "conformance", "record", "record_amp.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@contextlib.contextmanager
def compat_enable_scaler(paddle_module):
    """paddle_compat's counterpart of the recorder's patch: the place check answers "GPU" and the
    AMP dtype is float16, so the scaler runs its real code on CPU."""
    saved_place, saved_dtype = amp_grad_scaler._amp_place, amp_auto_cast.amp_global_state().amp_dtype
    amp_grad_scaler._amp_place = lambda: True
    amp_auto_cast.amp_global_state().amp_dtype = "float16"
    try:
        yield
    finally:
        amp_grad_scaler._amp_place = saved_place
        amp_auto_cast.amp_global_state().amp_dtype = saved_dtype


def _same(a, b, where, tol=0.0):
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), (where, a, b)
        for k in a:
            _same(a[k], b[k], f"{where}.{k}", tol)
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (where, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{i}]", tol)
    elif isinstance(a, float) and isinstance(b, float):
        assert (math.isnan(a) and math.isnan(b)) or a == b or abs(a - b) <= tol * max(1, abs(b)), \
            (where, a, b)
    else:
        assert a == b, (where, a, b)


def test_cpu_behaviour_matches_paddle():
    ours = record._jsonable(record.case_cpu(paddle))
    _same(ours, GOLDEN["cpu"], "cpu")


def test_bfloat16_training_loop_losses_match_paddle():
    ours = record._jsonable(record.case_train(paddle))
    # Paddle 3.3.1 runs AMP on CPU in float32 (auto_cast is disabled there), and so does
    # paddle_compat; bfloat16 tolerance is the bar, the match is in fact to float32 rounding.
    _same(ours, GOLDEN["train"], "train", tol=1e-5)


@pytest.mark.parametrize("kind", ["minimize", "step_update", "unscale", "no_dynamic"])
def test_grad_scaler_state_through_overflow_equals_paddle(kind):
    ours = record._jsonable(record.case_scaler(paddle, compat_enable_scaler))
    _same(ours[kind], GOLDEN["scaler"][kind], kind, tol=1e-6)
    _same(ours[kind + "_errors"], GOLDEN["scaler"][kind + "_errors"], kind)
    # the scale itself is exact: powers of two
    assert [r["state"]["scale"] for r in ours[kind]] == \
        [r["state"]["scale"] for r in GOLDEN["scaler"][kind]]


def test_grad_scaler_state_dict_round_trip():
    with compat_enable_scaler(paddle):
        s = paddle.amp.GradScaler(init_loss_scaling=256.0, incr_every_n_steps=7)
        s._incr_count = 3
        t = paddle.amp.GradScaler()
        t.load_state_dict(s.state_dict())
        assert t.state_dict()["incr_count"] == 3 and t.get_init_loss_scaling() == 256.0
        assert t.get_incr_every_n_steps() == 7
        with pytest.raises(AssertionError, match="The new_incr_ratio must be > 1.0."):
            t.set_incr_ratio(0.5)


def test_custom_lists_merge_as_paddle():
    white, black = amp_auto_cast._update_list({"exp"}, {"matmul_v2"}, "O1", "float16")
    assert "exp" in white and "exp" not in black
    assert "matmul_v2" in black and "matmul_v2" not in white
    assert amp_auto_cast._update_list(None, None, "O0") == (set(), set())


def test_check_numerics():
    from paddle_compat.amp.debugging import DebugMode, check_numerics
    x = paddle.to_tensor([1., 0., float("nan"), float("inf"), -2.])
    stats, values = check_numerics(x, "op", "x", DebugMode.CHECK_NAN_INF)
    assert stats.numpy().tolist() == [1, 1, 1]
    v = values.numpy()
    assert v[0] == np.inf and v[1] == -2 and np.isnan(v[2])
    stats, values = check_numerics(paddle.to_tensor([1., 0., 3.]), "op", "x")
    assert stats.numpy().tolist() == [0, 0, 1]
    np.testing.assert_allclose(values.numpy(), [3, 0, 4 / 3], rtol=1e-6)
    with pytest.raises(RuntimeError, match=r"\(PreconditionNotMet\) There are NAN or INF \(num_nan=1, "
                                           r"num_inf=1, num_zero=1\) in \[device=cpu, op=myop, "
                                           r"tensor=xv, dtype=fp32\]"):
        check_numerics(x, "myop", "xv")


def test_top_level_names():
    assert paddle.get_autocast_cpu_dtype() == "float16"
    assert paddle.is_autocast_enabled() is False


def test_cuda_unscale_scales_every_grad_and_reports_inf_once():
    """The CUDA path (Paddle's GPU kernel): every grad times 1/scale, inf/nan reported, no per-grad
    zeroing (that is the CPU kernel's). torch's fused kernel runs on CPU tensors too."""
    unscale = amp_grad_scaler._check_finite_and_unscale_cuda
    grads = [torch.full([3], 4.0), torch.tensor([2.0, float("inf")]), torch.tensor([8.0])]
    assert unscale(grads, torch.tensor(4.0)) is True
    assert grads[0].tolist() == [1.0, 1.0, 1.0] and grads[2].tolist() == [2.0]
    assert grads[1][0].item() == 0.5 and grads[1][1].item() == float("inf")
    finite = [torch.full([2], 3.0, dtype=torch.float16)]
    assert unscale(finite, torch.tensor(2.0)) is False
    assert finite[0].tolist() == [1.5, 1.5]
