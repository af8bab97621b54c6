"""paddle.incubate.nn.functional: the fused ops (explicit re-exports, no logic; the rooms are
paddle_compat/_incubate/nn/functional/). GPU-only fused ops raise Paddle's CPU error on CPU
tensors and compute their unfused formula on CUDA (docs/numerics.md, "paddle.incubate")."""
from ...._incubate.nn.functional.fused_matmul_bias import (fused_matmul_bias, fused_linear,
                                                           fused_linear_activation)
from ...._incubate.nn.functional.fused_rms_norm import fused_rms_norm
from ...._incubate.nn.functional.fused_layer_norm import fused_layer_norm
from ...._incubate.nn.functional.fused_dropout_add import fused_dropout_add
from ...._incubate.nn.functional.fused_transformer import (
    fused_feedforward, fused_multi_head_attention, fused_bias_dropout_residual_layer_norm)
from ...._incubate.nn.functional.fused_bias_act import fused_bias_act
from ...._incubate.nn.functional.fused_rotary_position_embedding import (
    fused_rotary_position_embedding)
from ...._incubate.nn.functional.variable_length_memory_efficient_attention import (
    variable_length_memory_efficient_attention)
from ...._nn.functional.activation import swiglu
# incattn block
from ...._incubate.nn.functional.fast_ln import fast_ln
from ...._incubate.nn.functional.fast_rms_norm import fast_rms_norm
from ...._incubate.nn.functional.fused_rms_norm_ext import fused_rms_norm_ext
from ...._incubate.nn.functional.cross_entropy_with_softmax_bwd_w_downcast import (
    cross_entropy_with_softmax_bwd_w_downcast)
from ...._incubate.nn.functional.embedding_grad_add_to import embedding_grad_add_to_
from ...._incubate.nn.functional.blha_get_max_len import blha_get_max_len
from ...._incubate.nn.functional.masked_multihead_attention import masked_multihead_attention
from ...._incubate.nn.functional.fused_transformer import fused_multi_transformer
from ...._incubate.nn.functional.block_multihead_attention import block_multihead_attention
# MoE helper ops (incfused): Paddle 3.3.1 runs them only on GPU; computed here on any device
from ...._incubate.nn.functional.int_bincount import int_bincount
from ...._incubate.nn.functional.cal_aux_loss import cal_aux_loss
from ...._incubate.nn.functional.expand_modality_expert_id import expand_modality_expert_id
from ...._incubate.nn.functional.build_src_rank_and_local_expert_id import (
    build_src_rank_and_local_expert_id)
from ...._incubate.nn.functional.moe_combine import moe_combine
from ...._incubate.nn.functional.moe_gate_dispatch import moe_gate_dispatch
from ...._incubate.nn.functional.moe_gate_dispatch_permute import moe_gate_dispatch_permute
from ...._incubate.nn.functional.moe_gate_dispatch_and_quant import moe_gate_dispatch_and_quant
from ...._incubate.nn.functional.moe_gate_dispatch_partial_nosoftmaxtopk import (
    moe_gate_dispatch_partial_nosoftmaxtopk)
from ...._incubate.nn.functional.fp8 import (
    fused_act_dequant, fused_swiglu_weighted_bwd, fused_weighted_swiglu_act_quant,
    fp8_quant_blockwise, fused_stack_transpose_quant, fused_transpose_split_quant,
    fused_transpose_wlch_split_quant, fp8_gemm_blockwise)

__all__ = ["fused_matmul_bias", "fused_linear", "fused_linear_activation", "fused_rms_norm",
           "fused_layer_norm", "fused_dropout_add", "fused_feedforward",
           "fused_multi_head_attention", "fused_bias_dropout_residual_layer_norm", "fused_bias_act",
           "fused_rotary_position_embedding", "variable_length_memory_efficient_attention",
           "swiglu", "fast_ln", "fast_rms_norm", "fused_rms_norm_ext",
           "cross_entropy_with_softmax_bwd_w_downcast", "embedding_grad_add_to_",
           "blha_get_max_len", "masked_multihead_attention", "fused_multi_transformer",
           "block_multihead_attention"]
__all__ += ["int_bincount", "cal_aux_loss", "expand_modality_expert_id",
            "build_src_rank_and_local_expert_id", "moe_combine", "moe_gate_dispatch",
            "moe_gate_dispatch_permute", "moe_gate_dispatch_and_quant",
            "moe_gate_dispatch_partial_nosoftmaxtopk", "fused_act_dequant",
            "fused_swiglu_weighted_bwd", "fused_weighted_swiglu_act_quant", "fp8_quant_blockwise",
            "fused_stack_transpose_quant", "fused_transpose_split_quant",
            "fused_transpose_wlch_split_quant", "fp8_gemm_blockwise"]   # incfused block

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ...._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
