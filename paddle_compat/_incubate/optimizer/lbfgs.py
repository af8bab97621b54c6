"""paddle.incubate.optimizer.LBFGS (Paddle: incubate/optimizer/lbfgs.py): the deprecated (since
2.5.0) copy of paddle.optimizer.LBFGS. Calling it warns Paddle's VisibleDeprecationWarning and
builds the same optimizer as paddle.optimizer.LBFGS (Paddle wraps the class in its `deprecated`
decorator too, which is why the census lists it as a function)."""
from ..._optim.optimizers import LBFGS as _LBFGS
from ..._utils.deprecated import deprecated

__all__ = ["LBFGS"]


class LBFGS(_LBFGS):
    """paddle.incubate.optimizer.LBFGS(learning_rate=1.0, max_iter=20, max_eval=None,
    tolerance_grad=1e-07, tolerance_change=1e-09, history_size=100, line_search_fn=None,
    parameters=None, weight_decay=None, grad_clip=None, name=None): paddle.optimizer.LBFGS under
    its old name (see there for the algorithm and its differences from Paddle)."""


LBFGS.__module__ = "paddle.incubate.optimizer.lbfgs"   # the module Paddle's warning names
LBFGS = deprecated(since="2.5.0", update_to="paddle.optimizer.LBFGS", level=1)(LBFGS)
