"""paddle.callbacks: the callbacks Model.fit / evaluate / predict accept."""
from ._hapi.callbacks import (Callback, EarlyStopping, LRScheduler, ModelCheckpoint,
                              ProgBarLogger, ReduceLROnPlateau, VisualDL, WandbCallback)

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau", "WandbCallback"]
