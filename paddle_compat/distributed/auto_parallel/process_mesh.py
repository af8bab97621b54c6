"""paddle.distributed.ProcessMesh: an n-d array of process ids with named dimensions, backed by a
torch DeviceMesh (created when first needed, once the process group is up).

Differences from Paddle: the torch DeviceMesh behind it needs every process of the job to take
part in creating it (torch's rule), so build the same meshes in the same order on every rank.
"""
import numpy as np

__all__ = ["ProcessMesh", "get_mesh", "set_mesh"]


class ProcessMesh:
    """paddle.distributed.ProcessMesh(mesh, dim_names=None): `mesh` is a nested list or ndarray of
    process ids; dim_names default to d0, d1, ..."""

    def __init__(self, mesh=None, dim_names=None, shape=None, process_ids=None):
        # As in Paddle, making any ProcessMesh switches on the auto-parallel mode (fully_shard
        # then takes its DTensor path).
        _global["auto_parallel"] = True
        if mesh is None:
            if shape is None or process_ids is None:
                raise ValueError("ProcessMesh needs `mesh`, or both `shape` and `process_ids`")
            mesh = np.array(process_ids).reshape(shape)
        arr = np.array(mesh)
        if arr.dtype.kind not in "iu" or arr.size == 0:
            raise ValueError(f"ProcessMesh's mesh must be a non-empty array of process ids, but "
                             f"received {mesh!r}")
        if len(set(arr.flatten().tolist())) != arr.size:
            raise ValueError(f"ProcessMesh's process ids must be unique, but received {arr.tolist()}")
        if dim_names is None:
            dim_names = [f"d{i}" for i in range(arr.ndim)]
        if len(dim_names) != arr.ndim:
            raise AssertionError("The length of dims_names must be same as the shape of the mesh.")
        self._mesh = arr.astype(np.int64)
        self._dim_names = list(dim_names)
        self._device_mesh = None

    mesh = property(lambda self: self._mesh)
    shape = property(lambda self: list(self._mesh.shape))
    ndim = property(lambda self: self._mesh.ndim)
    process_ids = property(lambda self: self._mesh.flatten().tolist())
    dim_names = property(lambda self: list(self._dim_names))

    def get_dim_size(self, dim):
        """The size of dimension `dim` (a name or an index)."""
        return self.shape[self._dim_index(dim)]

    def _dim_index(self, dim):
        if isinstance(dim, str):
            if dim not in self._dim_names:
                raise ValueError(f"ProcessMesh has no dimension named {dim!r}; its dim_names are "
                                 f"{self._dim_names}")
            return self._dim_names.index(dim)
        return dim

    def get_mesh_with_dim(self, dim_name, index=None):
        """The mesh with `dim_name` moved first (and, with `index`, that slice of it)."""
        i = self._dim_index(dim_name)
        order = [i] + [d for d in range(self.ndim) if d != i]
        names = [self._dim_names[d] for d in order]
        moved = self._mesh.transpose(order)
        if index is None:
            return ProcessMesh(moved, names)
        return ProcessMesh(moved[index], names[1:])

    def __getitem__(self, index):
        sub = self._mesh[index]
        if np.ndim(sub) == 0:
            return ProcessMesh([int(sub)])
        dropped = [d for d, ix in enumerate(index if isinstance(index, tuple) else (index,))
                   if isinstance(ix, (int, np.integer))]
        return ProcessMesh(sub, [n for d, n in enumerate(self._dim_names) if d not in dropped])

    def __contains__(self, rank):
        return rank in self.process_ids

    def __eq__(self, other):
        return (isinstance(other, ProcessMesh) and self.shape == other.shape
                and self.process_ids == other.process_ids)

    def __hash__(self):
        return hash((tuple(self.shape), tuple(self.process_ids)))

    def __str__(self):
        return f"shape {self.shape}, process_ids {self.process_ids}, dim_names {self._dim_names}"

    def _torch_mesh(self):
        """The torch DeviceMesh for this mesh (the process group is joined first if needed)."""
        if self._device_mesh is None:
            import torch
            from torch.distributed.device_mesh import DeviceMesh
            from ..collective import _require_init, init_parallel_env, is_initialized
            if not is_initialized():
                init_parallel_env()
            _require_init("ProcessMesh (a distributed tensor)")
            device = "cuda" if torch.cuda.is_available() and torch.distributed.get_backend() == "nccl" \
                else "cpu"
            self._device_mesh = DeviceMesh(device, torch.tensor(self._mesh),
                                           mesh_dim_names=tuple(self._dim_names))
        return self._device_mesh


_global = {"mesh": None, "auto_parallel": False}


def set_mesh(mesh):
    """paddle.distributed.set_mesh(mesh): the mesh the auto-parallel API uses by default."""
    _global["mesh"] = mesh


def get_mesh():
    """paddle.distributed.get_mesh(): the mesh set by set_mesh, or None."""
    return _global["mesh"]
