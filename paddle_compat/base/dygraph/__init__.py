"""paddle.base.dygraph: guard, to_variable and the dynamic-mode switches."""
from ..._base.dygraph import disable_dygraph, enable_dygraph, guard, to_variable
from . import base

__all__ = ["base", "disable_dygraph", "enable_dygraph", "guard", "to_variable"]
