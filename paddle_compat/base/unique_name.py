"""paddle.base.unique_name: the unique-name generator shared by Layers and the static graph."""
from .._unique_name import UniqueNameGenerator, generate, guard, switch

__all__ = ["UniqueNameGenerator", "generate", "guard", "switch"]
