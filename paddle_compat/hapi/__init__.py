"""paddle.hapi: the high-level API (Model, summary, flops, callbacks, progressbar)."""
from . import (callbacks, dynamic_flops, logger, model, model_summary, progressbar,
               static_flops)
from .._hapi.dynamic_flops import flops
from .._hapi.model import Model
from .._hapi.model_summary import summary

__all__ = []

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
