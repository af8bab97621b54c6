"""paddle.incubate.optimizer.functional: minimize_bfgs, minimize_lbfgs (explicit re-exports, no
logic; the rooms are paddle_compat/_incubate/optimizer/functional/)."""
from ...._incubate.optimizer.functional.bfgs import minimize_bfgs
from ...._incubate.optimizer.functional.lbfgs import minimize_lbfgs

__all__ = ["minimize_bfgs", "minimize_lbfgs"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
