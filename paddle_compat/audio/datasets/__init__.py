"""paddle.audio.datasets: ESC50 and TESS, read from Paddle's dataset cache (no network)."""
import sys

from ..._audio.datasets import dataset, esc50, tess
from ..._audio.datasets.esc50 import ESC50
from ..._audio.datasets.tess import TESS

__all__ = ["ESC50", "TESS"]

# `import paddle.audio.<package>.<module>`: Paddle's module paths here are public, so importable
for _m in (dataset, esc50, tess):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
