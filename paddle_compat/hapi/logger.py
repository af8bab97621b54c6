"""paddle.hapi.logger: setup_logger."""
from .._hapi.logger import setup_logger

__all__ = []
