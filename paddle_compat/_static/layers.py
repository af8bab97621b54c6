"""Static-graph builders: `data`, `create_parameter`, `create_global_var` and `paddle.static.nn`'s
`fc`, `batch_norm`, `embedding` (conv2d and the other layers: _static/nn/common.py).

A parameter is a `Parameter` in the main program's global block plus an initializer op writing it in
the startup program (same name, so one scope serves both). The initializer op prints as Paddle's
(`uniform_random`, `gaussian_random`, `fill_constant`) while its kernel calls the nn initializer's own
generator, so seeded startup values follow `paddle.seed` exactly as dynamic-mode parameters do.
"""
import math

import numpy as np
import torch

from .. import _unique_name
from .._dtype import get_default_dtype, to_dtype
from .._ops.registry import OPS, OpDef, apply_op
from .builder import (program_name, layer_name, append_op, default_main_program, default_startup_program, helper_scope,
                      static_only)
from .._mode import STATE
from .ir import VARTYPE_CODES, Variable
from .pir_legacy_only import reject_in_pir, shadow_data_var, weight_norm_failure
from .local_ops import _local, opdef
from .._nn import initializer as I
from .._place import current_torch_device
from .._param_attr import ParamAttr, WeightNormParamAttr

__all__ = ["data", "create_parameter", "create_global_var", "fc", "batch_norm",
           "embedding", "make_static_parameter", "init_op_for"]


def data(name, shape, dtype=None, lod_level=0):
    """paddle.static.data(name, shape, dtype=None, lod_level=0): a feed slot (None/-1 dims dynamic).

    Its `stop_gradient` is True; set it to False to ask for `x@GRAD`.
    """
    static_only("data")
    if not isinstance(name, str):
        raise TypeError(f"The type of 'name' in data must be <class 'str'>, but received "
                        f"{type(name)}.")
    shape = [-1 if d is None else int(d) for d in shape]
    dt = to_dtype(dtype if dtype is not None else get_default_dtype())
    block = default_main_program().global_block()
    prev = block.vars.get(name)
    if STATE.pir and prev is not None and prev.is_data:
        # PIR: a second data of one name is a second value (no shape check there)
        shadow_data_var(block, name)
    elif prev is not None and list(prev.shape) != shape:
        raise ValueError(f"Variable '{name}' has been created before. The previous shape is "
                         f"{tuple(prev.shape)}, the new shape is {tuple(shape)}. They are not "
                         f"matched.")
    var = block.create_var(name=name, shape=shape, dtype=dt, stop_gradient=True,
                           lod_level=lod_level, is_data=True, need_check_feed=True)
    return var


def _initializer_op(init, shape, dt):
    """(type, attrs) Paddle records for an nn initializer object, for printing fidelity."""
    code = VARTYPE_CODES[dt.short]
    cls = type(init).__name__
    if isinstance(init, I.Constant):
        return "fill_constant", {"dtype": code, "force_cpu": False, "place_type": -1,
                                 "shape": list(shape), "str_value": str(float(init._value)),
                                 "value": float(init._value)}
    if cls in ("Uniform", "XavierUniform"):
        if cls == "Uniform":
            lo, hi = init._low, init._high
        else:
            hi = init._scale(shape)
            lo = -hi
        return "uniform_random", {"diag_num": 0, "diag_step": 0, "diag_val": 1.0, "dtype": code,
                                  "max": float(hi), "min": float(lo),
                                  "seed": getattr(init, "_seed", 0), "shape": list(shape)}
    if cls in ("Normal", "XavierNormal"):
        if cls == "Normal":
            mean, std = init._mean, init._std_dev
        else:
            mean, std = 0.0, init._scale(shape)
        return "gaussian_random", {"dtype": code, "mean": float(mean),
                                   "seed": getattr(init, "_seed", 0), "shape": list(shape),
                                   "std": float(std)}
    if isinstance(init, I.NumpyArrayInitializer):
        kind = "bool" if dt.short == "bool" else (
            "int64" if dt.short.startswith(("int", "uint")) else "float64")
        vals = np.asarray(init._value).reshape(-1).tolist()
        return "assign_value", {"dtype": code, "shape": list(shape),
                                "values": [_Scalar(kind, v) for v in vals]}
    return "init_with", {"dtype": code, "shape": list(shape), "initializer": cls}


class _Scalar:
    """One element of a legacy `assign_value` op's `values` attribute: Paddle prints a
    phi::Scalar as `Scalar(float64(0.1))` (the value in C++ stream form: 6 significant digits)."""

    __slots__ = ("kind", "value")

    def __init__(self, kind, value):
        self.kind, self.value = kind, value

    def __str__(self):
        if self.kind == "bool":
            text = "true" if self.value else "false"
        elif self.kind == "int64":
            text = str(int(self.value))
        else:
            text = "%g" % float(self.value)
        return f"Scalar({self.kind}({text}))"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, _Scalar) and (self.kind, self.value) == (other.kind,
                                                                          other.value)


def init_op_for(var, init, startup=None):
    """Record in the startup program the op that initialises persistable `var` with `init`."""
    startup = startup or default_startup_program()
    sblock = startup.global_block()
    if var.name not in sblock.vars:
        if var.is_parameter:
            sblock.create_parameter(var.name, var.shape, var.dtype, trainable=var.trainable)
        else:
            sblock.create_var(name=var.name, shape=var.shape, dtype=var.dtype, persistable=True,
                              stop_gradient=var.stop_gradient)
    type_, attrs = _initializer_op(init, var.shape, var.dtype)
    shape, tdtype = list(var.shape), var.dtype.torch

    def kernel(*args, **kwargs):
        with torch.no_grad():
            return init._generate(shape, tdtype, current_torch_device())

    od = OpDef(type_, kernel, (), ("Out",), {}, "initializer", None)
    ins = {"ShapeTensor": [], "ShapeTensorList": []} if type_ == "uniform_random" else {}
    return append_op(sblock, od, ins, {"Out": [var.name]}, attrs, role=0)


def make_static_parameter(shape, dtype=None, name=None, attr=None, is_bias=False,
                          default_initializer=None, helper_name="create_parameter"):
    """Create a static Parameter (+ its startup initializer). Used by create_parameter, the
    static.nn layers and paddle.nn Layers built inside program_guard. None when attr is False."""
    import copy
    attr = ParamAttr._to_attr(copy.deepcopy(attr))
    if attr is False:
        return None
    if isinstance(attr, WeightNormParamAttr):
        reject_in_pir("WeightNormParamAttr", weight_norm_failure(       # as Paddle 3.3.1
            attr.initializer or default_initializer))
        return _weight_norm_parameter(shape, dtype, name, attr, is_bias, default_initializer,
                                      helper_name)
    if name is not None and attr.name is None:
        attr.name = name
    dt = to_dtype(dtype if dtype is not None else get_default_dtype())
    glob = I.global_initializer(is_bias) if hasattr(I, "global_initializer") else None
    if glob is not None:
        default_initializer = glob
    if attr.name is None:
        attr.name = layer_name(f"{helper_name}.{'b' if is_bias else 'w'}")
    init = attr.initializer or default_initializer or (I.Constant(0.0) if is_bias
                                                       else I.XavierUniform())
    block = default_main_program().global_block()
    param = block.create_parameter(attr.name, [int(s) for s in shape], dt,
                                   trainable=attr.trainable,
                                   optimize_attr={"learning_rate": attr.learning_rate},
                                   regularizer=attr.regularizer, need_clip=attr.need_clip,
                                   do_model_average=attr.do_model_average)
    param.initializer = init
    init_op_for(param, init)
    return param


def _norm_except(v, dim):
    if dim is None:
        return v.pow(2).sum().sqrt().reshape([1] * v.dim())
    dims = tuple(i for i in range(v.dim()) if i != dim)
    return v.pow(2).sum(dim=dims, keepdim=True).sqrt()


def _weight_norm_g(X, dim=None):
    return _norm_except(X, dim)


def _weight_norm(G, V, dim=None):
    return V * (G / _norm_except(V, dim))


_WN_G = _local("weight_norm_g", _weight_norm_g, ("X",), ("Out",), {"dim": None})
_WN = _local("weight_norm", _weight_norm, ("G", "V"), ("Out",), {"dim": None})


def _weight_norm_parameter(shape, dtype, name, attr, is_bias, default_initializer, helper_name):
    """A WeightNormParamAttr parameter: `<name>_g` and `<name>_v` parameters, g = ||v|| set by
    the startup program, and the weight g * v / ||v|| computed in the main program."""
    import copy
    shape = [int(s) for s in shape]
    dim = attr.dim
    if dim is not None and dim < 0:
        dim += len(shape)
    base = attr.name or name or program_name(f"{helper_name}.{'b' if is_bias else 'w'}")
    v_attr = copy.copy(attr)
    v_attr.__class__ = ParamAttr
    v_attr.name = base + "_v"
    v = make_static_parameter(shape, dtype, attr=v_attr, is_bias=is_bias,
                              default_initializer=default_initializer, helper_name=helper_name)
    g_shape = [1] * len(shape) if dim is None else [s if i == dim else 1
                                                     for i, s in enumerate(shape)]
    dt = to_dtype(dtype if dtype is not None else get_default_dtype())
    block = default_main_program().global_block()
    g = block.create_parameter(base + "_g", g_shape, dt, trainable=attr.trainable,
                               optimize_attr={"learning_rate": attr.learning_rate},
                               regularizer=attr.regularizer, need_clip=attr.need_clip)
    sblock = default_startup_program().global_block()
    if g.name not in sblock.vars:
        sblock.create_parameter(g.name, g_shape, dt, trainable=attr.trainable)
    append_op(sblock, _WN_G, {"X": [v.name]}, {"Out": [g.name]}, {"dim": dim}, role=0)
    w = block.create_var(name=program_name(f"{helper_name}.weight_norm"), shape=shape, dtype=dt,
                         stop_gradient=False)
    append_op(block, _WN, {"G": [g.name], "V": [v.name]}, {"Out": [w.name]}, {"dim": dim})
    WeightNormParamAttr.params_with_weight_norm.append(g)
    return w


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """paddle.static.create_parameter: a Parameter named `create_parameter_<n>.w_0` by default."""
    static_only("create_parameter")
    with helper_scope("create_parameter") as helper:
        return make_static_parameter(shape, dtype, name, attr, is_bias, default_initializer,
                                     helper_name=helper)


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    """paddle.static.create_global_var: a variable filled with `value` by the startup program."""
    static_only("create_global_var")
    reject_in_pir("create_global_var")
    block = default_main_program().global_block()
    if name is None:
        name = _unique_name.generate("global_var.tmp")
    var = block.create_var(name=name, shape=[int(s) for s in shape], dtype=dtype,
                           persistable=persistable, stop_gradient=True)
    init_op_for(var, I.Constant(float(value)))
    return var


def _activate(x, act):
    if act is None:
        return x
    return apply_op(opdef(act), (x,), {})


def fc(x, size, num_flatten_dims=1, weight_attr=None, bias_attr=None, activation=None, name=None):
    """paddle.static.nn.fc: `activation(x W + b)` over the last dims after `num_flatten_dims`.

    Records Paddle's `mul` (+ `sum` for several inputs), `elementwise_add` and activation ops.
    """
    static_only("fc")
    inputs = list(x) if isinstance(x, (list, tuple)) else [x]
    # name= names the parameters (`fc.w_0`), as Paddle's LayerHelper does
    with helper_scope(name or "fc", exact=name is not None) as helper:
        outs = []
        wattrs = weight_attr if isinstance(weight_attr, (list, tuple)) else [weight_attr] * len(inputs)
        for inp, wattr in zip(inputs, wattrs):
            if not isinstance(inp, Variable):
                raise TypeError(f"The type of 'x' in fc must be <class 'paddle.static.Variable'>, "
                                f"but received {type(inp)}.")
            k = math.prod(inp.shape[num_flatten_dims:])
            w = make_static_parameter([k, size], inp.dtype, attr=wattr, helper_name=helper)
            outs.append(apply_op(opdef("mul"), (inp, w),
                                 {"x_num_col_dims": num_flatten_dims, "y_num_col_dims": 1}))
        pre = outs[0] if len(outs) == 1 else apply_op(opdef("sum"), (outs,), {})
        b = make_static_parameter([size], inputs[0].dtype, attr=bias_attr, is_bias=True,
                                  helper_name=helper)
        if b is not None:
            pre = apply_op(opdef("elementwise_add"), (pre, b), {"axis": num_flatten_dims})
        return _activate(pre, activation)


def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,
               bias_attr=None, data_layout="NCHW", in_place=False, name=None,
               moving_mean_name=None, moving_variance_name=None,
               do_model_average_for_mean_and_var=True, use_global_stats=False):
    """paddle.static.nn.batch_norm: Paddle's legacy `batch_norm` op. The running statistics are
    non-trainable parameters (`batch_norm_<n>.w_1` mean = 0, `.w_2` variance = 1) that MeanOut /
    VarianceOut update in place; SavedMean / SavedVariance (inverse std) and ReserveSpace are
    recorded as Paddle records them. A Variable `momentum` is the MomentumTensor input.

    Differences from Paddle: `in_place=True` writes Y into a new variable (the values are the
    same)."""
    static_only("batch_norm")
    from .layer_helper import append_layer_op
    from .nn.ops import LAYER_OPS
    if not isinstance(input, Variable) or input.dtype.short not in (
            "bfloat16", "float16", "float32", "float64"):
        raise TypeError("The data type of 'input' in batch_norm must be ['uint16', 'float16', "
                        "'float32', 'float64'], but received "
                        f"{getattr(getattr(input, 'dtype', None), 'short', type(input))}. ")
    if len(input.shape) < 2 or len(input.shape) > 5:
        raise ValueError(f"expected 2D or 3D or 4D or 5D input (got {len(input.shape)}D input, "
                         f"input shape is: {tuple(input.shape)})")
    if data_layout == "NCHW":
        c = input.shape[1]
    elif data_layout == "NHWC":
        c = input.shape[-1]
    else:
        raise ValueError("unsupported data layout:" + data_layout)
    dtype = "float32" if input.dtype.short in ("float16", "bfloat16") else input.dtype
    with helper_scope("batch_norm") as helper:
        scale = make_static_parameter([c], dtype, attr=param_attr,
                                      default_initializer=I.Constant(1.0), helper_name=helper)
        bias = make_static_parameter([c], dtype, attr=bias_attr, is_bias=True,
                                     helper_name=helper)
        stats = []
        for stat_name, value in ((moving_mean_name, 0.0), (moving_variance_name, 1.0)):
            v = make_static_parameter(
                [c], dtype, attr=ParamAttr(name=stat_name, initializer=I.Constant(value),
                                           trainable=False,
                                           do_model_average=do_model_average_for_mean_and_var),
                helper_name=helper)
            v.stop_gradient = True
            stats.append(v)
        mean, var = stats
        reject_in_pir("batch_norm", input)      # Paddle fails here, its parameters created
        inputs = {"X": input, "Scale": scale, "Bias": bias, "Mean": mean, "Variance": var,
                  "MomentumTensor": momentum if isinstance(momentum, Variable) else None}
        attrs = {"epsilon": epsilon, "is_test": is_test, "data_layout": data_layout,
                 "use_global_stats": use_global_stats}
        if not isinstance(momentum, Variable):
            attrs["momentum"] = momentum
        outs = append_layer_op(LAYER_OPS["batch_norm"], inputs, attrs, helper,
                               order=("SavedMean", "SavedVariance", "ReserveSpace", "Y"),
                               skip=("ReserveSpace",) if is_test else (),
                               stop=("SavedMean", "SavedVariance", "ReserveSpace"),
                               bind={"MeanOut": mean, "VarianceOut": var},
                               # In test mode Paddle declares the saved statistics 0-D.
                               shapes={"ReserveSpace": (-1,), "SavedMean": () if is_test else None,
                                       "SavedVariance": () if is_test else None})
        return _activate(outs["Y"], act)


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None,
              param_attr=None, dtype="float32"):
    """paddle.static.nn.embedding: Paddle's `lookup_table_v2` over a `[size[0], size[1]]` table
    (`embedding_<n>.w_0`); padding ids give zero rows, as in Paddle."""
    static_only("embedding")
    from .layer_helper import append_layer_op
    from .nn.ops import LAYER_OPS
    with helper_scope("embedding") as helper:
        w = make_static_parameter(list(size), dtype, attr=param_attr, helper_name=helper)
        reject_in_pir("embedding", input)       # Paddle fails here, its parameter created
        pad = -1 if padding_idx is None else (padding_idx if padding_idx >= 0
                                              else size[0] + padding_idx)
        return append_layer_op(LAYER_OPS["lookup_table_v2"], {"Ids": input, "W": w},
                               {"padding_idx": pad}, helper)["Out"]


def record_linear(x, weight, bias=None, name=None):
    """paddle.nn.functional.linear in static mode, recorded as Paddle's legacy graph records it:
    `matmul_v2` (trans_x = trans_y = False), then `elementwise_add` (axis = -1) when there is a
    bias; the outputs are `<name>.tmp_0` / `.tmp_1`, `name` defaulting to the program's next
    `linear_<n>` (Paddle's LayerHelper('linear'))."""
    # (PIR's linear builds its ops without a LayerHelper: no `linear_<n>` name is taken there)
    with helper_scope(name if name is not None else "linear",
                      exact=name is not None or STATE.pir):
        out = apply_op(OPS["matmul_v2"], (x, weight), {"trans_x": False, "trans_y": False})
        if bias is not None:
            out = apply_op(OPS["elementwise_add"], (out, bias), {"axis": -1})
    return out

