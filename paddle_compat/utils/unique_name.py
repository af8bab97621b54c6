"""paddle.utils.unique_name: generate / guard / switch (shared with Layers and static programs)."""
from .._unique_name import UniqueNameGenerator, generate, guard, switch

__all__ = ["generate", "guard", "switch", "UniqueNameGenerator"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
