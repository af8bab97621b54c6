"""paddle.nn.functional: activations, linear/conv/pool, normalisation, dropout, embedding, losses."""
from .._nn.functional.activation import (relu, relu_, gelu, sigmoid, tanh, softmax, log_softmax,
                                         leaky_relu, relu6, silu, elu, softplus, hardswish,
                                         hardsigmoid, celu, selu, mish, swish, hardtanh, hardtanh_,
                                         hardshrink, softshrink, tanhshrink, softsign, log_sigmoid,
                                         logsigmoid, thresholded_relu, thresholded_relu_, prelu,
                                         rrelu, glu, maxout, softmax_, tanh_, elu_, leaky_relu_)
from .._nn.functional.common import (linear, dropout, pad, interpolate, upsample, flatten,
                                     cosine_similarity)
from .._nn.functional.input import embedding, one_hot
from .._nn.functional.conv import conv1d, conv2d
from .._nn.functional.pooling import (max_pool1d, max_pool2d, avg_pool1d, avg_pool2d,
                                      adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool2d)
from .._nn.functional.norm import batch_norm, layer_norm, normalize
from .._nn.functional.distance import pairwise_distance
from .._nn.functional.extension import sequence_mask
# nnloss block
from .._nn.functional.flash_attention import (flash_attn_qkvpacked, flash_attn_varlen_qkvpacked,
                                              flash_attention_v3_varlen, flashmask_attention)
from .._nn.functional.sparse_attention import sparse_attention
from .._nn.functional.activation import gumbel_softmax, swiglu
from .._nn.functional.common import class_center_sample
from .._nn.functional.extension import gather_tree
from .._nn.functional.loss import (ctc_loss, rnnt_loss, hsigmoid_loss, multi_label_margin_loss,
                                   adaptive_log_softmax_with_loss, margin_cross_entropy)
from .._nn.functional.sdpa import scaled_dot_product_attention
from .._nn.functional.loss import (cross_entropy, softmax_with_cross_entropy, nll_loss, mse_loss,
                                   l1_loss, binary_cross_entropy, binary_cross_entropy_with_logits,
                                   label_smooth, smooth_l1_loss, kl_div, log_loss, square_error_cost,
                                   margin_ranking_loss, hinge_embedding_loss,
                                   cosine_embedding_loss, sigmoid_focal_loss, soft_margin_loss,
                                   multi_label_soft_margin_loss, multi_margin_loss,
                                   poisson_nll_loss, gaussian_nll_loss, triplet_margin_loss,
                                   triplet_margin_with_distance_loss, dice_loss, npair_loss)

__all__ = ["sequence_mask", "scaled_dot_product_attention", "label_smooth", "relu", "relu_", "gelu", "sigmoid", "tanh", "softmax", "log_softmax", "leaky_relu", "relu6",
           "silu", "elu", "softplus", "hardswish", "hardsigmoid", "linear", "dropout", "embedding",
           "one_hot", "pad", "interpolate", "upsample", "flatten", "conv1d", "conv2d", "max_pool1d",
           "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d", "adaptive_avg_pool2d",
           "adaptive_max_pool2d", "batch_norm", "layer_norm", "normalize", "cross_entropy",
           "softmax_with_cross_entropy", "nll_loss", "mse_loss", "l1_loss", "binary_cross_entropy",
           "binary_cross_entropy_with_logits", "celu", "selu", "mish", "swish", "hardtanh",
           "hardtanh_", "hardshrink", "softshrink", "tanhshrink", "softsign", "log_sigmoid",
           "logsigmoid", "thresholded_relu", "thresholded_relu_", "prelu", "rrelu", "glu", "maxout",
           "softmax_", "tanh_", "elu_", "leaky_relu_", "smooth_l1_loss", "kl_div", "log_loss",
           "square_error_cost", "margin_ranking_loss", "hinge_embedding_loss",
           "cosine_embedding_loss", "sigmoid_focal_loss", "soft_margin_loss",
           "multi_label_soft_margin_loss", "multi_margin_loss", "poisson_nll_loss",
           "gaussian_nll_loss", "triplet_margin_loss", "triplet_margin_with_distance_loss",
           "dice_loss", "npair_loss", "pairwise_distance", "cosine_similarity"]
__all__ += ["ctc_loss", "rnnt_loss", "hsigmoid_loss", "multi_label_margin_loss",   # nnloss block
            "adaptive_log_softmax_with_loss", "margin_cross_entropy", "gumbel_softmax", "swiglu",
            "class_center_sample", "gather_tree",
            "flash_attn_qkvpacked", "flash_attn_varlen_qkvpacked", "flash_attention_v3_varlen",
            "sparse_attention", "flashmask_attention"]

# conv/pool/norm/pad/shape/dropout (issue 20)
from .._nn.functional.conv import conv3d, conv1d_transpose, conv2d_transpose, conv3d_transpose
from .._nn.functional.pooling import (max_pool3d, avg_pool3d, adaptive_avg_pool3d,
                                      adaptive_max_pool1d, adaptive_max_pool3d, lp_pool1d,
                                      lp_pool2d, max_unpool1d, max_unpool2d, max_unpool3d,
                                      fractional_max_pool2d, fractional_max_pool3d)
from .._nn.functional.norm import instance_norm, group_norm, local_response_norm, rms_norm
__all__ += ["instance_norm", "group_norm", "local_response_norm", "rms_norm"]
from .._nn.functional.common import (dropout1d, dropout2d, dropout3d, alpha_dropout,
                                     feature_alpha_dropout, zeropad2d, bilinear, unfold, fold)
from .._nn.functional.vision import (pixel_shuffle, pixel_unshuffle, channel_shuffle, grid_sample,
                                     affine_grid)
from .._nn.functional.extension import temporal_shift
__all__ += ["dropout1d", "dropout2d", "dropout3d", "alpha_dropout", "feature_alpha_dropout",
            "zeropad2d", "bilinear", "unfold", "fold", "pixel_shuffle", "pixel_unshuffle",
            "channel_shuffle", "grid_sample", "affine_grid", "temporal_shift"]
__all__ += ["conv3d", "conv1d_transpose", "conv2d_transpose", "conv3d_transpose", "max_pool3d",
            "avg_pool3d", "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool3d",
            "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d", "max_unpool3d",
            "fractional_max_pool2d", "fractional_max_pool3d"]

# MoE token permutation (incfused): Paddle 3.3.1 runs these only on GPU; computed here on any device
from .._nn.functional.moe_permute import moe_permute
from .._nn.functional.moe_unpermute import moe_unpermute
__all__ += ["moe_permute", "moe_unpermute"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
# Paddle's paddle.nn.functional is a package whose submodules scripts import by path
# (`from paddle.nn.functional.loss import ...`): an empty __path__ makes this module one, and
# _submodules.py serves those submodules.
__path__ = []
