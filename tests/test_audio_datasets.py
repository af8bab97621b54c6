"""paddle.audio.datasets ESC50 and TESS (paddle_compat/_audio/datasets/) against Paddle 3.3.1's
goldens (conformance/goldens/audio.json, cases `datasets:*`): folds, labels, raw waveforms and
features read from tiny folders in Paddle's real on-disk layout under a temporary DATA_HOME; plus
the offline handling Paddle cannot show without a network: the cached archive is unpacked as
Paddle unpacks it, and a missing one raises one error naming the file, its URL and MD5 and where
to put it."""
import os
import wave
import zipfile

import numpy as np
import pytest

import paddle_compat as paddle
from tests._audio_goldens import AUDIO, check

D = paddle.audio.datasets


@pytest.mark.parametrize("case", AUDIO.cases("datasets"))
def test_golden(case):
    check(case)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(paddle.dataset.common, "DATA_HOME", str(tmp_path))
    return tmp_path


def _wav_bytes(n, sr=8000):
    import io
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes((np.arange(n) * 100).astype("<i2").tobytes())
    return buf.getvalue()


def test_missing_esc50_names_archive_url_md5_and_place(home):
    with pytest.raises(RuntimeError) as info:
        D.ESC50()
    msg = str(info.value)
    assert msg.startswith("Download from https://paddleaudio.bj.bcebos.com/datasets/"
                          "ESC-50-master.zip failed. Retry limit reached")
    assert "7771e4b9d86d0945acce719c7a59305a" in msg
    assert os.path.join(str(home), "ESC-50-master.zip") in msg


def test_missing_tess_names_archive_url_md5_and_place(home):
    with pytest.raises(RuntimeError) as info:
        D.TESS()
    msg = str(info.value)
    assert "TESS_Toronto_emotional_speech_set.zip" in msg
    assert "1465311b24d1de704c4c63e4ccc470c7" in msg
    assert str(home) in msg


def test_cached_esc50_archive_is_unpacked(home):
    with zipfile.ZipFile(home / "ESC-50-master.zip", "w") as z:
        z.writestr("ESC-50-master/meta/esc50.csv",
                   "filename,fold,target,category,esc10,src_file,take\n"
                   "1-1-A-3.wav,1,3,cow,False,1,A\n2-2-A-7.wav,2,7,insects,False,2,A\n")
        z.writestr("ESC-50-master/audio/1-1-A-3.wav", _wav_bytes(30))
        z.writestr("ESC-50-master/audio/2-2-A-7.wav", _wav_bytes(40))
    train = D.ESC50()
    assert train.labels == [7] and len(train) == 1
    x, y = train[0]
    assert (x.shape, str(x.dtype), y) == ([40], "paddle.float32", 7)
    assert (home / "ESC-50-master" / "audio" / "1-1-A-3.wav").is_file()


def test_cached_tess_archive_is_unpacked(home):
    with zipfile.ZipFile(home / "TESS_Toronto_emotional_speech_set.zip", "w") as z:
        z.writestr("TESS_Toronto_emotional_speech_set/YAF_happy/YAF_dog_happy.wav", _wav_bytes(20))
    ds = D.TESS("dev", n_folds=1)
    assert ds.labels == [3]
    assert ds[0][0].shape == [20]


def test_an_archive_without_the_dataset_is_reported(home):
    with zipfile.ZipFile(home / "ESC-50-master.zip", "w") as z:
        z.writestr("something/else.txt", "x")
    with pytest.raises(RuntimeError, match="does not hold the files"):
        D.ESC50()


def test_archive_entries_cannot_escape_data_home(home):
    with zipfile.ZipFile(home / "TESS_Toronto_emotional_speech_set.zip", "w") as z:
        z.writestr("TESS_Toronto_emotional_speech_set/../../YAF_up_sad.wav", _wav_bytes(4))
        z.writestr("TESS_Toronto_emotional_speech_set/OAF_sad/OAF_x_sad.wav", _wav_bytes(8))
    ds = D.TESS("dev", n_folds=1)
    # zipfile drops the '..' parts: the entry lands inside the dataset folder, not above DATA_HOME
    assert sorted(os.path.basename(f) for f in ds.files) == ["OAF_x_sad.wav", "YAF_up_sad.wav"]
    assert all(f.startswith(str(home)) for f in ds.files)
    assert not (home.parent / "YAF_up_sad.wav").exists()
