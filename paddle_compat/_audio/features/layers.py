"""paddle.audio.features: Spectrogram, MelSpectrogram, LogMelSpectrogram and MFCC layers.

Follows Paddle 3.3.1's python/paddle/audio/features/layers.py (Apache-2.0): the spectrogram is
|paddle.signal.stft(x)| ** power with a periodic window from get_window; the mel layers multiply
by compute_fbank_matrix, the log layer applies power_to_db and MFCC multiplies by create_dct. The
window, filter bank and DCT matrix are persistable buffers (in state_dict) under Paddle's names
(`fft_window`, `fbank_matrix`, `dct_matrix`, nested under `_spectrogram.`, `_melspectrogram.`,
`_log_melspectrogram.` as in Paddle). Paddle's argument checks are `assert`s; they raise
AssertionError with Paddle's texts here too, explicitly so they stay under `python -O`.
"""
from functools import partial

from ..._nn.layer.layers import Layer
from ..._ops.linalg import matmul
from ..._ops.math import abs as _abs
from ..._ops.math import pow as _pow
from ..._signal import stft
from ..functional.functional import compute_fbank_matrix, create_dct, power_to_db
from ..functional.window import get_window

__all__ = ["Spectrogram", "MelSpectrogram", "LogMelSpectrogram", "MFCC"]


class Spectrogram(Layer):
    """paddle.audio.features.Spectrogram(n_fft=512, hop_length=512, win_length=None,
    window='hann', power=1.0, center=True, pad_mode='reflect', dtype='float32'): waveforms
    [N, T] to |STFT| ** power, shape [N, n_fft // 2 + 1, num_frames]. `hop_length=None` means
    win_length // 4 (stft's default); `win_length=None` means n_fft."""

    def __init__(self, n_fft=512, hop_length=512, win_length=None, window="hann", power=1.0,
                 center=True, pad_mode="reflect", dtype="float32"):
        super().__init__()
        if not power > 0:
            raise AssertionError("Power of spectrogram must be > 0.")
        self.power = power
        if win_length is None:
            win_length = n_fft
        self.fft_window = get_window(window, win_length, fftbins=True, dtype=dtype)
        self._stft = partial(stft, n_fft=n_fft, hop_length=hop_length, win_length=win_length,
                             window=self.fft_window, center=center, pad_mode=pad_mode)
        self.register_buffer("fft_window", self.fft_window)

    def forward(self, x):
        """x: waveforms [N, T] -> spectrograms [N, n_fft // 2 + 1, num_frames]."""
        return _pow(_abs(self._stft(x)), self.power)


class MelSpectrogram(Layer):
    """paddle.audio.features.MelSpectrogram(sr=22050, n_fft=2048, hop_length=512,
    win_length=None, window='hann', power=2.0, center=True, pad_mode='reflect', n_mels=64,
    f_min=50.0, f_max=None, htk=False, norm='slaney', dtype='float32'): the Spectrogram times the
    mel filter bank, shape [N, n_mels, num_frames]; f_max=None means sr // 2."""

    def __init__(self, sr=22050, n_fft=2048, hop_length=512, win_length=None, window="hann",
                 power=2.0, center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None,
                 htk=False, norm="slaney", dtype="float32"):
        super().__init__()
        self._spectrogram = Spectrogram(n_fft=n_fft, hop_length=hop_length,
                                        win_length=win_length, window=window, power=power,
                                        center=center, pad_mode=pad_mode, dtype=dtype)
        self.n_mels = n_mels
        self.f_min = f_min
        self.f_max = f_max
        self.htk = htk
        self.norm = norm
        if f_max is None:
            f_max = sr // 2
        self.fbank_matrix = compute_fbank_matrix(sr=sr, n_fft=n_fft, n_mels=n_mels, f_min=f_min,
                                                 f_max=f_max, htk=htk, norm=norm, dtype=dtype)
        self.register_buffer("fbank_matrix", self.fbank_matrix)

    def forward(self, x):
        """x: waveforms [N, T] -> mel spectrograms [N, n_mels, num_frames]."""
        return matmul(self.fbank_matrix, self._spectrogram(x))


class LogMelSpectrogram(Layer):
    """paddle.audio.features.LogMelSpectrogram(sr=22050, n_fft=512, hop_length=None,
    win_length=None, window='hann', power=2.0, center=True, pad_mode='reflect', n_mels=64,
    f_min=50.0, f_max=None, htk=False, norm='slaney', ref_value=1.0, amin=1e-10, top_db=None,
    dtype='float32'): power_to_db of the MelSpectrogram, shape [N, n_mels, num_frames]."""

    def __init__(self, sr=22050, n_fft=512, hop_length=None, win_length=None, window="hann",
                 power=2.0, center=True, pad_mode="reflect", n_mels=64, f_min=50.0, f_max=None,
                 htk=False, norm="slaney", ref_value=1.0, amin=1e-10, top_db=None,
                 dtype="float32"):
        super().__init__()
        self._melspectrogram = MelSpectrogram(
            sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length, window=window,
            power=power, center=center, pad_mode=pad_mode, n_mels=n_mels, f_min=f_min,
            f_max=f_max, htk=htk, norm=norm, dtype=dtype)
        self.ref_value = ref_value
        self.amin = amin
        self.top_db = top_db

    def forward(self, x):
        """x: waveforms [N, T] -> log mel spectrograms [N, n_mels, num_frames]."""
        return power_to_db(self._melspectrogram(x), ref_value=self.ref_value, amin=self.amin,
                           top_db=self.top_db)


class MFCC(Layer):
    """paddle.audio.features.MFCC(sr=22050, n_mfcc=40, n_fft=512, hop_length=None,
    win_length=None, window='hann', power=2.0, center=True, pad_mode='reflect', n_mels=64,
    f_min=50.0, f_max=None, htk=False, norm='slaney', ref_value=1.0, amin=1e-10, top_db=None,
    dtype='float32'): mel-frequency cepstral coefficients, the LogMelSpectrogram times the
    orthonormal DCT matrix, shape [N, n_mfcc, num_frames]. n_mfcc > n_mels raises
    AssertionError with Paddle's text."""

    def __init__(self, sr=22050, n_mfcc=40, n_fft=512, hop_length=None, win_length=None,
                 window="hann", power=2.0, center=True, pad_mode="reflect", n_mels=64,
                 f_min=50.0, f_max=None, htk=False, norm="slaney", ref_value=1.0, amin=1e-10,
                 top_db=None, dtype="float32"):
        super().__init__()
        if not n_mfcc <= n_mels:
            raise AssertionError(f"n_mfcc cannot be larger than n_mels: {n_mfcc} vs {n_mels}")
        self._log_melspectrogram = LogMelSpectrogram(
            sr=sr, n_fft=n_fft, hop_length=hop_length, win_length=win_length, window=window,
            power=power, center=center, pad_mode=pad_mode, n_mels=n_mels, f_min=f_min,
            f_max=f_max, htk=htk, norm=norm, ref_value=ref_value, amin=amin, top_db=top_db,
            dtype=dtype)
        self.dct_matrix = create_dct(n_mfcc=n_mfcc, n_mels=n_mels, dtype=dtype)
        self.register_buffer("dct_matrix", self.dct_matrix)

    def forward(self, x):
        """x: waveforms [N, T] -> MFCCs [N, n_mfcc, num_frames]."""
        log_mel_feature = self._log_melspectrogram(x)
        return matmul(log_mel_feature.transpose((0, 2, 1)),
                      self.dct_matrix).transpose((0, 2, 1))
