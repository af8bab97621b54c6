"""paddle.audio.functional (paddle_compat/_audio/functional/) against Paddle 3.3.1's goldens
(conformance/goldens/audio.json, cases `functional:*`, recorded by conformance/record/record_audio.py):
mel scale conversions for floats and tensors, mel/FFT frequencies, the filter bank in each norm,
power_to_db, the DCT matrix, every window of get_window in both symmetries and dtypes, and Paddle's
errors."""
import math

import numpy as np
import pytest

import paddle_compat as paddle
from tests._audio_goldens import AUDIO, check

AF = paddle.audio.functional


@pytest.mark.parametrize("case", AUDIO.cases("functional"))
def test_golden(case):
    check(case)


def test_goldens_cover_every_recorded_case():
    assert sorted(AUDIO.golden["cases"]) == sorted(AUDIO.record.CASES)
    assert len(AUDIO.cases("functional")) > 60


def test_mel_grid_is_bit_equal_to_paddles():
    # mel_frequencies starts from paddle.linspace over the mel range; Paddle's CPU kernel computes
    # it in the output dtype, and so does paddle_compat: the grid is Paddle's to the last bit
    # (the golden check above allows 1e-5, which would hide an ulp).
    entry = AUDIO.golden["cases"]["functional:mel_linspace"]
    ours = AUDIO.record.run_case(paddle, entry["expr"])
    assert [t["values"] for t in ours["items"]] == [t["values"] for t in entry["result"]["items"]]


def test_python_numbers_stay_python_floats():
    # A Python number goes through the math module, never through a Tensor
    assert isinstance(AF.hz_to_mel(440.0), float)
    assert isinstance(AF.mel_to_hz(20.0), float)
    assert AF.mel_to_hz(AF.hz_to_mel(3000.0)) == pytest.approx(3000.0, rel=1e-9)


def test_mel_round_trip_on_tensors():
    f = paddle.to_tensor([10.0, 500.0, 1000.0, 2000.0, 7000.0], dtype="float64")
    back = AF.mel_to_hz(AF.hz_to_mel(f))
    np.testing.assert_allclose(back.numpy(), f.numpy(), rtol=1e-6)
    back_htk = AF.mel_to_hz(AF.hz_to_mel(f, htk=True), htk=True)
    np.testing.assert_allclose(back_htk.numpy(), f.numpy(), rtol=1e-9)


def test_periodic_window_is_the_symmetric_one_cut():
    # fftbins=True computes an (M+1)-point symmetric window and drops the last sample
    for name in ("hann", "hamming", "blackman", "triang", "cosine"):
        periodic = AF.get_window(name, 9).numpy()
        symmetric = AF.get_window(name, 10, fftbins=False).numpy()
        np.testing.assert_allclose(periodic, symmetric[:-1], rtol=0, atol=1e-12)


def test_fbank_rows_are_normalized_as_asked():
    w = AF.compute_fbank_matrix(8000, 64, n_mels=5, norm=2.0).numpy()
    np.testing.assert_allclose(np.linalg.norm(w, axis=1), np.ones(5), rtol=1e-5)
    dct = AF.create_dct(4, 4).numpy()
    np.testing.assert_allclose(dct.T @ dct, np.eye(4), atol=1e-6)   # orthonormal
    assert math.isclose(float(AF.power_to_db(paddle.to_tensor(100.0), top_db=None)), 20.0)


def test_paddles_module_paths_are_importable():
    import importlib
    window = importlib.import_module("paddle_compat.audio.functional.window")
    functional = importlib.import_module("paddle_compat.audio.functional.functional")
    assert window.get_window is AF.get_window
    assert functional.create_dct is AF.create_dct
    layers = importlib.import_module("paddle_compat.audio.features.layers")
    assert layers.MFCC is paddle.audio.features.MFCC
    esc50 = importlib.import_module("paddle_compat.audio.datasets.esc50")
    assert esc50.ESC50 is paddle.audio.datasets.ESC50
