"""paddle.utils.download: get_weights_path_from_url."""
from .._utils.download import get_weights_path_from_url

__all__ = ["get_weights_path_from_url"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
