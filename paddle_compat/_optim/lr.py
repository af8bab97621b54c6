"""paddle.optimizer.lr (Paddle: optimizer/lr.py): all the learning-rate schedulers, OneCycleLR and
CyclicLR included (pure Python arithmetic, as in Paddle).

Every scheduler follows Paddle's protocol: the constructor calls `step()` once, so `last_epoch` starts
at 0 and `scheduler()` returns `last_lr`; `step(epoch=None)` advances; `state_dict()` holds the keys
named by `state_keys()` ('last_epoch', 'last_lr' by default). Values are computed with the same
formulas, in the same floating-point order, as Paddle 3.3.1 so schedules equal the oracle's bit for
bit (conformance/goldens/optim_lr.json). Paddle's `assert`-based checks raise AssertionError here too
(raised explicitly, so `python -O` keeps them).
"""
import math
import warnings

import numpy as np

__all__ = ["LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay",
           "PolynomialDecay", "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay",
           "LambdaDecay", "ReduceOnPlateau", "CosineAnnealingDecay", "MultiplicativeDecay",
           "LinearLR", "CosineAnnealingWarmRestarts", "OneCycleLR", "CyclicLR"]


def _require(ok, message):
    if not ok:
        raise AssertionError(message)


class LRScheduler:
    """paddle.optimizer.lr.LRScheduler(learning_rate=0.1, last_epoch=-1, verbose=False): subclass
    it and implement `get_lr()`."""

    def __init__(self, learning_rate=0.1, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(f"The type of learning rate must be float, but received {type(learning_rate)}")
        if learning_rate < 0:
            raise ValueError(f"Invalid learning rate: {learning_rate}")
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._var_name = None
        self.step()

    def __call__(self):
        """The current learning rate (a Python float)."""
        return self.last_lr

    def step(self, epoch=None):
        """Advance one epoch (or jump to `epoch`, using the closed form where one exists)."""
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed() if closed is not None else self.get_lr()
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to {self.last_lr}.")

    def state_keys(self):
        """Name the attributes that `state_dict` saves."""
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self):
        """{key: value} for the keys of `state_keys()`; one-element tensors become floats."""
        self.state_keys()
        out = {}
        for key in self.keys:
            if key not in self.__dict__:
                continue
            value = self.__dict__[key]
            if hasattr(value, "_t"):     # a paddle Tensor
                _require(value._t.numel() == 1, "numel of Tensor in state_dict must be 1")
                value = float(value)
            out[key] = value
        return out

    def set_state_dict(self, state_dict):
        """Restore the attributes saved by `state_dict` (RuntimeError naming a missing key)."""
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise RuntimeError("Please check whether state_dict is correct for optimizer. "
                                   f"Can't find [ {key} ] in state_dict")
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn("There are some unused values in state_dict. Maybe the optimizer have "
                          "different 'LearningRateDecay' when invoking state_dict and set_dict")

    set_dict = set_state_dict

    def get_lr(self):
        """The learning rate at `self.last_epoch`; subclasses implement it."""
        raise NotImplementedError


class NoamDecay(LRScheduler):
    """lr = learning_rate * d_model^-0.5 * min(epoch^-0.5, warmup_steps^-1.5 * epoch)."""

    def __init__(self, d_model, warmup_steps, learning_rate=1.0, last_epoch=-1, verbose=False):
        if d_model <= 0:
            raise ValueError("d_model should be grater than 0")
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        a = 1 if self.last_epoch == 0 else self.last_epoch ** -0.5
        b = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * (self.d_model ** -0.5) * min(a, b)


class PiecewiseDecay(LRScheduler):
    """values[i] while epoch < boundaries[i]; the last value afterwards."""

    def __init__(self, boundaries, values, last_epoch=-1, verbose=False):
        if len(boundaries) == 0:
            raise ValueError("The boundaries cannot be empty.")
        if len(values) <= len(boundaries):
            raise ValueError("The values have one more element than boundaries, but received "
                             f"len(values) [{len(values)}] < len(boundaries) + 1 [{len(boundaries) + 1}].")
        self.boundaries = boundaries
        self.values = values
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self):
        for bound, value in zip(self.boundaries, self.values):
            if self.last_epoch < bound:
                return value
        return self.values[len(self.values) - 1]


class NaturalExpDecay(LRScheduler):
    """lr = learning_rate * exp(-gamma * epoch)."""

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        _require(gamma > 0.0, " 'gamma' must be a positive number so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * math.exp(-1 * self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    """lr = learning_rate / (1 + gamma * epoch)."""

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    """(lr - end_lr) * (1 - epoch / decay_steps)^power + end_lr, optionally cyclic."""

    def __init__(self, learning_rate, decay_steps, end_lr=0.0001, power=1.0, cycle=False,
                 last_epoch=-1, verbose=False):
        _require(decay_steps > 0 and isinstance(decay_steps, int),
                 " 'decay_steps' must be a positive integer.")
        self.decay_steps = decay_steps
        self.end_lr = end_lr
        _require(power > 0.0, " 'power' must be greater than 0.0 so that the learning rate will decay.")
        self.power = power
        self.cycle = cycle
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        epoch, steps = self.last_epoch, self.decay_steps
        if self.cycle:
            ratio = 1 if self.last_epoch == 0 else math.ceil(float(self.last_epoch) / float(steps))
            steps = steps * ratio
        else:
            epoch = min(self.last_epoch, steps)
        return (self.base_lr - self.end_lr) * ((1 - float(epoch) / float(steps)) ** self.power) \
            + self.end_lr


class LinearWarmup(LRScheduler):
    """Linear ramp from start_lr to end_lr over warmup_steps, then `learning_rate` (a float or a
    scheduler stepped with epoch - warmup_steps)."""

    def __init__(self, learning_rate, warmup_steps, start_lr, end_lr, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int, LRScheduler)):
            raise TypeError("the type of learning_rate should be [int, float or LRScheduler], the "
                            f"current type is {learning_rate}")
        self.learning_rate = learning_rate
        _require(warmup_steps > 0 and isinstance(warmup_steps, int),
                 " 'warmup_steps' must be a positive integer.")
        self.warmup_steps = warmup_steps
        self.start_lr = start_lr
        self.end_lr = end_lr
        _require(end_lr > start_lr, f"end_lr {end_lr} must be greater than start_lr {start_lr}")
        super().__init__(start_lr, last_epoch, verbose)

    def state_dict(self):
        out = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            out["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        super().set_state_dict(state_dict)
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(state_dict["LinearWarmup_LR"])

    def get_lr(self):
        if self.last_epoch < self.warmup_steps:
            return (self.end_lr - self.start_lr) * float(self.last_epoch) / float(self.warmup_steps) \
                + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate


class ExponentialDecay(LRScheduler):
    """lr = learning_rate * gamma^epoch."""

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        _require(0.0 < gamma < 1.0,
                 " 'gamma' must be in interval (0.0, 1.0) so that the learning rate will decay.")
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * (self.gamma ** self.last_epoch)


class MultiStepDecay(LRScheduler):
    """lr = learning_rate * gamma^(number of milestones passed)."""

    def __init__(self, learning_rate, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(milestones, (tuple, list)):
            raise TypeError("The type of 'milestones' in 'MultiStepDecay' must be 'tuple, list', but "
                            f"received {type(milestones)}.")
        if not all(a < b for a, b in zip(milestones, milestones[1:])):
            raise ValueError("The elements of milestones must be incremented")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        for i, milestone in enumerate(self.milestones):
            if self.last_epoch < milestone:
                return self.base_lr * (self.gamma ** i)
        return self.base_lr * (self.gamma ** len(self.milestones))


class StepDecay(LRScheduler):
    """lr = learning_rate * gamma^(epoch // step_size)."""

    def __init__(self, learning_rate, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(step_size, int):
            raise TypeError(f"The type of 'step_size' must be 'int', but received {type(step_size)}.")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        _require(step_size > 0, " 'step_size' must be a positive integer.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * (self.gamma ** (self.last_epoch // self.step_size))


class LambdaDecay(LRScheduler):
    """lr = learning_rate * lr_lambda(epoch)."""

    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError("The type of 'lr_lambda' in 'LambdaDecay' must be 'function', but "
                            f"received {type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.lr_lambda(self.last_epoch)


class MultiplicativeDecay(LRScheduler):
    """lr = learning_rate * prod(lr_lambda(e) for e in 1..epoch)."""

    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError("The type of 'lr_lambda' in 'MultiplicativeDecay' must be 'function', but "
                            f"received {type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        lr = self.base_lr
        for epoch in range(1, self.last_epoch + 1):
            lr = lr * self.lr_lambda(epoch)
        return lr


class CosineAnnealingDecay(LRScheduler):
    """Cosine annealing between learning_rate and eta_min with half-period T_max (recursive form,
    closed form when `step(epoch)` jumps)."""

    def __init__(self, learning_rate, T_max, eta_min=0, last_epoch=-1, verbose=False):
        if not isinstance(T_max, int):
            raise TypeError("The type of 'T_max' in 'CosineAnnealingDecay' must be 'int', but "
                            f"received {type(T_max)}.")
        if not isinstance(eta_min, (float, int)):
            raise TypeError("The type of 'eta_min' in 'CosineAnnealingDecay' must be 'float, int', "
                            f"but received {type(eta_min)}.")
        _require(T_max > 0, " 'T_max' must be a positive integer.")
        self.T_max = T_max
        self.eta_min = float(eta_min)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        e, t = self.last_epoch, self.T_max
        if e == 0:
            return self.base_lr
        if (e - 1 - t) % (2 * t) == 0:
            return self.last_lr + (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / t)) / 2
        return (1 + math.cos(math.pi * e / t)) / (1 + math.cos(math.pi * (e - 1) / t)) \
            * (self.last_lr - self.eta_min) + self.eta_min

    def _get_closed_form_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) \
            * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class LinearLR(LRScheduler):
    """Scale learning_rate linearly from start_factor to end_factor over total_steps."""

    def __init__(self, learning_rate, total_steps, start_factor=1.0 / 3, end_factor=1.0,
                 last_epoch=-1, verbose=False):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("`start_factor` must be greater than 0 and less or equal to 1, but got "
                             f"{start_factor}")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(f"`end_factor` must be greater than 0 and less than 1, but got {end_factor}")
        if total_steps <= 0:
            raise ValueError(f"`total_steps` must be greater than 0, but got {total_steps}")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_steps = total_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return self.base_lr * self.start_factor
        if self.last_epoch > self.total_steps:
            return self.last_lr
        span = self.end_factor - self.start_factor
        start = self.total_steps * self.start_factor
        return self.last_lr * (1.0 + span / (start + (self.last_epoch - 1) * span))


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every T_i epochs (T_i grows by T_mult after each restart)."""

    def __init__(self, learning_rate, T_0, T_mult=1, eta_min=0, last_epoch=-1, verbose=False):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) \
            * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"Expected non-negative epoch, but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to {self.last_lr}.")


class ReduceOnPlateau(LRScheduler):
    """Multiply the lr by `factor` after `patience` epochs without improvement of `metrics` passed
    to `step(metrics)`."""

    def __init__(self, learning_rate, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, epsilon=1e-8, verbose=False):
        mode = mode.lower()
        if mode not in ("min", "max"):
            raise ValueError("mode: " + mode + " is unknown!")
        self.mode = mode
        if factor >= 1.0:
            raise ValueError("new_lr = origin_lr * gamma and gamma should be < 1.0.")
        self.factor = factor
        threshold_mode = threshold_mode.lower()
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode: " + threshold_mode + " is unknown!")
        if not isinstance(learning_rate, (float, int)):
            raise TypeError("The type of 'learning_rate' in 'ReduceOnPlateau' must be 'float', but "
                            f"received {type(learning_rate)}.")
        self.threshold_mode = threshold_mode
        self.patience = patience
        self.threshold = threshold
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.epsilon = epsilon
        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = 0
        self.verbose = verbose
        self._var_name = None

    def state_keys(self):
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics, epoch=None):
        """Record this epoch's metric (a number, or a one-element Tensor / ndarray)."""
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        if hasattr(metrics, "_t") or isinstance(metrics, np.ndarray):
            size = metrics._t.numel() if hasattr(metrics, "_t") else metrics.size
            _require(size == 1, f"the size of metrics must be 1, but the current metrics.size is "
                                f"{size}. Maybe that you should call paddle.mean to process it first.")
            # Compared as a float: Paddle keeps the Tensor in `best`, but state_dict floats it anyway.
            metrics = float(metrics._t) if hasattr(metrics, "_t") else float(metrics.reshape(-1)[0])
        elif not isinstance(metrics, (int, float, np.float32, np.float64)):
            raise TypeError("metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or "
                            f"'paddle.Tensor', but receive {type(metrics)}")
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(metrics, self.best):
            self.best = metrics
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                if self.verbose:
                    print(f"Epoch {self.last_epoch}: {type(self).__name__} set learning rate to "
                          f"{self.last_lr}.")

    def _is_better(self, current, best):
        if self.mode == "min":
            bar = best - best * self.threshold if self.threshold_mode == "rel" else best - self.threshold
            return current < bar
        bar = best + best * self.threshold if self.threshold_mode == "rel" else best + self.threshold
        return current > bar


# ---- OneCycleLR, CyclicLR ------------------------------------------------------------------------


class OneCycleLR(LRScheduler):
    """paddle.optimizer.lr.OneCycleLR(max_learning_rate, total_steps, divide_factor=25.0,
    end_learning_rate=0.0001, phase_pct=0.3, anneal_strategy='cos', three_phase=False,
    last_epoch=-1, verbose=False): warm up from max/divide_factor to max, then anneal to
    end_learning_rate (three_phase: back to the initial rate first)."""

    def __init__(self, max_learning_rate, total_steps, divide_factor=25.0, end_learning_rate=0.0001,
                 phase_pct=0.3, anneal_strategy="cos", three_phase=False, last_epoch=-1,
                 verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError("'max_learning_rate' must be 'float' or 'int', but received "
                            f"{type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer.")
        if not isinstance(end_learning_rate, (float, int)):
            raise TypeError("'end_learning_rate' must be 'float' or 'int', but received "
                            f"{type(end_learning_rate)}")
        if end_learning_rate < 0:
            raise ValueError("'end_learning_rate' must be a positive integer.")
        if not isinstance(total_steps, int):
            raise TypeError(f"'total_step' must be 'int', but received {type(total_steps)}")
        if total_steps <= 0:
            raise ValueError("'total_step' must be a positive integer.")
        self.total_steps = total_steps
        if not isinstance(phase_pct, float):
            raise TypeError(f"'phase_pct' must be 'float', but received {type(phase_pct)}")
        if phase_pct < 0 or phase_pct > 1:
            raise ValueError(f"'phase_pct' must be between 0 and 1, but received {phase_pct}")
        if not isinstance(divide_factor, (float, int)):
            raise TypeError("'divide_factor' must be 'float' or 'int', but received "
                            f"{type(divide_factor)}")
        initial_lr = max_learning_rate / float(divide_factor)
        min_lr = float(end_learning_rate)
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError("When three_phase is True, 'phase_pct' must be less than 0.5")
            c = [0, phase_pct * total_steps - 1, 2 * phase_pct * total_steps - 2, total_steps - 1,
                 total_steps - 1]
            self._step_config = c
            self._steps_size = [c[1] - c[0], c[2] - c[1], c[3] - c[2], c[3] - c[2]]
            self._lr_config = [initial_lr, max_learning_rate, initial_lr, min_lr]
        else:
            c = [0, phase_pct * total_steps - 1, total_steps - 1, total_steps - 1]
            self._step_config = c
            self._steps_size = [c[1] - c[0], c[2] - c[1], c[2] - c[1]]
            self._lr_config = [initial_lr, max_learning_rate, min_lr]
        if anneal_strategy == "cos":
            self.anneal_func = self._cos_annealing
        elif anneal_strategy == "linear":
            self.anneal_func = self._linear_annealing
        else:
            raise ValueError("'anneal_strategy' must by one of 'cos' or 'linear', but received "
                             f"{anneal_strategy}")
        super().__init__(initial_lr, last_epoch, verbose)

    def _cos_annealing(self, start_lr, end_lr, pct):
        cos_out = math.cos(math.pi * pct) + 1
        return end_lr + (start_lr - end_lr) / 2.0 * cos_out

    def _linear_annealing(self, start_lr, end_lr, pct):
        return (end_lr - start_lr) * pct + start_lr

    def get_lr(self):
        current_step = self.last_epoch
        if current_step > self.total_steps:
            raise ValueError(f"Tried to step {current_step} times. However the number of total steps "
                             f"is {self.total_steps}")
        for i, (end_step, step_size) in enumerate(zip(self._step_config[1:], self._steps_size)):
            if current_step <= end_step or i == len(self._lr_config) - 2:
                percentage = (current_step - self._step_config[i]) / step_size
                return self.anneal_func(self._lr_config[i], self._lr_config[i + 1], percentage)


class CyclicLR(LRScheduler):
    """paddle.optimizer.lr.CyclicLR(base_learning_rate, max_learning_rate, step_size_up,
    step_size_down=None, mode='triangular', exp_gamma=1.0, scale_fn=None, scale_mode='cycle',
    last_epoch=-1, verbose=False): the learning rate cycles between the base and max rates."""

    def __init__(self, base_learning_rate, max_learning_rate, step_size_up, step_size_down=None,
                 mode="triangular", exp_gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1,
                 verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError("'max_learning_rate' must be 'float' or 'int', but received "
                            f"{type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer, but received "
                             f"{max_learning_rate}")
        if not isinstance(step_size_up, int):
            raise TypeError(f"The type of 'step_size_up' must be int, but received {type(step_size_up)}")
        if step_size_up <= 0:
            raise ValueError(f"'step_size_up' must be a positive integer, but received {step_size_up}")
        if step_size_down is not None:
            if not isinstance(step_size_down, int):
                raise TypeError("The type of 'step_size_down' must be int, but received "
                                f"{type(step_size_down)}")
            if step_size_down <= 0:
                raise ValueError("'step_size_down' must be a positive integer, but received "
                                 f"{step_size_down}")
        if not isinstance(exp_gamma, float):
            raise TypeError(f"The type of 'exp_gamma' must be float, but received {type(exp_gamma)}")
        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.cycle_size = step_size_up + step_size_down
        self.step_up_pct = step_size_up / self.cycle_size
        self.max_lr = float(max_learning_rate)
        self.amplitude = self.max_lr - base_learning_rate
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("'mode' is invalid and 'scale_fn' is not specified, make sure one of "
                             "'mode' or 'scale_fn' is valid")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError("'scale_mode' must be one of 'cycle' or 'iterations")
        self.mode = mode
        self.gamma = exp_gamma
        if scale_fn is None:
            if mode == "triangular":
                self.scale_fn, self.scale_mode = self._triangular_scale_fn, "cycle"
            elif mode == "triangular2":
                self.scale_fn, self.scale_mode = self._triangular2_scale_fn, "cycle"
            else:
                self.scale_fn, self.scale_mode = self._exp_range_scale_fn, "iterations"
        else:
            self.scale_fn, self.scale_mode = scale_fn, scale_mode
        super().__init__(base_learning_rate, last_epoch, verbose)

    def _triangular_scale_fn(self, x):
        return 1.0

    def _triangular2_scale_fn(self, x):
        return 1 / (2.0 ** (x - 1))

    def _exp_range_scale_fn(self, x):
        return self.gamma ** x

    def get_lr(self):
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        pct_per_cycle = 1.0 + iterations / self.cycle_size - cycle
        if pct_per_cycle <= self.step_up_pct:
            scale_factor = pct_per_cycle / self.step_up_pct
        else:
            scale_factor = (1 - pct_per_cycle) / (1 - self.step_up_pct)
        base_height = self.amplitude * scale_factor
        x = cycle if self.scale_mode == "cycle" else iterations
        return self.base_lr + base_height * self.scale_fn(x)
