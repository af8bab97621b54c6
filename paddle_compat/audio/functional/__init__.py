"""paddle.audio.functional: mel scale conversions, filter banks, dB, DCT and windows."""
import sys

from ..._audio.functional import functional, window
from ..._audio.functional.functional import (compute_fbank_matrix, create_dct, fft_frequencies,
                                             hz_to_mel, mel_frequencies, mel_to_hz, power_to_db)
from ..._audio.functional.window import get_window

__all__ = ["compute_fbank_matrix", "create_dct", "fft_frequencies", "hz_to_mel", "mel_frequencies",
           "mel_to_hz", "power_to_db", "get_window"]

# `import paddle.audio.<package>.<module>`: Paddle's module paths here are public, so importable
for _m in (functional, window):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
