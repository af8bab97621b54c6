"""Optimizer trajectories, state_dict names and LR schedules against goldens recorded from Paddle 3.3.1
(conformance/record/record_optim.py). The cases are built by the recorder's own builders, here with
paddle_compat, so both sides run exactly the same configuration."""
import importlib.util
import json
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat import _unique_name
from paddle_compat._nn.parameter import make_parameter
from paddle_compat._optim import clip as clip_mod
import paddle_compat.optimizer  # noqa: F401  (registers paddle.optimizer)

ROOT = os.path.join(os.path.dirname(__file__), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "optim.json")))
_spec = importlib.util.spec_from_file_location(
    "record_optim", os.path.join(ROOT, "conformance", "record", "record_optim.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


class _Shim:
    """paddle_compat as the recorder sees it: optimizer, optimizer.lr and the nn clip classes."""
    optimizer = paddle_compat.optimizer
    nn = clip_mod


def _make_param(name, array, learning_rate, regularizer, need_clip):
    return make_parameter(torch.from_numpy(array.copy()), name, learning_rate=learning_rate,
                          regularizer=regularizer, need_clip=need_clip)


def _make_regularizer(kind, coeff):
    from paddle_compat import regularizer
    return getattr(regularizer, kind)(coeff)


def _backward(w, b, a, a_bias, g, g_bias):
    wt, bt = w._t, b._t
    loss = (torch.from_numpy(a) * wt * wt + torch.from_numpy(g) * wt).sum() \
        + (torch.from_numpy(a_bias) * bt * bt + torch.from_numpy(g_bias) * bt).sum()
    loss.backward()


@pytest.mark.parametrize("name", sorted(GOLDEN["optim"]))
def test_trajectory_matches_paddle(name):
    want = GOLDEN["optim"][name]
    with _unique_name.guard():
        got = record.run_case(_Shim, name, _make_param, _make_regularizer, _backward)
    for step, (g, w) in enumerate(zip(got["trajectory"], want["trajectory"])):
        for key in ("weight", "bias"):
            np.testing.assert_allclose(g[key], w[key], rtol=1e-6, atol=1e-6,
                                       err_msg=f"{name}: {key} after step {step + 1}")
    np.testing.assert_allclose(got["lrs"], want["lrs"], rtol=1e-12)
    assert sorted(got["state_dict"]) == sorted(want["state_dict"])
    for key, value in want["state_dict"].items():
        if key == "LR_Scheduler":
            assert got["state_dict"][key] == pytest.approx(value)
        else:
            np.testing.assert_allclose(got["state_dict"][key], value, rtol=1e-5, atol=1e-6,
                                       err_msg=f"{name}: state {key}")


@pytest.mark.parametrize("name", sorted(GOLDEN["lr"]))
def test_lr_schedule_matches_paddle(name):
    got = record.lr_schedule(_Shim, name, record.LR_CASES[name])
    want = GOLDEN["lr"][name]
    np.testing.assert_allclose(got["values"], want["values"], rtol=1e-13, atol=0)
    assert got["state_dict"] == want["state_dict"]


def test_reduce_on_plateau_matches_paddle():
    got = record.plateau_schedule(_Shim)
    assert got == GOLDEN["lr_plateau"]
