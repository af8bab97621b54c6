"""fleet's model wrappers for hybrid parallelism: TensorParallel (mp > 1) and ShardingParallel
(sharding > 1 alone). They make the replicas start equal (broadcasting parameters inside the
groups that must hold the same values) and forward to the wrapped layer; the gradient reductions
are done by fleet.distributed_optimizer's HybridParallelOptimizer, as in Paddle."""
import torch
import torch.distributed as tdist

from ...._nn.layer.layers import Layer

__all__ = ["TensorParallel", "ShardingParallel", "broadcast_parameters"]


def broadcast_parameters(layer, group, only_replicated=False):
    """Broadcast `layer`'s parameters (and buffers) from the group's first rank; with
    only_replicated, skip the tensor-parallel slices (is_distributed)."""
    if group is None or group.nranks <= 1:
        return
    with torch.no_grad():
        for t in list(layer.parameters()) + list(layer.buffers()):
            if only_replicated and getattr(t, "is_distributed", False):
                continue
            tdist.broadcast(t._t.data, group.ranks[0], group=group.process_group)


class _MetaParallelBase(Layer):
    def __init__(self, layers, hcg, strategy=None):
        super().__init__(layers.full_name() + "_meta_parallel_base")
        self._layers = layers
        self._hcg = hcg
        self._strategy = strategy
        self._prepare_for_model()

    def forward(self, *inputs, **kwargs):
        return self._layers(*inputs, **kwargs)

    def state_dict(self, *args, **kwargs):
        return self._layers.state_dict(*args, **kwargs)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name)


class TensorParallel(_MetaParallelBase):
    """fleet.meta_parallel.TensorParallel(layers, hcg, strategy): the replicated parameters are
    made equal over the mp group, and everything over the dp (and sharding) group."""

    def _prepare_for_model(self):
        broadcast_parameters(self._layers, self._hcg.get_model_parallel_group(), True)
        broadcast_parameters(self._layers, self._hcg.get_data_parallel_group())
        broadcast_parameters(self._layers, self._hcg.get_sharding_parallel_group())


class ShardingParallel(_MetaParallelBase):
    """fleet.meta_parallel.ShardingParallel(layers, hcg, strategy): every parameter made equal over
    the sharding and dp groups."""

    def _prepare_for_model(self):
        broadcast_parameters(self._layers, self._hcg.get_sharding_parallel_group())
        broadcast_parameters(self._layers, self._hcg.get_data_parallel_group())
