"""paddle.quantization: not provided (every name raises a clear error naming
torch.ao.quantization and paddle.amp)."""
from .._quantization.unsupported import (PTQ, QAT, BaseObserver, BaseQuanter, QuantConfig,
                                         quanter)
from . import observers, quanters

__all__ = ["PTQ", "QAT", "BaseObserver", "BaseQuanter", "QuantConfig", "quanter", "observers",
           "quanters"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
