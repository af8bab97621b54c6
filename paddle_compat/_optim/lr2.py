"""paddle.optimizer.lr.OneCycleLR and CyclicLR, with Paddle's formulas in Paddle's float order."""
import math

from .lr import LRScheduler

__all__ = ["OneCycleLR", "CyclicLR"]


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
