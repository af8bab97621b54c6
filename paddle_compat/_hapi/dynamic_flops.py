"""paddle.flops: counts a network's multiply-adds per layer type as Paddle 3.3.1's
python/paddle/hapi/dynamic_flops.py does (same counting rules, same printed lines and table).

Leaf layers get `total_ops` / `total_params` buffers and forward post-hooks, the network runs once on
`paddle.randn(input_size)` (drawing from the global generator, as Paddle does), and the buffers are
removed again. Layer types are matched by exact class as in Paddle (a subclass of Conv2D is not
counted unless given in `custom_ops`). Printed class names use Paddle's module paths
(`<class 'paddle.nn.layer.conv.Conv2D'>`) so the text matches Paddle's.
"""
import warnings

import numpy as np

from .._autograd.grad_mode import no_grad
from .._creation_core import to_tensor
from .._nn.layer.layers import Layer
from .._ops.creation import zeros
from .._ops.random import randn
from .static_flops import Table, static_flops

__all__ = ["flops", "dynamic_flops", "Table"]  # Table: static_flops.py's, as in Paddle


def count_convNd(m, x, y):
    x = x[0]
    kernel_ops = np.prod(m.weight.shape[2:])
    bias_ops = 1 if m.bias is not None else 0
    total_ops = int(y.numel()) * (x.shape[1] / m._groups * kernel_ops + bias_ops)
    m.total_ops += abs(int(total_ops))


def count_leaky_relu(m, x, y):
    m.total_ops += int(x[0].numel())


def count_bn(m, x, y):
    nelements = x[0].numel()
    if not m.training:
        total_ops = 2 * nelements
    m.total_ops += abs(int(total_ops))   # UnboundLocalError in training mode, as in Paddle


def count_linear(m, x, y):
    m.total_ops += abs(int(m.weight.shape[0] * y.numel()))


def count_avgpool(m, x, y):
    m.total_ops += int(y.numel())


def count_adap_avgpool(m, x, y):
    kernel = np.array(x[0].shape[2:]) // np.array(y.shape[2:])
    kernel_ops = np.prod(kernel) + 1
    m.total_ops += abs(int(kernel_ops * y.numel()))


def count_zero_ops(m, x, y):
    m.total_ops += 0


def count_parameters(m, x, y):
    total_params = 0
    for p in m.parameters():
        total_params += p.numel()
    m.total_params[0] = abs(int(total_params))


def count_io_info(m, x, y):
    m.register_buffer("input_shape", to_tensor(list(x[0].shape)))
    out = y[0] if isinstance(y, (list, tuple)) else y
    m.register_buffer("output_shape", to_tensor(list(out.shape)))


# Paddle's register_hooks table, by class name of paddle_compat's own layers (exact class, as
# Paddle's `type(m) in register_hooks`). nn.BatchNorm1D/3D are not in Paddle's table.
_REGISTER_HOOKS = {
    "Conv1D": count_convNd, "Conv2D": count_convNd, "Conv3D": count_convNd,
    "Conv1DTranspose": count_convNd, "Conv2DTranspose": count_convNd,
    "Conv3DTranspose": count_convNd, "BatchNorm2D": count_bn, "BatchNorm": count_bn,
    "ReLU": count_zero_ops, "ReLU6": count_zero_ops, "LeakyReLU": count_leaky_relu,
    "Linear": count_linear, "Dropout": count_zero_ops, "AvgPool1D": count_avgpool,
    "AvgPool2D": count_avgpool, "AvgPool3D": count_avgpool,
    "AdaptiveAvgPool1D": count_adap_avgpool, "AdaptiveAvgPool2D": count_adap_avgpool,
    "AdaptiveAvgPool3D": count_adap_avgpool,
}

# Paddle's module of each public layer class, for printing `<class 'paddle.nn.layer.X.Name'>`.
_PADDLE_MODULES = {
    "activation": "CELU ELU GELU GLU Hardshrink Hardsigmoid Hardswish Hardtanh LeakyReLU LogSigmoid "
                  "LogSoftmax Maxout Mish PReLU RReLU ReLU ReLU6 SELU SiLU Sigmoid Silu Softmax "
                  "Softmax2D Softplus Softshrink Softsign Swish Tanh Tanhshrink ThresholdedReLU",
    "common": "AlphaDropout Bilinear CosineSimilarity Dropout Dropout2D Dropout3D Embedding "
              "FeatureAlphaDropout Flatten Fold Identity Linear Pad1D Pad2D Pad3D Unflatten Unfold "
              "Upsample UpsamplingBilinear2D UpsamplingNearest2D ZeroPad2D",
    "container": "LayerDict LayerList ParameterDict ParameterList Sequential",
    "conv": "Conv1D Conv1DTranspose Conv2D Conv2DTranspose Conv3D Conv3DTranspose",
    "distance": "PairwiseDistance",
    "norm": "BatchNorm BatchNorm1D BatchNorm2D BatchNorm3D GroupNorm InstanceNorm1D "
            "InstanceNorm2D InstanceNorm3D LayerNorm LocalResponseNorm SpectralNorm SyncBatchNorm",
    "pooling": "AdaptiveAvgPool1D AdaptiveAvgPool2D AdaptiveAvgPool3D AdaptiveMaxPool1D "
               "AdaptiveMaxPool2D AdaptiveMaxPool3D AvgPool1D AvgPool2D AvgPool3D MaxPool1D "
               "MaxPool2D MaxPool3D MaxUnPool1D MaxUnPool2D MaxUnPool3D",
    "rnn": "BiRNN GRU GRUCell LSTM LSTMCell RNN RNNCellBase SimpleRNN SimpleRNNCell",
    "transformer": "MultiHeadAttention Transformer TransformerDecoder TransformerDecoderLayer "
                   "TransformerEncoder TransformerEncoderLayer",
    "vision": "ChannelShuffle PixelShuffle PixelUnshuffle",
}
_PADDLE_MODULE_OF = {name: f"paddle.nn.layer.{mod}"
                     for mod, names in _PADDLE_MODULES.items() for name in names.split()}


def _is_own(cls):
    return cls.__module__.startswith("paddle_compat.")


def _type_repr(cls):
    # str(type) with paddle_compat's module replaced by Paddle's, so printed lines match Paddle's
    if not _is_own(cls):
        return str(cls)
    module = _PADDLE_MODULE_OF.get(cls.__name__)
    if module is None:
        module = "paddle" + cls.__module__[len("paddle_compat"):].replace("._", ".")
    return f"<class '{module}.{cls.__qualname__}'>"


def _builtin_counter(cls):
    return _REGISTER_HOOKS.get(cls.__name__) if _is_own(cls) else None


def flops(net, input_size, custom_ops=None, print_detail=False):
    """paddle.flops(net, input_size, custom_ops=None, print_detail=False): the network's FLOPs
    (multiply-adds, Paddle's counting) on an input of shape `input_size`; prints `Total Flops: N
    Total Params: M` and, with print_detail, the per-layer table. `custom_ops` maps a Layer class
    to a `count(layer, inputs, output)` function that adds to `layer.total_ops`.

    A static Program (`net`) is counted per recorded op by `static_flops` (input_size unused).

    Differences from Paddle: none (see static_flops for the PIR-mode Program)."""
    if isinstance(net, Layer):
        inputs = randn(input_size)
        return dynamic_flops(net, inputs=inputs, custom_ops=custom_ops, print_detail=print_detail)
    from .._static.ir import Program
    if isinstance(net, Program):
        return static_flops(net, print_detail=print_detail)
    warnings.warn("Your model must be an instance of paddle.nn.Layer or paddle.static.Program.")
    return -1


_BUFFERS = {"total_ops", "total_params", "input_shape", "output_shape"}


def dynamic_flops(model, inputs, custom_ops=None, print_detail=False):
    """FLOPs of `model` run on `inputs` (see `flops`)."""
    handler_collection = []
    types_collection = set()
    if custom_ops is None:
        custom_ops = {}

    def add_hooks(m):
        if len(list(m.children())) > 0:
            return
        m.register_buffer("total_ops", zeros([1], dtype="int64"))
        m.register_buffer("total_params", zeros([1], dtype="int64"))
        m_type = type(m)
        flops_fn = None
        if m_type in custom_ops:
            flops_fn = custom_ops[m_type]
            if m_type not in types_collection:
                print(f"Customize Function has been applied to {_type_repr(m_type)}")
        elif _builtin_counter(m_type) is not None:
            flops_fn = _builtin_counter(m_type)
            if m_type not in types_collection:
                print(f"{_type_repr(m_type)}'s flops has been counted")
        elif m_type not in types_collection:
            print(f"Cannot find suitable count function for {_type_repr(m_type)}. Treat it as "
                  "zero FLOPs.")
        if flops_fn is not None:
            handler_collection.append(m.register_forward_post_hook(flops_fn))
        handler_collection.append(m.register_forward_post_hook(count_parameters))
        handler_collection.append(m.register_forward_post_hook(count_io_info))
        types_collection.add(m_type)

    training = model.training
    model.eval()
    model.apply(add_hooks)
    with no_grad():
        model(inputs)
    total_ops = 0
    total_params = 0
    for m in model.sublayers():
        if len(list(m.children())) > 0:
            continue
        if _BUFFERS.issubset(set(m._buffers.keys())):
            total_ops += int(m.total_ops)
            total_params += int(m.total_params)
    if training:
        model.train()
    for handler in handler_collection:
        handler.remove()
    table = Table(["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"])
    for n, m in model.named_sublayers():
        if len(list(m.children())) > 0:
            continue
        if _BUFFERS.issubset(set(m._buffers.keys())):
            table.add_row([m.full_name(), m.input_shape.numpy().tolist(),
                           m.output_shape.numpy().tolist(), int(m.total_params),
                           int(m.total_ops)])
            for name in ("total_ops", "total_params", "input_shape", "output_shape"):
                m._buffers.pop(name)
    if print_detail:
        table.print_table()
    print(f"Total Flops: {int(total_ops)}     Total Params: {int(total_params)}")
    return int(total_ops)
