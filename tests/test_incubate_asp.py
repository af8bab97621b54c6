"""paddle.incubate.asp against Paddle 3.3.1's CPU wheel (conformance/goldens/incubate_asp.json,
recorded with FLAGS_enable_pir_api=0 by conformance/record/record_incubate_asp.py, whose cases
replay here on paddle_compat): the three mask algorithms and n:m patterns on Linear / Conv2D
weights (ties and re-pruning included), decorate()'s mask parameters through optimizer steps,
excluded layers, add_supported_layer, calculate_density, the errors, and legacy static mode
(minimize's masking ops, prune_model on a Program, training)."""
import importlib.util
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat.incubate import asp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "incubate_asp.json")))
_spec = importlib.util.spec_from_file_location(
    "record_incubate_asp", os.path.join(ROOT, "conformance", "record", "record_incubate_asp.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

# Paddle's masked weights stop training after the first decorated step (see below)
_KNOWN_DIFFERENCE = "paddle_frozen_after_steps"


@pytest.fixture(scope="module")
def ours():
    return json.loads(json.dumps(record.cases(paddle)))


def _close(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        return abs(a - b) <= 2e-6 + 1e-6 * abs(b)
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("name", sorted(set(GOLDEN["cases"]) - {_KNOWN_DIFFERENCE}))
def test_against_paddle(ours, name):
    assert _close(ours[name], GOLDEN["cases"][name]), (ours[name], GOLDEN["cases"][name])


def test_masked_weights_keep_training_unlike_paddle(ours):
    # Paddle 3.3.1 (PIR off) sets stop_gradient on every masked weight at the first step();
    # paddle_compat keeps them trainable (the documented difference)
    assert GOLDEN["cases"][_KNOWN_DIFFERENCE][0] == ["conv.weight", "fc1.weight", "fc2.weight"]
    assert ours[_KNOWN_DIFFERENCE] == [[], [], []]
    net = paddle.nn.Linear(8, 4)
    opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.5, parameters=net.parameters()))
    mask = asp.prune_model(net)[net.weight.name]
    w0 = net.weight.numpy().copy()
    for _ in range(2):
        net(paddle.ones([3, 8])).sum().backward()
        opt.step()
        opt.clear_grad()
    w = net.weight.numpy()
    assert (w[mask == 0] == 0).all() and (w[mask == 1] != w0[mask == 1]).all()
    assert not net.weight.stop_gradient


def test_state_dict_round_trip_and_minimize():
    net = paddle.nn.Linear(8, 4)
    opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters()))
    asp.prune_model(net, mask_algo="mask_2d_best")
    key = net.weight.name + ".asp_mask"
    state = opt.state_dict()
    saved = state[key].numpy().copy()
    assert asp.calculate_density(saved) == 0.5
    state[key] = paddle.ones([8, 4])
    opt.set_state_dict(state)
    assert asp.calculate_density(opt.state_dict()[key].numpy()) == 1.0
    del state[key]
    with pytest.raises(AssertionError, match=f"The {key} is not found."):
        opt.set_state_dict(state)
    opt.set_state_dict({**state, key: paddle.to_tensor(saved)})
    loss = net(paddle.ones([2, 8])).sum()
    loss.backward()
    _, params_grads = opt.minimize(loss)
    assert len(params_grads) == 2 and asp.calculate_density(net.weight.numpy()) == 0.5


def test_prune_with_mask_needs_decorate():
    net = paddle.nn.Linear(8, 4)
    with pytest.raises(AssertionError, match=r"asp_mask variable, please call asp.decorate\(\)"):
        asp.prune_model(net)


def test_static_mode_step_is_dynamic_only_and_empty_program_prunes_nothing():
    assert asp.prune_model(paddle.static.Program()) == {}
    paddle.enable_static()
    try:
        with pytest.raises(AssertionError, match=r"We only support 'step\(\)'"):
            asp.decorate(paddle.optimizer.SGD()).step()
    finally:
        paddle.disable_static()


def test_mask_utilities():
    w = np.array([[0.1, -0.9, 0.3, 0.5], [2.0, 0.0, -1.0, 0.2]], "float32")
    m = asp.create_mask(w, asp.MaskAlgo.MASK_1D)
    assert m.dtype == np.float32 and m.tolist() == [[0, 1, 0, 1], [1, 0, 1, 0]]
    assert asp.check_sparsity(w * m, asp.CheckMethod.CHECK_1D)
    assert not asp.check_sparsity(w, asp.CheckMethod.CHECK_1D)
    assert asp.CheckMethod.get_checking_method(asp.MaskAlgo.MASK_2D_BEST) == \
        asp.CheckMethod.CHECK_2D
    with pytest.raises(ValueError, match="Only dimension < 4 is supported but got 5"):
        asp.create_mask(np.ones([1, 1, 1, 1, 4]))
    best = asp.get_mask_2d_best(np.arange(16.0).reshape(4, 4), 2, 4)
    assert asp.check_mask_2d(best, 2, 4) and best.sum() == 8
