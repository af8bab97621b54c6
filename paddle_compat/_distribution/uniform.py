"""paddle.distribution.Uniform (Paddle: uniform.py).

Follows Paddle 3.3.1's python/paddle/distribution/uniform.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution
from .ops import in_dynamic_mode


class Uniform(distribution.Distribution):
    """Uniform(low, high, name=None): the uniform distribution on [low, high).

    Differences from Paddle: none known.
    """
    low: Tensor
    high: Tensor

    def __init__(
        self,
        low: _UniformBoundary,
        high: _UniformBoundary,
        name: str | None = None,
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                low,
                'low',
                (
                    int,
                    float,
                    np.ndarray,
                    Variable,
                    list,
                    tuple,
                ),
                'Uniform',
            )
            check_type(
                high,
                'high',
                (
                    int,
                    float,
                    np.ndarray,
                    Variable,
                    list,
                    tuple,
                ),
                'Uniform',
            )

        self.all_arg_is_float = False
        self.batch_size_unknown = False
        self.name = name if name is not None else 'Uniform'
        self.dtype = 'float32'

        if isinstance(low, int):
            low = float(low)
        if isinstance(high, int):
            high = float(high)

        if self._validate_args(low, high):
            self.low = low
            self.high = high
            self.dtype = convert_dtype(low.dtype)
        else:
            if isinstance(low, float) and isinstance(high, float):
                self.all_arg_is_float = True
            if isinstance(low, np.ndarray) and str(low.dtype) in [
                'float32',
                'float64',
            ]:
                self.dtype = low.dtype
            elif isinstance(high, np.ndarray) and str(high.dtype) in [
                'float32',
                'float64',
            ]:
                self.dtype = high.dtype
            self.low, self.high = self._to_tensor(low, high)
            if self.dtype != convert_dtype(self.low.dtype):
                self.low = P.cast(self.low, dtype=self.dtype)
                self.high = P.cast(self.high, dtype=self.dtype)

        super().__init__(self.low.shape)

    def sample(self, shape: Sequence[int] = [], seed: int = 0) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not in_dynamic_mode():
            check_type(shape, 'shape', (list, tuple), 'sample')
            check_type(seed, 'seed', (int), 'sample')
        shape = list(shape)
        name = self.name + '_sample'
        batch_shape = list((self.low + self.high).shape)
        if -1 in batch_shape:
            output_shape = shape + batch_shape
            fill_shape = list(batch_shape + shape)
            fill_shape[0] = P.shape(self.low + self.high)[0].item()
            zero_tmp = P.full(fill_shape, 0.0, self.dtype)
            uniform_random_tmp = P.uniform(
                zero_tmp.shape,
                dtype=self.dtype,
                min=0.0,
                max=1.0,
                seed=seed,
            )
            zero_tmp_reshape = P.reshape(zero_tmp, output_shape)
            uniform_random_tmp_reshape = P.reshape(
                uniform_random_tmp, output_shape
            )
            output = uniform_random_tmp_reshape * (
                zero_tmp_reshape + self.high - self.low
            )
            output = P.add(output, self.low, name=name)
            return output
        else:
            output_shape = shape + batch_shape
            output = P.uniform(
                output_shape, dtype=self.dtype, min=0.0, max=1.0, seed=seed
            ) * (
                P.zeros(output_shape, dtype=self.dtype)
                + (self.high - self.low)
            )
            output = P.add(output, self.low, name=name)
            if self.all_arg_is_float:
                return P.reshape(output, shape, name=name)
            else:
                return output

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = self._check_values_dtype_in_probs(self.low, value)
        if in_dynamic_mode():
            lb_bool = self.low < value
            ub_bool = value < self.high

            lb = P.cast(lb_bool, value.dtype)
            ub = P.cast(ub_bool, value.dtype)
            return P.log(lb * ub) - P.log(self.high - self.low)
        else:
            name = self.name + '_log_prob'
            lb_bool = self.low < value
            ub_bool = value < self.high
            lb = P.cast(lb_bool, dtype=value.dtype)
            ub = P.cast(ub_bool, dtype=value.dtype)
            return P.subtract(
                P.log(lb * ub), P.log(self.high - self.low), name=name
            )

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        value = self._check_values_dtype_in_probs(self.low, value)
        if in_dynamic_mode():
            lb_bool = self.low < value
            ub_bool = value < self.high
            lb = P.cast(lb_bool, value.dtype)
            ub = P.cast(ub_bool, value.dtype)
            return (lb * ub) / (self.high - self.low)
        else:
            name = self.name + '_probs'
            lb_bool = self.low < value
            ub_bool = value < self.high
            lb = P.cast(lb_bool, dtype=value.dtype)
            ub = P.cast(ub_bool, dtype=value.dtype)
            return P.divide((lb * ub), (self.high - self.low), name=name)

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        name = self.name + '_entropy'
        return P.log(self.high - self.low, name=name)

