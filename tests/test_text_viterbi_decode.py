"""paddle_compat/_text/viterbi_decode.py: viterbi_decode and ViterbiDecoder against goldens
recorded from Paddle 3.3.1 (conformance/goldens/text.json, written by
conformance/record/record_text.py), a brute-force check of the best path, and static mode."""
import itertools
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from conformance.golden_replay import check_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "text.json")
CASES = json.load(open(_GOLDEN))["viterbi"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_viterbi_case_matches_paddle(name):
    check_case(paddle, CASES[name])


@pytest.mark.parametrize("bos", [True, False])
def test_viterbi_finds_the_best_path_by_brute_force(bos):
    rng = np.random.RandomState(9)
    x = rng.uniform(-2, 2, (2, 4, 4)).astype("float64")
    t = rng.uniform(-2, 2, (4, 4)).astype("float64")
    lengths = np.array([4, 3])
    scores, path = paddle.text.viterbi_decode(paddle.to_tensor(x), paddle.to_tensor(t),
                                              paddle.to_tensor(lengths), bos)
    for b, n in enumerate(lengths):
        best = max(itertools.product(range(4), repeat=int(n)), key=lambda p: (
            sum(x[b, i, p[i]] for i in range(n)) + sum(t[p[i - 1], p[i]] for i in range(1, n))
            + ((t[3, p[0]] + t[2, p[-1]]) if bos else 0.0)))
        s = (sum(x[b, i, best[i]] for i in range(n)) + sum(t[best[i - 1], best[i]] for i in range(1, n))
             + ((t[3, best[0]] + t[2, best[-1]]) if bos else 0.0))
        assert path.numpy()[b, :n].tolist() == list(best)
        np.testing.assert_allclose(scores.numpy()[b], s, rtol=1e-12)


def test_viterbi_records_one_op_in_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 3, 4], "float32")
            t = paddle.static.data("t", [4, 4], "float32")
            n = paddle.static.data("n", [2], "int64")
            s, p = paddle.text.viterbi_decode(x, t, n)
        assert [op.type for op in main.global_block().ops] == ["viterbi_decode"]
        rng = np.random.RandomState(1)
        feed = {"x": rng.rand(2, 3, 4).astype("float32"), "t": rng.rand(4, 4).astype("float32"),
                "n": np.array([3, 3])}
        got = paddle.static.Executor().run(main, feed=feed, fetch_list=[s, p])
    finally:
        paddle.disable_static()
    want = paddle.text.viterbi_decode(*(paddle.to_tensor(feed[k]) for k in ("x", "t", "n")))
    np.testing.assert_allclose(got[0], want[0].numpy(), rtol=1e-6)
    np.testing.assert_array_equal(got[1], want[1].numpy())
