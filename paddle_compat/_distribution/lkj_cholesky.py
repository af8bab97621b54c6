"""paddle.distribution.LKJCholesky (Paddle: lkj_cholesky.py), onion and C-vine samplers.

Follows Paddle 3.3.1's python/paddle/distribution/lkj_cholesky.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from functools import reduce
from typing import Literal

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from . import distribution
from .beta import Beta
from .ops import in_dynamic_mode


__all__ = ["LKJCholesky"]


def mvlgamma(a, p):
    pi = P.to_tensor(math.pi, dtype=a.dtype)
    j = P.arange(1, p + 1, dtype=a.dtype)
    gammaln_terms = P.lgamma(a.unsqueeze(-1) + (1 - j) / 2)
    gammaln_sum = P.sum(gammaln_terms, axis=-1)
    return (p * (p - 1) / 4) * P.log(pi) + gammaln_sum


def tril_indices(n, k=0):
    full_matrix = P.ones((n, n), dtype='int32')
    tril_matrix = P.tril(full_matrix, diagonal=k)
    rows, cols = P.nonzero(tril_matrix, as_tuple=True)
    return rows.flatten(), cols.flatten()


def matrix_to_tril(x, diagonal=0):
    tril_mask = P.tril(P.ones_like(x), diagonal=diagonal)
    tril_elements = P.masked_select(x, tril_mask.astype('bool'))
    return tril_elements


def vec_to_tril_matrix(
    p_flatten, dim, last_dim, flatten_shape, sample_shape=(), diag=0
):
    shape0 = flatten_shape // last_dim
    output_shape = (
        *sample_shape,
        shape0 // reduce(operator.mul, sample_shape, 1),
        dim,
        dim,
    )

    rows, cols = P.meshgrid(P.arange(dim), P.arange(dim))
    mask = rows > cols
    lower_indices = P.stack([rows[mask], cols[mask]], axis=1)
    repeated_lower_indices = P.repeat_interleave(
        lower_indices, shape0, axis=0
    )
    index0 = P.arange(shape0).unsqueeze(1).tile([last_dim, 1])
    index_matrix = P.concat([index0, repeated_lower_indices], axis=1)

    sorted_indices = P.argsort(index_matrix[:, 0])
    index_matrix = index_matrix[sorted_indices]

    matrix = P.zeros(shape=(shape0, dim, dim), dtype=p_flatten.dtype)
    matrix = P.scatter_nd_add(matrix, index_matrix, p_flatten).reshape(
        output_shape
    )

    return matrix


def tril_matrix_to_vec(mat: Tensor, diag: int = 0) -> Tensor:
    out_shape = mat.shape[:-2]
    n = mat.shape[-1]
    if diag < -n or diag >= n:
        raise ValueError(f"diag ({diag}) provided is outside [{-n}, {n - 1}].")

    rows, cols = P.meshgrid(P.arange(n), P.arange(n))
    tril_mask = diag + rows >= cols

    vec_len = (n + diag) * (n + diag + 1) // 2
    out_shape += (vec_len,)

    tril_mask = P.broadcast_to(tril_mask, mat.shape)
    vec = P.masked_select(mat, tril_mask).reshape(out_shape)
    return vec


class LKJCholesky(distribution.Distribution):
    """LKJCholesky(dim=2, concentration=1.0, sample_method='onion'): Cholesky factors of LKJ
    correlation matrices.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma (through Beta)
    kernel runs element by element in Python as Paddle's C++ loop does, so millions of draws are
    slow; on a CUDA place samples come from torch's sampler.
    """
    concentration: Tensor
    dtype: _DTypeLiteral
    dim: int
    sample_method: Literal["onion", "cvine"]

    def __init__(
        self,
        dim: int = 2,
        concentration: float = 1.0,
        sample_method: Literal["onion", "cvine"] = "onion",
    ) -> None:
        if not in_dynamic_mode():
            check_type(
                dim,
                "dim",
                (int, Variable),
                "LKJCholesky",
            )
            check_type(
                concentration,
                "concentration",
                (float, list, tuple, Variable),
                "LKJCholesky",
            )

        if self._validate_args(concentration):
            self.concentration = concentration
            self.dtype = convert_dtype(concentration.dtype)
        else:
            [self.concentration] = self._to_tensor(concentration)
            self.dtype = P.get_default_dtype()

        self.dim = dim
        if not self.dim >= 2:
            raise ValueError(
                f"Expected dim greater than or equal to 2. Found dim={dim}."
            )
        elif not isinstance(self.dim, int):
            raise TypeError(f"Expected dim to be an integer. Found dim={dim}.")

        if in_dynamic_mode():
            if not P.all(self.concentration > 0):
                raise ValueError("The arg of `concentration` must be positive.")

        self.sample_method = sample_method
        batch_shape = self.concentration.shape
        event_shape = (dim, dim)

        marginal_conc = self.concentration + 0.5 * (self.dim - 2)
        offset = P.arange(
            self.dim - 1,
            dtype=self.concentration.dtype,
        )

        if sample_method == "onion":
            offset = P.concat(
                [P.zeros((1,), dtype=offset.dtype), offset]
            )
            beta_conc1 = offset + 0.5
            beta_conc0 = marginal_conc.unsqueeze(-1) - 0.5 * offset
            self._beta = Beta(beta_conc1, beta_conc0)
        elif sample_method == "cvine":
            offset_tril = matrix_to_tril(
                P.broadcast_to(0.5 * offset, [self.dim - 1, self.dim - 1])
            )
            beta_conc = marginal_conc.unsqueeze(-1) - offset_tril
            self._beta = Beta(beta_conc, beta_conc)
        else:
            raise ValueError("`method` should be one of 'cvine' or 'onion'.")
        super().__init__(batch_shape, event_shape)

    def _onion(self, sample_shape: Sequence[int]) -> Tensor:
        y = self._beta.sample(sample_shape).unsqueeze(-1)

        u_normal = P.randn(
            self._extend_shape(sample_shape), dtype=y.dtype
        ).tril(-1)

        u_hypersphere = u_normal / u_normal.norm(axis=-1, keepdim=True)

        u_hypersphere_other = u_hypersphere[..., 1:, :]
        zero_shape = (*tuple(u_hypersphere.shape[:-2]), 1, self.dim)
        zero_row = P.zeros(shape=zero_shape, dtype=u_hypersphere.dtype)
        u_hypersphere = P.concat([zero_row, u_hypersphere_other], axis=-2)

        w = P.sqrt(y) * u_hypersphere

        eps = P.finfo(w.dtype).tiny
        diag_elems = P.clip(1 - P.sum(w**2, axis=-1), min=eps).sqrt()

        w += P.diag_embed(diag_elems)
        return w

    def _cvine(self, sample_shape: Sequence[int]) -> Tensor:

        beta_sample = self._beta.sample(sample_shape).unsqueeze(-1)
        partial_correlation = 2 * beta_sample - 1

        if self.dim == 2:
            partial_correlation = partial_correlation.unsqueeze(-2)

        last_dim = self.dim * (self.dim - 1) // 2
        flatten_shape = last_dim * reduce(operator.mul, sample_shape, 1)
        if len(self.concentration.shape) != 0:
            flatten_shape *= self.concentration.shape[-1]

        partial_correlation = partial_correlation.reshape((flatten_shape,))
        partial_correlation = vec_to_tril_matrix(
            partial_correlation,
            self.dim,
            last_dim,
            flatten_shape,
            sample_shape,
            -1,
        )

        eps = P.finfo(beta_sample.dtype).tiny
        r = P.clip(partial_correlation, min=(-1 + eps), max=(1 - eps))

        z = r**2
        z1m_cumprod_sqrt = P.cumprod(P.sqrt(1 - z), dim=-1)

        pad_width = [0, 0] * (z1m_cumprod_sqrt.ndim - 1) + [1, 0]
        z1m_cumprod_sqrt_shifted = P.pad(
            z1m_cumprod_sqrt[..., :-1],
            pad=pad_width,
            mode="constant",
            value=1.0,
        )

        r += P.eye(
            partial_correlation.shape[-2], partial_correlation.shape[-1]
        )
        r = r * z1m_cumprod_sqrt_shifted
        return r

    def sample(self, sample_shape: Sequence[int] = []) -> Tensor:
        """Samples of shape `shape + batch_shape + event_shape`, drawn from Paddle's CPU stream (no
        gradient).
        """
        if not isinstance(sample_shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')

        if self.sample_method == "onion":
            res = self._onion(sample_shape)
        else:
            res = self._cvine(sample_shape)

        output_shape = list(sample_shape)
        output_shape.extend(self.concentration.shape)
        output_shape.extend([self.dim, self.dim])

        return res.reshape(output_shape)

    def log_prob(self, value: Tensor) -> Tensor:
        """The log probability density (or mass) at `value`."""
        diag_elems = P.diagonal(value, offset=0, axis1=-1, axis2=-2)[
            ..., 1:
        ]
        order = P.arange(2, self.dim + 1, dtype=self.concentration.dtype)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order

        unnormalized_log_pdf = P.sum(
            order * P.log(diag_elems), axis=-1
        )

        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        denominator = P.lgamma(alpha) * dm1
        numerator = mvlgamma(alpha - 0.5, dm1)

        pi_constant = 0.5 * dm1 * math.log(math.pi)

        normalize_term = pi_constant + numerator - denominator
        return unnormalized_log_pdf - normalize_term

