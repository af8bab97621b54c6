"""paddle.distributed's auto-parallel tensors on torch DTensor: shard_tensor, dtensor_from_fn,
reshard, unshard_dtensor, shard_layer, and the Tensor's is_dist / process_mesh / placements /
_local_value.

A distributed Tensor is a paddle_compat Tensor whose torch tensor is a DTensor: its shape is the
global shape, ops on it run SPMD through DTensor's sharding rules, and autograd flows through them,
as Paddle's dygraph auto-parallel does.

Differences from Paddle: the tensors an op mixes must all be distributed (DTensor refuses a plain
tensor beside a DTensor; Paddle converts it to a replicated one) - shard_tensor the other operand
with Replicate() placements. Printing a distributed Tensor prints its global value after gathering
it. shard_tensor of a Parameter returns a new Parameter (same name and attributes) holding the
DTensor, as Paddle's does; assign it back to the layer (or use shard_layer).
"""
import sys

from ..._tensor import Tensor, wrap
from .placement_type import Placement, from_torch_placement, to_torch_placement
from .process_mesh import ProcessMesh

__all__ = ["shard_tensor", "dtensor_from_fn", "reshard", "unshard_dtensor", "shard_layer"]


def _dtensor_class():
    from torch.distributed.tensor import DTensor
    return DTensor


def _check(mesh, placements, api):
    if not isinstance(mesh, ProcessMesh):
        raise TypeError(f"paddle.distributed.{api}: mesh must be a ProcessMesh, but received "
                        f"{type(mesh).__name__}")
    if not isinstance(placements, (list, tuple)) or not all(isinstance(p, Placement)
                                                           for p in placements):
        raise TypeError(f"paddle.distributed.{api}: placements must be a list of Shard, Replicate "
                        f"or Partial, but received {placements!r}")
    if len(placements) != mesh.ndim:
        raise ValueError(f"paddle.distributed.{api}: placements must hold one placement per mesh "
                         f"dimension ({mesh.ndim}), but received {len(placements)}")
    return [to_torch_placement(p) for p in placements]


def shard_tensor(data, mesh, placements, dtype=None, place=None, stop_gradient=None):
    """paddle.distributed.shard_tensor(data, mesh, placements): the distributed Tensor whose global
    value is `data` (the same on every process), laid out by `placements` over `mesh`."""
    from torch.distributed.tensor import distribute_tensor
    from ..._nn.parameter import Parameter, make_parameter
    tplacements = _check(mesh, placements, "shard_tensor")
    if not isinstance(data, Tensor):
        from ..._creation_core import to_tensor
        data = to_tensor(data, dtype=dtype)
    elif dtype is not None:
        data = data.astype(dtype)
    raw = data._t.detach()
    if isinstance(raw, _dtensor_class()):
        raw = raw.full_tensor()
    dt = distribute_tensor(raw.contiguous(), mesh._torch_mesh(), tplacements)
    if isinstance(data, Parameter):
        out = make_parameter(dt, data.name, trainable=data.trainable,
                             learning_rate=data.optimize_attr.get("learning_rate", 1.0),
                             regularizer=data.regularizer, need_clip=data.need_clip,
                             do_model_average=data.do_model_average)
    else:
        out = wrap(dt)
        out.stop_gradient = data.stop_gradient
    if stop_gradient is not None:
        out.stop_gradient = stop_gradient
    return out


def dtensor_from_fn(fn, mesh, placements, *args, **kwargs):
    """paddle.distributed.dtensor_from_fn(fn, mesh, placements, *args, **kwargs):
    shard_tensor(fn(*args, **kwargs), mesh, placements)."""
    return shard_tensor(fn(*args, **kwargs), mesh, placements)


def reshard(dist_tensor, mesh, placements):
    """paddle.distributed.reshard(dist_tensor, mesh, placements): the same global value with new
    placements (a collective: every process calls it). Differentiable, as in Paddle."""
    tplacements = _check(mesh, placements, "reshard")
    raw = _dist_raw(dist_tensor, "reshard")
    if mesh._torch_mesh() is not raw.device_mesh and mesh != _mesh_of(dist_tensor):
        raise NotImplementedError("paddle.distributed.reshard to a different ProcessMesh is not "
                                  "supported by paddle_compat; reshard on the tensor's own mesh")
    return wrap(raw.redistribute(raw.device_mesh, tplacements))


def unshard_dtensor(dist_tensor):
    """paddle.distributed.unshard_dtensor(dist_tensor): the whole value as an ordinary Tensor on
    every process (a collective)."""
    raw = _dist_raw(dist_tensor, "unshard_dtensor")
    out = wrap(raw.full_tensor())
    return out


def shard_layer(layer, process_mesh, shard_fn=None, input_fn=None, output_fn=None):
    """paddle.distributed.shard_layer(layer, process_mesh, shard_fn=None, input_fn=None,
    output_fn=None): shard_fn(name, sublayer, process_mesh) is called for every sublayer to
    shard_tensor its parameters; parameters it leaves alone become replicated on the mesh.
    input_fn(inputs, process_mesh) / output_fn(outputs, process_mesh) wrap the forward."""
    from ..._nn.parameter import Parameter
    if not isinstance(process_mesh, ProcessMesh):
        raise ValueError("The argument `process_mesh` cannot be empty and must be a ProcessMesh.")
    from .placement_type import Replicate
    for name, sub in layer.named_sublayers(include_self=True):
        if shard_fn is not None:
            shard_fn(name, sub, process_mesh)
        for pname, param in list(sub._parameters.items()):
            if isinstance(param, Parameter) and not param.is_dist():
                setattr(sub, pname, shard_tensor(param, process_mesh,
                                                 [Replicate()] * process_mesh.ndim))
    if input_fn is not None:
        layer.register_forward_pre_hook(lambda _layer, inputs: input_fn(inputs, process_mesh))
    if output_fn is not None:
        layer.register_forward_post_hook(
            lambda _layer, inputs, outputs: output_fn(outputs, process_mesh))
    return layer


def _dist_raw(t, api):
    if not isinstance(t, Tensor) or not isinstance(t._t, _dtensor_class()):
        raise TypeError(f"paddle.distributed.{api}: expected a distributed Tensor (from "
                        f"shard_tensor), but received {type(t).__name__}")
    return t._t


_meshes = {}


def _mesh_of(t):
    """The ProcessMesh of a distributed Tensor (rebuilt from its DeviceMesh)."""
    dm = t._t.device_mesh
    mesh = _meshes.get(id(dm))
    if mesh is None:
        names = list(dm.mesh_dim_names) if dm.mesh_dim_names else None
        mesh = ProcessMesh(dm.mesh.tolist(), names)
        mesh._device_mesh = dm
        _meshes[id(dm)] = mesh
    return mesh


def _is_dist(self):
    """Tensor.is_dist(): whether this is a distributed Tensor."""
    # DTensor's module is loaded once a distributed Tensor exists: no need to import it before.
    module = sys.modules.get("torch.distributed.tensor")
    return module is not None and isinstance(self._t, module.DTensor)


def _process_mesh(self):
    return _mesh_of(self) if _is_dist(self) else None


def _placements(self):
    return [from_torch_placement(p) for p in self._t.placements] if _is_dist(self) else None


def _local_value(self):
    """Tensor._local_value(): this process's shard (an ordinary Tensor)."""
    return wrap(self._t.to_local()) if _is_dist(self) else self


# Dynamic-mode Tensor only (not the static Variable, which has no DTensor): set directly rather
# than through _tensor_methods.attach, whose table the static side copies.
for _name, _value in {"is_dist": _is_dist, "process_mesh": property(_process_mesh),
                      "placements": property(_placements), "_local_value": _local_value}.items():
    if hasattr(Tensor, _name):
        raise RuntimeError(f"Tensor.{_name} is defined twice")
    setattr(Tensor, _name, _value)
