"""The base of paddle.audio's classification datasets (Paddle 3.3.1's
python/paddle/audio/datasets/dataset.py, Apache-2.0): (feature, label) pairs from a list of audio
files, the feature being the raw float32 waveform [T] or one of paddle.audio.features' layers
applied to it (`feat_type` 'melspectrogram', 'mfcc', 'logmelspectrogram', 'spectrogram'; extra
keyword arguments configure the layer, and the file's sample rate is passed as `sr`).

Also the archive handling ESC50 and TESS share. Paddle downloads the archive into Paddle's dataset
cache (`~/.cache/paddle/dataset`, paddle.dataset.common.DATA_HOME) and unpacks it there; paddle_compat
has no network, so it uses the unpacked folder when it is there, else unpacks the archive found at
DATA_HOME/<archive name> (as Paddle unpacks it), else raises one RuntimeError naming the archive,
its URL and MD5 and where to put it.
"""
import os
import zipfile

from ..._creation_core import to_tensor
from ..._dataset import common
from ..._dtype import DTYPES
from ..._io.dataset import Dataset
from ..backends.backend import load
from ..features.layers import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram

__all__ = []

feat_funcs = {
    "raw": None,
    "melspectrogram": MelSpectrogram,
    "mfcc": MFCC,
    "logmelspectrogram": LogMelSpectrogram,
    "spectrogram": Spectrogram,
}


def _unzip(path, root):
    """Unpack the zip archive `path` under `root` as Paddle's download._uncompress_file_zip does:
    a single top-level folder (or file) lands in `root`, anything else in root/<archive stem>.
    zipfile drops absolute paths and '..' parts, so nothing is written outside `root`."""
    with zipfile.ZipFile(path) as archive:
        names = [n.replace("../", "") for n in archive.namelist()]
        tops = {n.replace("\\", "/").split("/")[0] for n in names}
        if len(tops) <= 1:
            archive.extractall(root)
        else:
            target = os.path.join(root, os.path.splitext(os.path.basename(path))[0])
            os.makedirs(target, exist_ok=True)
            archive.extractall(target)


def _ensure_unpacked(what, archive, present):
    """Make `present()` true by unpacking the cached archive ({'url', 'md5'}) under DATA_HOME;
    without the archive raise one RuntimeError naming it, its URL and MD5 and where to put it."""
    if present():
        return
    root = common.DATA_HOME
    url, md5 = archive["url"], archive["md5"]
    path = os.path.join(root, url.split("/")[-1])
    if os.path.isfile(path) and zipfile.is_zipfile(path):
        _unzip(path, root)
        if present():
            return
        raise RuntimeError(f"{what}: the archive {path} does not hold the files {what} reads "
                           f"(from {url}, md5 {md5}); replace it with the original archive.")
    # The first line is Paddle's own message when its download fails (what Paddle raises offline).
    raise RuntimeError(
        f"Download from {url} failed. Retry limit reached\n{what}: paddle_compat has no network "
        f"access and the dataset is not in Paddle's dataset cache. Download "
        f"{os.path.basename(path)} (from {url}, md5 {md5}) and put it at {path} (it is unpacked "
        f"there on first use), or set paddle.dataset.common.DATA_HOME to the folder that holds "
        f"it or its unpacked contents.")


class AudioClassificationDataset(Dataset):
    """Base class of audio classification datasets: `files` (paths) with `labels` (ints);
    `feat_type` picks the feature ('raw' or a paddle.audio.features layer name) and keyword
    arguments configure that layer. An unknown feat_type raises RuntimeError as in Paddle."""

    def __init__(self, files, labels, feat_type="raw", sample_rate=None, **kwargs):
        super().__init__()
        if feat_type not in feat_funcs.keys():
            raise RuntimeError(f"Unknown feat_type: {feat_type}, it must be one in "
                               f"{list(feat_funcs.keys())}")
        self.files = files
        self.labels = labels
        self.feat_type = feat_type
        self.sample_rate = sample_rate
        self.feat_config = kwargs   # keyword arguments customize the feature layer

    def _get_data(self, input_file):
        raise NotImplementedError

    def _convert_to_record(self, idx):
        file, label = self.files[idx], self.labels[idx]
        waveform, sample_rate = load(file)
        self.sample_rate = sample_rate
        feat_func = feat_funcs[self.feat_type]

        record = {}
        if len(waveform.shape) == 2:
            waveform = waveform.squeeze(0)   # 1-D input
        waveform = to_tensor(waveform, dtype=DTYPES["float32"])
        if feat_func is not None:
            waveform = waveform.unsqueeze(0)   # [batch_size, T]
            if self.feat_type != "spectrogram":
                feature_extractor = feat_func(sr=self.sample_rate, **self.feat_config)
            else:
                feature_extractor = feat_func(**self.feat_config)
            record["feat"] = feature_extractor(waveform).squeeze(0)
        else:
            record["feat"] = waveform
        record["label"] = label
        return record

    def __getitem__(self, idx):
        record = self._convert_to_record(idx)
        return record["feat"], record["label"]

    def __len__(self):
        return len(self.files)
