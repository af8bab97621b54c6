"""paddle.distribution.Distribution (Paddle: python/paddle/distribution/distribution.py, Apache-2.0):
the base class, its argument conversion (`_to_tensor`, `_broadcast_all`, `_validate_args`) and the
dtype warning of `_check_values_dtype_in_probs`.

Follows Paddle 3.3.1's python/paddle/distribution/distribution.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import warnings

import numpy as np

from . import ops as P
from .ops import check_variable_and_dtype, convert_dtype
from .ops import Variable
from .ops import in_dynamic_or_pir_mode, in_pir_mode


class Distribution:
    """Distribution(batch_shape=(), event_shape=()): the base class of every distribution.

    Subclasses implement mean, variance, sample, rsample, entropy, log_prob, prob/probs and
    kl_divergence; the base raises NotImplementedError for them.

    Differences from Paddle: none known.
    """
    def __init__(
        self, batch_shape: Sequence[int] = (), event_shape: Sequence[int] = ()
    ) -> None:
        self._batch_shape = (
            batch_shape
            if isinstance(batch_shape, tuple)
            else tuple(batch_shape)
        )
        self._event_shape = (
            event_shape
            if isinstance(event_shape, tuple)
            else tuple(event_shape)
        )

        super().__init__()

    @property
    def batch_shape(self) -> Sequence[int]:
        """The batch shape (a tuple)."""
        return self._batch_shape

    @property
    def event_shape(self) -> Sequence[int]:
        """The event shape (a tuple)."""
        return self._event_shape

    @property
    def mean(self) -> Tensor:
        """The mean."""
        raise NotImplementedError

    @property
    def variance(self) -> Tensor:
        """The variance."""
        raise NotImplementedError

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        raise NotImplementedError

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        raise NotImplementedError

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        raise NotImplementedError

    def kl_divergence(self, other: Distribution) -> Tensor:
        """KL(self || other)."""
        raise NotImplementedError

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return self.log_prob(value).exp()

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        raise NotImplementedError

    def probs(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        raise NotImplementedError

    def _extend_shape(self, sample_shape: Sequence[int] | Tensor) -> Tensor:
        return (
            tuple(sample_shape)
            + tuple(self._batch_shape)
            + tuple(self._event_shape)
        )

    def _validate_args(
        self, *args: TensorLike | NestedNumericSequence
    ) -> TypeGuard[Tensor]:
        is_variable = False
        is_number = False
        for arg in args:
            if isinstance(arg, (Variable)):
                is_variable = True
            else:
                is_number = True

        if is_variable and is_number:
            raise ValueError(
                'if one argument is Tensor, all arguments should be Tensor'
            )

        return is_variable

    def _to_tensor(
        self, *args: TensorLike | NestedNumericSequence
    ) -> tuple[Tensor, ...]:
        numpy_args = []
        variable_args = []
        tmp = 0.0

        for arg in args:
            if not isinstance(
                arg,
                (float, list, tuple, np.ndarray, Variable),
            ):
                raise TypeError(
                    f"Type of input args must be float, list, tuple, numpy.ndarray or Tensor, but received type {type(arg)}"
                )
            if isinstance(arg, P.Variable):
                numpy_args.append(arg)
                continue

            arg_np = np.array(arg)
            arg_dtype = arg_np.dtype
            if str(arg_dtype) != 'float32':
                if str(arg_dtype) != 'float64':
                    warnings.warn(
                        "data type of argument only support float32 and float64, your argument will be convert to float32."
                    )
                arg_np = arg_np.astype('float32')
            tmp = tmp + arg_np
            numpy_args.append(arg_np)

        dtype = tmp.dtype
        for arg in numpy_args:
            if isinstance(arg, P.Variable):
                variable_args.append(arg)
                continue

            arg_broadcasted, _ = np.broadcast_arrays(arg, tmp)
            arg_variable = P.assign(arg_broadcasted)
            variable_args.append(arg_variable)

        return tuple(variable_args)

    def _check_values_dtype_in_probs(
        self, param: Tensor, value: Tensor
    ) -> Tensor:
        if P.is_complex(param):
            return value.astype(param.dtype)

        if in_dynamic_or_pir_mode():
            if in_pir_mode():
                check_variable_and_dtype(
                    value, 'value', ['float32', 'float64'], 'log_prob'
                )

            if value.dtype != param.dtype and convert_dtype(value.dtype) in [
                'float32',
                'float64',
            ]:
                warnings.warn(
                    "dtype of input 'value' needs to be the same as parameters of distribution class. dtype of 'value' will be converted."
                )
                return P.cast(value, param.dtype)
            return value

        check_variable_and_dtype(
            value,
            'value',
            ['float32', 'float64'],
            'log_prob',
        )
        if value.dtype != param.dtype:
            warnings.warn(
                "dtype of input 'value' needs to be the same as parameters of distribution class. dtype of 'value' will be converted."
            )
            return P.cast(value, dtype=param.dtype)
        return value

    def _probs_to_logits(
        self, probs: float | Tensor, is_binary: bool = False
    ) -> Tensor:
        return (
            (P.log(probs) - P.log1p(-probs))
            if is_binary
            else P.log(probs)
        )

    def _logits_to_probs(
        self, logits: float | Tensor, is_binary: bool = False
    ) -> Tensor:
        return (
            P.sigmoid(logits)
            if is_binary
            else P.softmax(logits, axis=-1)
        )

    def _broadcast_all(
        self, *args: TensorLike | NestedNumericSequence
    ) -> tuple[Tensor, ...]:
        for arg in args:
            if not isinstance(
                arg,
                (float, list, tuple, np.ndarray, Variable),
            ):
                raise TypeError(
                    f"Type of input args must be float, list, tuple, numpy.ndarray or Tensor, but received type {type(arg)}"
                )
        if not all(
            isinstance(arg, (Variable)) for arg in args
        ):
            dtype = P.get_default_dtype()
            for arg in args:
                if isinstance(arg, (Variable)):
                    dtype = arg.dtype
                    break
            new_args = [
                (
                    arg
                    if isinstance(arg, (Variable))
                    else P.to_tensor(arg, dtype=dtype)
                )
                for arg in args
            ]
            return P.broadcast_tensors(new_args)
        return P.broadcast_tensors(args)

