"""paddle.distribution.Chi2 (Paddle: chi2.py), Gamma(df / 2, 1 / 2).

Follows Paddle 3.3.1's python/paddle/distribution/chi2.py (Apache-2.0) call for call, on
paddle_compat's ops (reached through `ops`, imported as `P`), so dtypes, roundings and seeded
samples are Paddle's.
"""
from __future__ import annotations

from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from .gamma import Gamma
from .ops import in_dynamic_mode


__all__ = ["Chi2"]


class Chi2(Gamma):
    """Chi2(df): the chi-squared distribution.

    Differences from Paddle: none on CPU (seeded samples are Paddle's); the gamma kernel runs
    element by element in Python as Paddle's C++ loop does, so millions of draws are slow; on a CUDA
    place samples come from torch's sampler.
    """
    df: Tensor
    rate: Tensor
    dtype: dtype

    def __init__(self, df: float | Tensor) -> None:
        if not in_dynamic_mode():
            check_type(
                df,
                'df',
                (float, Variable),
                'Chi2',
            )

        if self._validate_args(df):
            self.df = df
            self.dtype = convert_dtype(df.dtype)
        else:
            [self.df] = self._to_tensor(df)
            self.dtype = P.get_default_dtype()

        self.rate = P.full_like(self.df, 0.5)

        if in_dynamic_mode():
            if not P.all(self.df > 0):
                raise ValueError("The arg of `df` must be positive.")

        super().__init__(self.df * 0.5, self.rate)

