"""paddle.distribution.MultivariateNormal (Paddle: multivariate_normal.py).

Follows Paddle 3.3.1's python/paddle/distribution/multivariate_normal.py (Apache-2.0) call for call,
on paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from . import ops as P
from .ops import convert_dtype
from . import distribution


class MultivariateNormal(distribution.Distribution):
    """MultivariateNormal(loc, covariance_matrix=None, precision_matrix=None, scale_tril=None): exactly
    one of the three matrix forms.

    Differences from Paddle: none known.
    """
    loc: Tensor
    covariance_matrix: Tensor | None
    precision_matrix: Tensor | None
    scale_tril: Tensor | None
    dtype: _DTypeLiteral

    def __init__(
        self,
        loc: float | Tensor,
        covariance_matrix: Tensor | None = None,
        precision_matrix: Tensor | None = None,
        scale_tril: Tensor | None = None,
    ):
        self.dtype = P.get_default_dtype()
        if isinstance(loc, (float, int)):
            loc = P.to_tensor([loc], dtype=self.dtype)
        else:
            self.dtype = convert_dtype(loc.dtype)
        if loc.dim() < 1:
            loc = loc.reshape((1,))
        self.covariance_matrix = None
        self.precision_matrix = None
        self.scale_tril = None
        if (covariance_matrix is not None) + (scale_tril is not None) + (
            precision_matrix is not None
        ) != 1:
            raise ValueError(
                "Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified."
            )

        if scale_tril is not None:
            if scale_tril.dim() < 2:
                raise ValueError(
                    "scale_tril matrix must be at least two-dimensional, "
                    "with optional leading batch dimensions"
                )
            scale_tril = P.cast(scale_tril, dtype=self.dtype)
            batch_shape = P.broadcast_shape(
                scale_tril.shape[:-2], loc.shape[:-1]
            )
            self.scale_tril = scale_tril.expand(
                [*batch_shape, scale_tril.shape[-2], scale_tril.shape[-1]]
            )
        elif covariance_matrix is not None:
            if covariance_matrix.dim() < 2:
                raise ValueError(
                    "covariance_matrix must be at least two-dimensional, "
                    "with optional leading batch dimensions"
                )
            covariance_matrix = P.cast(covariance_matrix, dtype=self.dtype)
            batch_shape = P.broadcast_shape(
                covariance_matrix.shape[:-2], loc.shape[:-1]
            )
            self.covariance_matrix = covariance_matrix.expand(
                [
                    *batch_shape,
                    covariance_matrix.shape[-2],
                    covariance_matrix.shape[-1],
                ]
            )
        else:
            if precision_matrix.dim() < 2:
                raise ValueError(
                    "precision_matrix must be at least two-dimensional, "
                    "with optional leading batch dimensions"
                )
            precision_matrix = P.cast(precision_matrix, dtype=self.dtype)
            batch_shape = P.broadcast_shape(
                precision_matrix.shape[:-2], loc.shape[:-1]
            )
            self.precision_matrix = precision_matrix.expand(
                [
                    *batch_shape,
                    precision_matrix.shape[-2],
                    precision_matrix.shape[-1],
                ]
            )
        self.loc = loc.expand([*batch_shape, -1])
        event_shape = self.loc.shape[-1:]

        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = P.cholesky(
                covariance_matrix
            )
        else:
            self._unbroadcasted_scale_tril = precision_to_scale_tril(
                precision_matrix
            )

        super().__init__(batch_shape, event_shape)

    @property
    def mean(self) -> Tensor:
        """The mean."""
        return self.loc

    @property
    def variance(self) -> Tensor:
        """The variance."""
        return (
            P.square(self._unbroadcasted_scale_tril)
            .sum(-1)
            .expand(self._batch_shape + self._event_shape)
        )

    def sample(self, shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        with P.no_grad():
            return self.rsample(shape)

    def rsample(self, shape: Sequence[int] = []) -> Tensor:
        """Reparameterized samples: gradients flow back to the parameters."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        output_shape = self._extend_shape(shape)
        eps = P.cast(P.normal(shape=output_shape), dtype=self.dtype)
        return self.loc + P.matmul(
            self._unbroadcasted_scale_tril, eps.unsqueeze(-1)
        ).squeeze(-1)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        value = P.cast(value, dtype=self.dtype)

        diff = value - self.loc
        M = batch_mahalanobis(self._unbroadcasted_scale_tril, diff)
        half_log_det = (
            self._unbroadcasted_scale_tril.diagonal(axis1=-2, axis2=-1)
            .log()
            .sum(-1)
        )
        return (
            -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M)
            - half_log_det
        )

    def prob(self, value: Tensor) -> Tensor:
        """The probability density (or mass) at `value`."""
        return P.exp(self.log_prob(value))

    def entropy(self) -> Tensor:
        """The entropy, one value per batch element."""
        half_log_det = (
            self._unbroadcasted_scale_tril.diagonal(axis1=-2, axis2=-1)
            .log()
            .sum(-1)
        )
        H = (
            0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi))
            + half_log_det
        )
        if len(self._batch_shape) == 0:
            return H
        else:
            return H.expand(self._batch_shape)

    def kl_divergence(self, other: MultivariateNormal) -> Tensor:
        """KL(self || other)."""
        if (
            self._batch_shape != other._batch_shape
            and self._event_shape != other._event_shape
        ):
            raise ValueError(
                "KL divergence of two Multivariate Normal distributions should share the same `batch_shape` and `event_shape`."
            )
        half_log_det_1 = (
            self._unbroadcasted_scale_tril.diagonal(axis1=-2, axis2=-1)
            .log()
            .sum(-1)
        )
        half_log_det_2 = (
            other._unbroadcasted_scale_tril.diagonal(axis1=-2, axis2=-1)
            .log()
            .sum(-1)
        )
        new_perm = list(range(len(self._unbroadcasted_scale_tril.shape)))
        new_perm[-1], new_perm[-2] = new_perm[-2], new_perm[-1]
        cov_mat_1 = P.matmul(
            self._unbroadcasted_scale_tril,
            self._unbroadcasted_scale_tril.transpose(new_perm),
        )
        cov_mat_2 = P.matmul(
            other._unbroadcasted_scale_tril,
            other._unbroadcasted_scale_tril.transpose(new_perm),
        )
        expectation = (
            P.solve(cov_mat_2, cov_mat_1)
            .diagonal(axis1=-2, axis2=-1)
            .sum(-1)
        )
        expectation += batch_mahalanobis(
            other._unbroadcasted_scale_tril, self.loc - other.loc
        )
        return (
            half_log_det_2
            - half_log_det_1
            + 0.5 * (expectation - self._event_shape[0])
        )


def precision_to_scale_tril(prec: Tensor) -> Tensor:
    Lf = P.cholesky(P.flip(prec, (-2, -1)))
    tmp = P.flip(Lf, (-2, -1))
    new_perm = list(range(len(tmp.shape)))
    new_perm[-2], new_perm[-1] = new_perm[-1], new_perm[-2]
    L_inv = P.transpose(tmp, new_perm)
    Id = P.eye(prec.shape[-1], dtype=prec.dtype)
    L = P.triangular_solve(L_inv, Id, upper=False)
    return L


def batch_mahalanobis(bL: Tensor, bx: Tensor) -> Tensor:
    n = bx.shape[-1]
    bx_batch_shape = bx.shape[:-1]

    bx_batch_dims = len(bx_batch_shape)
    bL_batch_dims = bL.dim() - 2
    outer_batch_dims = bx_batch_dims - bL_batch_dims
    old_batch_dims = outer_batch_dims + bL_batch_dims
    new_batch_dims = outer_batch_dims + 2 * bL_batch_dims
    bx_new_shape = bx.shape[:outer_batch_dims]
    for sL, sx in zip(bL.shape[:-2], bx.shape[outer_batch_dims:-1]):
        bx_new_shape += (sx // sL, sL)
    bx_new_shape += (n,)
    bx = bx.reshape(bx_new_shape)
    permute_dims = (
        list(range(outer_batch_dims))
        + list(range(outer_batch_dims, new_batch_dims, 2))
        + list(range(outer_batch_dims + 1, new_batch_dims, 2))
        + [new_batch_dims]
    )
    bx = bx.transpose(permute_dims)

    flat_L = bL.reshape((-1, n, n))  # shape = b x n x n
    flat_x = bx.reshape((-1, flat_L.shape[0], n))  # shape = c x b x n
    flat_x_swap = flat_x.transpose((1, 2, 0))  # shape = b x n x c
    M_swap = (
        P.triangular_solve(flat_L, flat_x_swap, upper=False)
        .pow(2)
        .sum(-2)
    )  # shape = b x c
    M = M_swap.t()  # shape = c x b

    permuted_M = M.reshape(bx.shape[:-1])  # shape = (..., 1, j, i, 1)
    permute_inv_dims = list(range(outer_batch_dims))
    for i in range(bL_batch_dims):
        permute_inv_dims += [outer_batch_dims + i, old_batch_dims + i]
    reshaped_M = permuted_M.transpose(
        permute_inv_dims
    )  # shape = (..., 1, i, j, 1)
    return reshaped_M.reshape(bx_batch_shape)

