"""paddle.hapi.callbacks: the callback classes and Paddle's config_callbacks / CallbackList."""
from .._hapi.callbacks import (Callback, CallbackList, EarlyStopping, LRScheduler,
                               ModelCheckpoint, ProgBarLogger, ReduceLROnPlateau, VisualDL,
                               WandbCallback, config_callbacks)

__all__ = []
