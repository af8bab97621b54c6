"""paddle.signal (paddle_compat/_signal.py) against Paddle 3.3.1's goldens
(conformance/goldens/fft.json, the stft/istft cases of conformance/record/record_fft.py), plus the
frame/overlap_add ops, round trips and static mode."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import _signal
from tests.test_fft import GOLDEN, assert_same, record

CASES = sorted(k for k in GOLDEN["cases"] if k.startswith(("stft", "istft")))


@pytest.mark.parametrize("case", CASES)
def test_golden(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case, tol=1e-4)


def test_frame_and_overlap_add_both_axes():
    x = paddle.to_tensor(np.arange(10, dtype="float32"))
    f = _signal.frame(x, 4, 3)
    assert f.shape == [4, 3]
    np.testing.assert_array_equal(f.numpy()[:, 1], [3, 4, 5, 6])
    f0 = _signal.frame(x, 4, 3, axis=0)
    assert f0.shape == [3, 4]
    back = _signal.overlap_add(f, 3)
    expect = np.zeros(10, "float32")
    for i in range(3):
        expect[3 * i: 3 * i + 4] += np.arange(3 * i, 3 * i + 4)
    np.testing.assert_array_equal(back.numpy(), expect)
    np.testing.assert_array_equal(_signal.overlap_add(f0, 3, axis=0).numpy(), expect)
    with pytest.raises(ValueError, match="Unexpected axis: 1"):
        _signal.frame(x, 4, 3, axis=1)
    with pytest.raises(ValueError, match=r"frame_length should be less equal .* \(11\) > \(10\)"):
        _signal.frame(x, 11, 3)


def test_round_trip_with_hann_window():
    rs = np.random.RandomState(0)
    sig = rs.randn(2, 64)
    win = paddle.to_tensor(np.hanning(16))
    spec = paddle.signal.stft(paddle.to_tensor(sig), 16, hop_length=4, window=win)
    back = paddle.signal.istft(spec, 16, hop_length=4, window=win, length=64)
    np.testing.assert_allclose(back.numpy(), sig, rtol=1e-9, atol=1e-9)


def test_nola_failure_is_paddles_value_error():
    spec = paddle.signal.stft(paddle.ones([32]), 8, hop_length=4)
    with pytest.raises(ValueError, match=r"Nonzero Overlap Add \(NOLA\) condition failed"):
        paddle.signal.istft(spec, 8, hop_length=4, window=paddle.zeros([8]))


def test_static_mode_stft_runs():
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [32], "float32")
            y = paddle.signal.stft(x, 8)
        assert "frame" in [op.type for op in main.global_block().ops]
        data = np.sin(np.arange(32, dtype="float32"))
        out, = static.Executor().run(main, feed={"x": data}, fetch_list=[y])
    finally:
        paddle.disable_static()
    ref = paddle.signal.stft(paddle.to_tensor(data), 8).numpy()
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5)
