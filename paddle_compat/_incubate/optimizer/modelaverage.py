"""paddle.incubate.ModelAverage (Paddle: incubate/optimizer/modelaverage.py and the
average_accumulates kernel): a sliding-window average of the parameters, applied for evaluation
with `apply()` and undone with `restore()`.

Each step() adds every parameter into sum_1; every 16384 updates sum_1 moves into sum_2 (to keep
precision); once num_accumulates reaches both min_average_window and
min(max_average_window, num_updates * average_window_rate), sum_1 + sum_2 becomes sum_3 (the
previous window) and the current window restarts. apply() sets each parameter to
(sum_1 + sum_2 + sum_3) / (num_accumulates + old_num_accumulates)."""
import contextlib

import torch

from ... import _unique_name
from ..._mode import STATE
from ..._optim.optimizer import Optimizer, _copy_into
from ..._tensor import wrap

__all__ = ["ModelAverage"]

_MAX_NUM_ACCUMULATES = 16384
_SLOTS = ("sum_1", "sum_2", "sum_3", "restore", "num_accumulates", "old_num_accumulates",
          "num_updates")


class ModelAverage(Optimizer):
    """paddle.incubate.ModelAverage(average_window_rate, parameters=None, min_average_window=10000,
    max_average_window=10000, name=None): step() accumulates the current parameters (call it after
    the training optimizer's step); `with model_average.apply(need_restore=True):` evaluates with
    the averaged parameters; restore() puts the trained values back. state_dict() holds Paddle's
    accumulators (`<param>_sum_1_0`, ..., `<param>_num_updates_0`).

    Differences from Paddle: dynamic mode only (static mode, where apply() takes an executor,
    raises NotImplementedError)."""

    def __init__(self, average_window_rate, parameters=None, min_average_window=10000,
                 max_average_window=10000, name=None):
        if STATE.static:
            raise NotImplementedError("paddle.incubate.ModelAverage in static mode is not provided "
                                      "by paddle_compat; use it in dynamic mode")
        super().__init__(learning_rate=0.0, parameters=parameters, weight_decay=None,
                         grad_clip=None, name=name)
        self.average_window = average_window_rate
        self.min_average_window = min_average_window
        self.max_average_window = max_average_window
        self.type = "average_accumulates"

    def _params(self):
        plist = self._parameter_list or []
        if plist and isinstance(plist[0], dict):
            plist = [p for g in plist for p in g["params"]]
        return plist

    def _create_accumulators(self):
        """Paddle's _add_accumulator for every slot of every parameter (once each)."""
        for slot in _SLOTS:
            accs = self._accumulators.setdefault(slot, {})
            for p in self._params():
                if p.name in accs:
                    continue
                if slot in ("sum_1", "sum_2", "sum_3", "restore"):
                    raw = torch.zeros_like(p._t.detach())
                else:
                    raw = torch.zeros(1, dtype=torch.int64, device=p._t.device)
                var_name = _unique_name.generate(f"{p.name}_{slot}")
                if var_name in self._accumulators_holder:
                    _copy_into(raw, self._accumulators_holder.pop(var_name))
                acc = wrap(raw)
                acc._info = {"name": var_name, "persistable": True}
                accs[p.name] = acc
                self._opti_name_list.append(var_name)

    def _acc(self, slot, p):
        return self._accumulators[slot][p.name]._t

    def step(self):
        """Accumulate every trainable parameter that has a gradient into the window."""
        if self.min_average_window > self.max_average_window:
            raise ValueError(
                "(InvalidArgument) The min_average_window > max_average_window is not right, "
                f"min_average_window is {self.min_average_window}, max_average_window is "
                f"{self.max_average_window}.")
        self._create_accumulators()
        with torch.no_grad():
            for p in self._params():
                if p.stop_gradient or p._t.grad is None:
                    continue
                self._accumulate(p)

    def _accumulate(self, p):
        # the kernel runs in place, so each line reads the values the previous one wrote
        s1, s2, s3 = self._acc("sum_1", p), self._acc("sum_2", p), self._acc("sum_3", p)
        na, old, nu = (self._acc("num_accumulates", p), self._acc("old_num_accumulates", p),
                       self._acc("num_updates", p))
        updates, accumulates = int(nu[0]) + 1, int(na[0]) + 1
        s1.add_(p._t.detach())
        if updates % _MAX_NUM_ACCUMULATES == 0:
            s2.add_(s1)
            s1.zero_()
        # Paddle's kernel takes std::min<int64_t>: the window bound is truncated to an integer
        if accumulates >= self.min_average_window and accumulates >= min(
                self.max_average_window, int(updates * self.average_window)):
            s3.copy_(s1 + s2)
            s1.zero_()
            s2.zero_()
            old.fill_(accumulates)
            accumulates = 0
        nu.fill_(updates)
        na.fill_(accumulates)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """The same as step() in dynamic mode; returns None as Paddle does."""
        self.step()

    @contextlib.contextmanager
    def apply(self, executor=None, need_restore=True):
        """Context manager: the parameters become their window average (float32 arithmetic, as
        Paddle casts); on exit they are restored unless need_restore is False."""
        self._create_accumulators()
        with torch.no_grad():
            for p in self._params():
                total = (self._acc("sum_1", p) + self._acc("sum_2", p)
                         + self._acc("sum_3", p)).to(torch.float32)
                count = (self._acc("num_accumulates", p)
                         + self._acc("old_num_accumulates", p)).to(torch.float32)
                restore = self._accumulators["restore"][p.name]
                restore._t.copy_(p._t)
                # Paddle assigns the parameter into it, and the copy takes its stop_gradient
                restore.stop_gradient = p.stop_gradient
                p._t.copy_((total / count).to(p._t.dtype))
        try:
            yield
        finally:
            if need_restore:
                self.restore()

    def restore(self, executor=None):
        """Put back the parameter values saved by the last apply()."""
        with torch.no_grad():
            for p in self._params():
                p._t.copy_(self._acc("restore", p))
