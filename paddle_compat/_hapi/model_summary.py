"""paddle.summary: the per-layer table (output shapes, parameter counts, size estimates) and the
{'total_params', 'trainable_params'} dict, as Paddle 3.3.1's python/paddle/hapi/model_summary.py.

The network runs once on `paddle.rand` inputs (drawing from the global generator, as Paddle does)
with a forward post-hook on every layer but containers; rows are named `<Class>-<n>` where n is one
more than the counter in the layer's full name (`linear_0` -> `Linear-1`)."""
import numbers
import warnings
from collections import OrderedDict

import numpy as np

from .._autograd.grad_mode import no_grad
from .._mode import in_dynamic_mode
from .._nn.layer.container import LayerList, Sequential
from .._ops.math import cast
from .._ops.random import rand
from .._tensor import Tensor
from .._static.input_spec import InputSpec

__all__ = ["summary", "summary_string"]


def summary(net, input_size=None, dtypes=None, input=None):
    """paddle.summary(net, input_size=None, dtypes=None, input=None): print the network's layer
    table and return {'total_params': n, 'trainable_params': m}.

    `input_size` is a shape tuple (None or -1 allowed for the batch dimension), an InputSpec, or a
    list of them for several inputs; alternatively pass real `input` tensors."""
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None and input is not None:
        if isinstance(input, Tensor):
            input_size = tuple(input.shape)
        elif isinstance(input, (list, tuple)):
            input_size = [tuple(x.shape) for x in input]
        elif isinstance(input, dict):
            input_size = [tuple(input[key].shape) for key in input.keys()]
        else:
            raise ValueError("Input is not tensor, list, tuple and dict, unable to determine "
                             "input_size, please input input_size.")
    if isinstance(input_size, InputSpec):
        _input_size = tuple(input_size.shape)
    elif isinstance(input_size, list):
        _input_size = []
        for item in input_size:
            if isinstance(item, int):
                item = (item,)
            assert isinstance(item, (tuple, InputSpec)), (
                "When input_size is list,             expect item in input_size is a tuple or "
                f"InputSpec, but got {type(item)}")
            _input_size.append(tuple(item.shape) if isinstance(item, InputSpec) else item)
    elif isinstance(input_size, int):
        _input_size = (input_size,)
    else:
        _input_size = input_size

    if not in_dynamic_mode():
        warnings.warn("Your model was created in static graph mode, this may not get correct "
                      "summary information!")
        in_train_mode = False
    else:
        in_train_mode = net.training
    if in_train_mode:
        net.eval()

    def _is_shape(shape):
        return not any(isinstance(item, (list, tuple)) for item in shape)

    def _check_shape(shape):
        num_unknown = 0
        new_shape = []
        for item in shape:
            if item is None or item == -1:
                num_unknown += 1
                if num_unknown > 1:
                    raise ValueError("Option input_size only the dim of batch_size can be None "
                                     "or -1.")
                item = 1
            elif isinstance(item, numbers.Number):
                if item <= 0:
                    raise ValueError(f"Expected element in input size greater than zero, but got "
                                     f"{item}")
            new_shape.append(item)
        return tuple(new_shape)

    def _check_input(size):
        if isinstance(size, (list, tuple)) and _is_shape(size):
            return _check_shape(size)
        return [_check_input(i) for i in size]

    _input_size = _check_input(_input_size)
    result, params_info = summary_string(net, _input_size, dtypes, input)
    print(result)
    if in_train_mode:
        net.train()
    return params_info


def _all_is_number(items):
    return all(isinstance(item, numbers.Number) for item in items)


def _shape_of(x):
    if isinstance(x, Tensor):
        return list(x.shape)
    if isinstance(x, (list, tuple)):
        return [_shape_of(xx) for xx in x]
    return None


def _output_shape(output):
    if isinstance(output, (list, tuple)):
        return [_output_shape(o) for o in output]
    if hasattr(output, "shape"):
        return list(output.shape)
    return []


@no_grad()
def summary_string(model, input_size=None, dtypes=None, input=None):
    """(table text, {'total_params', 'trainable_params'}) for `model` run on `input_size`."""
    def _build_dtypes(size, dtype):
        if dtype is None:
            dtype = "float32"
        if isinstance(size, (list, tuple)) and _all_is_number(size):
            return [dtype]
        return [_build_dtypes(i, dtype) for i in size]

    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    depth = len(list(model.sublayers()))
    summary = OrderedDict()
    hooks = []

    def hook(layer, inputs, output):
        # Paddle's own parsing of str(type): '<class '__main__.Net'>' -> 'Net'
        class_name = str(layer.__class__).split(".")[-1].split("'")[0]
        try:
            layer_idx = int(layer._full_name.split("_")[-1])
        except ValueError:      # a custom full name without a counter
            layer_idx = len(summary)
        m_key = f"{class_name}-{layer_idx + 1}"
        row = summary[m_key] = OrderedDict()
        row["input_shape"] = _shape_of(inputs)
        row["output_shape"] = _output_shape(output)
        params = 0
        row["trainable_params"] = 0
        trainable_flag = False
        for k, v in layer._parameters.items():
            if v is None:
                continue
            n = np.prod(v.shape)
            params += n
            if v.trainable and not v.stop_gradient:
                row["trainable_params"] += n
                row["trainable"] = True
                trainable_flag = True
            elif not trainable_flag:
                row["trainable"] = False
        row["nb_params"] = params

    def register_hook(layer):
        if not isinstance(layer, (Sequential, LayerList)) and (layer is not model or depth < 1):
            hooks.append(layer.register_forward_post_hook(hook))
        elif getattr(layer, "could_use_cudnn", False):
            # Paddle's RNN layers (cuDNN-capable) get a row even as containers
            hooks.append(layer.register_forward_post_hook(hook))

    if isinstance(input_size, tuple):
        input_size = [input_size]

    def build_input(size, dtypes):
        if isinstance(size, (list, tuple)) and _all_is_number(size):
            dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
            return cast(rand(list(size)), dtype)
        return [build_input(i, dtype) for i, dtype in zip(size, dtypes)]

    model.apply(register_hook)
    try:
        if input is not None:
            model(input)
        else:
            model(*build_input(input_size, dtypes))
    finally:
        for h in hooks:
            h.remove()

    widths = {"layer_width": 15, "input_shape_width": 20, "output_shape_width": 20,
              "params_width": 15, "table_width": 75}
    for layer, row in summary.items():
        widths["output_shape_width"] = max(widths["output_shape_width"],
                                           len(str(row["output_shape"])))
        widths["input_shape_width"] = max(widths["input_shape_width"],
                                          len(str(row["input_shape"])))
        widths["layer_width"] = max(widths["layer_width"], len(str(layer)))
        widths["params_width"] = max(widths["params_width"], len(str(row["nb_params"])))
    _temp_width = sum(v for k, v in widths.items() if k != "table_width")
    if widths["table_width"] < _temp_width + 5:
        widths["table_width"] = _temp_width + 5
    tw = widths["table_width"]

    def line(a, b, c, d):
        return "{:^{}} {:^{}} {:^{}} {:^{}}".format(
            a, widths["layer_width"], b, widths["input_shape_width"], c,
            widths["output_shape_width"], d, widths["params_width"])

    out = "-" * tw + "\n"
    out += line("Layer (type)", "Input Shape", "Output Shape", "Param #") + "\n"
    out += "=" * tw + "\n"
    total_params = 0
    total_output = 0
    trainable_params = 0
    for layer, row in summary.items():
        out += line(layer, str(row["input_shape"]), str(row["output_shape"]),
                    "{:,}".format(row["nb_params"])) + "\n"
        total_params += row["nb_params"]
        try:
            total_output += np.sum(np.prod(row["output_shape"], axis=-1))
        except ValueError:        # ragged: several outputs of different ranks
            for output_shape in row["output_shape"]:
                total_output += np.sum(np.prod(output_shape, axis=-1))
        if row.get("trainable"):
            trainable_params += row["trainable_params"]

    def _get_input_size(size):
        if isinstance(size, (list, tuple)) and _all_is_number(size):
            return abs(np.prod(size) * 4.0 / 1024 ** 2.0)
        return sum(_get_input_size(i) for i in size)

    total_input_size = _get_input_size(input_size)
    total_output_size = abs(2.0 * total_output * 4.0 / 1024 ** 2.0)
    total_params_size = abs(total_params * 4.0 / 1024 ** 2.0)
    total_size = total_params_size + total_output_size + total_input_size
    out += "=" * tw + "\n"
    out += f"Total params: {total_params:,}" + "\n"
    out += f"Trainable params: {trainable_params:,}" + "\n"
    out += f"Non-trainable params: {total_params - trainable_params:,}" + "\n"
    out += "-" * tw + "\n"
    out += f"Input size (MB): {total_input_size:0.2f}" + "\n"
    out += f"Forward/backward pass size (MB): {total_output_size:0.2f}" + "\n"
    out += f"Params size (MB): {total_params_size:0.2f}" + "\n"
    out += f"Estimated Total Size (MB): {total_size:0.2f}" + "\n"
    out += "-" * tw + "\n"
    return out, {"total_params": total_params, "trainable_params": trainable_params}
