"""paddle.incubate: the deprecated graph/segment spellings of paddle.geometric, softmax_mask_fuse,
identity_loss, and the incubate nn, autograd and optimizer packages (explicit re-exports, no
logic; the rooms are paddle_compat/_incubate/)."""
from .._incubate.tensor.math import segment_sum, segment_mean, segment_max, segment_min
from .._incubate.operators.graph import graph_send_recv, graph_sample_neighbors, graph_reindex
from .._incubate.operators.softmax_mask_fuse import (softmax_mask_fuse,
                                                     softmax_mask_fuse_upper_triangle)
from .._incubate.nn.loss import identity_loss
from .._incubate.optimizer.lookahead import LookAhead
from .._incubate.optimizer.modelaverage import ModelAverage
from . import nn, autograd, optimizer
# incattn block: graph_khop_sampler, inference, cc, autotune
from .._incubate.operators.graph_khop_sampler import graph_khop_sampler
from .._incubate.jit.inference_decorator import inference
from . import cc, autotune
# paddle.incubate.distributed (fleet's recompute_hybrid / recompute_sequential)
from . import distributed
# Automatic SParsity and the XPU-only fused layers
from . import asp, xpu

__all__ = ["LookAhead", "ModelAverage", "segment_sum", "segment_mean", "segment_max",
           "segment_min", "graph_send_recv",
           "graph_sample_neighbors", "graph_reindex", "softmax_mask_fuse",
           "softmax_mask_fuse_upper_triangle", "identity_loss",
           "graph_khop_sampler", "inference"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
