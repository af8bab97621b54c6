"""paddle.nn.utils.spectral_norm (Paddle: nn/utils/spectral_norm_hook.py).

As in Paddle: `name` becomes `name_orig` (the parameter) plus buffers `name_u`, `name_v` (drawn with
the layer's default initialiser, then overwritten by a seeded normal draw and normalised, so a seeded
layer gets Paddle's vectors); a forward pre-hook divides the weight by its largest singular value,
estimated by power iteration (updated only in training mode).
"""
from ..._autograd import grad_mode as _grad_mode
from ..._ops import creation as _creation
from ..._ops import linalg as _linalg
from ..._ops import manipulation as _manip
from ..._ops import random as _random_ops
from ..functional import norm as _norm

__all__ = ["spectral_norm", "SpectralNorm"]


def _normal_(x, mean=0.0, std=1.0):
    _creation.assign(_random_ops.normal(mean, std, shape=x.shape), x)
    return x


class SpectralNorm:
    """The forward pre-hook spectral_norm registers (Paddle's class of the same name)."""

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        weight_mat = weight
        if self.dim != 0:
            weight_mat = _manip.transpose(
                weight_mat, [self.dim] + [d for d in range(len(weight_mat.shape)) if d != self.dim])
        return _manip.reshape(weight_mat, [weight_mat.shape[0], -1])

    def compute_weight(self, layer, do_power_iteration):
        weight = getattr(layer, self.name + "_orig")
        u = getattr(layer, self.name + "_u")
        v = getattr(layer, self.name + "_v")
        weight_mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with _grad_mode.no_grad():
                for _ in range(self.n_power_iterations):
                    _creation.assign(_norm.normalize(_linalg.matmul(weight_mat, u, transpose_x=True),
                                                     axis=0, epsilon=self.eps), v)
                    _creation.assign(_norm.normalize(_linalg.matmul(weight_mat, v), axis=0,
                                                     epsilon=self.eps), u)
                u = u.clone()
                v = v.clone()
        sigma = _linalg.dot(u, _linalg.mv(weight_mat, v))
        return weight / sigma

    def __call__(self, layer, inputs):
        setattr(layer, self.name, self.compute_weight(layer, do_power_iteration=layer.training))

    @staticmethod
    def apply(layer, name, n_power_iterations, dim, eps):
        for hook in layer._forward_pre_hooks.values():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                raise RuntimeError("Cannot register two spectral_norm hooks on the same parameter "
                                   f"{name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = layer._parameters[name]
        with _grad_mode.no_grad():
            h, w = fn.reshape_weight_to_matrix(weight).shape
            u = _normal_(layer.create_parameter([h]), 0.0, 1.0)
            v = _normal_(layer.create_parameter([w]), 0.0, 1.0)
            u = _norm.normalize(u, axis=0, epsilon=fn.eps)
            v = _norm.normalize(v, axis=0, epsilon=fn.eps)
        del layer._parameters[fn.name]
        layer.add_parameter(fn.name + "_orig", weight)
        # a plain attribute (not a Parameter) until the first forward recomputes it
        setattr(layer, fn.name, weight * 1.0)
        layer.register_buffer(fn.name + "_u", u)
        layer.register_buffer(fn.name + "_v", v)
        layer.register_forward_pre_hook(fn)
        return fn


def spectral_norm(layer, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """paddle.nn.utils.spectral_norm(layer, name='weight', n_power_iterations=1, eps=1e-12,
    dim=None): divide `layer.<name>` by its spectral norm before every forward (power iteration
    in training mode); dim defaults to 1 for Linear and the transposed convolutions, else 0.
    Differences from Paddle: none known."""
    if dim is None:
        transposed = {"Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose", "Linear"}
        # by class name: the transposed convolutions live in another room (and may be absent)
        dim = 1 if any(c.__name__ in transposed for c in type(layer).__mro__) else 0
    SpectralNorm.apply(layer, name, n_power_iterations, dim, eps)
    return layer
