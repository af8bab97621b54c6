"""paddle.utils.unique_name: generate / guard / switch (shared with Layers and static programs)."""
from .._unique_name import UniqueNameGenerator, generate, guard, switch

__all__ = ["generate", "guard", "switch", "UniqueNameGenerator"]
