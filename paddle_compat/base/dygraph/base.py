"""paddle.base.dygraph.base: guard, to_variable and the dynamic-mode switches."""
from ..._base.dygraph import disable_dygraph, enable_dygraph, guard, to_variable
from ..._autograd.grad_mode import no_grad

__all__ = ["disable_dygraph", "enable_dygraph", "guard", "no_grad", "to_variable"]
