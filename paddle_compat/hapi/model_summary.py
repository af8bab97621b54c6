"""paddle.hapi.model_summary: paddle.summary and its string form."""
from .._hapi.model_summary import summary, summary_string

__all__ = []
