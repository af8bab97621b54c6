"""paddle.callbacks: the callbacks Model.fit / evaluate / predict accept."""
from ._hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint,
                              ProgBarLogger, ReduceLROnPlateau, VisualDL, WandbCallback)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau", "WandbCallback"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
