"""Parameter creation shared by `Layer.create_parameter` and `paddle.create_parameter`.

Follows Paddle's LayerHelperBase.create_parameter: ParamAttr conversion (`False` -> no parameter),
global initializers, the `<helper>.w_<n>` / `<helper>.b_<n>` names from the shared unique-name generator,
the default-initializer dtype check, and the dygraph rule that a parameter name is used only once
(per unique-name generator, so `unique_name.guard()` starts a fresh set, as in Paddle).
"""
import copy

import torch

from .. import _unique_name
from .._dtype import to_dtype, get_default_dtype
from .._mode import STATE
from .._place import to_place, current_torch_device
from .._param_attr import ParamAttr
from . import initializer as _init
from . import lazy_init as _lazy_init
from .parameter import make_parameter
from .._static.layers import make_static_parameter

__all__ = ["create_parameter_impl", "create_parameter"]

_DEFAULT_INIT_DTYPES = ("float16", "float32", "float64", "bfloat16", "int8")


def _used_names():
    gen = _unique_name._generator[0]
    names = getattr(gen, "_paddle_param_names", None)
    if names is None:
        names = gen._paddle_param_names = set()
    return names


def create_parameter_impl(helper_name, shape, attr=None, dtype=None, is_bias=False,
                          default_initializer=None, device=None, stop_gradient=False):
    """Create and initialise one Parameter; returns None when `attr` is False.

    In static mode the static graph's `make_static_parameter` creates a Program Parameter plus its
    startup initializer op instead (Paddle's behaviour for Layers built inside program_guard).
    """
    if STATE.static:
        return make_static_parameter(shape, dtype if dtype is not None else get_default_dtype(),
                                     None, attr, is_bias, default_initializer,
                                     helper_name=helper_name)
    attr = ParamAttr._to_attr(copy.deepcopy(attr))
    if not attr:
        return None
    shape = [int(s) for s in shape]
    for i, size in enumerate(shape):
        assert size >= 0, ("Expected every dim's size to be larger than or equal to 0, "
                           f"but the size of the {i}-th dim is {size}")
    dt = to_dtype(dtype if dtype is not None else get_default_dtype())
    glob = _init.global_initializer(is_bias)
    if glob is not None:
        default_initializer = glob
    if attr.name is None:
        attr.name = _unique_name.generate(f"{helper_name}.{'b' if is_bias else 'w'}")
    if default_initializer is None and attr.initializer is None:
        if dt.short not in _DEFAULT_INIT_DTYPES:
            raise TypeError("Can not create parameter with default initializer when dtype is not "
                            "['float16', 'float32', 'float64', 'bfloat16', 'float'] type. Set "
                            "default_initializer to fit the parameter dtype!")
        if is_bias:
            attr._set_default_bias_initializer()
        else:
            attr._set_default_param_initializer()
    else:
        attr._set_default_initializer(default_initializer)
    used = _used_names()
    if attr.name in used:
        raise ValueError(f"parameter name [{attr.name}] have be been used. In dygraph mode, the name "
                         "of parameter can't be same.Please check the parameter attr value passed "
                         "to self.create_parameter or constructor of dygraph Layers")
    used.add(attr.name)
    tdev = to_place(device).device if device is not None else current_torch_device()
    raw = torch.empty(shape, dtype=dt.torch, device=tdev)
    param = make_parameter(raw, attr.name, trainable=attr.trainable,
                           learning_rate=attr.learning_rate, regularizer=attr.regularizer,
                           need_clip=attr.need_clip, do_model_average=attr.do_model_average)
    param.initializer = attr.initializer
    if _lazy_init.enabled():
        # paddle.LazyGuard: the initializer (and its random draws) waits for param.initialize()
        raw.zero_()
        param.lazy_pending = True
    else:
        attr.initializer(param)
    if stop_gradient:
        param.stop_gradient = True
    return param


def create_parameter(shape, dtype, name=None, attr=None, is_bias=False, default_initializer=None):
    """paddle.create_parameter(shape, dtype, name=None, attr=None, is_bias=False,
    default_initializer=None): a standalone Parameter named `create_parameter_<n>.w_0` by default.

    Differences from Paddle: none known in dynamic mode.
    """
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in create_parameter must be (list, tuple), but "
                        f"received {type(shape)}.")
    helper_name = _unique_name.generate("create_parameter")
    if attr is None:
        attr = ParamAttr(name=name)
    return create_parameter_impl(helper_name, shape, attr, dtype, is_bias, default_initializer)
