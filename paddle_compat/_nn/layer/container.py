"""paddle.nn containers (Paddle: nn/layer/container.py): Sequential, LayerList, ParameterList,
ParameterDict, LayerDict."""
import collections
import itertools
from collections.abc import Iterable, Mapping

import torch

from .layers import Layer
from ..parameter import Parameter
from ..._tensor import Tensor

__all__ = ["Sequential", "LayerList", "ParameterList", "ParameterDict", "LayerDict"]


class Sequential(Layer):
    """paddle.nn.Sequential(*layers): layers, (name, layer) pairs, or one OrderedDict; forward
    chains them. Indexing by int, str or slice."""

    def __init__(self, *layers):
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], collections.OrderedDict):
            for name, layer in layers[0].items():
                self.add_sublayer(name, layer)
        elif layers and isinstance(layers[0], (list, tuple)):
            for name, layer in layers:
                self.add_sublayer(name, layer)
        else:
            for idx, layer in enumerate(layers):
                self.add_sublayer(str(idx), layer)

    def __getitem__(self, name):
        if isinstance(name, slice):
            return self.__class__(*(list(self._sub_layers.values())[name]))
        if isinstance(name, str):
            return self._sub_layers[name]
        n = len(self._sub_layers)
        if name >= n or name < -n:
            raise IndexError(f"index {name} is out of range")
        return list(self._sub_layers.values())[name]

    def __setitem__(self, name, layer):
        assert isinstance(layer, Layer)
        setattr(self, str(name), layer)

    def __delitem__(self, name):
        name = str(name)
        assert name in self._sub_layers
        del self._sub_layers[name]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def forward(self, input):
        for layer in self._sub_layers.values():
            input = layer(input)
        return input

    def append(self, module):
        self.add_sublayer(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Layer):
            raise AssertionError(f"module should be of type: {Layer}")
        n = len(self._sub_layers)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._sub_layers[str(i)] = self._sub_layers[str(i - 1)]
        self._sub_layers[str(index)] = module
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self


class LayerList(Layer):
    """paddle.nn.LayerList(sublayers=None): a list of sublayers registered as '0', '1', ..."""

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            for idx, layer in enumerate(sublayers):
                self.add_sublayer(str(idx), layer)

    def _abs(self, idx):
        if isinstance(idx, int):
            if not -len(self) <= idx < len(self):
                raise IndexError(f"index {idx} is out of range, should be an integer in range "
                                 f"[{-len(self)}, {len(self)})")
            if idx < 0:
                idx += len(self)
        return idx

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._sub_layers.values())[idx])
        return self._sub_layers[str(self._abs(idx))]

    def __setitem__(self, idx, sublayer):
        setattr(self, str(self._abs(idx)), sublayer)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for k in range(len(self._sub_layers))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, str(self._abs(idx)))
        self._sub_layers = collections.OrderedDict(
            (str(i), v) for i, v in enumerate(self._sub_layers.values()))

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = LayerList()
        for i, module in enumerate(itertools.chain(self, other)):
            combined.add_sublayer(str(i), module)
        return combined

    def append(self, sublayer):
        self.add_sublayer(str(len(self)), sublayer)
        return self

    def insert(self, index, sublayer):
        assert isinstance(index, int) and -len(self) <= index <= len(self), (
            f"index should be an integer in range [{-len(self)}, {len(self)}]")
        if index < 0:
            index += len(self)
        for i in range(len(self._sub_layers), index, -1):
            self._sub_layers[str(i)] = self._sub_layers[str(i - 1)]
        self._sub_layers[str(index)] = sublayer

    def extend(self, sublayers):
        offset = len(self)
        for i, sublayer in enumerate(sublayers):
            self.add_sublayer(str(offset + i), sublayer)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v


class ParameterList(Layer):
    """paddle.nn.ParameterList(parameters=None): parameters registered as '0', '1', ..."""

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            for idx, param in enumerate(parameters):
                assert isinstance(param, Parameter), (
                    f"ParameterList expects Parameters, but item {idx} is {type(param).__name__}")
                self.add_parameter(str(idx), param)

    def __getitem__(self, idx):
        return self._parameters[str(idx)]

    def __setitem__(self, idx, param):
        if not isinstance(param, Tensor):
            raise TypeError(f"param should be 'Parameter' or 'Tensor', but received {type(param)}")
        # Paddle: paddle.assign(param, self[idx]) -- the parameter object stays, its value (and
        # shape, when it differs) becomes param's
        target = getattr(self, str(idx))
        with torch.no_grad():
            if target._t.shape == param._t.shape:
                target._t.copy_(param._t)
            else:
                new = param._t.detach().clone()
                new.requires_grad_(target._t.requires_grad)
                target._t = new

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, parameter):
        self.add_parameter(str(len(self._parameters)), parameter)
        return self


class ParameterDict(Layer):
    """paddle.nn.ParameterDict(parameters=None): parameters keyed by name (a mapping or a
    sequence of (name, parameter) pairs); iterating gives the names."""

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, param):
        assert isinstance(param, Parameter)
        setattr(self, key, param)

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def update(self, parameters):
        """Add the (name, parameter) pairs of a mapping, a ParameterDict or a sequence of pairs."""
        assert isinstance(parameters, Iterable), (
            "The type of parameters is not iterable of key/value pairs, the type of sublayers is "
            + type(parameters).__name__)
        if isinstance(parameters, ParameterDict):
            for key in parameters:
                self.add_parameter(key, parameters[key])
        elif isinstance(parameters, Mapping):
            for key, parameter in parameters.items():
                self.add_parameter(key, parameter)
        else:
            for i, kv in enumerate(parameters):
                if len(kv) != 2:
                    raise ValueError(f"The length of the {i}'s element in parameters is {len(kv)}, "
                                     f"which must be 2.")
                self.add_parameter(kv[0], kv[1])


class LayerDict(Layer):
    """paddle.nn.LayerDict(sublayers=None): sublayers keyed by name."""

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key):
        return key in self._sub_layers

    def clear(self):
        self._sub_layers.clear()

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._sub_layers.keys()

    def items(self):
        return self._sub_layers.items()

    def values(self):
        return self._sub_layers.values()

    def update(self, sublayers):
        items = sublayers.items() if isinstance(sublayers, dict) else sublayers
        for key, layer in items:
            self.add_sublayer(key, layer)


