"""paddle.audio.features (paddle_compat/_audio/features/layers.py) against Paddle 3.3.1's goldens
(conformance/goldens/audio.json, cases `features:*`): Spectrogram, MelSpectrogram,
LogMelSpectrogram and MFCC outputs (float32 and float64), their buffers in state_dict under Paddle's
names, and the argument errors; plus how the layers compose."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._audio_goldens import AUDIO, check

FE = paddle.audio.features
AF = paddle.audio.functional


@pytest.mark.parametrize("case", AUDIO.cases("features"))
def test_golden(case):
    check(case)


def _wave():
    t = np.arange(200, dtype="float32")
    return paddle.to_tensor(np.stack([np.sin(t * 0.2), np.sin(t * 0.05) * 0.3]))


def test_layers_compose_as_in_paddle():
    x = _wave()
    kw = dict(sr=8000, n_fft=32, hop_length=8, n_mels=6)
    mel = FE.MelSpectrogram(**kw)
    spec = FE.Spectrogram(n_fft=32, hop_length=8, power=2.0)(x)
    np.testing.assert_allclose(mel(x).numpy(), (mel.fbank_matrix.numpy() @ spec.numpy()),
                               rtol=1e-5, atol=1e-7)
    logmel = FE.LogMelSpectrogram(**kw)(x)
    np.testing.assert_allclose(logmel.numpy(), AF.power_to_db(mel(x), top_db=None).numpy(),
                               rtol=1e-5)
    mfcc = FE.MFCC(n_mfcc=4, **kw)(x)
    expect = np.einsum("bmt,mk->bkt", logmel.numpy(), AF.create_dct(4, 6).numpy())
    np.testing.assert_allclose(mfcc.numpy(), expect, rtol=1e-4, atol=1e-4)


def test_buffers_load_back_through_state_dict():
    a = FE.MFCC(sr=8000, n_mfcc=3, n_fft=16, n_mels=4)
    b = FE.MFCC(sr=8000, n_mfcc=3, n_fft=16, n_mels=4)
    state = a.state_dict()
    assert sorted(state) == ["_log_melspectrogram._melspectrogram._spectrogram.fft_window",
                             "_log_melspectrogram._melspectrogram.fbank_matrix", "dct_matrix"]
    b.set_state_dict(state)
    x = _wave()
    np.testing.assert_array_equal(a(x).numpy(), b(x).numpy())


def test_spectrogram_of_a_pure_tone_peaks_at_its_bin():
    n_fft, k = 64, 5
    t = np.arange(512, dtype="float32")
    x = paddle.to_tensor(np.sin(2 * np.pi * k * t / n_fft)[None, :])
    s = FE.Spectrogram(n_fft=n_fft, hop_length=16)(x).numpy()
    assert s.shape == (1, n_fft // 2 + 1, 512 // 16 + 1)
    assert (s[0, :, 4:-4].argmax(axis=0) == k).all()
