"""paddle.audio.features: Spectrogram, MelSpectrogram, LogMelSpectrogram and MFCC layers."""
import sys

from ..._audio.features import layers
from ..._audio.features.layers import MFCC, LogMelSpectrogram, MelSpectrogram, Spectrogram

__all__ = ["LogMelSpectrogram", "MelSpectrogram", "MFCC", "Spectrogram"]

# `import paddle.audio.<package>.<module>`: Paddle's module paths here are public, so importable
for _m in (layers,):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
