"""The parameter constraints the transforms check (Paddle: distribution/constraint.py)."""
from __future__ import annotations

from . import ops as P


class Constraint:

    def __call__(self, value: Tensor) -> Tensor:
        raise NotImplementedError

    def check(self, value: Tensor) -> Tensor:
        return self(value)


class Real(Constraint):
    def __call__(self, value: Tensor) -> Tensor:
        return value == value


class Range(Constraint):
    def __init__(self, lower: float | Tensor, upper: float | Tensor) -> None:
        self._lower = lower
        self._upper = upper
        super().__init__()

    def __call__(self, value: Tensor) -> Tensor:
        return self._lower <= value <= self._upper


class Positive(Constraint):
    def __call__(self, value: Tensor) -> Tensor:
        return value >= 0.0


class Simplex(Constraint):
    def __call__(self, value: Tensor) -> Tensor:
        return P.all(value >= 0, axis=-1) and (
            (value.sum(-1) - 1).abs() < 1e-6
        )


real = Real()
positive = Positive()
simplex = Simplex()

