from __future__ import annotations


from . import ops as P
from .ops import check_type, convert_dtype
from .ops import Variable
from .gamma import Gamma
from .ops import in_dynamic_mode


__all__ = ["Chi2"]


class Chi2(Gamma):

    df: Tensor
    rate: Tensor
    dtype: dtype

    def __init__(self, df: float | Tensor) -> None:
        if not in_dynamic_mode():
            check_type(
                df,
                'df',
                (float, Variable, P.Variable),
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

