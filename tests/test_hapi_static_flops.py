"""paddle.flops of a static Program (paddle_compat/_hapi/static_flops.py): tables and counts
recorded from Paddle 3.3.1's legacy static graph, and its PIR-mode failure."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import _flags
from paddle_compat._mode import STATE
from tests._hapi_goldens import GOLDEN, params, replay
from conformance.record.record_hapi import CASES, check_case, run_case


@pytest.mark.parametrize("name,src", params("static_flops"))
def test_matches_paddle(name, src):
    replay(name, src)


def test_pir_program_fails_as_paddle():
    # Paddle 3.3.1's default PIR face: static_flops reads the legacy `type` a PIR op lacks
    src = dict(CASES)["flops_static_pir"]
    old = STATE.pir, _flags._VALUES["FLAGS_enable_pir_api"]
    STATE.pir = _flags._VALUES["FLAGS_enable_pir_api"] = True
    try:
        got = run_case(paddle, src, name="flops_static_pir")
    finally:
        STATE.pir, _flags._VALUES["FLAGS_enable_pir_api"] = old
    assert not check_case("flops_static_pir", GOLDEN["flops_static_pir"], got)


def test_total_is_numpy_integer_and_program_unchanged(static_mode):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 2, 5, 5], "float32")
        paddle.nn.Conv2D(2, 3, 3)(x)
    before = [op.type for op in main.global_block().ops]
    total = paddle.flops(main, None)
    assert isinstance(total, np.integer) and total == 3 * 3 * 3 * (2 * 9) + 3 * 9
    assert [op.type for op in main.global_block().ops] == before
