"""paddle.distributed.LocalLayer(out_dist_attrs, grad_dist_attrs): a Layer whose forward is
written for ordinary Tensors and runs on each process's shards of its distributed inputs.

Calling it turns each distributed input into its local shard (differentiably: the gradient
arriving for the shard becomes a distributed gradient with the placements of `grad_dist_attrs[i]`,
or the input's own placements where that entry is None), runs forward, and joins each output
(flattened) into a distributed Tensor with `out_dist_attrs[i] = (mesh, placements)` - e.g.
`Partial()` for a per-process partial sum. DTensor.to_local / from_local, no communication.

Differences from Paddle: the mesh of a grad_dist_attrs entry must be the input's own mesh (torch's
to_local takes placements only).
"""
from ..._nn.layer.layers import Layer
from ..._tensor import Tensor, wrap
from .local_map import _flatten, _from_local, _pack
from .placement_type import to_torch_placement

__all__ = ["LocalLayer"]


class LocalLayer(Layer):
    """paddle.distributed.LocalLayer(out_dist_attrs, grad_dist_attrs): see the module docstring.

    Differences from Paddle: grad_dist_attrs' meshes must be the inputs' own meshes."""

    def __init__(self, out_dist_attrs, grad_dist_attrs):
        super().__init__()
        self.out_dist_attrs = out_dist_attrs
        self.grad_dist_attrs = grad_dist_attrs

    def __call__(self, *inputs, **kwargs):
        inputs = list(inputs)
        assert len(inputs) == len(self.grad_dist_attrs), (
            f"The number of inputs ({len(inputs)}) does not match the number of grad_dist_attrs "
            f"({len(self.grad_dist_attrs)}).")
        for idx, value in enumerate(inputs):
            if isinstance(value, Tensor) and value.is_dist():
                attr = self.grad_dist_attrs[idx]
                grad = None if attr is None else [to_torch_placement(p) for p in attr[1]]
                inputs[idx] = wrap(value._t.to_local(grad_placements=grad))
        outputs = Layer.__call__(self, *inputs, **kwargs)
        flat = _flatten(outputs)
        assert len(flat) == len(self.out_dist_attrs), (
            f"The number of outputs ({len(flat)}) does not match the number of distribution "
            f"attributes ({len(self.out_dist_attrs)}).")
        return _pack(outputs, [_from_local(v, mesh, placements)
                               for v, (mesh, placements) in zip(flat, self.out_dist_attrs)])
