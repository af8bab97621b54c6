"""Op records the static graph itself emits: constants, initializers, grad seeds, optimizer updates.

They are `OpDef`s like the registry's but kept out of the global `OPS` table, so their names never
collide with an op another part registers; an Operator carries its OpDef, and the Executor looks a
type up here only when `OPS` does not have it (programs loaded from disk).
"""
import math

import numpy as np
import torch

from .._dtype import DTYPES
from .._ops.registry import OPS, OpDef
from .._ops.stat import _mean_kernel
from .ir import VARTYPE_CODES
from .._place import current_torch_device
from .._tensor import wrap

__all__ = ["LOCAL_OPS", "LEGACY_KERNELS", "lookup", "dtype_from_code"]

LOCAL_OPS = {}
# Registry ops whose legacy-IR kernel differs from the one dynamic mode and PIR run: Paddle's old
# `shape` op outputs int32 (`paddle.shape` is int64 in dynamic mode and under PIR).
LEGACY_KERNELS = {}
_CODE_TO_DTYPE = {code: DTYPES[name] for name, code in VARTYPE_CODES.items()}


def dtype_from_code(code):
    return _CODE_TO_DTYPE[int(code)].torch


def _local(type, kernel, inputs=(), outputs=("Out",), attrs=None):
    op = OpDef(type, kernel, tuple(inputs), tuple(outputs), dict(attrs or {}), "", None)
    LOCAL_OPS[type] = op
    return op


def lookup(type):
    """The OpDef for an op type: the registry's first, then the static graph's own."""
    op = OPS.get(type)
    if op is None:
        op = LOCAL_OPS.get(type)
    if op is None:
        raise NotImplementedError(f"op type {type!r} has no kernel in paddle_compat (not in the op "
                                  "registry); rebuild the program with a supported API")
    return op


def _device():
    return current_torch_device()


def _fill_constant(dtype=5, shape=(), value=0.0, str_value="", force_cpu=False, place_type=-1):
    dt = dtype_from_code(dtype)
    if str_value:
        # Paddle reads the exact text: int64 values beyond float precision stay exact
        value = int(str_value) if not (dt.is_floating_point or dt.is_complex) and dt is not \
            torch.bool and str_value.lstrip("-").isdigit() else float(str_value)
    return torch.full(tuple(shape), value, dtype=dt, device=_device())


def _uniform_random(ShapeTensor=None, ShapeTensorList=None, shape=(), dtype=5, min=-1.0, max=1.0,
                    seed=0, diag_num=0, diag_step=0, diag_val=1.0):
    gen = None
    if seed:
        gen = torch.Generator().manual_seed(int(seed))
    out = torch.empty(tuple(shape), dtype=torch.float64).uniform_(min, max, generator=gen)
    return out.to(dtype=dtype_from_code(dtype), device=_device())


def _gaussian_random(shape=(), dtype=5, mean=0.0, std=1.0, seed=0):
    gen = None
    if seed:
        gen = torch.Generator().manual_seed(int(seed))
    out = torch.empty(tuple(shape), dtype=torch.float64).normal_(mean, std, generator=gen)
    return out.to(dtype=dtype_from_code(dtype), device=_device())


def _assign_value(shape=(), dtype=5, values=()):
    arr = np.asarray(values, dtype=_CODE_TO_DTYPE[int(dtype)].numpy).reshape(tuple(shape))
    return torch.from_numpy(arr).to(_device())


def _fill_any_like(X, value=1.0, dtype=-1):
    return torch.full_like(X, value, dtype=X.dtype if dtype == -1 else dtype_from_code(dtype))


def _assign(X):
    return X.clone()


def _init_with(shape=(), dtype=5, initializer=None):
    # An nn initializer object that has no legacy op form: run it on a fresh dynamic Tensor.
    t = wrap(torch.zeros(tuple(shape), dtype=dtype_from_code(dtype), device=_device()))
    initializer(t)
    return t._t.detach()


_local("fill_constant", _fill_constant, (), ("Out",),
       {"dtype": 5, "force_cpu": False, "place_type": -1, "shape": [], "str_value": "",
        "value": 0.0})
_local("uniform_random", _uniform_random, ("ShapeTensor", "ShapeTensorList"), ("Out",),
       {"diag_num": 0, "diag_step": 0, "diag_val": 1.0, "dtype": 5, "max": 1.0, "min": -1.0,
        "seed": 0, "shape": []})
_local("gaussian_random", _gaussian_random, (), ("Out",),
       {"dtype": 5, "mean": 0.0, "seed": 0, "shape": [], "std": 1.0})
_local("assign_value", _assign_value, (), ("Out",), {"dtype": 5, "shape": [], "values": []})
_local("fill_any_like", _fill_any_like, ("X",), ("Out",), {"dtype": -1, "value": 1.0})
_local("assign", _assign, ("X",), ("Out",), {})
_local("init_with", _init_with, (), ("Out",), {"dtype": 5, "shape": [], "initializer": None})
LEGACY_KERNELS["shape"] = OpDef(
    "shape", lambda x: torch.tensor(list(x.shape), dtype=torch.int32, device=x.device),
    ("Input",), ("Out",), {}, "", "paddle.shape")


# ---- optimizer update ops (kernels return the new values; the Executor rebinds them) ------------
def _lr(LearningRate):
    return LearningRate


def _sgd(Param, Grad, LearningRate, MasterParam=None, multi_precision=False):
    with torch.no_grad():
        return Param - LearningRate.to(Param.dtype) * Grad


def _momentum(Param, Grad, Velocity, LearningRate, MasterParam=None, mu=0.9, use_nesterov=False,
              regularization_method="", regularization_coeff=0.0, multi_precision=False,
              rescale_grad=1.0):
    with torch.no_grad():
        g = Grad * rescale_grad
        if regularization_method == "l2_decay":
            g = g + regularization_coeff * Param
        v = Velocity * mu + g
        lr = LearningRate.to(Param.dtype)
        p = Param - (g + mu * v) * lr if use_nesterov else Param - lr * v
        return p, v


def _adam(Param, Grad, LearningRate, Moment1, Moment2, Beta1Pow, Beta2Pow, MasterParam=None,
          beta1=0.9, beta2=0.999, epsilon=1e-8, lazy_mode=False, multi_precision=False,
          coeff=None, with_decay=False, lr_ratio=1.0):
    with torch.no_grad():
        lr = LearningRate.to(Param.dtype) * lr_ratio
        p = Param
        if with_decay:
            p = p * (1.0 - lr * coeff)
        m1 = beta1 * Moment1 + (1 - beta1) * Grad
        m2 = beta2 * Moment2 + (1 - beta2) * Grad * Grad
        # Paddle's adam kernel: lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t), eps scaled likewise.
        lr_t = lr * torch.sqrt(1 - Beta2Pow) / (1 - Beta1Pow)
        p = p - lr_t * (m1 / (torch.sqrt(m2) + epsilon * torch.sqrt(1 - Beta2Pow)))
        return p, m1, m2, Beta1Pow * beta1, Beta2Pow * beta2


_SLOTS_ADAM_IN = ("Param", "Grad", "LearningRate", "Moment1", "Moment2", "Beta1Pow", "Beta2Pow",
                  "MasterParam")
_SLOTS_ADAM_OUT = ("ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut")
_local("sgd", _sgd, ("Param", "Grad", "LearningRate", "MasterParam"), ("ParamOut",),
       {"multi_precision": False})
_local("momentum", _momentum, ("Param", "Grad", "Velocity", "LearningRate", "MasterParam"),
       ("ParamOut", "VelocityOut"),
       {"mu": 0.9, "multi_precision": False, "regularization_coeff": 0.0,
        "regularization_method": "", "rescale_grad": 1.0, "use_nesterov": False})
_local("adam", _adam, _SLOTS_ADAM_IN, _SLOTS_ADAM_OUT,
       {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "lazy_mode": False,
        "multi_precision": False})
_local("adamw", _adam, _SLOTS_ADAM_IN, _SLOTS_ADAM_OUT,
       {"beta1": 0.9, "beta2": 0.999, "coeff": 0.01, "epsilon": 1e-8, "lazy_mode": False,
        "lr_ratio": 1.0, "multi_precision": False, "with_decay": True})


# ---- fallbacks for the few forward ops static.nn needs, used only while the registry lacks them ----
def _mul(X, Y, x_num_col_dims=1, y_num_col_dims=1):
    xs, ys = X.shape, Y.shape
    x2 = X.reshape(math.prod(xs[:x_num_col_dims]), -1)
    y2 = Y.reshape(math.prod(ys[:y_num_col_dims]), -1)
    return (x2 @ y2).reshape(*xs[:x_num_col_dims], *ys[y_num_col_dims:])


def _elementwise_add(X, Y, axis=-1):
    if axis != -1 and Y.dim() < X.dim():
        Y = Y.reshape(*Y.shape, *([1] * (X.dim() - axis - Y.dim())))
    return X + Y


_local("mul", _mul, ("X", "Y"), ("Out",), {"x_num_col_dims": 1, "y_num_col_dims": 1})
_local("elementwise_add", _elementwise_add, ("X", "Y"), ("Out",), {"axis": -1})
for _name, _fn in {"relu": torch.relu, "sigmoid": torch.sigmoid, "tanh": torch.tanh,
                   "softmax": lambda X, axis=-1: torch.softmax(X, axis)}.items():
    _local(_name, _fn, ("X",), ("Out",), {"axis": -1} if _name == "softmax" else {})
_local("reduce_mean", lambda X, dim=(), keep_dim=False, reduce_all=True, in_dtype=-1, out_dtype=-1:
       _mean_kernel(X, dim, keep_dim, reduce_all),
       ("X",), ("Out",), {"dim": [], "in_dtype": -1, "keep_dim": False, "out_dtype": -1,
                          "reduce_all": True})


def opdef(type):
    """Registry op when present (the real one), else the static graph's fallback."""
    return OPS.get(type) or LOCAL_OPS[type]


def _conv2d(Input, Filter, strides=(1, 1), paddings=(0, 0), dilations=(1, 1), groups=1,
            data_format="NCHW", padding_algorithm="EXPLICIT"):
    x = Input.permute(0, 3, 1, 2) if data_format == "NHWC" else Input
    pad = {"SAME": "same", "VALID": "valid"}.get(padding_algorithm, list(paddings)[:2])
    out = torch.nn.functional.conv2d(x, Filter, None, list(strides), pad, list(dilations), groups)
    return out.permute(0, 2, 3, 1) if data_format == "NHWC" else out


def _lookup(W, Ids, padding_idx=-1, is_sparse=False, is_distributed=False):
    return torch.nn.functional.embedding(Ids, W, None if padding_idx < 0 else padding_idx)


_local("conv2d", _conv2d, ("Input", "Filter"), ("Output",),
       {"data_format": "NCHW", "dilations": [1, 1], "groups": 1, "padding_algorithm": "EXPLICIT",
        "paddings": [0, 0], "strides": [1, 1]})
_local("lookup_table_v2", _lookup, ("W", "Ids"), ("Out",),
       {"is_distributed": False, "is_sparse": False, "padding_idx": -1})
_local("sum", lambda X: torch.stack(list(X)).sum(0) if len(X) > 1 else X[0].clone(), ("X",),
       ("Out",), {})


def _fill_batch_like(Input, dtype=5, shape=(), value=0.0, input_dim_idx=0, output_dim_idx=0,
                     force_cpu=False):
    # Paddle's create_tensor_with_batchsize: the constant takes its batch size from Input at run time
    shape = list(shape)
    shape[output_dim_idx] = Input.shape[input_dim_idx]
    return torch.full(tuple(shape), value, dtype=dtype_from_code(dtype), device=Input.device)


_local("fill_constant_batch_size_like", _fill_batch_like, ("Input",), ("Out",),
       {"dtype": 5, "force_cpu": False, "input_dim_idx": 0, "output_dim_idx": 0, "shape": [],
        "value": 0.0})
