"""paddle.hapi: the high-level API (Model, summary, flops, callbacks, progressbar)."""
from . import callbacks, progressbar
from .._hapi.dynamic_flops import flops
from .._hapi.model import Model
from .._hapi.model_summary import summary

__all__ = []
