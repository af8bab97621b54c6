"""paddle.distribution.transform (Paddle: transform.py): Transform and its 12 subclasses.

Follows Paddle 3.3.1's python/paddle/distribution/transform.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import enum
import math
import typing
from typing import (
    TYPE_CHECKING,
    Any,
    overload,
)

from . import ops as P
from . import ops as F
from . import constraint, distribution, variable


__all__ = [
    'Transform',
    'AbsTransform',
    'AffineTransform',
    'ChainTransform',
    'ExpTransform',
    'IndependentTransform',
    'PowerTransform',
    'ReshapeTransform',
    'SigmoidTransform',
    'SoftmaxTransform',
    'StackTransform',
    'StickBreakingTransform',
    'TanhTransform',
]


class Type(enum.Enum):

    BIJECTION = 'bijection'  # bijective(injective and surjective)
    INJECTION = 'injection'  # injective-only
    SURJECTION = 'surjection'  # surjective-only
    OTHER = 'other'  # general, neither injective nor surjective

    @classmethod
    def is_injective(cls, _type):
        return _type in (cls.BIJECTION, cls.INJECTION)


class Transform:
    """Transform: an invertible map with forward, inverse, their log-det-Jacobians and shapes; calling
    it on a Distribution makes a TransformedDistribution, on a Transform a ChainTransform, on a
    Tensor applies `forward`.

    Differences from Paddle: none known.
    """
    _type = Type.INJECTION

    def __init__(self) -> None:
        super().__init__()

    @classmethod
    def _is_injective(cls):
        return Type.is_injective(cls._type)

    @overload
    def __call__(self, input: Tensor) -> Tensor: ...

    @overload
    def __call__(self, input: Distribution) -> TransformedDistribution: ...

    @overload
    def __call__(self, input: Transform) -> ChainTransform: ...

    def __call__(self, input) -> Any:
        if isinstance(input, distribution.Distribution):
            # here, not at the top: transformed_distribution imports this module
            from . import transformed_distribution
            return transformed_distribution.TransformedDistribution(
                input, [self]
            )
        if isinstance(input, Transform):
            return ChainTransform([self, input])
        return self.forward(input)

    def forward(self, x: Tensor) -> Tensor:
        """y = f(x)."""
        if not isinstance(
            x, (P.Variable)
        ):
            raise TypeError(
                f"Expected 'x' is a Tensor or Real, but got {type(x)}."
            )
        if x.dim() < self._domain.event_rank:
            raise ValueError(
                f'The dimensions of x({x.dim()}) should be '
                f'grater than or equal to {self._domain.event_rank}'
            )
        return self._forward(x)

    def inverse(self, y: Tensor) -> Tensor:
        """x = f^-1(y)."""
        if not isinstance(
            y, (P.Variable)
        ):
            raise TypeError(
                f"Expected 'y' is a Tensor or Real, but got {type(y)}."
            )
        if y.dim() < self._codomain.event_rank:
            raise ValueError(
                f'The dimensions of y({y.dim()}) should be '
                f'grater than or equal to {self._codomain.event_rank}'
            )
        return self._inverse(y)

    def forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        """log |det J_f(x)|."""
        if not isinstance(
            x, (P.Variable)
        ):
            raise TypeError(
                f"Expected 'y' is a Tensor or Real, but got {type(x)}."
            )
        if (
            isinstance(x, (P.Variable))
            and x.dim() < self._domain.event_rank
        ):
            raise ValueError(
                f'The dimensions of x({x.dim()}) should be '
                f'grater than or equal to {self._domain.event_rank}'
            )
        if not self._is_injective():
            raise NotImplementedError(
                "forward_log_det_jacobian can't be implemented for non-injective"
                "transforms."
            )

        return self._call_forward_log_det_jacobian(x)

    def inverse_log_det_jacobian(self, y: Tensor) -> Tensor:
        """log |det J_f^-1(y)|."""
        if not isinstance(
            y, (P.Variable)
        ):
            raise TypeError(f"Expected 'y' is a Tensor, but got {type(y)}.")
        if y.dim() < self._codomain.event_rank:
            raise ValueError(
                f'The dimensions of y({y.dim()}) should be '
                f'grater than or equal to {self._codomain.event_rank}'
            )
        return self._call_inverse_log_det_jacobian(y)

    def forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        """The shape of f(x) for an x of `shape`."""
        if not isinstance(shape, typing.Sequence):
            raise TypeError(
                f"Expected shape is Sequence[int] type, but got {type(shape)}."
            )
        return self._forward_shape(shape)

    def inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        """The shape of f^-1(y) for a y of `shape`."""
        if not isinstance(shape, typing.Sequence):
            raise TypeError(
                f"Expected shape is Sequence[int] type, but got {type(shape)}."
            )
        return self._inverse_shape(shape)

    @property
    def _domain(self) -> variable.Variable:
        return variable.real

    @property
    def _codomain(self) -> variable.Variable:
        return variable.real

    def _forward(self, x: Tensor) -> Tensor:
        raise NotImplementedError('Forward not implemented')

    def _inverse(self, y: Tensor) -> Tensor:
        raise NotImplementedError('Inverse not implemented')

    def _call_forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        if hasattr(self, '_forward_log_det_jacobian'):
            return self._forward_log_det_jacobian(x)
        if hasattr(self, '_inverse_log_det_jacobian'):
            return -self._inverse_log_det_jacobian(self.forward(x))
        raise NotImplementedError(
            'Neither _forward_log_det_jacobian nor _inverse_log_det_jacobian'
            'is implemented. One of them is required.'
        )

    def _call_inverse_log_det_jacobian(self, y: Tensor) -> Tensor:
        if hasattr(self, '_inverse_log_det_jacobian'):
            return self._inverse_log_det_jacobian(y)
        if hasattr(self, '_forward_log_det_jacobian'):
            return -self._forward_log_det_jacobian(self._inverse(y))
        raise NotImplementedError(
            'Neither _forward_log_det_jacobian nor _inverse_log_det_jacobian '
            'is implemented. One of them is required'
        )

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return shape


class AbsTransform(Transform):
    """AbsTransform: y = |x| (inverse gives the pair (-y, y)).

    Differences from Paddle: none known.
    """
    _type = Type.SURJECTION

    def _forward(self, x: Tensor) -> Tensor:
        return x.abs()

    def _inverse(self, y: Tensor) -> tuple[Tensor, Tensor]:
        return -y, y

    def _inverse_log_det_jacobian(self, y: Tensor) -> tuple[Tensor, Tensor]:
        zero = P.zeros([], dtype=y.dtype)
        return zero, zero

    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Positive:
        return variable.positive


class AffineTransform(Transform):
    """AffineTransform(loc, scale): y = loc + scale * x (Tensor arguments).

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    def __init__(self, loc: Tensor, scale: Tensor) -> None:
        if not isinstance(
            loc, (P.Variable)
        ):
            raise TypeError(f"Expected 'loc' is a Tensor, but got {type(loc)}")
        if not isinstance(
            scale, (P.Variable)
        ):
            raise TypeError(
                f"Expected scale is a Tensor, but got {type(scale)}"
            )
        self._loc = loc
        self._scale = scale
        super().__init__()

    @property
    def loc(self) -> Tensor:
        """The location parameter."""
        return self._loc

    @property
    def scale(self) -> Tensor:
        """The scale parameter."""
        return self._scale

    def _forward(self, x: Tensor) -> Tensor:
        return self._loc + self._scale * x

    def _inverse(self, y: Tensor) -> Tensor:
        return (y - self._loc) / self._scale

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return P.abs(self._scale).log()

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(
            P.broadcast_shape(
                P.broadcast_shape(shape, self._loc.shape),
                self._scale.shape,
            )
        )

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(
            P.broadcast_shape(
                P.broadcast_shape(shape, self._loc.shape),
                self._scale.shape,
            )
        )

    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Real:
        return variable.real


class ChainTransform(Transform):
    """ChainTransform(transforms): the composition, first transform applied first.

    Differences from Paddle: a TypeError that prints a class prints paddle_compat's module path.
    """
    def __init__(self, transforms: Sequence[Transform]) -> None:
        if not isinstance(transforms, typing.Sequence):
            raise TypeError(
                f"Expected type of 'transforms' is Sequence, but got {type(transforms)}"
            )
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError(
                "All elements of transforms should be Transform type."
            )

        self.transforms = transforms
        super().__init__()

    def _is_injective(self) -> bool:
        return all(t._is_injective() for t in self.transforms)

    def _forward(self, x: Tensor) -> Tensor:
        for transform in self.transforms:
            x = transform.forward(x)
        return x

    def _inverse(self, y: Tensor) -> Tensor:
        for transform in reversed(self.transforms):
            y = transform.inverse(y)
        return y

    def _forward_log_det_jacobian(self, x: Tensor) -> float:
        value = 0.0
        event_rank = self._domain.event_rank
        for t in self.transforms:
            value += self._sum_rightmost(
                t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank
            )
            x = t.forward(x)
            event_rank += t._codomain.event_rank - t._domain.event_rank
        return value

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        for transform in self.transforms:
            shape = transform.forward_shape(shape)
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        for transform in self.transforms:
            shape = transform.inverse_shape(shape)
        return shape

    def _sum_rightmost(self, value: Tensor, n: int) -> Tensor:
        return value.sum(list(range(-n, 0))) if n > 0 else value

    @property
    def _domain(self) -> variable.Independent:
        domain = self.transforms[0]._domain

        event_rank = self.transforms[-1]._codomain.event_rank
        for t in reversed(self.transforms):
            event_rank -= t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._domain.event_rank)

        return variable.Independent(domain, event_rank - domain.event_rank)

    @property
    def _codomain(self) -> variable.Independent:
        codomain = self.transforms[-1]._codomain

        event_rank = self.transforms[0]._domain.event_rank
        for t in self.transforms:
            event_rank += t._codomain.event_rank - t._domain.event_rank
            event_rank = max(event_rank, t._codomain.event_rank)

        return variable.Independent(codomain, event_rank - codomain.event_rank)


class ExpTransform(Transform):
    """ExpTransform: y = exp(x).

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    def __init__(self) -> None:
        super().__init__()

    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Positive:
        return variable.positive

    def _forward(self, x: Tensor) -> Tensor:
        return x.exp()

    def _inverse(self, y: Tensor) -> Tensor:
        return y.log()

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return x


class IndependentTransform(Transform):
    """IndependentTransform(base, reinterpreted_batch_rank): sums the base's log-det-Jacobian over the
    rightmost axes.

    Differences from Paddle: none known.
    """
    def __init__(self, base: Transform, reinterpreted_batch_rank: int) -> None:
        if not isinstance(base, Transform):
            raise TypeError(
                f"Expected 'base' is Transform type, but get {type(base)}"
            )
        if reinterpreted_batch_rank <= 0:
            raise ValueError(
                f"Expected 'reinterpreted_batch_rank' is grater than zero, but got {reinterpreted_batch_rank}"
            )

        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        super().__init__()

    def _is_injective(self) -> bool:
        return self._base._is_injective()

    def _forward(self, x: Tensor) -> Tensor:
        if x.dim() < self._domain.event_rank:
            raise ValueError("Input dimensions is less than event dimensions.")
        return self._base.forward(x)

    def _inverse(self, y: Tensor) -> Tensor:
        if y.dim() < self._codomain.event_rank:
            raise ValueError("Input dimensions is less than event dimensions.")
        return self._base.inverse(y)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return self._base.forward_log_det_jacobian(x).sum(
            list(range(-self._reinterpreted_batch_rank, 0))
        )

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._base.forward_shape(shape)

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return self._base.inverse_shape(shape)

    @property
    def _domain(self) -> variable.Independent:
        return variable.Independent(
            self._base._domain, self._reinterpreted_batch_rank
        )

    @property
    def _codomain(self) -> variable.Independent:
        return variable.Independent(
            self._base._codomain, self._reinterpreted_batch_rank
        )


class PowerTransform(Transform):
    """PowerTransform(power): y = x ** power (Tensor power).

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    def __init__(self, power: Tensor) -> None:
        if not isinstance(
            power, (P.Variable)
        ):
            raise TypeError(
                f"Expected 'power' is a tensor, but got {type(power)}"
            )
        self._power = power
        super().__init__()

    @property
    def power(self) -> Tensor:
        """The exponent."""
        return self._power

    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Positive:
        return variable.positive

    def _forward(self, x: Tensor) -> Tensor:
        return x.pow(self._power)

    def _inverse(self, y: Tensor) -> Tensor:
        return y.pow(1 / self._power)

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return (self._power * x.pow(self._power - 1)).abs().log()

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(P.broadcast_shape(shape, self._power.shape))

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        return tuple(P.broadcast_shape(shape, self._power.shape))


class ReshapeTransform(Transform):
    """ReshapeTransform(in_event_shape, out_event_shape): reshapes the event axes.

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    def __init__(
        self, in_event_shape: Sequence[int], out_event_shape: Sequence[int]
    ) -> None:
        if not isinstance(in_event_shape, typing.Sequence) or not isinstance(
            out_event_shape, typing.Sequence
        ):
            raise TypeError(
                f"Expected type of 'in_event_shape' and 'out_event_shape' is "
                f"Sequence[int], but got 'in_event_shape': {in_event_shape}, "
                f"'out_event_shape': {out_event_shape}"
            )
        in_size = 1
        for e in in_event_shape:
            in_size *= e
        out_size = 1
        for e in out_event_shape:
            out_size *= e
        if in_size != out_size:
            raise ValueError(
                f"The numel of 'in_event_shape' should be 'out_event_shape', "
                f"but got {in_size}!={out_size}"
            )

        self._in_event_shape = tuple(in_event_shape)
        self._out_event_shape = tuple(out_event_shape)
        super().__init__()

    @property
    def in_event_shape(self) -> tuple[Sequence[int]]:
        """The input event shape."""
        return self._in_event_shape

    @property
    def out_event_shape(self) -> tuple[Sequence[int]]:
        """The output event shape."""
        return self._out_event_shape

    @property
    def _domain(self) -> variable.Independent:
        return variable.Independent(variable.real, len(self._in_event_shape))

    @property
    def _codomain(self) -> variable.Independent:
        return variable.Independent(variable.real, len(self._out_event_shape))

    def _forward(self, x: Tensor) -> Tensor:
        return x.reshape(
            tuple(x.shape)[: x.dim() - len(self._in_event_shape)]
            + self._out_event_shape
        )

    def _inverse(self, y: Tensor) -> Tensor:
        return y.reshape(
            tuple(y.shape)[: y.dim() - len(self._out_event_shape)]
            + self._in_event_shape
        )

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < len(self._in_event_shape):
            raise ValueError(
                f"Expected length of 'shape' is not less than {len(self._in_event_shape)}, but got {len(shape)}"
            )
        if tuple(shape[-len(self._in_event_shape) :]) != tuple(
            self._in_event_shape
        ):
            raise ValueError(
                f"Event shape mismatch, expected: {self._in_event_shape}, but got {shape[-len(self._in_event_shape) :]}"
            )
        return (
            tuple(shape[: -len(self._in_event_shape)]) + self._out_event_shape
        )

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < len(self._out_event_shape):
            raise ValueError(
                f"Expected 'shape' length is not less than {len(self._out_event_shape)}, but got {len(shape)}"
            )
        if tuple(shape[-len(self._out_event_shape) :]) != tuple(
            self._out_event_shape
        ):
            raise ValueError(
                f"Event shape mismatch, expected: {self._out_event_shape}, but got {shape[-len(self._out_event_shape) :]}"
            )
        return (
            tuple(shape[: -len(self._out_event_shape)]) + self._in_event_shape
        )

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        shape = x.shape[: x.dim() - len(self._in_event_shape)]
        return P.zeros(shape, dtype=x.dtype)


class SigmoidTransform(Transform):
    """SigmoidTransform: y = sigmoid(x).

    Differences from Paddle: none known.
    """
    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Variable(False, 0, constraint.Range(0.0, 1.0))

    def _forward(self, x: Tensor) -> Tensor:
        return F.sigmoid(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return y.log() - (-y).log1p()

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return -F.softplus(-x) - F.softplus(x)


class SoftmaxTransform(Transform):
    """SoftmaxTransform: y = softmax(x) over the last axis (not bijective).

    Differences from Paddle: none known.
    """
    _type = Type.OTHER

    @property
    def _domain(self) -> variable.Independent:
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Variable(False, 1, constraint.simplex)

    def _forward(self, x: Tensor) -> Tensor:
        x = (x - x.max(-1, keepdim=True)[0]).exp()
        return x / x.sum(-1, keepdim=True)

    def _inverse(self, y: Tensor) -> Tensor:
        return y.log()

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < 1:
            raise ValueError(
                f"Expected length of shape is grater than 1, but got {len(shape)}"
            )
        return shape

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if len(shape) < 1:
            raise ValueError(
                f"Expected length of shape is grater than 1, but got {len(shape)}"
            )
        return shape


class StackTransform(Transform):
    """StackTransform(transforms, axis=0): one transform per slice along `axis`.

    Differences from Paddle: a TypeError that prints a class prints paddle_compat's module path;
    stacking log-det-Jacobians of different ranks raises paddle.stack's ValueError with
    paddle_compat's message text.
    """
    def __init__(self, transforms: Sequence[Transform], axis: int = 0):
        if not transforms or not isinstance(transforms, typing.Sequence):
            raise TypeError(
                f"Expected 'transforms' is Sequence[Transform], but got {type(transforms)}."
            )
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError(
                'Expected all element in transforms is Transform Type.'
            )
        if not isinstance(axis, int):
            raise TypeError(f"Expected 'axis' is int, but got{type(axis)}.")

        self._transforms = transforms
        self._axis = axis

    def _is_injective(self) -> bool:
        return all(t._is_injective() for t in self._transforms)

    @property
    def transforms(self) -> Sequence[Transform]:
        """The transforms."""
        return self._transforms

    @property
    def axis(self) -> int:
        """The stacking axis."""
        return self._axis

    def _forward(self, x: Tensor) -> Tensor:
        self._check_size(x)
        return P.stack(
            [
                t.forward(v)
                for v, t in zip(P.unstack(x, self._axis), self._transforms)
            ],
            self._axis,
        )

    def _inverse(self, y: Tensor) -> Tensor:
        self._check_size(y)
        return P.stack(
            [
                t.inverse(v)
                for v, t in zip(P.unstack(y, self._axis), self._transforms)
            ],
            self._axis,
        )

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        self._check_size(x)
        return P.stack(
            [
                t.forward_log_det_jacobian(v)
                for v, t in zip(P.unstack(x, self._axis), self._transforms)
            ],
            self._axis,
        )

    def _check_size(self, v: Tensor) -> None:
        if not (-v.dim() <= self._axis < v.dim()):
            raise ValueError(
                f'Input dimensions {v.dim()} should be grater than stack '
                f'transform axis {self._axis}.'
            )
        if v.shape[self._axis] != len(self._transforms):
            raise ValueError(
                f'Input size along {self._axis} should be equal to the '
                f'length of transforms.'
            )

    @property
    def _domain(self) -> variable.Stack:
        return variable.Stack([t._domain for t in self._transforms], self._axis)

    @property
    def _codomain(self) -> variable.Stack:
        return variable.Stack(
            [t._codomain for t in self._transforms], self._axis
        )


class StickBreakingTransform(Transform):
    """StickBreakingTransform: R^(K-1) onto the K-simplex by stick breaking.

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    def _forward(self, x: Tensor) -> Tensor:
        offset = x.shape[-1] + 1 - P.ones([x.shape[-1]]).cumsum(-1)
        z = F.sigmoid(x - offset.log())
        z_cumprod = (1 - z).cumprod(-1)
        return F.pad(z, [0] * 2 * (len(x.shape) - 1) + [0, 1], value=1) * F.pad(
            z_cumprod, [0] * 2 * (len(x.shape) - 1) + [1, 0], value=1
        )

    def _inverse(self, y: Tensor) -> Tensor:
        y_crop = y[..., :-1]
        offset = y.shape[-1] - P.ones([y_crop.shape[-1]]).cumsum(-1)
        sf = 1 - y_crop.cumsum(-1)
        x = y_crop.log() - sf.log() + offset.log()
        return x

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        y = self.forward(x)
        offset = x.shape[-1] + 1 - P.ones([x.shape[-1]]).cumsum(-1)
        x = x - offset.log()
        return (-x + F.log_sigmoid(x) + y[..., :-1].log()).sum(-1)

    def _forward_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] + 1)

    def _inverse_shape(self, shape: Sequence[int]) -> Sequence[int]:
        if not shape:
            raise ValueError(f"Expected 'shape' is not empty, but got {shape}")
        return (*shape[:-1], shape[-1] - 1)

    @property
    def _domain(self) -> variable.Independent:
        return variable.Independent(variable.real, 1)

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Variable(False, 1, constraint.simplex)


class TanhTransform(Transform):
    """TanhTransform: y = tanh(x).

    Differences from Paddle: none known.
    """
    _type = Type.BIJECTION

    @property
    def _domain(self) -> variable.Real:
        return variable.real

    @property
    def _codomain(self) -> variable.Variable:
        return variable.Variable(False, 0, constraint.Range(-1.0, 1.0))

    def _forward(self, x: Tensor) -> Tensor:
        return x.tanh()

    def _inverse(self, y: Tensor) -> Tensor:
        return y.atanh()

    def _forward_log_det_jacobian(self, x: Tensor) -> Tensor:
        return 2.0 * (math.log(2.0) - x - F.softplus(-2.0 * x))

