"""paddle.tensor: Paddle's tensor-function modules (math, creation, manipulation, random, linalg,
logic, search, stat), each re-exporting what paddle_compat provides of it; their functions are
also names of this package, as in Paddle."""
from . import (math, creation, manipulation, random, linalg, logic, search, stat, array,
               attribute, einsum, to_string)
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
# Paddle 3.x's in-place variants and newer ops (owner: tensorops); paddle.tensor has them too
from .._ops.creation import tril_, triu_, polar, diagflat, range
from .._ops.math import (abs_, acos_, atan_, cos_, sin_, sinh_, tan_, tanh_, square_, log_, log2_,
                         log10_, neg_, trunc_, frac_, digamma_, lgamma_, gammaln_, i0_, sinc_,
                         logit_, polygamma_, nan_to_num_, cumsum_, cumprod_, pow_, remainder_,
                         mod_, floor_mod_, floor_divide_, divide_, multiply_, subtract_, div_,
                         sub_, copysign_, gcd_, lcm_, hypot_, ldexp_, addmm_, baddbmm_,
                         bitwise_left_shift_, bitwise_right_shift_, gammainc_, gammaincc_,
                         multigammaln_, renorm_, cast_, baddbmm, gammainc, gammaincc,
                         multigammaln, renorm, frexp, trapezoid, cumulative_trapezoid, vander,
                         cartesian_prod, combinations, broadcast_shape, broadcast_shapes,
                         multiplex, reduce_as)
from .._ops.logic import (bitwise_invert, equal_, greater_equal_, greater_than_, less_equal_,
                          less_than_, less_, logical_and_, logical_or_, logical_not_, bitwise_and_,
                          bitwise_or_, bitwise_xor_, bitwise_not_, bitwise_invert_)
from .._ops.manipulation import (tensor_split, hsplit, vsplit, dsplit, block_diag, column_stack,
                                 row_stack, dstack, diagonal_scatter, select_scatter,
                                 slice_scatter, masked_scatter, scatter_add, scatter_reduce,
                                 scatter_nd, shard_index, as_strided, unfold, unique_consecutive,
                                 as_complex, as_real, view_as_complex, view_as_real, index_put,
                                 index_add_, index_fill_, index_put_, masked_scatter_,
                                 scatter_add_, transpose_)
from .._ops.search import argwhere, index_sample
from .._ops.stat import nanmedian
from .._ops.linalg import cdist, histogram, histogram_bin_edges, histogramdd, t_
from .._ops.random import (log_normal, log_normal_, bernoulli_, cauchy_, geometric_, binomial,
                           poisson, rand_like, randn_like)

# Everything the submodule faces re-export is a name of paddle.tensor too, as in Paddle
from .math import (abs, acos, all, amax, amin, any, asin, atan, bitwise_left_shift,
                   bitwise_right_shift, ceil, copysign, cos, cosh, deg2rad, erf, erf_, exp, expm1,
                   expm1_, floor, gammaln, i0, i0e, i1, i1e, in_dynamic_mode, isfinite, isin,
                   isinf, isnan, isneginf, isposinf, isreal, ldexp, log, log10, log1p, log2,
                   logsumexp, maximum, minimum, mul, multiply, negative, nextafter, polygamma,
                   positive, rad2deg, reciprocal, round, rsqrt, sgn, sigmoid, sign, signbit, sin,
                   sinc, sinh, sqrt, square, sum, take, tan, tanh, true_divide)
from .creation import (asarray, clone, diag_embed, from_numpy, tril, tril_indices, triu,
                       triu_indices)
from .manipulation import (atleast_1d, atleast_2d, atleast_3d, broadcast_tensors, crop, expand_as,
                           hstack, index_add, index_fill, moveaxis, narrow, ravel,
                           repeat_interleave, roll, rot90, tensordot, tolist, unflatten, view,
                           view_as, vstack)
from .random import (check_shape, standard_gamma)
from .linalg import (bincount, bmm, cholesky_inverse, cholesky_solve, cond, corrcoef, cov, dot,
                     eig, eigvals, eigvalsh, householder_product, lstsq, lu, lu_solve, lu_unpack,
                     matmul, matrix_transpose, multi_dot, ormqr, pca_lowrank, permute, slogdet,
                     svd_lowrank, svdvals, vecdot)
from .logic import (greater_than, gt, isclose, logical_and, logical_not, logical_or, logical_xor)
from .search import (argmax, argmin, bucketize, msort, searchsorted)
from .einsum import (einsum)
from .to_string import (set_printoptions)
