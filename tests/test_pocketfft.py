"""paddle_compat/_ops/pocketfft.py (Paddle's CPU FFT arithmetic through numpy's pocketfft ufuncs) and
the way paddle_compat/_ops/fft.py's kernels use it: torch.fft's values and gradients where the
pocketfft form cannot run. Values against Paddle itself, bit for bit: tests/test_fft.py
(the `bits_` goldens)."""
import numpy as np
import pytest
import torch

from paddle_compat._ops import fft as fft_ops
from paddle_compat._ops import pocketfft

pytestmark = pytest.mark.skipif(not pocketfft.AVAILABLE, reason="numpy < 2: no pocketfft ufuncs")


def _exact(shape, dtype, k=37):
    n = int(np.prod(shape))
    a = ((np.arange(n) * k) % 101 - 50) / 16.0
    if np.dtype(dtype).kind == "c":
        a = a + 1j * (((np.arange(n) * (k + 6)) % 89 - 44) / 16.0)
    return a.reshape(shape).astype(dtype)


def test_norm_factor_is_paddles_compute_factor_in_the_real_dtype():
    f32 = np.dtype("float32")
    assert pocketfft.norm_factor(12, "backward", True, f32) == 1
    assert pocketfft.norm_factor(12, "forward", False, f32) == 1
    inv = pocketfft.norm_factor(12, "backward", False, f32)
    assert inv.dtype == np.float32 and inv == np.float32(1) / np.float32(12)
    assert pocketfft.norm_factor(12, "forward", True, f32) == inv
    ortho = pocketfft.norm_factor(12, "ortho", True, np.dtype("float64"))
    assert ortho.dtype == np.float64 and ortho == 1.0 / np.sqrt(12.0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape, axis", [((6, 3), 1), ((5, 4), 1), ((4, 5, 6), 2), ((8,), 0)])
def test_backward_r2c_keeps_plus_zero_dc_and_nyquist_imaginary_parts(dtype, shape, axis):
    # pocketfft's backward r2c (Paddle's ihfft) negates only the imaginary parts it computed: DC
    # and Nyquist keep +0. (A first version negated through np.negative(view, out=view), which
    # numpy 2.4 miscomputes on a strided view of `.imag` with several rows: this caught it.)
    a = _exact(shape, dtype)
    n = shape[axis]
    got = pocketfft.r2c(a, [axis], "backward", False)
    want = np.conjugate(np.fft.rfft(a.astype("float64"), axis=axis)) / n
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    assert not np.signbit(np.take(got, 0, axis=axis).imag).any()
    if n % 2 == 0:
        assert not np.signbit(np.take(got, n // 2, axis=axis).imag).any()


@pytest.mark.parametrize("shape, axes", [((5, 6), [0, 1]), ((3, 4, 5), [2, 0]), ((7,), [0])])
def test_two_sided_r2c_is_the_full_spectrum(shape, axes):
    a = _exact(shape, "float64")
    full = pocketfft.r2c(a, axes, "ortho", True, onesided=False)
    np.testing.assert_allclose(full, np.fft.fftn(a, axes=axes, norm="ortho"), rtol=1e-12,
                               atol=1e-12)
    half = pocketfft.r2c(a, axes, "ortho", True, onesided=True)
    keep = [slice(None)] * a.ndim
    keep[axes[-1]] = slice(0, half.shape[axes[-1]])
    assert full[tuple(keep)].tobytes() == half.tobytes()


@pytest.mark.parametrize("forward", [True, False])
def test_c2r_inverts_r2c(forward):
    # irfft2(rfft2(a)) and hfft2(ihfft2(a)) give a back ("backward" norm: the inverse scales)
    a = _exact((4, 6), "float64")
    spec = pocketfft.r2c(a, [0, 1], "backward", not forward)
    back = pocketfft.c2r(spec, [0, 1], "backward", forward, 6)
    np.testing.assert_allclose(back, a, rtol=1e-12, atol=1e-12)


def test_inputs_are_not_modified_and_results_are_fresh_arrays():
    a = _exact((3, 8), "complex64")
    keep = a.copy()
    out = pocketfft.c2c(a, [0, 1], "backward", True)
    assert a.tobytes() == keep.tobytes() and not np.shares_memory(a, out)
    assert out.dtype == np.complex64


# ---- the kernels of paddle_compat/_ops/fft.py --------------------------------------------------
_CASES = [
    ("c2c", _exact((3, 5), "complex128"), ([0, 1], "ortho", True)),
    ("c2c", _exact((6,), "complex64"), ([0], "backward", False)),
    ("r2c", _exact((4, 6), "float64"), ([0, 1], "forward", True, True)),
    ("r2c", _exact((4, 5), "float64"), ([1], "backward", False, True)),
    ("r2c", _exact((5,), "float32"), ([0], "ortho", True, False)),
    ("c2r", _exact((3, 4), "complex128"), ([0, 1], "backward", False, 6)),
    ("c2r", _exact((5,), "complex64"), ([0], "ortho", True, 9)),
]


@pytest.mark.parametrize("kind, a, args", _CASES)
def test_gradient_is_torchs_adjoint(kind, a, args):
    x = torch.from_numpy(a).requires_grad_()
    y = fft_ops._transform(kind, x, args)
    assert y.grad_fn is not None and "PocketFFT" in type(y.grad_fn).__name__
    w = torch.linspace(0.5, 2.0, y.numel(), dtype=torch.float64).reshape(y.shape).to(y.dtype)
    (g,) = torch.autograd.grad((y * w).real.sum(), x)
    x2 = torch.from_numpy(a).requires_grad_()
    y2 = fft_ops._TORCH_FORMS[kind](x2, *args)
    (g2,) = torch.autograd.grad((y2 * w).real.sum(), x2)
    torch.testing.assert_close(g, g2, rtol=0, atol=0)
    torch.testing.assert_close(y, y2.detach(), rtol=1e-5, atol=1e-5)


def test_double_backward_goes_through_the_gradient():
    x = torch.from_numpy(_exact((6,), "complex128")).requires_grad_()
    v = torch.ones(6, dtype=torch.complex128, requires_grad=True)
    y = fft_ops._transform("c2c", x, ([0], "backward", True))
    (g,) = torch.autograd.grad((y * v).real.sum(), x, create_graph=True)
    (gv,) = torch.autograd.grad(g.real.sum(), v)
    assert gv.shape == (6,) and torch.isfinite(gv.real).all()


def test_without_the_ufuncs_the_kernels_use_torch_fft(monkeypatch):
    a = torch.from_numpy(_exact((4, 7), "float32"))
    monkeypatch.setattr(pocketfft, "AVAILABLE", False)
    got = fft_ops._r2c_kernel(a, axes=[0, 1], normalization="ortho", forward=True, onesided=True)
    want = torch.fft.rfftn(a, dim=[0, 1], norm="ortho")
    assert torch.equal(got, want)


def test_fake_tensors_and_empty_inputs_take_the_torch_form():
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode():
        x = torch.empty(4, 6, dtype=torch.complex64)
        y = fft_ops._c2c_kernel(x, axes=[0, 1], normalization="backward", forward=True)
    assert y.shape == (4, 6)


@pytest.mark.parametrize("kind, shape, args, want_shape, want_dtype", [
    ("c2c", (0, 3), ([1], "backward", True), (0, 3), torch.complex64),
    ("c2c", (3, 0), ([1], "ortho", False), (3, 0), torch.complex64),
    ("r2c", (0, 4), ([1], "backward", True, True), (0, 3), torch.complex64),
    ("r2c", (0, 4), ([1], "backward", True, False), (0, 4), torch.complex64),
    ("c2r", (0, 4), ([1], "backward", False, 6), (0, 6), torch.float32),
])
def test_empty_inputs_give_empty_results_as_in_paddle(kind, shape, args, want_shape, want_dtype):
    # Paddle 3.3.1: fft of a [0, 3] tensor is an empty [0, 3] complex64 tensor, irfft of [0, 4]
    # an empty [0, 6] float32 one (torch's MKL raises on zero-sized batches).
    dtype = torch.float32 if kind == "r2c" else torch.complex64
    y = fft_ops._transform(kind, torch.empty(shape, dtype=dtype), args)
    assert tuple(y.shape) == want_shape and y.dtype == want_dtype


def test_one_point_half_spectrum_gives_an_empty_signal():
    # Paddle: irfft of a single frequency (no n) is an empty real tensor; torch would raise.
    x = torch.tensor([1 + 2j], dtype=torch.complex64)
    y = fft_ops._c2r_kernel(x, axes=[0])
    assert y.shape == (0,) and y.dtype == torch.float32
