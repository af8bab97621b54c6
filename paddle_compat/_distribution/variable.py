"""The domains and codomains of the transforms (Paddle: distribution/variable.py)."""
from __future__ import annotations

from . import ops as P
from . import constraint


class Variable:

    def __init__(
        self,
        is_discrete: bool = False,
        event_rank: int = 0,
        constraint: Constraint | None = None,
    ) -> None:
        self._is_discrete = is_discrete
        self._event_rank = event_rank
        self._constraint = constraint

    @property
    def is_discrete(self) -> bool:
        return self._is_discrete

    @property
    def event_rank(self) -> int:
        return self._event_rank

    def constraint(self, value: Tensor) -> Tensor:
        assert self._constraint is not None
        return self._constraint.check(value)


class Real(Variable):
    def __init__(self, event_rank: int = 0) -> None:
        super().__init__(False, event_rank, constraint.real)


class Positive(Variable):
    def __init__(self, event_rank: int = 0) -> None:
        super().__init__(False, event_rank, constraint.positive)


class Independent(Variable):
    """The domain of `base` with its rightmost `reinterpreted_batch_rank` axes read as event axes."""
    def __init__(self, base: Variable, reinterpreted_batch_rank: int) -> None:
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__(
            base.is_discrete, base.event_rank + reinterpreted_batch_rank
        )

    def constraint(self, value: Tensor) -> Tensor:
        ret = self._base.constraint(value)
        if ret.dim() < self._reinterpreted_batch_rank:
            raise ValueError(
                f"Input dimensions must be equal or grater than  {self._reinterpreted_batch_rank}"
            )
        return ret.reshape(
            (*ret.shape[: ret.dim() - self.reinterpreted_batch_rank], -1)
        ).all(-1)


class Stack(Variable):
    def __init__(self, vars: Sequence[Variable], axis: int = 0) -> None:
        self._vars = vars
        self._axis = axis

    @property
    def is_discrete(self) -> bool:
        return any(var.is_discrete for var in self._vars)

    @property
    def event_rank(self) -> int:
        rank = max(var.event_rank for var in self._vars)
        if self._axis + rank < 0:
            rank += 1
        return rank

    def constraint(self, value: Tensor) -> Tensor:
        if not (-value.dim() <= self._axis < value.dim()):
            raise ValueError(
                f'Input dimensions {value.dim()} should be grater than stack '
                f'constraint axis {self._axis}.'
            )

        return P.stack(
            [
                var.check(value)
                for var, value in zip(
                    self._vars, P.unstack(value, self._axis)
                )
            ],
            self._axis,
        )


real = Real()
positive = Positive()

