"""paddle.incubate.optimizer: LBFGS (deprecated spelling of paddle.optimizer.LBFGS), LookAhead,
ModelAverage (explicit re-exports, no logic; the rooms are paddle_compat/_incubate/optimizer/)."""
from ..._incubate.optimizer.lbfgs import LBFGS
from ..._incubate.optimizer.lookahead import LookAhead
from ..._incubate.optimizer.modelaverage import ModelAverage
from . import functional

__all__ = ["LBFGS"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
