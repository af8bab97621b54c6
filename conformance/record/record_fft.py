"""Record Paddle 3.3.1's paddle.fft and paddle.signal behaviour into conformance/goldens/fft.json
(read by tests/test_fft.py and tests/test_signal.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_fft.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test;
(Repeated FFT axes abort the Paddle 3.3.1 process with a C++ std::invalid_argument, so that case is
not recorded; paddle_compat raises ValueError there. Nor are fftshift/ifftshift of a 1-D input, with an
integer `axes` or with a one-element `axes`, which fail in Paddle 3.3.1 with SystemError from `roll`;
tests/test_fft.py checks those against numpy.fft.) The golden stores the result (dtype, shape, values, stop_gradient) or the exception class and message
(Paddle's C++ "(at file:line)" suffix and "[Hint: ...]" block removed). Gradient cases evaluate
`G(fn, x)`: the gradient of `fn(x)` summed against a fixed real weight (complex outputs through
`paddle.real`/`paddle.imag`), so the recorded value pins Paddle's gradient convention.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import numpy as np
T = paddle.to_tensor
r = T([1.0, 2.0, -1.0, 0.5, 3.0]); r64 = T([1.0, 2.0, -1.0, 0.5, 3.0], dtype='float64')
ri = T([1, 2, 3, 4]); r16 = T([1.0, 2.0, 3.0, 4.0], dtype='float16')
m = T(np.arange(12, dtype='float32').reshape([3, 4]) ** 1.5)
m3 = T(np.arange(24, dtype='float32').reshape([2, 3, 4]) % 5)
c = T(np.array([1 + 2j, -1 + 0.5j, 3 - 1j, 0.25j], dtype='complex64'))
c128 = T(np.array([1 + 2j, -1 + 0.5j, 3 - 1j], dtype='complex128'))
cm = T((np.arange(12).reshape([3, 4]) + 1j * np.arange(12).reshape([3, 4])[::-1] ** 0.5).astype('complex64'))
def G(fn, x):
    x = paddle.to_tensor(x.numpy(), stop_gradient=False)
    y = fn(x)
    if y.is_complex():
        w = paddle.arange(y.size, dtype='float32').reshape(y.shape) / 7.0 + 1.0
        loss = (paddle.real(y) * w).sum() + (paddle.imag(y) * w * w).sum()
    else:
        w = paddle.arange(y.size, dtype=str(y.dtype).replace('paddle.', '')).reshape(y.shape) / 7.0 + 1.0
        loss = (y * w).sum()
    (g,) = paddle.grad([loss], [x])
    return g
sig = T(np.sin(np.arange(32, dtype='float32') * 0.7) + np.cos(np.arange(32, dtype='float32') * 0.3))
sig64 = T(np.sin(np.arange(32) * 0.7))
sig2 = T(np.stack([np.sin(np.arange(20, dtype='float32') * 0.4), np.cos(np.arange(20, dtype='float32') * 0.9)]))
csig = T((np.sin(np.arange(16) * 0.5) + 1j * np.cos(np.arange(16) * 0.2)).astype('complex64'))
hann = T(np.hanning(8).astype('float32') + 0.1)
def Q(shape, dtype, k=37):
    # exactly representable inputs (integers / 16), the same on every machine: the "bits_" cases
    n = int(np.prod(shape))
    re = ((np.arange(n) * k) % 101 - 50) / 16.0
    if dtype.startswith('complex'):
        re = re + 1j * (((np.arange(n) * (k + 6)) % 89 - 44) / 16.0)
    return T(re.reshape(shape).astype(dtype))
"""

CASES = {}


def _add(prefix, exprs):
    for k, v in exprs.items():
        CASES[f"{prefix}_{k}"] = v


# ---- 1-D transforms ----------------------------------------------------------------------------
for fn in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
    _add(fn, {
        "f32": f"paddle.fft.{fn}(r)", "f64": f"paddle.fft.{fn}(r64)", "int": f"paddle.fft.{fn}(ri)",
        "c64": f"paddle.fft.{fn}(c)", "c128": f"paddle.fft.{fn}(c128)", "f16": f"paddle.fft.{fn}(r16)",
        "n_pad": f"paddle.fft.{fn}(c, n=7)", "n_trunc": f"paddle.fft.{fn}(m, n=3)",
        "n_real_pad": f"paddle.fft.{fn}(r, n=8)",
        "forward": f"paddle.fft.{fn}(cm, norm='forward')", "ortho": f"paddle.fft.{fn}(r, norm='ortho')",
        "axis0": f"paddle.fft.{fn}(cm, axis=0)", "axis0_real": f"paddle.fft.{fn}(m, axis=0, norm='ortho')",
        "bad_norm": f"paddle.fft.{fn}(r, norm='none')", "n0": f"paddle.fft.{fn}(r, n=0)",
        "n_float": f"paddle.fft.{fn}(r, n=2.0)", "axis_oob": f"paddle.fft.{fn}(m, axis=2)",
        "axis_float": f"paddle.fft.{fn}(m, axis=1.0)", "list": f"paddle.fft.{fn}([1.0, 2.0])",
        "grad_real": f"G(lambda x: paddle.fft.{fn}(x), r64)",
        "grad_complex": f"G(lambda x: paddle.fft.{fn}(x, norm='ortho'), c128)",
        "0d": f"paddle.fft.{fn}(T(1.0))",
    })

# ---- n-D and 2-D transforms --------------------------------------------------------------------
for fn in ("fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn"):
    _add(fn, {
        "m": f"paddle.fft.{fn}(m)", "m3": f"paddle.fft.{fn}(m3)", "cm": f"paddle.fft.{fn}(cm)",
        "s": f"paddle.fft.{fn}(m3, s=[2, 5])", "s_axes": f"paddle.fft.{fn}(m3, s=[3, 2], axes=[2, 0])",
        "axes": f"paddle.fft.{fn}(m3, axes=[0, 2])", "axes_rev": f"paddle.fft.{fn}(cm, axes=[1, 0])",
        "ortho": f"paddle.fft.{fn}(cm, norm='ortho')", "forward": f"paddle.fft.{fn}(m, norm='forward')",
        "int": f"paddle.fft.{fn}(T([[1, 2], [3, 4]]))",
        "s_long": f"paddle.fft.{fn}(m, s=[2, 2, 2])", "s_bad": f"paddle.fft.{fn}(m, s=[0, 2])",
        "s_int": f"paddle.fft.{fn}(m, s=3)", "s_axes_len": f"paddle.fft.{fn}(m3, s=[2, 2], axes=[0])",
        "axes_oob": f"paddle.fft.{fn}(m, axes=[0, 2])", "axes_int": f"paddle.fft.{fn}(m, axes=1)",
        "axes_long": f"paddle.fft.{fn}(m, axes=[0, 1, 0])", "bad_norm": f"paddle.fft.{fn}(m, norm='x')",
        "grad": f"G(lambda x: paddle.fft.{fn}(x), m)", "grad_c": f"G(lambda x: paddle.fft.{fn}(x), cm)",
    })
for fn in ("fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2"):
    _add(fn, {
        "m": f"paddle.fft.{fn}(m)", "m3": f"paddle.fft.{fn}(m3)", "cm": f"paddle.fft.{fn}(cm, norm='ortho')",
        "s": f"paddle.fft.{fn}(m3, s=[4, 3])", "axes": f"paddle.fft.{fn}(m3, axes=[0, 2])",
        "1d": f"paddle.fft.{fn}(r)", "s_len": f"paddle.fft.{fn}(m, s=[2])",
        "axes_len": f"paddle.fft.{fn}(m3, axes=[0, 1, 2])", "axes_none": f"paddle.fft.{fn}(m, axes=None)",
        "grad": f"G(lambda x: paddle.fft.{fn}(x), m)",
    })

# ---- bit-exact cases: Paddle's CPU pocketfft arithmetic (tests/test_fft.py compares these bit for
# bit, signed zeros included): exact inputs, radix-2/3/4/5/7/11 lengths, Bluestein primes (97, 211),
# strided inputs, every norm and direction, n-D axis orders -------------------------------------
for fn in ("fft", "ifft", "rfft", "ihfft"):
    for dt in ("float32", "float64"):
        _add(f"bits_{fn}_{dt}", {f"{n}_{nm}": f"paddle.fft.{fn}(Q([{n}], '{dt}'), norm='{nm}')"
                                 for n, nm in ((97, "backward"), (77, "forward"), (64, "ortho"))})
for fn in ("fft", "ifft", "irfft", "hfft"):
    for dt in ("complex64", "complex128"):
        _add(f"bits_{fn}_{dt}", {f"{n}_{nm}": f"paddle.fft.{fn}(Q([{n}], '{dt}'), norm='{nm}')"
                                 for n, nm in ((211, "backward"), (66, "forward"), (48, "ortho"))})
        _add(f"bits_{fn}_{dt}", {"n_pad": f"paddle.fft.{fn}(Q([3, 10], '{dt}'), n=23, axis=0)",
                                 "strided": f"paddle.fft.{fn}(Q([9, 6], '{dt}').t())"})
for fn in ("fftn", "ifftn", "rfftn", "ihfftn", "irfftn", "hfftn"):
    for dt in (("float32", "float64") if fn in ("rfftn", "ihfftn") else ("complex64", "complex128")):
        _add(f"bits_{fn}_{dt}", {
            nm: f"paddle.fft.{fn}(Q([2, 3, 5], '{dt}'), norm='{nm}')" for nm in ("backward", "forward", "ortho")})
        _add(f"bits_{fn}_{dt}", {
            "axes": f"paddle.fft.{fn}(Q([4, 2, 7], '{dt}'), axes=[2, 0])",
            "s": f"paddle.fft.{fn}(Q([4, 2, 7], '{dt}'), s=[5, 6], axes=[0, 2], norm='ortho')",
            "strided": f"paddle.fft.{fn}(Q([5, 6], '{dt}').t())"})
CASES.update({
    "bits_fft_real_twosided_2d": "paddle.fft.fft2(Q([5, 6], 'float32'))",
    "bits_ifft_real_twosided_3d": "paddle.fft.ifftn(Q([3, 4, 5], 'float64'), norm='ortho')",
    "bits_ihfft_rows_n": "paddle.fft.ihfft(Q([6, 1], 'float32'), n=3)",
    "bits_irfft_one_point": "paddle.fft.irfft(Q([1], 'complex64'))",
    "bits_hfft2_one_point": "paddle.fft.hfft2(Q([2, 1], 'complex128'))",
    "bits_stft": "paddle.signal.stft(Q([128], 'float32'), 32, hop_length=16)",
    "bits_stft_complex": "paddle.signal.stft(Q([64], 'complex128'), 16, onesided=False)",
})

# ---- helpers -----------------------------------------------------------------------------------
CASES.update({
    "fftfreq": "paddle.fft.fftfreq(5)", "fftfreq_even": "paddle.fft.fftfreq(6, d=0.5)",
    "fftfreq_f64": "paddle.fft.fftfreq(4, dtype='float64')", "fftfreq_int": "paddle.fft.fftfreq(4, dtype='int32')",
    "fftfreq_0": "paddle.fft.fftfreq(0)", "fftfreq_d0": "paddle.fft.fftfreq(3, d=0)",
    "rfftfreq": "paddle.fft.rfftfreq(5)", "rfftfreq_even": "paddle.fft.rfftfreq(6, d=0.25)",
    "rfftfreq_f64": "paddle.fft.rfftfreq(4, dtype='float64')", "rfftfreq_0": "paddle.fft.rfftfreq(0, d=2)",
    "fftshift": "paddle.fft.fftshift(m)", "fftshift_cm": "paddle.fft.fftshift(cm)",
    "fftshift_axes": "paddle.fft.fftshift(m3, axes=[0, 2])",
    "ifftshift": "paddle.fft.ifftshift(m)",
    "ifftshift_axes": "paddle.fft.ifftshift(m3, axes=[2, 1])",
    "fftshift_grad": "G(lambda x: paddle.fft.fftshift(x), m)",
    "fft_alias_input": "paddle.fft.fft(input=r, dim=0)", "fftn_alias": "paddle.fft.fftn(input=m, dim=[1])",
})

# ---- paddle.signal -----------------------------------------------------------------------------
CASES.update({
    "stft": "paddle.signal.stft(sig, 8)", "stft_hop": "paddle.signal.stft(sig, 8, hop_length=3)",
    "stft_win": "paddle.signal.stft(sig, 8, window=hann)",
    "stft_winlen": "paddle.signal.stft(sig, 8, win_length=6, window=T(np.hanning(6).astype('float32')))",
    "stft_nocenter": "paddle.signal.stft(sig, 8, center=False)",
    "stft_const": "paddle.signal.stft(sig, 8, pad_mode='constant')",
    "stft_norm": "paddle.signal.stft(sig, 8, normalized=True)",
    "stft_twosided": "paddle.signal.stft(sig, 8, onesided=False)",
    "stft_batch": "paddle.signal.stft(sig2, 6, hop_length=2)", "stft_f64": "paddle.signal.stft(sig64, 8)",
    "stft_complex": "paddle.signal.stft(csig, 4, hop_length=2)",
    "stft_complex_onesided": "paddle.signal.stft(csig, 4, onesided=True)",
    "stft_rank3": "paddle.signal.stft(m3, 2)", "stft_nfft_big": "paddle.signal.stft(sig, 64)",
    "stft_nfft0": "paddle.signal.stft(sig, 0, hop_length=1)", "stft_hop0": "paddle.signal.stft(sig, 8, hop_length=0)",
    "stft_winlen_big": "paddle.signal.stft(sig, 8, win_length=9)",
    "stft_window_len": "paddle.signal.stft(sig, 8, window=T(np.ones(5, 'float32')))",
    "stft_pad_mode": "paddle.signal.stft(sig, 8, pad_mode='edge')",
    "stft_grad": "G(lambda x: paddle.signal.stft(x, 8, hop_length=4, window=hann), sig)",
    "istft": "paddle.signal.istft(paddle.signal.stft(sig, 8), 8)",
    "istft_win": "paddle.signal.istft(paddle.signal.stft(sig, 8, window=hann), 8, window=hann)",
    "istft_len": "paddle.signal.istft(paddle.signal.stft(sig, 8, hop_length=2), 8, hop_length=2, length=20)",
    "istft_nocenter": "paddle.signal.istft(paddle.signal.stft(sig, 8, center=False, window=hann), 8, window=hann, center=False)",
    "istft_nocenter_len": "paddle.signal.istft(paddle.signal.stft(sig, 8, center=False, window=hann), 8, window=hann, center=False, length=10)",
    "istft_norm": "paddle.signal.istft(paddle.signal.stft(sig, 8, normalized=True), 8, normalized=True)",
    "istft_twosided": "paddle.signal.istft(paddle.signal.stft(sig, 8, onesided=False), 8, onesided=False)",
    "istft_complex": "paddle.signal.istft(paddle.signal.stft(csig, 4, hop_length=2), 4, hop_length=2, onesided=False, return_complex=True)",
    "istft_batch": "paddle.signal.istft(paddle.signal.stft(sig2, 6, hop_length=2), 6, hop_length=2)",
    "istft_f64": "paddle.signal.istft(paddle.signal.stft(sig64, 8), 8)",
    "istft_winlen": "paddle.signal.istft(paddle.signal.stft(sig, 8, win_length=6, hop_length=2), 8, win_length=6, hop_length=2)",
    "istft_real": "paddle.signal.istft(sig2, 4)",
    "istft_rank": "paddle.signal.istft(c, 4)",
    "istft_fftsize": "paddle.signal.istft(paddle.signal.stft(sig, 8), 6)",
    "istft_fftsize_2s": "paddle.signal.istft(paddle.signal.stft(sig, 8), 8, onesided=False)",
    "istft_hop_big": "paddle.signal.istft(paddle.signal.stft(sig, 8), 8, hop_length=9)",
    "istft_retc_onesided": "paddle.signal.istft(paddle.signal.stft(sig, 8), 8, return_complex=True)",
    "istft_nola": "paddle.signal.istft(paddle.signal.stft(sig, 8, hop_length=4), 8, hop_length=4, window=T(np.array([0, 0, 0, 0, 1, 1, 1, 1], 'float32')))",
    "istft_grad": "G(lambda x: paddle.signal.istft(paddle.signal.stft(x, 8, window=hann), 8, window=hann), sig)",
})


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("fft", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
