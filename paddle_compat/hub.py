"""paddle.hub: load_state_dict_from_url; list/help/load raise a clear error (they run downloaded
code)."""
from ._hapi.hub import help, list, load, load_state_dict_from_url

__all__ = ["help", "list", "load", "load_state_dict_from_url"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
