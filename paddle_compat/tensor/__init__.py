"""paddle.tensor: Paddle's tensor-function modules (math, creation, manipulation, random, linalg,
logic, search, stat), each re-exporting what paddle_compat provides of it; their functions are
also names of this package, as in Paddle."""
from . import math, creation, manipulation, random, linalg, logic, search, stat, array
from .array import array_length, array_read, array_write, create_array
from .math import (add, add_n, clip, count_nonzero, cumprod, cumsum, divide, floor_divide,
                   floor_mod, fmax, fmin, increment, inverse, lerp, max, min,
                   mm, mod, nanmean, nansum, neg, outer, pow, prod, remainder,
                   scale, stanh, subtract, trunc)
from .creation import (arange, assign, complex, create_parameter, diag, empty, empty_like, eye,
                       fill_constant,
                       full, full_like, linspace, logspace, meshgrid, ones,
                       ones_like, to_tensor, zeros, zeros_like)
from .manipulation import (broadcast_to, cast, chunk, concat, expand, flatten, flatten_, flip,
                           gather, gather_nd, masked_fill, masked_fill_,
                           put_along_axis, put_along_axis_, reshape,
                           reshape_, scatter, scatter_, scatter_nd_add,
                           slice, split, squeeze, squeeze_, stack,
                           strided_slice, take_along_axis, tile,
                           transpose, unbind, unique, unsqueeze,
                           unsqueeze_, unstack)
from .random import (bernoulli, exponential_, gaussian, multinomial, normal, normal_, rand,
                     randint, randint_like, randn, randperm, standard_normal,
                     uniform, uniform_)
from .linalg import (cholesky, cross, det, dist, eigh, matrix_norm, matrix_power, norm, pinv, qr,
                     solve, svd, t, vector_norm)
from .logic import (allclose, bitwise_and, bitwise_not, bitwise_or, bitwise_xor, equal, equal_all,
                    greater_equal, is_empty, is_tensor, less_equal, less_than,
                    not_equal)
from .search import (argsort, index_select, masked_select, nonzero, sort, topk, where, where_)
from .stat import (mean, median, std, var)
from .._ops.math import (acosh, asinh, atanh, atan2, erfinv, lgamma, digamma, frac, logit, trace,
                         diagonal, kron, inner, addmm, cummax, cummin, logcumsumexp, gcd, lcm,
                         hypot, logaddexp, heaviside, nan_to_num, diff, real, imag, conj, angle)
from .._ops.linalg import mv
from .._ops.stat import quantile, nanquantile, numel
from .._ops.search import mode, kthvalue
from .._ops.attribute import rank, shape, is_complex, is_floating_point, is_integer
