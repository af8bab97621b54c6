"""paddle.nn.functional: activations, linear/conv/pool, normalisation, dropout, embedding, losses."""
from .._nn.functional_activation import (relu, relu_, gelu, sigmoid, tanh, softmax, log_softmax,
                                         leaky_relu, relu6, silu, elu, softplus, hardswish,
                                         hardsigmoid)
from .._nn.functional_common import (linear, dropout, embedding, one_hot, pad, interpolate, upsample,
                                     flatten)
from .._nn.functional_conv import (conv1d, conv2d, max_pool1d, max_pool2d, avg_pool1d, avg_pool2d,
                                   adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool2d)
from .._nn.functional_norm import batch_norm, layer_norm, normalize
from .._nn.functional_loss import (cross_entropy, softmax_with_cross_entropy, nll_loss, mse_loss,
                                   l1_loss, binary_cross_entropy, binary_cross_entropy_with_logits,
                                   label_smooth)

__all__ = ["label_smooth", "relu", "relu_", "gelu", "sigmoid", "tanh", "softmax", "log_softmax", "leaky_relu", "relu6",
           "silu", "elu", "softplus", "hardswish", "hardsigmoid", "linear", "dropout", "embedding",
           "one_hot", "pad", "interpolate", "upsample", "flatten", "conv1d", "conv2d", "max_pool1d",
           "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d", "adaptive_avg_pool2d",
           "adaptive_max_pool2d", "batch_norm", "layer_norm", "normalize", "cross_entropy",
           "softmax_with_cross_entropy", "nll_loss", "mse_loss", "l1_loss", "binary_cross_entropy",
           "binary_cross_entropy_with_logits"]
