"""paddle_compat/_nn/functional/extension.py: sequence_mask against hand-computed masks (Paddle's
rule: entry [..., j] is 1 where j < x[...], maxlen defaulting to max(x)); the recurrent layers'
goldens (tests/test_nn_layer_rnn.py) exercise it through sequence_length too. temporal_shift against
goldens recorded from real Paddle 3.3.1 (conformance/record/record_nn_conv.py)."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


def test_sequence_mask():
    m = F.sequence_mask(paddle.to_tensor([1, 3, 0]))
    np.testing.assert_array_equal(m.numpy(), [[1, 0, 0], [1, 1, 1], [0, 0, 0]])
    assert str(m.dtype) == "paddle.int64"
    m = F.sequence_mask(paddle.to_tensor([[2], [1]]), maxlen=4, dtype="float32")
    assert m.shape == [2, 1, 4] and m.numpy().sum() == 3


def test_sequence_mask_default_maxlen_is_the_longest_and_records_in_static_mode():
    m = F.sequence_mask(paddle.to_tensor([2, 4]), dtype="bool")
    assert m.shape == [2, 4] and str(m.dtype) == "paddle.bool"
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [3], "int64")
            y = F.sequence_mask(x, maxlen=5, dtype="float32")
        assert [op.type for op in main.global_block().ops] == ["sequence_mask"]
        out, = paddle.static.Executor().run(main, feed={"x": np.array([0, 5, 2])}, fetch_list=[y])
        np.testing.assert_array_equal(out.sum(1), [0, 5, 2])
    finally:
        paddle.disable_static()


@pytest.mark.parametrize("name", cases("extension"))
def test_temporal_shift_case_matches_paddle(name):
    check(paddle, name)
PREFIXES = ("gather_tree_",)


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_functional.py) ------------
import json as _json  # noqa: E402
import os as _os  # noqa: E402

import pytest as _pytest  # noqa: E402

from conformance.golden_replay import check_case as _check_case  # noqa: E402

_GOLDEN = _os.path.join(_os.path.dirname(__file__), "..", "conformance", "goldens", "nn_functional.json")
_CASES = _json.load(open(_GOLDEN))["cases"]


@_pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(PREFIXES)))
def test_functional_case_matches_paddle(name):
    _check_case(paddle, _CASES[name])


def _run_static(fn, spec):
    """Record fn on static.data inputs, run it with the Executor; return (op types, result, the
    same call's dynamic result)."""
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            out = fn({k: paddle.static.data(k, list(v.shape), str(v.dtype)) for k, v in spec.items()})
        got, = paddle.static.Executor().run(main, feed=spec, fetch_list=[out])
    finally:
        paddle.disable_static()
    want = fn({k: paddle.to_tensor(v) for k, v in spec.items()})
    return [op.type for op in main.global_block().ops], got, want.numpy()


def test_gather_tree_records_one_op_in_static_mode():
    types, got, want = _run_static(lambda d: F.gather_tree(d["ids"], d["par"]),
                                   {"ids": np.array([[[1, 2]], [[3, 4]]]), "par": np.array([[[0, 0]], [[1, 0]]])})
    assert types == ["gather_tree"] and got.tolist() == want.tolist() == [[[2, 1]], [[3, 4]]]
