"""paddle.distributed.fleet.meta_parallel: the tensor-parallel layers, the pipeline layer and the
hybrid model wrappers (re-exports)."""
from ..layers.mpu.mp_layers import (ColumnParallelLinear, ParallelCrossEntropy, RowParallelLinear,
                                    VocabParallelEmbedding)
from .pipeline_parallel import (LayerDesc, PipelineLayer, PipelineParallel,
                                PipelineParallelWithInterleave, SharedLayerDesc)
from .tensor_parallel import ShardingParallel, TensorParallel

__all__ = ["ColumnParallelLinear", "ParallelCrossEntropy", "RowParallelLinear",
           "VocabParallelEmbedding", "LayerDesc", "SharedLayerDesc", "PipelineLayer",
           "PipelineParallel", "PipelineParallelWithInterleave", "ShardingParallel",
           "TensorParallel"]
