"""paddle.nn.utils.weight_norm / remove_weight_norm (Paddle: nn/utils/weight_norm_hook.py).

As in Paddle: the parameter `name` is replaced by `name_g` (its norm over every axis but `dim`) and
`name_v` (its direction), both created with the layer's default initialiser (so they draw from the
generator as Paddle does) then overwritten; a forward pre-hook recomputes `name = g * v / ||v||`.
"""
from ..._autograd import grad_mode as _grad_mode
from ..._ops import creation as _creation
from ..._ops import manipulation as _manip
from ..._ops import math as _math
from ..functional import norm as _norm

__all__ = ["weight_norm", "remove_weight_norm", "WeightNorm"]


def _l2_norm(x, axis, epsilon=1e-12):
    if len(x.shape) == 1:
        axis = 0
    # Paddle's `norm` op: sqrt(sum(x^2) + epsilon) along axis
    return _math.sqrt(_math.sum(_math.square(x), axis=axis) + epsilon)


def norm_except_dim(p, dim):
    """||p|| over every axis but `dim` (over all of them when dim == -1)."""
    shape = p.shape
    ndims = len(shape)
    if dim == -1:
        return _math.sqrt(_math.sum(_math.square(p)) + 1e-12)
    if dim == 0:
        return _l2_norm(_manip.reshape(p, (shape[0], -1)), axis=1)
    if dim == ndims - 1:
        return _l2_norm(_manip.reshape(p, (-1, shape[-1])), axis=0)
    perm = list(range(ndims))
    perm[0], perm[dim] = dim, 0
    return norm_except_dim(_manip.transpose(p, perm), 0)


def _weight_norm(v, g, dim):
    shape = v.shape
    ndims = len(shape)
    if dim == -1:
        v_normalized = v / (_math.sqrt(_math.sum(_math.square(v))) + 1e-12)
    elif dim == 0:
        v_normalized = _manip.reshape(_norm.normalize(_manip.reshape(v, (shape[0], -1)), axis=1), shape)
    elif dim == ndims - 1:
        v_normalized = _manip.reshape(_norm.normalize(_manip.reshape(v, (-1, shape[-1])), axis=0), shape)
    else:
        perm = list(range(ndims))
        perm[0], perm[dim] = dim, 0
        vt = _manip.transpose(v, perm)
        tshape = vt.shape
        v_normalized = _norm.normalize(_manip.reshape(vt, (tshape[0], -1)), axis=1)
        v_normalized = _manip.transpose(_manip.reshape(v_normalized, tshape), perm)
    if dim == -1:
        return _math.multiply(v_normalized, g)
    gshape = [1] * ndims          # Paddle's _multiply_with_axis: g along axis `dim`
    gshape[dim] = -1
    return _math.multiply(v_normalized, _manip.reshape(g, gshape))


class WeightNorm:
    """The forward pre-hook weight_norm registers (Paddle's class of the same name)."""

    def __init__(self, name, dim):
        if dim is None:
            dim = -1
        self.name = name
        self.dim = dim

    def compute_weight(self, layer):
        return _weight_norm(getattr(layer, self.name + "_v"), getattr(layer, self.name + "_g"),
                            self.dim)

    @staticmethod
    def apply(layer, name, dim):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError("Cannot register two weight_norm hooks on the same parameter "
                                   f"{name}")
        if dim is None:
            dim = -1
        weight_dim = len(layer._parameters[name].shape)
        assert -weight_dim <= dim < weight_dim, (
            "dim must set between [-R, R), R means the dimension of weight.")
        if dim != -1:
            dim = (dim + weight_dim) % weight_dim
        fn = WeightNorm(name, dim)
        w = getattr(layer, name)
        del layer._parameters[name]
        g_var = norm_except_dim(w, dim)
        v = layer.create_parameter(w.shape, dtype=w.dtype)
        layer.add_parameter(name + "_v", v)
        g = layer.create_parameter(g_var.shape, dtype=g_var.dtype)
        layer.add_parameter(name + "_g", g)
        with _grad_mode.no_grad():
            _creation.assign(w, v)
            _creation.assign(g_var, g)
        setattr(layer, name, fn.compute_weight(layer))
        layer.register_forward_pre_hook(fn)
        return fn

    def remove(self, layer):
        w_var = self.compute_weight(layer)
        delattr(layer, self.name)
        del layer._parameters[self.name + "_g"]
        del layer._parameters[self.name + "_v"]
        w = layer.create_parameter(w_var.shape, dtype=w_var.dtype)
        layer.add_parameter(self.name, w)
        with _grad_mode.no_grad():
            _creation.assign(w_var, w)

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer))


def weight_norm(layer, name="weight", dim=0):
    """paddle.nn.utils.weight_norm(layer, name='weight', dim=0): reparameterise `layer.<name>` as
    `<name>_g` (magnitude over every axis but dim; dim=None or -1: one scalar) times `<name>_v`
    (direction); returns the layer.
    Differences from Paddle: none known."""
    WeightNorm.apply(layer, name, dim)
    return layer


def remove_weight_norm(layer, name="weight"):
    """paddle.nn.utils.remove_weight_norm(layer, name='weight'): fold `<name>_g` and `<name>_v`
    back into one parameter `<name>` and drop the hook; returns the layer."""
    for k, hook in layer._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(layer)
            del layer._forward_pre_hooks[k]
            return layer
    raise ValueError(f"weight_norm of '{name}' not found in {layer}")
