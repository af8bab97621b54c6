"""Static-graph builders: `data`, `create_parameter`, `create_global_var` and `paddle.static.nn`'s
`fc`, `conv2d`, `batch_norm`, `embedding`.

A parameter is a `Parameter` in the main program's global block plus an initializer op writing it in
the startup program (same name, so one scope serves both). The initializer op prints as Paddle's
(`uniform_random`, `gaussian_random`, `fill_constant`) while its kernel calls the nn initializer's own
generator, so seeded startup values follow `paddle.seed` exactly as dynamic-mode parameters do.
"""
import math

import torch

from .. import _unique_name
from .._dtype import get_default_dtype, to_dtype
from .._ops.registry import OPS, OpDef, apply_op
from .builder import (program_name, layer_name, append_op, default_main_program, default_startup_program, helper_scope,
                      static_only)
from .._mode import STATE
from .ir import VARTYPE_CODES, Variable
from .pir_legacy_only import reject_in_pir, shadow_data_var
from .local_ops import opdef
from .._nn import initializer as I
from .._place import current_torch_device
from .._param_attr import ParamAttr

__all__ = ["data", "create_parameter", "create_global_var", "fc", "conv2d", "batch_norm",
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
    return "init_with", {"dtype": code, "shape": list(shape), "initializer": cls}


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
                                   regularizer=attr.regularizer, need_clip=attr.need_clip)
    param.initializer = init
    init_op_for(param, init)
    return param


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


def _pair(v):
    return [v, v] if isinstance(v, int) else list(v)


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCHW"):
    """paddle.static.nn.conv2d: Paddle's `conv2d` op (+ bias `elementwise_add`, activation).

    Differences from Paddle: string paddings ('SAME'/'VALID') are passed to the registry's conv2d
    kernel as `padding_algorithm`; the kernel must support them.
    """
    static_only("conv2d")
    reject_in_pir("conv2d")
    groups = groups or 1
    channels = input.shape[1 if data_format == "NCHW" else 3]
    fs = _pair(filter_size)
    algo = "EXPLICIT"
    if isinstance(padding, str):
        algo, padding = padding.upper(), 0
    with helper_scope("conv2d") as helper:
        std = (2.0 / (fs[0] * fs[1] * channels)) ** 0.5
        w = make_static_parameter([num_filters, channels // groups] + fs, input.dtype,
                                  attr=param_attr, default_initializer=I.Normal(0.0, std),
                                  helper_name=helper)
        out = apply_op(opdef("conv2d"), (input, w),
                       {"strides": _pair(stride), "paddings": _pair(padding),
                        "dilations": _pair(dilation), "groups": groups,
                        "data_format": data_format, "padding_algorithm": algo})
        b = make_static_parameter([num_filters], input.dtype, attr=bias_attr, is_bias=True,
                                  helper_name=helper)
        if b is not None:
            out = apply_op(opdef("elementwise_add"), (out, b),
                           {"axis": 1 if data_format == "NCHW" else 3})
        return _activate(out, act)


def batch_norm(input, act=None, is_test=False, momentum=0.9, epsilon=1e-05, param_attr=None,
               bias_attr=None, data_layout="NCHW", in_place=False, name=None,
               moving_mean_name=None, moving_variance_name=None,
               do_model_average_for_mean_and_var=True, use_global_stats=False):
    """paddle.static.nn.batch_norm: Paddle's `batch_norm` op with persistable running statistics
    (MeanOut/VarianceOut write back to the Mean/Variance variables, as in Paddle)."""
    static_only("batch_norm")
    if "batch_norm" not in OPS:
        raise NotImplementedError("paddle.static.nn.batch_norm needs the 'batch_norm' op in the "
                                  "registry (paddle.nn.functional.batch_norm); it is not available")
    op = OPS["batch_norm"]
    c = input.shape[1 if data_layout == "NCHW" else -1]
    with helper_scope("batch_norm") as helper:
        scale = make_static_parameter([c], input.dtype, attr=param_attr,
                                      default_initializer=I.Constant(1.0), helper_name=helper)
        bias = make_static_parameter([c], input.dtype, attr=bias_attr, is_bias=True,
                                     helper_name=helper)
        block = default_main_program().global_block()
        mean = block.create_var(name=moving_mean_name or program_name(helper + ".w"),
                                shape=[c], dtype=input.dtype, persistable=True,
                                stop_gradient=True)
        var = block.create_var(name=moving_variance_name or program_name(helper + ".w"),
                               shape=[c], dtype=input.dtype, persistable=True,
                               stop_gradient=True)
        init_op_for(mean, I.Constant(0.0))
        init_op_for(var, I.Constant(1.0))
        reject_in_pir("batch_norm", input)      # Paddle fails here, its parameters created
        args = {"X": input, "Scale": scale, "Bias": bias, "Mean": mean, "Variance": var}
        outs = apply_op(op, tuple(args.get(s) for s in op.inputs),
                        {"momentum": momentum, "epsilon": epsilon, "is_test": is_test,
                         "data_layout": data_layout, "use_global_stats": use_global_stats})
        outs = outs if isinstance(outs, tuple) else (outs,)
        # Running statistics are updated in place in Paddle: bind MeanOut/VarianceOut to them.
        last = block.program.current_block().ops[-1]
        y = None
        for slot, v in zip(op.outputs, outs):
            if slot == "MeanOut":
                _rebind(block, last, slot, v, mean)
            elif slot == "VarianceOut":
                _rebind(block, last, slot, v, var)
            elif slot in ("Y", "Out"):
                y = v
        return _activate(y if y is not None else outs[0], act)


def _rebind(block, op, slot, tmp, target):
    op.outputs[slot] = [target.name]
    block._remove_var(tmp.name)


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None,
              param_attr=None, dtype="float32"):
    """paddle.static.nn.embedding: Paddle's `lookup_table_v2` over a `[size[0], size[1]]` table."""
    static_only("embedding")
    with helper_scope("embedding") as helper:
        w = make_static_parameter(list(size), dtype, attr=param_attr, helper_name=helper)
        reject_in_pir("embedding", input)       # Paddle fails here, its parameter created
        pad = -1 if padding_idx is None else (padding_idx if padding_idx >= 0
                                              else size[0] + padding_idx)
        return apply_op(opdef("lookup_table_v2"), (w, input),
                        {"padding_idx": pad, "is_sparse": is_sparse,
                         "is_distributed": is_distributed})


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

