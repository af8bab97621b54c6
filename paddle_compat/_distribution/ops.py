"""The Paddle ops that paddle.distribution's sources call, in one namespace.

Paddle writes its distributions in Python from public ops (`paddle.exp`, `paddle.lgamma`,
`paddle.nn.functional.softmax`, `paddle.linalg.cholesky`, ...). The modules of this package follow
those sources call for call, so that the dtype rules, roundings and seeded draws are Paddle's; they
reach the ops through this one module (`from . import ops as P`; `P.exp(x)` where Paddle writes
`paddle.exp(x)`), which gathers them from the op rooms below the public face.

The samplers Paddle runs as single C++ kernels (`standard_gamma`, `dirichlet`, `poisson`,
`binomial`) are in sampling.py.
"""
import builtins

import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import finfo, get_default_dtype, to_dtype
from .._mode import in_dynamic_mode
from .._random import default_cpu_generator
from .._tensor import Tensor, wrap
from .._autograd.grad_mode import grad, no_grad, set_grad_enabled
from .._ops._checks import check_type, check_variable_and_dtype, dtype_name as convert_dtype
from .._ops.attribute import is_complex, is_integer, shape
from .._ops.creation import (arange, assign, complex, diag_embed, eye, full, full_like, meshgrid,
                             ones, ones_like, tril, zeros, zeros_like)
from .._ops.linalg import cholesky, matmul, solve, triangular_solve
from .._ops.logic import (equal, greater_equal, greater_than, isinf, isnan, less_equal, less_than,
                          logical_and, logical_not, logical_or, not_equal)
from .._ops.manipulation import (broadcast_tensors, broadcast_to, concat, expand, flip, gather,
                                 repeat_interleave, reshape, scatter_nd_add, squeeze, stack,
                                 take_along_axis, transpose, unsqueeze, unstack)
from .._ops.math import (abs, add, all, any, atan, cast, clip, cumprod, cumsum, diagonal, digamma,
                         divide, erf, erfinv, exp, expm1, floor, isfinite, lgamma, log, log1p,
                         logsumexp, max, maximum, min, minimum, multiply, nan_to_num, polygamma,
                         pow, prod, rsqrt, scale, sign, sqrt, square, subtract, sum, tan, tanh)
from .._ops import random as _random_ops
from .._ops.random import bernoulli, multinomial, rand, randn, uniform
from .. import _random
from .._ops.search import argsort, masked_select, nonzero, sort, where
from .._ops.stat import mean
from .._nn.functional.activation import log_sigmoid, log_softmax, sigmoid, softmax, softplus
from .._nn.functional.common import pad
from .._nn.functional.input import one_hot
from .._nn.functional.loss import binary_cross_entropy_with_logits
from .sampling import binomial, dirichlet, poisson, standard_gamma

# Paddle's sources test `isinstance(x, (Variable, paddle.pir.Value))`; paddle_compat's static-graph
# Variable is a Tensor, so one class answers both.
Variable = Tensor

__all__ = ["Variable", "Tensor", "to_tensor", "finfo", "get_default_dtype", "to_dtype",
           "in_dynamic_mode", "grad", "no_grad", "set_grad_enabled", "check_type",
           "check_variable_and_dtype", "convert_dtype", "is_complex", "is_integer", "shape",
           "arange", "assign", "complex", "diag_embed", "eye", "full", "full_like", "meshgrid",
           "ones", "ones_like", "tril", "zeros", "zeros_like", "cholesky", "matmul", "solve",
           "triangular_solve", "equal", "greater_equal", "greater_than", "isinf", "isnan",
           "less_equal", "less_than", "logical_and", "logical_not", "logical_or", "not_equal",
           "broadcast_tensors", "broadcast_to", "concat", "expand", "flip", "gather",
           "repeat_interleave", "reshape", "scatter_nd_add", "squeeze", "stack",
           "take_along_axis", "transpose", "unsqueeze", "unstack", "abs", "add", "all", "any",
           "atan", "cast", "clip", "cumprod", "cumsum", "diagonal", "digamma", "divide", "erf",
           "erfinv", "exp", "expm1", "floor", "isfinite", "lgamma", "log", "log1p", "logsumexp",
           "max", "maximum", "min", "minimum", "multiply", "nan_to_num", "polygamma", "pow",
           "prod", "rsqrt", "scale", "sign", "sqrt", "square", "subtract", "sum", "tan", "tanh",
           "bernoulli", "gaussian", "multinomial", "normal", "rand", "randn", "uniform", "argsort",
           "masked_select", "nonzero", "sort", "where", "mean", "sigmoid", "softmax", "softplus",
           "log_softmax", "log_sigmoid", "pad", "one_hot", "broadcast_shape", "standard_gamma", "poisson",
           "binomial", "dirichlet", "in_pir_mode", "in_dynamic_or_pir_mode", "static_gradients", "static_cond", "binary_cross_entropy_with_logits"]


def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None):
    """paddle.tensor.random.gaussian, with Paddle's complex form: a complex `mean` (0j here, as
    paddle.distribution uses it) draws real and imaginary parts interleaved from one real normal
    stream with std float32(std * sqrt(1/2)), as Paddle's CPU kernel does."""
    if isinstance(mean, builtins.complex):   # (`complex` here is paddle.complex)
        return _complex_gaussian(shape, mean, std, seed, dtype or "complex64")
    return _random_ops.gaussian(shape, mean=mean, std=std, seed=seed, dtype=dtype)


def normal(mean=0.0, std=1.0, shape=None):
    """paddle.normal, with the complex mean form of `gaussian`."""
    if isinstance(mean, builtins.complex):   # (`complex` here is paddle.complex)
        return _complex_gaussian(shape, mean, std, 0, "complex64")
    return _random_ops.normal(mean=mean, std=std, shape=shape)


def _complex_gaussian(shape, mean, std, seed, dtype):
    if mean != 0:
        raise NotImplementedError("a complex gaussian with a nonzero mean is not supported by "
                                  "paddle_compat; add the mean to a zero-mean draw")
    cd = to_dtype(dtype)
    if cd.short not in ("complex64", "complex128"):
        raise TypeError(f"complex gaussian needs a complex dtype, got {cd.short}")
    real = "float32" if cd.short == "complex64" else "float64"
    dims = [int(d) for d in shape]
    n = int(np.prod(dims)) if dims else 1
    sd = float(np.float32(float(std) * np.sqrt(0.5)))
    if seed:
        gen = _random.engine_generator(int(seed))
        vals = gen.normal(2 * n, 0.0, sd, f32=(real == "float32"))
    else:
        vals = _random.normal_([2 * n], 0.0, sd, dtype=real)
    vals = np.ascontiguousarray(vals, dtype=real).view(cd.numpy).reshape(dims)
    return to_tensor(vals)


def broadcast_shape(x_shape, y_shape):
    """paddle.broadcast_shape(x_shape, y_shape) -> list: the broadcast of two shapes."""
    try:
        return list(np.broadcast_shapes(tuple(x_shape), tuple(y_shape)))
    except ValueError:
        raise ValueError(f"(InvalidArgument) Broadcast dimension mismatch. Operands could not be "
                         f"broadcast together with the shape of X = [{', '.join(map(str, x_shape))}] "
                         f"and the shape of Y = [{', '.join(map(str, y_shape))}].") from None


def in_pir_mode():
    """Paddle's in_pir_mode(): always False (paddle_compat's static graph is the legacy IR)."""
    return False


def in_dynamic_or_pir_mode():
    """Paddle's in_dynamic_or_pir_mode(): dynamic mode (the static graph is never PIR)."""
    return in_dynamic_mode()


def static_gradients(targets, inputs):
    """paddle.static.gradients, for the static-graph branches of Paddle's sources."""
    from .._static.backward import gradients
    return gradients(targets, inputs)


def static_cond(pred, true_fn, false_fn):
    """paddle.static.nn.cond, for the static-graph branches of Paddle's sources."""
    from .._static.control_flow import cond
    return cond(pred, true_fn, false_fn)
