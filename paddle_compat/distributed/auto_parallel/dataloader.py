"""paddle.distributed.shard_dataloader: a DataLoader whose batches are distributed Tensors.

Each process reads only its part of every global batch (a DistributedBatchSampler of
batch_size / (mesh size along shard_dims), as Paddle builds one), and the parts are joined into
one DTensor of the global batch, Shard(0) along that mesh dimension and replicated along the
others (torch's DTensor.from_local: no communication). Without shard_dims every process reads
the whole batch and it is replicated.

Differences from Paddle: one mesh only (Paddle also takes a list of meshes for pipeline stages,
inputs on the first and labels on the last); dense_tensor_idx is not supported.
"""
from ..._tensor import Tensor, wrap

__all__ = ["shard_dataloader", "ShardDataloader"]


class ShardDataloader:
    """The iterable shard_dataloader returns (Paddle's ShardDataloader)."""

    def __init__(self, dataloader, meshes, input_keys=None, shard_dims=None,
                 is_dataset_splitted=False, dense_tensor_idx=None):
        from ..._io.dataloader import DataLoader
        from ..._distributed.sampler import DistributedBatchSampler
        from ..collective import get_rank
        from .process_mesh import ProcessMesh
        if is_dataset_splitted is True and shard_dims is None:
            raise ValueError("shard_dims must be set when is_dataset_splitted is True")
        meshes = list(meshes) if isinstance(meshes, (list, tuple)) else [meshes]
        if not meshes or meshes[0] is None:
            raise ValueError("meshes must be set")
        if len(meshes) > 1 or not isinstance(meshes[0], ProcessMesh):
            raise NotImplementedError("paddle.distributed.shard_dataloader over several meshes "
                                      "(pipeline stages) is not supported by paddle_compat; pass "
                                      "one ProcessMesh")
        if dense_tensor_idx is not None:
            raise NotImplementedError("paddle.distributed.shard_dataloader: dense_tensor_idx is not "
                                      "supported by paddle_compat")
        if isinstance(shard_dims, (list, tuple)):
            shard_dims = shard_dims[0]
        self._mesh, self._shard_dims, self._input_keys = meshes[0], shard_dims, input_keys
        mesh = self._mesh
        if get_rank() not in mesh:
            raise ValueError(f"process {get_rank()} is not in the mesh {mesh}")
        if is_dataset_splitted or shard_dims is None:
            self._dataloader = dataloader
            self.batch_size = getattr(dataloader.batch_sampler, "batch_size", None)
            return
        axis = mesh._dim_index(shard_dims)
        coord = [int(c[0]) for c in (mesh.mesh == get_rank()).nonzero()]
        dp_rank, dp_size = coord[axis], mesh.shape[axis]
        sampler = dataloader.batch_sampler
        if isinstance(sampler, DistributedBatchSampler):
            self._dataloader = dataloader
            self.batch_size = sampler.batch_size
            return
        if sampler is None:
            raise ValueError("paddle.distributed.shard_dataloader needs a DataLoader with a "
                             "batch_size (map-style dataset)")
        self.batch_size = int(sampler.batch_size / dp_size)
        self.batch_sampler = DistributedBatchSampler(
            dataset=dataloader.dataset, batch_size=self.batch_size, num_replicas=dp_size,
            rank=dp_rank, shuffle=sampler.shuffle, drop_last=sampler.drop_last)
        self._dataloader = DataLoader(
            dataset=dataloader.dataset, batch_sampler=self.batch_sampler,
            return_list=dataloader.return_list, collate_fn=dataloader.collate_fn,
            num_workers=dataloader.num_workers, timeout=dataloader.timeout,
            worker_init_fn=dataloader.worker_init_fn)

    def __len__(self):
        return len(self._dataloader)

    def _placements(self, key):
        from .placement_type import Replicate, Shard
        if self._shard_dims is None:
            return [Replicate()] * self._mesh.ndim
        axis = self._mesh._dim_index(self._shard_dims)
        return [Shard(0) if d == axis else Replicate() for d in range(self._mesh.ndim)]

    def _dist(self, value, key=None):
        from torch.distributed.tensor import DTensor
        from .placement_type import to_torch_placement
        if isinstance(value, Tensor):
            if self._input_keys is not None and key is not None and key not in self._input_keys:
                return value
            placements = [to_torch_placement(p) for p in self._placements(key)]
            out = wrap(DTensor.from_local(value._t, self._mesh._torch_mesh(), placements))
            out.stop_gradient = value.stop_gradient
            return out
        if isinstance(value, dict):
            return {k: self._dist(v, k) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self._dist(v) for v in value)
        return value

    def __iter__(self):
        for batch in self._dataloader:
            yield self._dist(batch)

    def __call__(self):
        return iter(self)


def shard_dataloader(dataloader, meshes, input_keys=None, shard_dims=None,
                     is_dataset_splitted=False, dense_tensor_idx=None):
    """paddle.distributed.shard_dataloader(dataloader, meshes, input_keys=None, shard_dims=None,
    is_dataset_splitted=False): the loader's batches as distributed Tensors, split along the mesh
    dimension `shard_dims` (each process reading only its part).

    Differences from Paddle: one mesh only; no dense_tensor_idx."""
    return ShardDataloader(dataloader, meshes, input_keys, shard_dims, is_dataset_splitted,
                           dense_tensor_idx)
