"""paddle.hapi.progressbar: the ProgressBar that ProgBarLogger prints with."""
from .._hapi.progressbar import ProgressBar

__all__ = []
