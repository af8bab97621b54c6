"""paddle.audio.datasets.TESS: the Toronto emotional speech set (2800 WAV files, 7 emotions), read
from Paddle's on-disk layout in Paddle's dataset cache: every `*.wav` under
DATA_HOME/TESS_Toronto_emotional_speech_set/ (any sub-folders), named
<speaker>_<word>_<emotion>.wav, DATA_HOME being paddle.dataset.common.DATA_HOME
(`~/.cache/paddle/dataset`).

Follows Paddle 3.3.1's python/paddle/audio/datasets/tess.py (Apache-2.0): the files are taken in
os.walk order, file i goes to fold i % n_folds + 1; mode 'train' takes the folds other than
`split`, any other mode fold `split`; the label is the emotion's index in label_list.

Differences from Paddle: no network. When the folder is missing, the archive
TESS_Toronto_emotional_speech_set.zip found in DATA_HOME is unpacked there; without it one
RuntimeError names the archive, its URL and MD5 and where to put it (the MD5 sum is not checked).
DATA_HOME is read when a dataset is created (Paddle reads it once at import).
"""
import os
from typing import NamedTuple

from ..._dataset import common
from .dataset import AudioClassificationDataset, _ensure_unpacked

__all__ = ["TESS"]


class TESS(AudioClassificationDataset):
    """paddle.audio.datasets.TESS(mode='train', n_folds=5, split=1, feat_type='raw',
    archive=None, **kwargs): (feature, label) pairs of the TESS recordings; `split` (1..n_folds)
    is the dev fold, mode 'train' the others; `feat_type` and `kwargs` as in the base;
    `archive` ({'url', 'md5'}) names another archive.

    Differences from Paddle: no network; the dataset is read from (or the archive unpacked in)
    paddle.dataset.common.DATA_HOME, else one RuntimeError names the archive, URL, MD5 and where to
    put it."""

    archive = {
        "url": "https://bj.bcebos.com/paddleaudio/datasets/TESS_Toronto_emotional_speech_set.zip",
        "md5": "1465311b24d1de704c4c63e4ccc470c7",
    }

    label_list = ["angry", "disgust", "fear", "happy", "neutral",
                  "ps",   # pleasant surprise
                  "sad"]

    audio_path = "TESS_Toronto_emotional_speech_set"

    class meta_info(NamedTuple):
        speaker: str
        word: str
        emotion: str

    def __init__(self, mode="train", n_folds=5, split=1, feat_type="raw", archive=None,
                 **kwargs):
        if not (isinstance(n_folds, int) and n_folds >= 1):
            raise AssertionError(
                f"the n_folds should be integer and n_folds >= 1, but got {n_folds}")
        if split not in range(1, n_folds + 1):
            raise AssertionError("The selected split should be integer and should be 1 <= split "
                                 f"<= {n_folds}, but got {split}")
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, n_folds, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self, files):
        ret = []
        for file in files:
            basename_without_extend = os.path.basename(file)[:-4]
            ret.append(self.meta_info(*basename_without_extend.split("_")))
        return ret

    def _get_data(self, mode, n_folds, split):
        home = common.DATA_HOME
        _ensure_unpacked("paddle.audio.datasets.TESS", self.archive,
                         lambda: os.path.isdir(os.path.join(home, self.audio_path)))
        wav_files = []
        for root, _, files in os.walk(os.path.join(home, self.audio_path)):
            for file in files:
                if file.endswith(".wav"):
                    wav_files.append(os.path.join(root, file))

        files = []
        labels = []
        for idx, sample in enumerate(self._get_meta_info(wav_files)):
            _, _, emotion = sample
            target = self.label_list.index(emotion)
            fold = idx % n_folds + 1
            if mode == "train" and int(fold) != split:
                files.append(wav_files[idx])
                labels.append(target)
            if mode != "train" and int(fold) == split:
                files.append(wav_files[idx])
                labels.append(target)
        return files, labels
