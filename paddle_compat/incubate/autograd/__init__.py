"""paddle.incubate.autograd: functional vjp / jvp / Jacobian / Hessian and the prim switches
(explicit re-exports, no logic; the rooms are paddle_compat/_incubate/autograd/)."""
from ..._incubate.autograd.functional import vjp, jvp, Jacobian, Hessian
from ..._incubate.autograd.utils import enable_prim, disable_prim, prim_enabled
from ..._incubate.autograd.primapi import grad, forward_grad

__all__ = ["vjp", "jvp", "Jacobian", "Hessian", "enable_prim", "disable_prim", "forward_grad",
           "grad"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
