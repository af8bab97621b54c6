"""paddle.static.nn: static-graph layers (a plain list of re-exports)."""
from ..._static.layers import fc, batch_norm, embedding
from ..._static.control_flow import case, cond, switch_case, while_loop
from . import control_flow
from ..._static.py_func import py_func
from ..._static.static_pylayer import static_pylayer
from ..._static.nn.common import (bilinear_tensor_product, conv2d, conv2d_transpose, conv3d,
                                  conv3d_transpose, deform_conv2d, group_norm, instance_norm,
                                  layer_norm, prelu, row_conv, sparse_embedding, spectral_norm)
from ..._static.nn.loss import nce
from ..._static.nn.sequence_lod import (sequence_conv, sequence_expand, sequence_first_step,
                                        sequence_last_step, sequence_pool, sequence_softmax)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
