"""paddle.fft (paddle_compat/_ops/fft.py) against Paddle 3.3.1's goldens
(conformance/goldens/fft.json, recorded by conformance/record/record_fft.py): values, dtypes,
gradients and error texts; plus numpy references, static mode, and the deliberate differences."""
import importlib.util
import json
import math
import os
import platform
import re
import struct

import numpy as np
import pytest

import paddle_compat as paddle

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "fft.json")))
_spec = importlib.util.spec_from_file_location(
    "record_fft", os.path.join(ROOT, "conformance", "record", "record_fft.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

FFT_CASES = sorted(k for k in GOLDEN["cases"] if not k.startswith(("stft", "istft")))


def _close(a, b, tol):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= tol * max(1.0, abs(b))
    return a == b


def assert_same(ours, expected, where, tol=1e-4):
    assert ours["kind"] == expected["kind"], (where, ours, expected)
    kind = expected["kind"]
    if kind == "error":
        assert ours["type"] == expected["type"], (where, ours, expected)
        assert ours["message"] == expected["message"], (where, ours, expected)
    elif kind == "tensor":
        for key in ("dtype", "shape", "stop_gradient"):
            assert ours[key] == expected[key], (where, key, ours, expected)
        assert _close(ours["values"], expected["values"], tol), (where, ours, expected)
    elif kind == "seq":
        assert len(ours["items"]) == len(expected["items"]), where
        for a, b in zip(ours["items"], expected["items"]):
            assert_same(a, b, where, tol)
    else:
        assert ours["value"] == expected["value"], (where, ours, expected)


@pytest.mark.parametrize("case", FFT_CASES)
def test_golden(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case)


def _bits(v):
    """Values as their IEEE bit patterns (so -0.0 differs from 0.0)."""
    if isinstance(v, list):
        return [_bits(x) for x in v]
    if isinstance(v, float):
        return struct.pack("<d", v)
    return v


BITS_CASES = sorted(k for k in GOLDEN["cases"] if k.startswith("bits_"))


# On CPU the transforms compute Paddle's own pocketfft arithmetic (paddle_compat/_ops/pocketfft.py),
# so the values equal Paddle's bit for bit, signed zeros included (torch.fft's differ in the last
# bits). The inputs are exact (integers / 16); the goldens come from an x86-64 Paddle, whose
# pocketfft build, like numpy's x86-64 wheels, does not fuse multiply-adds.
@pytest.mark.skipif(platform.machine().lower() not in ("x86_64", "amd64"),
                    reason="Paddle's goldens were recorded on x86-64 (no fused multiply-add)")
@pytest.mark.parametrize("case", BITS_CASES)
def test_cpu_values_are_paddles_bit_for_bit(case):
    entry = GOLDEN["cases"][case]
    ours, want = record.run_case(paddle, entry["expr"]), entry["result"]
    assert want["kind"] == "tensor" and ours["kind"] == "tensor", (case, ours, want)
    assert (ours["dtype"], ours["shape"]) == (want["dtype"], want["shape"]), case
    assert _bits(ours["values"]) == _bits(want["values"]), case


def test_goldens_cover_every_case():
    assert set(record.CASES) == set(GOLDEN["cases"])


# ---- numpy references for the cases Paddle 3.3.1 cannot run (see the recorder's docstring) --------
@pytest.mark.parametrize("fn", ["fftshift", "ifftshift"])
def test_shift_on_1d_and_integer_axes_follows_numpy(fn):
    x = np.arange(15, dtype="float32").reshape(3, 5)
    ref = getattr(np.fft, fn)
    np.testing.assert_array_equal(getattr(paddle.fft, fn)(paddle.to_tensor(x[0])).numpy(), ref(x[0]))
    np.testing.assert_array_equal(getattr(paddle.fft, fn)(paddle.to_tensor(x), axes=1).numpy(),
                                  ref(x, axes=1))
    np.testing.assert_array_equal(getattr(paddle.fft, fn)(paddle.to_tensor(x), axes=(0,)).numpy(),
                                  ref(x, axes=(0,)))


def test_repeated_axes_raise_value_error():
    # Paddle 3.3.1 aborts the process here; paddle_compat names the problem instead.
    x = paddle.ones([2, 3])
    for fn in (paddle.fft.fftn, paddle.fft.rfftn, paddle.fft.irfftn):
        with pytest.raises(ValueError, match=r"FFT axes \[1, 1\] contain a repeated axis"):
            fn(x, axes=[1, -1])


@pytest.mark.parametrize("fn, ref", [("fft", np.fft.fft), ("ifft", np.fft.ifft),
                                     ("rfft", np.fft.rfft), ("ihfft", np.fft.ihfft)])
@pytest.mark.parametrize("norm", ["backward", "forward", "ortho"])
def test_1d_real_transforms_match_numpy(fn, ref, norm):
    x = np.random.RandomState(0).randn(3, 7)
    got = getattr(paddle.fft, fn)(paddle.to_tensor(x), n=6, axis=0, norm=norm).numpy()
    np.testing.assert_allclose(got, ref(x, n=6, axis=0, norm=norm), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("fn, ref", [("irfftn", np.fft.irfftn), ("fftn", np.fft.fftn),
                                     ("ifftn", np.fft.ifftn)])
def test_nd_complex_transforms_match_numpy(fn, ref):
    rs = np.random.RandomState(1)
    x = rs.randn(2, 3, 4) + 1j * rs.randn(2, 3, 4)
    got = getattr(paddle.fft, fn)(paddle.to_tensor(x), s=[4, 6], axes=[2, 0], norm="ortho").numpy()
    np.testing.assert_allclose(got, ref(x, s=[4, 6], axes=[2, 0], norm="ortho"), rtol=1e-10,
                               atol=1e-12)


def test_out_argument_receives_the_result():
    x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    out = paddle.zeros([3], dtype="complex64")
    ret = paddle.fft.rfft(x, out=out)
    np.testing.assert_allclose(out.numpy(), np.fft.rfft([1.0, 2.0, 3.0, 4.0]), rtol=1e-6)
    np.testing.assert_allclose(ret.numpy(), out.numpy())


def test_aliases_conflict_is_a_type_error():
    x = paddle.ones([4])
    with pytest.raises(TypeError, match="multiple values for argument 'x'"):
        paddle.fft.fft(x, input=x)


def test_static_mode_records_paddle_ops_and_runs():
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [3, 4], "float32")
            y = paddle.fft.rfft2(x, s=[3, 6])
            z = paddle.fft.irfft(y, n=6)
            w = paddle.fft.fft(paddle.cast(x, "complex64"), axis=0)
        assert y.shape == (3, 4) and str(y.dtype).endswith("complex64")
        types = [op.type for op in main.global_block().ops]
        assert {"fft_r2c", "fft_c2r", "fft_c2c", "pad"} <= set(types)
        data = np.arange(12, dtype="float32").reshape(3, 4)
        oy, oz, ow = static.Executor().run(main, feed={"x": data}, fetch_list=[y, z, w])
        np.testing.assert_allclose(oy, np.fft.rfft2(data, s=[3, 6]), rtol=1e-5, atol=1e-4)
        np.testing.assert_allclose(oz, np.fft.irfft(np.fft.rfft2(data, s=[3, 6]), n=6), rtol=1e-5,
                                   atol=1e-4)
        np.testing.assert_allclose(ow, np.fft.fft(data, axis=0), rtol=1e-5, atol=1e-4)
    finally:
        paddle.disable_static()


def test_face_lists_paddles_22_names():
    import paddle_compat.fft as face
    assert len(face.__all__) == 22
    assert all(callable(getattr(face, n)) for n in face.__all__)
