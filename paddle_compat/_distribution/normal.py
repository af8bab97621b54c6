"""paddle.distribution.Normal (Paddle: normal.py), real and complex.

Follows Paddle 3.3.1's python/paddle/distribution/normal.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution
from .ops import in_dynamic_mode


class Normal(distribution.Distribution):
    """Normal(loc, scale, name=None): the normal distribution N(loc, scale**2).

    loc and scale are floats, ints, lists, numpy arrays or Tensors (all Tensors or none); a complex
    loc makes the complex normal. Python numbers give float32, float64 arrays float64; samples come
    from Paddle's gaussian stream (`sample(shape, seed=0)`).

    Differences from Paddle: none known.
    """
    loc: Tensor
    scale: Tensor
    name: str
    dtype: dtype

    def __init__(
        self, loc: _NormalLoc, scale: _NormalScale, name: str | None = None
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                loc,
                'loc',
                (
                    int,
                    float,
                    complex,
                    np.ndarray,
                    Variable,
                    list,
                    tuple,
                ),
                'Normal',
            )
            check_type(
                scale,
                'scale',
                (
                    int,
                    float,
                    np.ndarray,
                    Variable,
                    list,
                    tuple,
                ),
                'Normal',
            )

        self.all_arg_is_float = False
        self.name = name if name is not None else 'Normal'
        self.dtype = 'float32'
        self._complex_gaussian = False

        if isinstance(loc, int):
            loc = float(loc)
        if isinstance(scale, int):
            scale = float(scale)

        if isinstance(loc, (tuple, list)):
            loc = np.array(loc)
            if loc.dtype == np.float64:
                loc = loc.astype('float32')
            if loc.dtype == np.complex128:
                loc = loc.astype('complex64')

        if isinstance(scale, (tuple, list)):
            scale = np.array(scale, dtype=np.float32)

        if (
            isinstance(loc, complex)
            or (
                isinstance(loc, np.ndarray)
                and loc.dtype in [np.complex64, np.complex128]
            )
            or (self._validate_args(loc) and loc.is_complex())
        ):
            self._complex_gaussian = True
            if isinstance(loc, complex) and isinstance(scale, float):
                self.all_arg_is_float = True

            if isinstance(loc, np.ndarray):
                real_dtype = (
                    'float32' if loc.dtype == np.complex64 else 'float64'
                )
                imag_dtype = (
                    'float32' if loc.dtype == np.complex64 else 'float64'
                )
                real = P.to_tensor(loc.real, real_dtype)
                imag = P.to_tensor(loc.imag, imag_dtype)
                self.loc = P.complex(real, imag)
            elif isinstance(loc, complex):
                real = P.to_tensor(loc.real, dtype='float32')
                imag = P.to_tensor(loc.imag, dtype='float32')
                self.loc = P.complex(real, imag)
            else:
                self.loc = loc

            if isinstance(scale, np.ndarray):
                self.scale = P.to_tensor(scale, dtype=scale.dtype)
            elif isinstance(scale, float):
                self.scale = P.to_tensor(scale, dtype='float32')
            else:
                self.scale = scale

            self.dtype = convert_dtype(self.loc.dtype)
        else:
            if self._validate_args(loc, scale):
                self.loc = loc
                self.scale = scale
                self.dtype = convert_dtype(loc.dtype)
            else:
                if isinstance(loc, float) and isinstance(scale, float):
                    self.all_arg_is_float = True
                if isinstance(loc, np.ndarray) and str(loc.dtype) in [
                    'float32',
                    'float64',
                ]:
                    self.dtype = loc.dtype
                elif isinstance(scale, np.ndarray) and str(scale.dtype) in [
                    'float32',
                    'float64',
                ]:
                    self.dtype = scale.dtype
                self.loc, self.scale = self._to_tensor(loc, scale)
                if self.dtype != convert_dtype(self.loc.dtype):
                    self.loc = P.cast(self.loc, dtype=self.dtype)
                    self.scale = P.cast(self.scale, dtype=self.dtype)
        super().__init__(self.loc.shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.loc

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return self.scale.pow(2)

    def sample(self, shape: Sequence[int] = [], seed: int = 0) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')

        if not in_dynamic_mode():
            check_type(seed, 'seed', (int), 'sample')

        shape = list(shape)
        batch_shape = list((self.loc + self.scale).shape)
        name = self.name + '_sample'
        if -1 in batch_shape:
            output_shape = shape + batch_shape
            fill_shape = list(batch_shape + shape)
            fill_shape[0] = P.shape(self.loc + self.scale)[0].item()
            zero_tmp = P.full(fill_shape, 0.0, self.dtype)
            zero_tmp_reshape = P.reshape(zero_tmp, output_shape)

            zero_tmp_shape = P.shape(zero_tmp_reshape)
            normal_random_tmp = P.gaussian(
                zero_tmp_shape,
                mean=(0.0 + 0.0j) if self._complex_gaussian else 0.0,
                std=1.0,
                seed=seed,
                dtype=self.dtype,
            )
            output = normal_random_tmp * (zero_tmp_reshape + self.scale)
            output = P.add(output, self.loc, name=name)
            return output
        else:
            output_shape = shape + batch_shape
            output = P.gaussian(
                output_shape,
                mean=(0.0 + 0.0j) if self._complex_gaussian else 0.0,
                std=1.0,
                seed=seed,
                dtype=self.dtype,
            ) * (P.zeros(output_shape, dtype=self.dtype) + self.scale)
            output = P.add(output, self.loc, name=name)
            if self.all_arg_is_float:
                return P.reshape(output, shape, name=name)
            else:
                return output

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')

        shape = self._extend_shape(tuple(shape))
        eps = P.normal(
            mean=(0.0 + 0.0j) if self._complex_gaussian else 0.0, shape=shape
        )
        return self.loc + eps * self.scale

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        name = self.name + '_entropy'
        batch_shape = list((self.loc + self.scale).shape)

        if self._complex_gaussian:
            if -1 in batch_shape:
                fill_shape = list(batch_shape)
                fill_shape[0] = P.shape(self.loc + self.scale)[0].item()
                fill_dtype = self.scale.dtype
                zero_tmp = P.full(fill_shape, 0.0, fill_dtype)
            else:
                zero_tmp = P.full(batch_shape, 0.0, self.scale.dtype)
            return P.add(
                1.0 + zero_tmp,
                math.log(math.pi) + 2.0 * P.log(self.scale + zero_tmp),
                name=name,
            )
        else:
            if -1 in batch_shape:
                fill_shape = list(batch_shape)
                fill_shape[0] = P.shape(self.loc + self.scale)[0].item()
                fill_dtype = (self.loc + self.scale).dtype
                zero_tmp = P.full(fill_shape, 0.0, fill_dtype)
            else:
                zero_tmp = P.full(batch_shape, 0.0, self.dtype)
            return P.add(
                0.5 + zero_tmp,
                0.5 * math.log(2 * math.pi) + P.log(self.scale + zero_tmp),
                name=name,
            )

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        name = self.name + '_log_prob'
        value = self._check_values_dtype_in_probs(self.loc, value)

        var = self.scale * self.scale
        log_scale = P.log(self.scale)
        if self._complex_gaussian:
            return P.subtract(
                -1.0 * ((value - self.loc).conj() * (value - self.loc)) / (var),
                2.0 * log_scale + math.log(math.pi),
                name=name,
            )
        else:
            return P.subtract(
                -1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var),
                log_scale + math.log(math.sqrt(2.0 * math.pi)),
                name=name,
            )

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        name = self.name + '_probs'
        value = self._check_values_dtype_in_probs(self.loc, value)

        var = self.scale * self.scale
        if self._complex_gaussian:
            return P.divide(
                P.exp(
                    -1.0
                    * ((value - self.loc).conj() * (value - self.loc))
                    / (var)
                ),
                (math.pi * var),
                name=name,
            )
        else:
            return P.divide(
                P.exp(
                    -1.0
                    * ((value - self.loc) * (value - self.loc))
                    / (2.0 * var)
                ),
                (math.sqrt(2 * math.pi) * self.scale),
                name=name,
            )

    def kl_divergence(self, other: Normal) -> Tensor:
        """KL(self || other)."""
        if not in_dynamic_mode():
            check_type(other, 'other', Normal, 'kl_divergence')

        if self._complex_gaussian != other._complex_gaussian:
            raise ValueError(
                "The kl divergence must be computed between two distributions in the same number field."
            )
        name = self.name + '_kl_divergence'
        var_ratio = self.scale / other.scale
        var_ratio = var_ratio * var_ratio
        t1 = (self.loc - other.loc) / other.scale
        if self._complex_gaussian:
            t1 = t1.conj() * t1
            return var_ratio + t1 - 1.0 - P.log(var_ratio)
        else:
            t1 = t1 * t1
            return P.add(
                0.5 * var_ratio,
                0.5 * (t1 - 1.0 - P.log(var_ratio)),
                name=name,
            )

