"""paddle.nn.Layer (Paddle: nn/layer/layers.py): the base class of every layer (Paddle's dygraph
Layer, on torch tensors).

A Layer keeps Paddle's three ordered dicts (`_parameters`, `_buffers`, `_sub_layers`); `__setattr__`
files Parameters, Layers and Tensors into them, `__getattr__` reads them back, and every traversal
(`named_parameters`, `state_dict`, `__repr__`) follows Paddle's order and key names. Parameters are
`paddle_compat._nn.parameter.Parameter` Tensors; the layer never wraps a torch.nn.Module.
"""
import collections
import warnings

import numpy as np
import torch

from ... import _unique_name
from ..._dtype import to_dtype
from ..._place import to_place
from ..._tensor import Tensor
from ..create_param import create_parameter_impl
from ..layer_helpers import HookRemoveHelper, addindent, camel_to_snake
from ..._static.ir import Parameter as StaticParameter
from ..._static.name_struct import name_struct
from ..._mode import STATE
from ..parameter import Parameter
from ..._tensor import lazy_zero_grad, wrap

__all__ = ["Layer", "HookRemoveHelper"]



def _is_parameter(value):
    """An eager Parameter, or a static-graph Parameter (Layers built inside program_guard)."""
    return isinstance(value, (Parameter, StaticParameter))


_DIST_TO_SINGLE_SCOPE = {"row_parallel_linear": "linear", "column_parallel_linear": "linear",
                         "vocab_parallel_embedding": "embedding"}


class Layer:
    """paddle.nn.Layer(name_scope=None, dtype='float32').

    Differences from Paddle: `to_static_state_dict`, sharded/distributed state and dy2static hooks are
    not implemented; `to(device)` moves parameters by replacing their torch storage in place.
    """

    def __init__(self, name_scope=None, dtype="float32"):
        self.training = True
        if name_scope is None:
            name_scope = camel_to_snake(self.__class__.__name__)
            # Paddle names fleet's parallel layers (and so their parameters) as the single-card
            # layer they split: ColumnParallelLinear -> linear_<n>.w_0 (_scope_dist2single)
            name_scope = _DIST_TO_SINGLE_SCOPE.get(name_scope, name_scope)
        self._full_name = _unique_name.generate(name_scope)
        self._built = False
        self._dtype = dtype
        self._parameters = collections.OrderedDict()
        self._buffers = collections.OrderedDict()
        self._non_persistable_buffer_names_set = set()
        self._sub_layers = collections.OrderedDict()
        self._loaddict_holder = collections.OrderedDict()
        self._forward_pre_hooks = collections.OrderedDict()
        self._forward_post_hooks = collections.OrderedDict()
        self._forward_pre_hooks_with_kwargs_flag = collections.OrderedDict()
        self._forward_post_hooks_with_kwargs_flag = collections.OrderedDict()
        self._state_dict_hooks = collections.OrderedDict()

    # ---- modes and identity ------------------------------------------------------------------
    def train(self, mode=True):
        """Set this layer and all sublayers to training mode (Dropout, BatchNorm read it)."""
        self.training = mode
        for layer in self.sublayers():
            layer.training = mode
        return self

    def eval(self):
        """Set this layer and all sublayers to evaluation mode."""
        self.training = False
        for layer in self.sublayers():
            layer.training = False
        return self

    def apply(self, fn):
        """Call fn on every sublayer (children first) and then on self; returns self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def full_name(self):
        """The unique name of this layer, e.g. 'linear_0'."""
        return self._full_name

    def _get_name(self):
        return self.__class__.__name__

    # ---- hooks and call ------------------------------------------------------------------------
    def register_forward_post_hook(self, hook, *, prepend=False, with_kwargs=False,
                                   always_call=False):
        """hook(layer, inputs, outputs) -> None or new outputs; returns a HookRemoveHelper."""
        helper = HookRemoveHelper(self._forward_post_hooks, self._forward_post_hooks_with_kwargs_flag)
        self._forward_post_hooks[helper._hook_id] = hook
        if with_kwargs:
            self._forward_post_hooks_with_kwargs_flag[helper._hook_id] = True
        if prepend:
            self._forward_post_hooks.move_to_end(helper._hook_id, last=False)
        return helper

    register_forward_hook = register_forward_post_hook

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """hook(layer, inputs) -> None or new inputs; returns a HookRemoveHelper."""
        helper = HookRemoveHelper(self._forward_pre_hooks, self._forward_pre_hooks_with_kwargs_flag)
        self._forward_pre_hooks[helper._hook_id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs_flag[helper._hook_id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(helper._hook_id, last=False)
        return helper

    def __call__(self, *inputs, **kwargs):
        if not self._forward_pre_hooks and not self._forward_post_hooks and \
                (self._built or type(self)._build_once is Layer._build_once):
            if STATE.static:
                return self._static_forward(inputs, kwargs)
            return self.forward(*inputs, **kwargs)
        for hook_id, hook in self._forward_pre_hooks.items():
            if hook_id in self._forward_pre_hooks_with_kwargs_flag:
                res = hook(self, inputs, kwargs)
                if res is not None:
                    if not (isinstance(res, tuple) and len(res) == 2):
                        raise RuntimeError("forward pre-hook must return None or a tuple of "
                                           f"(new_args, new_kwargs), but got {res}.")
                    inputs, kwargs = res
            else:
                res = hook(self, inputs)
                if res is not None:
                    inputs = res if isinstance(res, tuple) else (res,)
        if not self._built:
            self._build_once(*inputs, **kwargs)
            self._built = True
        outputs = (self._static_forward(inputs, kwargs) if STATE.static
                   else self.forward(*inputs, **kwargs))
        for hook_id, hook in self._forward_post_hooks.items():
            if hook_id in self._forward_post_hooks_with_kwargs_flag:
                res = hook(self, inputs, kwargs, outputs)
            else:
                res = hook(self, inputs, outputs)
            if res is not None:
                outputs = res
        return outputs

    def _static_forward(self, inputs, kwargs):
        # Paddle runs forward under name_struct(ClassName) in static mode: PIR's struct_name.
        with name_struct(type(self).__name__):
            return self.forward(*inputs, **kwargs)

    def _build_once(self, *args, **kwargs):
        pass

    def forward(self, *inputs, **kwargs):
        raise NotImplementedError

    def backward(self, *inputs):
        raise ValueError("Layer shouldn't implement backward")

    # ---- parameters, buffers, sublayers ----------------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None, device=None):
        """A Parameter named '<full_name>.w_<n>' ('.b_<n>' for a bias); `attr=False` gives None.

        Default initialisers: XavierUniform for weights, Constant(0) for biases (Paddle's rule).
        """
        if isinstance(attr, str) and attr == "":
            attr = None
        if dtype is None:
            dtype = self._dtype
        return create_parameter_impl(self._full_name, shape, attr, dtype, is_bias,
                                     default_initializer, device)

    def create_tensor(self, name=None, persistable=None, dtype=None):
        """An empty Tensor attribute holder (Paddle's create_tensor); its name is generated."""
        dt = to_dtype(dtype if dtype is not None else self._dtype)
        t = wrap(torch.empty([0], dtype=dt.torch))
        t.name = name if name is not None else _unique_name.generate(f"{self._full_name}.tmp")
        t.persistable = bool(persistable)
        return t

    create_variable = create_tensor

    def add_parameter(self, name, parameter):
        """Register `parameter` (a Parameter or None) under `name`."""
        if "_parameters" not in self.__dict__:
            raise RuntimeError("super().__init__() should be called firstly.")
        if not isinstance(name, str):
            raise TypeError(f"The name of parameter should be a string, but received "
                            f"{type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of parameter can not contain `.`, because when you access the "
                           "newly added parameter in the form of `self.**.**`, it will cause "
                           "AttributeError.")
        if name == "":
            raise KeyError("The name of parameter can not be empty.")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"The parameter '{name}' already exists.")
        if parameter is not None and not _is_parameter(parameter):
            raise TypeError(f"The parameter to be added should be a Parameter, but received "
                            f"{type(parameter).__name__}.")
        self._parameters[name] = parameter
        return parameter

    register_parameter = add_parameter

    def add_sublayer(self, name, sublayer):
        """Register `sublayer` (a Layer or None) under `name`; returns it."""
        assert isinstance(sublayer, Layer) or sublayer is None, (
            f"add_sublayer expects a paddle.nn.Layer or None, but received {type(sublayer).__name__}")
        self._sub_layers[name] = sublayer
        return sublayer

    def add_module(self, name, module):
        self.add_sublayer(name, module)

    register_module = add_module

    def register_buffer(self, name, tensor, persistable=True):
        """Register a Tensor buffer; persistable buffers appear in state_dict."""
        if "_buffers" not in self.__dict__:
            raise ValueError("super().__init__() should be called first")
        if not isinstance(name, str):
            raise TypeError(f"The name of buffer should be a string, but received "
                            f"{type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of buffer can not contain `.`, because when you access the "
                           "newly added buffer in the form of `self.**.**`, it will cause "
                           "AttributeError.")
        if name == "":
            raise KeyError("The name of buffer can not be empty.")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists.")
        if tensor is not None and (not isinstance(tensor, Tensor) or isinstance(tensor, Parameter)):
            raise TypeError(f"The registered buffer should be a Paddle.Tensor, but received "
                            f"{type(tensor).__name__}.")
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    def parameters(self, include_sublayers=True):
        """All parameters (sublayers' too by default), each once, in registration order."""
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_parameters(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, parameter) pairs: 'weight', '0.bias', 'fc.weight', ..."""
        return self._named_members("_parameters", prefix, include_sublayers, remove_duplicate)

    def _named_members(self, table, prefix, include_sublayers, remove_duplicate):
        # One walk for parameters and buffers: structured names, each object once (by identity).
        seen = set()
        layers = self.named_sublayers(prefix=prefix, include_self=True,
                                      remove_duplicate=remove_duplicate) \
            if include_sublayers else zip([prefix], [self])
        for layer_prefix, layer in layers:
            for key, member in getattr(layer, table).items():
                if member is None or id(member) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(member))
                yield layer_prefix + ("." if layer_prefix else "") + key, member

    def children(self):
        """Direct sublayers."""
        for _, layer in self.named_children():
            yield layer

    def named_children(self):
        """(name, layer) for each direct sublayer, each once."""
        memo = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in memo:
                memo.add(id(layer))
                yield name, layer

    def sublayers(self, include_self=False):
        """All sublayers, depth first."""
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_sublayers(self, prefix="", include_self=False, layers_set=None,
                        remove_duplicate=True):
        """(structured name, layer) for all sublayers, depth first: '0', '1', 'block.fc', ..."""
        if layers_set is None:
            layers_set = set()
        if include_self and id(self) not in layers_set:
            if remove_duplicate:
                layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            layer_prefix = prefix + ("." if prefix else "") + key
            yield from layer.named_sublayers(prefix=layer_prefix, include_self=True,
                                             layers_set=layers_set,
                                             remove_duplicate=remove_duplicate)

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        return self.named_sublayers(prefix=prefix, include_self=True, layers_set=memo,
                                    remove_duplicate=remove_duplicate)

    def get_sublayer(self, target):
        """The sublayer at dotted path `target` ('' is self)."""
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Layer):
                raise AttributeError("`" + item + "` is not an nn.Layer")
        return mod

    def get_parameter(self, target):
        module_path, _, name = target.rpartition(".")
        mod = self.get_sublayer(module_path)
        if not hasattr(mod, name):
            raise AttributeError(mod._get_name() + " has no attribute `" + name + "`")
        param = getattr(mod, name)
        if not isinstance(param, Tensor):
            raise AttributeError("`" + name + "` is not an nn.Parameter")
        return param

    def buffers(self, include_sublayers=True):
        """All buffers (persistable or not)."""
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, buffer) pairs: '_mean', '0._variance', ..."""
        return self._named_members("_buffers", prefix, include_sublayers, remove_duplicate)

    def clear_gradients(self, set_to_zero=True):
        """Zero (or drop) the gradients of all trainable parameters."""
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    clear_grad = clear_gradients

    # ---- attribute protocol ------------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        for store in ("_parameters", "_sub_layers", "_buffers"):
            if store in d and name in d[store]:
                return d[store][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        def remove_from(*dicts):
            for dd in dicts:
                if name in dd:
                    del dd[name]

        d = self.__dict__
        params = d.get("_parameters")
        if _is_parameter(value):
            if params is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(d, self._buffers, self._sub_layers)
            params[name] = value
            return
        if params is not None and name in params:
            if value is not None:
                raise TypeError(f"assignment to parameter '{name}' should be of type Parameter or "
                                f"None, but got '{type(value).__name__}'")
            params[name] = None
            return
        layers = d.get("_sub_layers")
        if isinstance(value, Layer):
            if layers is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(d, self._parameters, self._buffers)
            layers[name] = value
            return
        if layers is not None and name in layers:
            if value is not None:
                raise TypeError(f"assignment to sublayer '{name}' should be of type Layer or None, "
                                f"but got '{type(value).__name__}'")
            layers[name] = None
            return
        buffers = d.get("_buffers")
        if isinstance(value, Tensor):
            if buffers is None:
                raise ValueError("super().__init__() should be called first")
            remove_from(d, self._parameters, self._sub_layers)
            if name not in buffers:
                # A plain Tensor attribute is a non-persistable buffer (Paddle's rule).
                self._non_persistable_buffer_names_set.add(name)
            buffers[name] = value
            return
        if buffers is not None and name in buffers:
            if value is not None:
                raise TypeError(f"assignment to buffers '{name}' should be of type "
                                f"core.DenseTensor or None, but got '{type(value).__name__}'")
            buffers[name] = None
            return
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._sub_layers:
            del self._sub_layers[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistable_buffer_names_set.discard(name)
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        return (dir(self.__class__) + list(self.__dict__) + list(self._parameters)
                + list(self._sub_layers) + list(self._buffers))

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra = self.extra_repr().split("\n")
        sub = ["(" + name + "): " + addindent(repr(layer), 2)
               for name, layer in self._sub_layers.items()]
        s = self.__class__.__name__ + "("
        if len(extra) > 1:
            s += "\n  " + "\n  ".join(extra) + "\n"
        elif len(extra) == 1:
            s += extra[0]
        if sub:
            s += "\n  " + "\n  ".join(sub) + "\n"
        return s + ")"

    # ---- state -------------------------------------------------------------------------------
    def register_state_dict_hook(self, hook):
        helper = HookRemoveHelper(self._state_dict_hooks)
        self._state_dict_hooks[helper._hook_id] = hook
        return helper

    def _state_dict_impl(self, destination=None, include_sublayers=True, structured_name_prefix="",
                         include_non_persistable_buffer=False, use_hook=True, keep_vars=True):
        if destination is None:
            destination = collections.OrderedDict()
        for name, data in self._parameters.items():
            if data is not None:
                destination[structured_name_prefix + name] = data if keep_vars else data.detach()
        for name, buf in self._buffers.items():
            if buf is not None and (include_non_persistable_buffer
                                    or name not in self._non_persistable_buffer_names_set):
                destination[structured_name_prefix + name] = buf if keep_vars else buf.detach()
        if include_sublayers:
            for layer_name, layer in self._sub_layers.items():
                if layer is not None:
                    layer._state_dict_impl(destination, include_sublayers,
                                           structured_name_prefix + layer_name + ".",
                                           include_non_persistable_buffer, use_hook, keep_vars)
        if use_hook:
            for hook in self._state_dict_hooks.values():
                res = hook(destination)
                if res is not None:
                    destination = res
        return destination

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        """OrderedDict of parameters and persistable buffers keyed by structured name
        ('weight', '0.bias', '_mean'); the values are the live tensors (keep_vars=True, Paddle's default)."""
        return self._state_dict_impl(destination, include_sublayers, structured_name_prefix,
                                     False, use_hook, keep_vars)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Copy values (Tensors or numpy arrays) from `state_dict` into the parameters and buffers.

        Returns (missing_keys, unexpected_keys). A missing key or a shape mismatch is skipped with
        Paddle's warning 'Skip loading for <key>. ...'.
        """
        missing, matched, unexpected, pairs = [], set(), [], []
        for key, param in self._state_dict_impl(use_hook=False).items():
            key_name = key if use_structured_name else param.name
            state = state_dict.get(key_name, None)
            if state is None:
                missing.append(key_name)
                warnings.warn(f"Skip loading for {key}. {key_name} is not found in the provided dict.")
                continue
            shape = list(state.shape)
            if shape != list(param.shape):
                missing.append(key_name)
                warnings.warn(f"Skip loading for {key}. {key_name} receives a shape {shape}, but the "
                              f"expected shape is {list(param.shape)}.")
                continue
            matched.add(key_name)
            pairs.append((param, state))
        unexpected = [k for k in state_dict if k not in matched]
        with torch.no_grad():
            for param, state in pairs:
                src = state._t if isinstance(state, Tensor) else torch.as_tensor(np.asarray(state))
                param._t.copy_(src.to(param._t.device))
        return missing, unexpected

    set_dict = set_state_dict
    load_dict = set_state_dict

    def load_state_dict(self, state_dict, strict=True, assign=False):
        missing, unexpected = self.set_state_dict(state_dict)
        msgs = []
        if strict:
            if unexpected:
                msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in missing)))
        if msgs:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                self.__class__.__name__, "\n\t".join(msgs)))
        return missing, unexpected

    # ---- device and dtype --------------------------------------------------------------------
    def to(self, device=None, dtype=None, blocking=None, non_blocking=None):
        """Cast/move all parameters and buffers in place (the Parameter objects stay the same)."""
        return self._to_impl(device, dtype, blocking, floating_only=False)

    def _to_impl(self, device=None, dtype=None, blocking=None, floating_only=False):
        if device is None and dtype is None:
            return self
        tdev = None
        if device is not None:
            if not isinstance(device, str) and not hasattr(device, "device"):
                raise ValueError("device should be type of str, paddle.CPUPlace, paddle.CUDAPlace, "
                                 "paddle.CUDAPinnedPlace, paddle.XPUPlace, or "
                                 f"paddle.base.libpaddle.Place, but got {type(device).__name__}")
            tdev = to_place(device).device
        tdt = to_dtype(dtype).torch if dtype is not None else None

        def move(t):
            raw = t._t
            if floating_only and not raw.is_floating_point():
                return
            with torch.no_grad():
                new = raw.to(device=tdev if tdev is not None else raw.device,
                             dtype=tdt if tdt is not None and (raw.is_floating_point()
                                                              or raw.is_complex()) else raw.dtype)
            if new is raw:
                return
            new = new.detach()
            if raw.requires_grad:
                new.requires_grad_(True)
            grad = lazy_zero_grad(raw)
            if grad is not None:
                new.grad = grad.to(device=new.device, dtype=new.dtype)
            t._t = new

        for layer in self.sublayers(include_self=True):
            for p in layer._parameters.values():
                if p is not None:
                    move(p)
            for b in layer._buffers.values():
                if b is not None:
                    move(b)
            if dtype is not None:
                layer._dtype = to_dtype(dtype).short
        return self

    def astype(self, dtype=None):
        """Cast all floating parameters and buffers to `dtype`."""
        return self._to_impl(dtype=dtype, floating_only=True)

    def float(self, excluded_layers=None):
        return self._to_impl(dtype="float32", floating_only=True)

    def double(self, excluded_layers=None):
        return self._to_impl(dtype="float64", floating_only=True)

    def float16(self, excluded_layers=None):
        return self._to_impl(dtype="float16", floating_only=True)

    def bfloat16(self, excluded_layers=None):
        return self._to_impl(dtype="bfloat16", floating_only=True)

    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)
