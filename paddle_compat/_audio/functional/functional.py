"""paddle.audio.functional: mel scale conversions, FFT/mel frequencies, the mel filter bank, power
to dB and the DCT matrix.

Follows Paddle 3.3.1's python/paddle/audio/functional/functional.py (Apache-2.0, itself modified
from librosa) step by step, with the same Paddle ops in the same dtype, so float32 results round as
Paddle's do: a Python float in gives a Python float out (math module), a Tensor gives a Tensor.
Paddle's argument checks are kept as Paddle raises them (bare `Exception` in power_to_db,
AssertionError in create_dct).
"""
import math

from ..._creation_core import to_tensor
from ..._nn.functional.norm import normalize
from ..._ops.creation import arange, linspace, ones_like, zeros, zeros_like
from ..._ops.manipulation import stack, unsqueeze
from ..._ops.math import cos, exp, log, log10, maximum, minimum
from ..._tensor import Tensor

__all__ = ["hz_to_mel", "mel_to_hz", "mel_frequencies", "fft_frequencies",
           "compute_fbank_matrix", "power_to_db", "create_dct"]


def hz_to_mel(freq, htk=False):
    """paddle.audio.functional.hz_to_mel(freq, htk=False): frequencies in Hz to mels (Slaney's
    scale, linear below 1 kHz and logarithmic above, or the HTK formula when `htk`). A Tensor gives
    a Tensor of its dtype, a Python number a Python float."""
    if htk:
        if isinstance(freq, Tensor):
            return 2595.0 * log10(1.0 + freq / 700.0)
        return 2595.0 * math.log10(1.0 + freq / 700.0)

    # The linear part
    f_min = 0.0
    f_sp = 200.0 / 3
    mels = (freq - f_min) / f_sp

    # The log-scale part
    min_log_hz = 1000.0
    min_log_mel = (min_log_hz - f_min) / f_sp
    logstep = math.log(6.4) / 27.0

    if isinstance(freq, Tensor):
        target = min_log_mel + log(freq / min_log_hz + 1e-10) / logstep   # 1e-10 keeps log(0) out
        # Paddle blends with a 0/1 mask (not `where`): the arithmetic is part of the rounding.
        mask = (freq > min_log_hz).astype(freq.dtype)
        mels = target * mask + mels * (1 - mask)
    elif freq >= min_log_hz:
        mels = min_log_mel + math.log(freq / min_log_hz + 1e-10) / logstep
    return mels


def mel_to_hz(mel, htk=False):
    """paddle.audio.functional.mel_to_hz(mel, htk=False): mels to frequencies in Hz (the inverse
    of hz_to_mel). A Tensor gives a Tensor of its dtype, a Python number a Python float."""
    if htk:
        return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)

    f_min = 0.0
    f_sp = 200.0 / 3
    freqs = f_min + f_sp * mel
    # The nonlinear scale
    min_log_hz = 1000.0
    min_log_mel = (min_log_hz - f_min) / f_sp
    logstep = math.log(6.4) / 27.0
    if isinstance(mel, Tensor):
        target = min_log_hz * exp(logstep * (mel - min_log_mel))
        mask = (mel > min_log_mel).astype(mel.dtype)
        freqs = target * mask + freqs * (1 - mask)
    elif mel >= min_log_mel:
        freqs = min_log_hz * math.exp(logstep * (mel - min_log_mel))
    return freqs


def mel_frequencies(n_mels=64, f_min=0.0, f_max=11025.0, htk=False, dtype="float32"):
    """paddle.audio.functional.mel_frequencies(n_mels=64, f_min=0.0, f_max=11025.0, htk=False,
    dtype='float32'): `n_mels` frequencies in Hz evenly spaced on the mel scale, shape [n_mels]."""
    min_mel = hz_to_mel(f_min, htk=htk)
    max_mel = hz_to_mel(f_max, htk=htk)
    mels = linspace(min_mel, max_mel, n_mels, dtype=dtype)
    return mel_to_hz(mels, htk=htk)


def fft_frequencies(sr, n_fft, dtype="float32"):
    """paddle.audio.functional.fft_frequencies(sr, n_fft, dtype='float32'): the centre frequency
    of each FFT bin, shape [n_fft // 2 + 1]."""
    return linspace(0, float(sr) / 2, int(1 + n_fft // 2), dtype=dtype)


def compute_fbank_matrix(sr, n_fft, n_mels=64, f_min=0.0, f_max=None, htk=False, norm="slaney",
                         dtype="float32"):
    """paddle.audio.functional.compute_fbank_matrix(sr, n_fft, n_mels=64, f_min=0.0, f_max=None,
    htk=False, norm='slaney', dtype='float32'): the mel filter bank, shape
    [n_mels, n_fft // 2 + 1]: triangular filters, scaled to equal area ('slaney') or to unit
    p-norm rows (a number `norm`), or left as they are (any other `norm`, as in Paddle)."""
    if f_max is None:
        f_max = float(sr) / 2

    fftfreqs = fft_frequencies(sr=sr, n_fft=n_fft, dtype=dtype)
    # Centre frequencies of the mel bands, evenly spaced in mels between the limits
    mel_f = mel_frequencies(n_mels + 2, f_min=f_min, f_max=f_max, htk=htk, dtype=dtype)

    fdiff = mel_f[1:] - mel_f[:-1]
    ramps = unsqueeze(mel_f, 1) - unsqueeze(fftfreqs, 0)
    rows = []
    for i in range(n_mels):
        # Lower and upper slopes for all bins, intersected with each other and with zero
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        rows.append(maximum(zeros_like(lower), minimum(lower, upper)))
    # Paddle assigns the rows into a zeros matrix (`weights[i] = ...`); stacking them gives the
    # same values and also builds in static mode, where a Variable takes no item assignment here.
    weights = (stack(rows) if rows
               else zeros((n_mels, int(1 + n_fft // 2)), dtype=dtype))

    if norm == "slaney":
        # Slaney-style mel is scaled to be approximately constant energy per channel
        enorm = 2.0 / (mel_f[2:n_mels + 2] - mel_f[:n_mels])
        weights *= unsqueeze(enorm, 1)
    elif isinstance(norm, (int, float)):
        weights = normalize(weights, p=norm, axis=-1)
    return weights


def power_to_db(spect, ref_value=1.0, amin=1e-10, top_db=80.0):
    """paddle.audio.functional.power_to_db(spect, ref_value=1.0, amin=1e-10, top_db=80.0): a
    power spectrogram in decibels, 10 * log10(max(spect, amin) / max(ref_value, amin)), floored at
    `top_db` below its maximum (no floor when top_db is None). Non-positive `amin` or `ref_value`,
    or a negative `top_db`, raise Exception with Paddle's text."""
    if amin <= 0:
        raise Exception("amin must be strictly positive")
    if ref_value <= 0:
        raise Exception("ref_value must be strictly positive")

    ones = ones_like(spect)
    log_spec = 10.0 * log10(maximum(ones * amin, spect))
    log_spec -= 10.0 * math.log10(max(ref_value, amin))

    if top_db is not None:
        if top_db < 0:
            raise Exception("top_db must be non-negative")
        log_spec = maximum(log_spec, ones * (log_spec.max() - top_db))
    return log_spec


def create_dct(n_mfcc, n_mels, norm="ortho", dtype="float32"):
    """paddle.audio.functional.create_dct(n_mfcc, n_mels, norm='ortho', dtype='float32'): the
    DCT-II matrix, shape [n_mels, n_mfcc], orthonormal ('ortho') or unnormalized times 2 (None);
    any other `norm` raises AssertionError as Paddle's `assert` does."""
    n = arange(n_mels, dtype=dtype)
    k = unsqueeze(arange(n_mfcc, dtype=dtype), 1)
    dct = cos(math.pi / float(n_mels) * (n + 0.5) * k)   # [n_mfcc, n_mels]
    if norm is None:
        dct *= 2.0
    else:
        # Paddle's `assert`, raised explicitly so it stays under `python -O`
        if norm != "ortho":
            raise AssertionError()
        # Paddle scales row 0 in place (`dct[0] *= 1/sqrt(2)`); multiplying by a column of
        # [1/sqrt(2), 1, 1, ...] rounds identically (x * 1.0 is exact) and builds in static mode.
        first = to_tensor([[1.0 / math.sqrt(2.0)]] + [[1.0]] * (n_mfcc - 1), dtype=dct.dtype)
        dct = dct * first
        dct *= math.sqrt(2.0 / float(n_mels))
    return dct.T
