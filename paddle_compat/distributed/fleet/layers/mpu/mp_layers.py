"""fleet's tensor-parallel layers (Megatron style), as in Paddle's mp_layers: each process of the
model-parallel group holds a slice of the weight and the mp_ops collectives join the results.

    ColumnParallelLinear  weight [in, out / mp] (split_axis 1); output gathered if gather_output
    RowParallelLinear     weight [in / mp, out] (split_axis 0); partial products all-reduced
    VocabParallelEmbedding weight [vocab / mp, dim]; rows outside this slice look up zeros
    ParallelCrossEntropy  softmax cross entropy over logits split along the class dimension

The group is the fleet HybridCommunicateGroup's model-parallel group unless mp_group is given.

Differences from Paddle: weights are initialised with the process's ordinary generator (Paddle
draws them under get_rng_state_tracker's "model_parallel_rng"); fuse_matmul_bias and the
sequence-parallel / overlap options of mp_configs are accepted and ignored (plain matmul + add).
"""
import torch

from ....._tensor import Tensor, wrap
from ....._nn.layer.layers import Layer
from ... import _state
from . import mp_ops

__all__ = ["VocabParallelEmbedding", "ColumnParallelLinear", "RowParallelLinear",
           "ParallelCrossEntropy"]


def _mp_group(mp_group):
    if mp_group is not None:
        return mp_group, mp_group.nranks, mp_group.rank
    hcg = _state.HCG[0]
    if hcg is None:
        raise RuntimeError("fleet's parallel layers need fleet.init(is_collective=True, "
                           "strategy=...) with hybrid_configs first (or pass mp_group)")
    return (hcg.get_model_parallel_group(), hcg.get_model_parallel_world_size(),
            hcg.get_model_parallel_rank())


def _mark(param, split_axis):
    param.is_distributed = True
    param.split_axis = split_axis


class VocabParallelEmbedding(Layer):
    """fleet.meta_parallel.VocabParallelEmbedding(num_embeddings, embedding_dim, weight_attr=None,
    mp_group=None, name=None): the embedding table split by rows over the mp group."""

    def __init__(self, num_embeddings, embedding_dim, weight_attr=None, mp_group=None, name=None):
        super().__init__()
        self.model_parallel_group, self.world_size, self.rank = _mp_group(mp_group)
        self.origin_num_embeddings = num_embeddings
        self.is_mp = self.world_size > 1
        assert num_embeddings % self.world_size == 0, (
            "The length of the vocabulary must be divisible by the parallelism degree of MP")
        per_part_size = num_embeddings // self.world_size
        self.vocab_start_index = self.rank * per_part_size
        self._size = [per_part_size, embedding_dim]
        self._name = name
        self.num_embeddings = num_embeddings
        self.weight = self.create_parameter(attr=weight_attr, shape=self._size, is_bias=False)
        if self.is_mp:
            _mark(self.weight, 0)

    def forward(self, x):
        ids = x._t
        w = self.weight._t
        if not self.is_mp:
            return wrap(torch.nn.functional.embedding(ids, w))
        local = ids - self.vocab_start_index
        outside = (local < 0) | (local >= w.shape[0])
        out = torch.nn.functional.embedding(local.masked_fill(outside, 0), w)
        out = out.masked_fill(outside.unsqueeze(-1), 0.0)
        return mp_ops._mp_allreduce(wrap(out), group=self.model_parallel_group)


class ColumnParallelLinear(Layer):
    """fleet.meta_parallel.ColumnParallelLinear(in_features, out_features, weight_attr=None,
    has_bias=None, gather_output=True, fuse_matmul_bias=False, mp_group=None, name=None)."""

    def __init__(self, in_features, out_features, weight_attr=None, has_bias=None,
                 gather_output=True, fuse_matmul_bias=False, mp_group=None, name=None):
        super().__init__()
        from ....._nn.initializer import Constant
        self.model_parallel_group, self.world_size, _ = _mp_group(mp_group)
        self._name = name
        self.is_mp = self.world_size > 1
        self.gather_output = gather_output
        assert out_features % self.world_size == 0, (
            f"Number of column of the weight for linear ({out_features}) must be divisible by "
            f"model parallel size ({self.world_size})")
        self.output_size_per_partition = out_features // self.world_size
        self.weight = self.create_parameter(shape=[in_features, self.output_size_per_partition],
                                            attr=weight_attr, is_bias=False)
        if self.is_mp:
            _mark(self.weight, 1)
        if has_bias:
            # initialised to zero, like Megatron (and Paddle)
            self.bias = self.create_parameter(shape=[self.output_size_per_partition],
                                              attr=Constant(value=0.0), is_bias=True)
            if self.is_mp:
                _mark(self.bias, 0)
        else:
            self.bias = None
        self.fuse_matmul_bias = fuse_matmul_bias

    def forward(self, x):
        x = mp_ops._c_identity(x, group=self.model_parallel_group) if self.is_mp else x
        out = torch.matmul(x._t, self.weight._t)
        if self.bias is not None:
            out = out + self.bias._t
        out = wrap(out)
        if self.gather_output and self.is_mp:
            out = mp_ops._c_concat(out, group=self.model_parallel_group)
        return out


class RowParallelLinear(Layer):
    """fleet.meta_parallel.RowParallelLinear(in_features, out_features, weight_attr=None,
    has_bias=True, input_is_parallel=False, fuse_matmul_bias=False, mp_group=None, name=None)."""

    def __init__(self, in_features, out_features, weight_attr=None, has_bias=True,
                 input_is_parallel=False, fuse_matmul_bias=False, mp_group=None, name=None):
        super().__init__()
        from ....._nn.initializer import Constant
        self.in_features = in_features
        self.out_features = out_features
        self.input_is_parallel = input_is_parallel
        self._name = name
        self.model_parallel_group, self.world_size, self.rank = _mp_group(mp_group)
        self.is_mp = self.world_size > 1
        assert in_features % self.world_size == 0, (
            f"Number of row of the weight for linear ({in_features}) must be divisible by model "
            f"parallel size ({self.world_size})")
        self.input_size_per_partition = in_features // self.world_size
        self.weight = self.create_parameter(shape=[self.input_size_per_partition, out_features],
                                            attr=weight_attr, is_bias=False)
        if self.is_mp:
            _mark(self.weight, 0)
        # the bias is whole on every process and added once, after the all-reduce
        self.bias = self.create_parameter(shape=[out_features], attr=Constant(value=0.0),
                                          is_bias=True) if has_bias else None
        self.fuse_matmul_bias = fuse_matmul_bias

    def forward(self, x):
        if self.is_mp and not self.input_is_parallel:
            x = mp_ops._c_split(x, group=self.model_parallel_group)
        out = wrap(torch.matmul(x._t, self.weight._t))
        if self.is_mp:
            out = mp_ops._mp_allreduce(out, group=self.model_parallel_group)
        if self.bias is not None:
            out = wrap(out._t + self.bias._t)
        return out


class ParallelCrossEntropy(Layer):
    """fleet.meta_parallel.ParallelCrossEntropy(mp_group=None, name=None, ignore_index=-100):
    softmax cross entropy of logits split along the last dimension over the mp group; the loss
    has the label's shape ([..., 1]), 0 where label == ignore_index."""

    def __init__(self, mp_group=None, name=None, ignore_index=-100):
        super().__init__()
        self.model_parallel_group, self.world_size, self.rank = _mp_group(mp_group)
        self.ignore_index = ignore_index

    def forward(self, input, label):
        logits, lab = input._t, label._t
        if lab.dim() == logits.dim() - 1:
            lab = lab.unsqueeze(-1)
        part = logits.shape[-1]
        start = self.rank * part if self.world_size > 1 else 0
        group = self.model_parallel_group if self.world_size > 1 else None
        with torch.no_grad():
            gmax = logits.max(dim=-1, keepdim=True).values
            if group is not None:
                gmax = mp_ops._allreduce_max(gmax, group)
        shifted = logits - gmax
        sum_exp = shifted.exp().sum(dim=-1, keepdim=True)
        local = lab - start
        inside = (local >= 0) & (local < part)
        picked = torch.gather(shifted, -1, local.clamp(0, part - 1).long())
        picked = picked * inside.to(picked.dtype)
        if group is not None:
            sum_exp = mp_ops._c_allreduce_raw(sum_exp, group)
            picked = mp_ops._c_allreduce_raw(picked, group)
        loss = sum_exp.log() - picked
        loss = loss.masked_fill(lab == self.ignore_index, 0.0)
        return wrap(loss)
