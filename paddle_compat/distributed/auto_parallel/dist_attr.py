"""paddle.distributed.DistAttr(mesh, sharding_specs): how a tensor is laid out on a ProcessMesh in
Paddle's older sharding-spec form - per tensor dimension, the mesh dimension name it is split
along, or None. `dims_mapping` is the same as mesh-dimension indices (-1: not split), and
`_placements()` the equivalent Shard/Replicate placements for shard_tensor.

Differences from Paddle: Paddle defines it in auto_parallel/api.py on its C++ TensorDistAttr; here
it is a Python object with the same attributes and printing (batch_dim, chunk_id, dynamic_dims,
annotated; partial status and split_factor are not modelled).
"""
from .process_mesh import ProcessMesh

__all__ = ["DistAttr"]


def _mesh_str(mesh):
    # Paddle's C++ ProcessMesh printing (no spaces after the commas).
    join = lambda xs: ",".join(str(x) for x in xs)  # noqa: E731
    return (f"{{shape: [{join(mesh.shape)}], process_ids: [{join(mesh.process_ids)}], "
            f"dim_names: [{join(mesh.dim_names)}]}}")


class DistAttr:
    """paddle.distributed.DistAttr(mesh, sharding_specs): `sharding_specs` lists, per tensor
    dimension, a dim name of `mesh` or None.

    Differences from Paddle: a Python object (see the module docstring)."""

    def __init__(self, mesh, sharding_specs):
        if not isinstance(mesh, ProcessMesh):
            raise ValueError("The mesh must be an instance of paddle.distributed.ProcessMesh.")
        if not isinstance(sharding_specs, list):
            raise ValueError("The sharding_specs must be an instance of list.")
        assert all(isinstance(n, str) or n is None for n in sharding_specs), \
            "The dimension name in sharding_specs must be an instance of str."
        mapping = []
        for name in sharding_specs:
            if name is not None and name not in mesh.dim_names:
                raise ValueError(f"Invalid sharding dimension '{name}'. Available dimensions in "
                                 f"mesh are: {mesh.dim_names}.")
            mapping.append(-1 if name is None else mesh.dim_names.index(name))
        self._sharding_specs = sharding_specs
        self.process_mesh = mesh
        self.dims_mapping = mapping
        self.batch_dim = 0
        self.chunk_id = 0
        self.dynamic_dims = [0] * len(mapping)
        self.annotated = {"dims_mapping": True, "process_mesh": True}

    @property
    def sharding_specs(self):
        """The sharding specs given (mesh dim names or None, per tensor dimension)."""
        return self._sharding_specs

    def is_annotated(self, name):
        """Whether attribute `name` ("process_mesh", "dims_mapping") was set by the user."""
        return bool(self.annotated.get(name, False))

    def mark_annotated(self, name):
        """Mark attribute `name` as set by the user."""
        self.annotated[name] = True

    def _placements(self):
        """The placements (one per mesh dimension) of this layout, for shard_tensor."""
        from .placement_type import Replicate, Shard
        out = [Replicate() for _ in range(self.process_mesh.ndim)]
        for tensor_dim, mesh_dim in enumerate(self.dims_mapping):
            if mesh_dim >= 0:
                out[mesh_dim] = Shard(tensor_dim)
        return out

    def __str__(self):
        # Paddle prints each dimension's mesh dims: "[0] " when split, "[] " when not
        mappings = "".join(f"[{m}] " if m >= 0 else "[] " for m in self.dims_mapping)
        dyn = ",".join(str(d) for d in self.dynamic_dims)
        ann = ",".join(f"{k}: {int(v)}" for k, v in sorted(self.annotated.items()))
        return (f"{{process_mesh: {_mesh_str(self.process_mesh)}, dim_mappings: [{mappings}], "
                f"batch_dim: {self.batch_dim}, chunk_id: {self.chunk_id}, skip_check_mesh: 0, "
                f"dynamic_dims: [{dyn}], annotated: [{ann}], partial: [], split_factor: .}}")
