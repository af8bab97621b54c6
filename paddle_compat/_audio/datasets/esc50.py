"""paddle.audio.datasets.ESC50: the ESC-50 environmental sound clips (2000 five-second WAV files,
50 classes, 5 folds), read from Paddle's on-disk layout in Paddle's dataset cache:
DATA_HOME/ESC-50-master/meta/esc50.csv and DATA_HOME/ESC-50-master/audio/*.wav, DATA_HOME being
paddle.dataset.common.DATA_HOME (`~/.cache/paddle/dataset`).

Follows Paddle 3.3.1's python/paddle/audio/datasets/esc50.py (Apache-2.0): mode 'train' takes the
rows whose fold is not `split`, any other mode the rows whose fold is `split`, in the CSV's order;
labels are the CSV's `target` column.

Differences from Paddle: no network. When the folder is missing, the archive ESC-50-master.zip
found in DATA_HOME is unpacked there; without it one RuntimeError names the archive, its URL and
MD5 and where to put it (the MD5 sum is not checked). DATA_HOME is read when a dataset is created,
so setting paddle.dataset.common.DATA_HOME redirects it (Paddle reads it once at import).
"""
import os
from typing import NamedTuple

from ..._dataset import common
from .dataset import AudioClassificationDataset, _ensure_unpacked

__all__ = ["ESC50"]


class ESC50(AudioClassificationDataset):
    """paddle.audio.datasets.ESC50(mode='train', split=1, feat_type='raw', archive=None,
    **kwargs): (feature, label) pairs of the ESC-50 clips; `split` (1..5) is the dev fold, mode
    'train' the other four; `feat_type` and `kwargs` as in the base (a paddle.audio.features
    layer and its arguments); `archive` ({'url', 'md5'}) names another archive.

    Differences from Paddle: no network; the dataset is read from (or the archive unpacked in)
    paddle.dataset.common.DATA_HOME, else one RuntimeError names the archive, URL, MD5 and where to
    put it."""

    archive = {
        "url": "https://paddleaudio.bj.bcebos.com/datasets/ESC-50-master.zip",
        "md5": "7771e4b9d86d0945acce719c7a59305a",
    }

    label_list = [
        # Animals
        "Dog", "Rooster", "Pig", "Cow", "Frog", "Cat", "Hen", "Insects (flying)", "Sheep", "Crow",
        # Natural soundscapes & water sounds
        "Rain", "Sea waves", "Crackling fire", "Crickets", "Chirping birds", "Water drops", "Wind",
        "Pouring water", "Toilet flush", "Thunderstorm",
        # Human, non-speech sounds
        "Crying baby", "Sneezing", "Clapping", "Breathing", "Coughing", "Footsteps", "Laughing",
        "Brushing teeth", "Snoring", "Drinking, sipping",
        # Interior/domestic sounds
        "Door knock", "Mouse click", "Keyboard typing", "Door, wood creaks", "Can opening",
        "Washing machine", "Vacuum cleaner", "Clock alarm", "Clock tick", "Glass breaking",
        # Exterior/urban noises
        "Helicopter", "Chainsaw", "Siren", "Car horn", "Engine", "Train", "Church bells",
        "Airplane", "Fireworks", "Hand saw",
    ]
    meta = os.path.join("ESC-50-master", "meta", "esc50.csv")
    audio_path = os.path.join("ESC-50-master", "audio")

    class meta_info(NamedTuple):
        filename: str
        fold: str
        target: str
        category: str
        esc10: str
        src_file: str
        take: str

    def __init__(self, mode="train", split=1, feat_type="raw", archive=None, **kwargs):
        if split not in range(1, 6):
            raise AssertionError("The selected split should be integer, and 1 <= split <= 5, "
                                 f"but got {split}")
        if archive is not None:
            self.archive = archive
        files, labels = self._get_data(mode, split)
        super().__init__(files=files, labels=labels, feat_type=feat_type, **kwargs)

    def _get_meta_info(self):
        ret = []
        with open(os.path.join(common.DATA_HOME, self.meta), "r") as rf:
            for line in rf.readlines()[1:]:
                ret.append(self.meta_info(*line.strip().split(",")))
        return ret

    def _get_data(self, mode, split):
        home = common.DATA_HOME
        _ensure_unpacked(
            "paddle.audio.datasets.ESC50", self.archive,
            lambda: (os.path.isdir(os.path.join(home, self.audio_path))
                     and os.path.isfile(os.path.join(home, self.meta))))
        files = []
        labels = []
        for sample in self._get_meta_info():
            filename, fold, target, _, _, _, _ = sample
            if mode == "train" and int(fold) != split:
                files.append(os.path.join(home, self.audio_path, filename))
                labels.append(int(target))
            if mode != "train" and int(fold) == split:
                files.append(os.path.join(home, self.audio_path, filename))
                labels.append(int(target))
        return files, labels
