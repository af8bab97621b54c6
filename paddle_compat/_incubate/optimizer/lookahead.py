"""paddle.incubate.LookAhead (Paddle: incubate/optimizer/lookahead.py): "Lookahead Optimizer: k
steps forward, 1 step back". The inner optimizer takes every step; each parameter keeps a slow
copy (set to the parameter after the first step), and every k-th step the parameter moves to
slow + alpha * (param - slow), which becomes the new slow copy."""
import torch

from ... import _unique_name
from ..._mode import STATE
from ..._optim.optimizer import Optimizer, _copy_into
from ..._tensor import Tensor, wrap

__all__ = ["LookAhead"]


class LookAhead(Optimizer):
    """paddle.incubate.LookAhead(inner_optimizer, alpha=0.5, k=5, name=None): wraps
    inner_optimizer; step() runs it, then the look-ahead update above on every trainable
    parameter with a gradient. state_dict() holds the slow copies (`<param>_slow_0`), as Paddle's.

    Differences from Paddle: dynamic mode only (static-mode minimize raises NotImplementedError)."""

    _slow_str = "slow"

    def __init__(self, inner_optimizer, alpha=0.5, k=5, name=None):
        assert inner_optimizer is not None, "inner optimizer can not be None"
        assert 0.0 <= alpha <= 1.0, ("alpha should be larger or equal to 0.0, and less or equal "
                                     "than 1.0")
        assert isinstance(k, int) and k > 0, "k should be a positive integer"
        self.inner_optimizer = inner_optimizer
        if inner_optimizer._parameter_list is None:
            raise NotImplementedError("paddle.incubate.LookAhead needs an inner optimizer with "
                                      "`parameters` (static mode is not provided by paddle_compat)")
        super().__init__(learning_rate=float(alpha), parameters=inner_optimizer._parameter_list,
                         weight_decay=None, grad_clip=None, name=name)
        self.alpha = alpha
        self.k = k
        self.type = "lookahead"
        self._global_step = 0
        self._slow = {}          # param.name -> the slow copy (a Tensor named like Paddle's)

    def _params(self):
        plist = self._parameter_list
        if plist and isinstance(plist[0], dict):
            plist = [p for g in plist for p in g["params"]]
        return plist

    def _slow_of(self, param):
        slow = self._slow.get(param.name)
        if slow is None:
            name = _unique_name.generate(f"{param.name}_{self._slow_str}")
            slow = wrap(torch.zeros_like(param._t.detach()))
            slow._info = {"name": name, "persistable": True}
            if name in self._accumulators_holder:
                _copy_into(slow._t, self._accumulators_holder.pop(name))
            self._slow[param.name] = slow
        return slow

    def step(self):
        """Run the inner optimizer's step, then the look-ahead update."""
        if STATE.static:
            raise RuntimeError("LookAhead.step() is only available in dynamic mode")
        self.inner_optimizer.step()
        self._global_step += 1
        first = self._global_step == 1
        sync = self._global_step % self.k == 0
        with torch.no_grad():
            for p in self._params():
                if p.stop_gradient or p._t.grad is None:
                    continue
                slow = self._slow_of(p)._t
                if first:
                    slow.copy_(p._t)
                if sync:
                    new = self.alpha * p._t + (1.0 - self.alpha) * slow
                    p._t.copy_(new)
                    slow.copy_(new)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """The inner optimizer's minimize, then the look-ahead update (dynamic mode)."""
        if STATE.static:
            raise NotImplementedError("paddle.incubate.LookAhead.minimize in static mode is not "
                                      "provided by paddle_compat; use dynamic mode")
        assert isinstance(loss, Tensor), "The loss should be an Tensor."
        self.step()
        return [], [(p, p.grad) for p in self._params() if p.grad is not None]

    def clear_grad(self, set_to_zero=True):
        """Clear the gradients of the inner optimizer's parameters."""
        self.inner_optimizer.clear_grad(set_to_zero)

    def state_dict(self):
        """{'<param>_slow_0': the slow copy} for the parameters stepped so far."""
        return {t.name: t for t in self._slow.values()}

    def set_state_dict(self, state_dict):
        """Load slow copies saved by state_dict() (used when each parameter is next stepped)."""
        state_dict = dict(state_dict)
        for slow in self._slow.values():
            if slow.name in state_dict:
                _copy_into(slow._t, state_dict.pop(slow.name))
        self._accumulators_holder = state_dict

    load_state_dict = set_state_dict
