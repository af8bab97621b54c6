"""paddle.audio's WAV backend and backend switch (paddle_compat/_audio/backends/) against Paddle
3.3.1's goldens (conformance/goldens/audio.json, cases `backends:*`): load/info of 16-bit PCM WAV
files written by the standard library (mono, stereo, offsets, file objects), save/load round trips,
the int16 wrap at +1.0, list/get/set_backend, and Paddle's errors; plus what paddle_compat adds:
atomic saves and a clear error for non-16-bit WAV files and for the optional paddleaudio backends."""
import os
import wave

import numpy as np
import pytest

import paddle_compat as paddle
from tests._audio_goldens import AUDIO, check

B = paddle.audio.backends


@pytest.mark.parametrize("case", AUDIO.cases("backends"))
def test_golden(case):
    check(case)


def test_list_available_backends_warns_about_paddleaudio():
    with pytest.warns(UserWarning, match="Failed importing paddleaudio"):
        assert B.list_available_backends() == ["wave_backend"]


def test_unavailable_backend_names_the_package():
    with pytest.warns(UserWarning):
        with pytest.raises(NotImplementedError, match="paddleaudio"):
            B.set_backend("soundfile")
    assert B.get_current_backend() == "wave_backend"


def test_save_is_atomic_and_keeps_the_old_file_on_error(tmp_path):
    path = str(tmp_path / "a.wav")
    x = paddle.to_tensor([[0.25, -0.5, 0.125]])
    paddle.audio.save(path, x, 8000)
    before = open(path, "rb").read()
    with pytest.raises(ValueError):
        paddle.audio.save(path, x, 8000, bits_per_sample=24)
    assert open(path, "rb").read() == before
    assert os.listdir(tmp_path) == ["a.wav"]         # no temporary file left behind
    y, sr = paddle.audio.load(path)
    assert sr == 8000
    np.testing.assert_array_equal(y.numpy(), x.numpy())


def test_save_to_a_file_object(tmp_path):
    path = tmp_path / "b.wav"
    with open(path, "wb") as f:
        paddle.audio.save(f, paddle.to_tensor([[0.5, -0.25]]), 16000)
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getframerate(), w.getsampwidth()) == (1, 16000, 2)
        assert np.frombuffer(w.readframes(2), "<i2").tolist() == [16384, -8192]


def test_non_16_bit_wav_load_is_refused_with_paddles_message(tmp_path):
    path = str(tmp_path / "u8.wav")
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(8000)
        w.writeframes(bytes(range(0, 250, 10)))
    with pytest.raises(NotImplementedError, match="(?s)only PCM16 WAV supported.*paddleaudio"):
        paddle.audio.load(path)
    info = paddle.audio.info(path)    # info reads the header only, as in Paddle
    assert (info.bits_per_sample, info.num_samples) == (8, 25)
