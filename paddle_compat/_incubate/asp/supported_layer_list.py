"""paddle.incubate.asp.supported_layer_list (mirrors paddle/incubate/asp/supported_layer_list.py):
which layers ASP prunes and how. A parameter is pruned when its name's layer part ('fc',
'linear', 'conv2d' by default, or one added with add_supported_layer) is in the table and it is
a weight ('.w_'); the default pruning function masks along the input dimension."""
import copy
import logging
import threading

import numpy as np

from ..._nn.layer.layers import Layer
from ..._nn.layer_helpers import camel_to_snake
from .utils import CheckMethod, check_sparsity, create_mask

__all__ = ["add_supported_layer"]

_logger = logging.getLogger("paddle.incubate.asp")


def _default_pruning(weight_nparray, m, n, func_name, param_name):
    """Prune a weight with `func_name` along its input dimension: the mask is computed on the
    transposed weight (cuSparseLt prunes the k dimension of W^T). A weight whose input dimension
    (dim 0 of a 2-D weight, dim 1 of a 4-D one) is below m is left dense."""
    shape = weight_nparray.shape
    pruned = copy.deepcopy(weight_nparray)
    mask = np.ones_like(pruned)
    if len(shape) == 2 and shape[0] < m:
        _logger.warning(f"{param_name} is not pruned because the first dimension of {shape} is "
                        f"smaller than {m}")
        return pruned, mask
    if len(shape) == 4 and shape[1] < m:
        _logger.warning(f"{param_name} is not pruned because the second dimension of {shape} is "
                        f"smaller than {m}")
        return pruned, mask
    check = CheckMethod.get_checking_method(func_name)
    mask = create_mask(weight_nparray.T, func_name=func_name, n=n, m=m).T
    pruned = np.multiply(weight_nparray, mask)
    assert check_sparsity(pruned.T, n=n, m=m, func_name=check), (
        f"Pruning {param_name} weight matrix failure!!!")
    return pruned, mask


_table_lock = threading.Lock()
supported_layers_and_prune_func_map = {}


def add_supported_layer(layer, pruning_func=None):
    """paddle.incubate.asp.add_supported_layer(layer, pruning_func=None): let ASP prune the
    weights of `layer` (a name such as 'linear', a Layer instance or a Layer subclass, named in
    snake case) with pruning_func(weight, m, n, mask_algo, param_name) -> (pruned, mask), the
    default pruning when None.

    Differences from Paddle: none known."""
    name = None
    if isinstance(layer, str):
        name = layer
    elif isinstance(layer, Layer):
        name = camel_to_snake(type(layer).__name__)
    elif issubclass(layer, Layer):      # anything else: issubclass's own TypeError, as Paddle
        name = camel_to_snake(layer.__name__)
    if pruning_func is None:
        pruning_func = _default_pruning
    with _table_lock:
        supported_layers_and_prune_func_map[name] = pruning_func


add_supported_layer("fc")
add_supported_layer("linear")
add_supported_layer("conv2d")
