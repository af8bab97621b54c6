"""Paddle's PyLayer error texts, in one place, so `py_layer.py` reads as logic; and the check of
backward's return value that raises most of them (`flatten_grads`).

Every text here was checked against Paddle 3.3.1 (see conformance/goldens/pylayer_behaviour.json). Paddle prefixes its enforce errors with the error
class in parentheses and appends `(at <C++ file>:<line>)`; paddle_compat keeps the prefix and the
`[Hint: ...]` lines that carry information, and leaves out the C++ location and pointer values,
which mean nothing here.

Paddle's error class -> Python exception: InvalidArgument -> ValueError, External -> OSError,
PermissionDenied -> RuntimeError, Fatal -> SystemError.
"""
import sys
import traceback

from .._tensor import Tensor

__all__ = ["no_tensor_output", "leaf_inplace", "too_many_grads", "grad_for_stop_gradient",
           "grad_not_tensor", "grad_missing", "grad_list_expected", "grad_list_short",
           "backward_failed", "hooks_save_type", "translate_version_error", "node_name",
           "flatten_grads"]


def node_name(layer_cls):
    """Paddle's backward node name for a PyLayer subclass: GradNodePyLayer_<Class>."""
    return "GradNodePyLayer_" + layer_cls.__name__


def no_tensor_output(layer_cls):
    return ValueError(f"(InvalidArgument) {layer_cls.__name__} : At least one output of "
                      "`PyLayer.forward` is a `Tensor`.")


def leaf_inplace(layer_cls, tensor_name):
    return ValueError(
        f"(InvalidArgument) {layer_cls.__name__} : Leaf Var ({tensor_name}) that doesn't stop "
        "gradient can't use inplace strategy.\n  [Hint: Expected !inplace_tensor_autograd_meta->"
        "StopGradient() && egr::EagerUtils::IsLeafTensor(*inplace_tensor) == false, but received "
        "!inplace_tensor_autograd_meta->StopGradient() && egr::EagerUtils::IsLeafTensor("
        "*inplace_tensor):1 != false:0.]")


def too_many_grads(layer_cls, expected, received):
    return ValueError(f"(InvalidArgument) {node_name(layer_cls)} : The number of outputs of "
                      f"`PyLayer.backward` should be {expected}, but received {received}.")


def grad_for_stop_gradient(layer_cls, position):
    return ValueError(f"(InvalidArgument) {node_name(layer_cls)}'s backward function should "
                      f"return None at {position} position, because it's forward Tensor's "
                      "stopgradient is true.")


def _tp_name(obj):
    # Paddle prints the C type's tp_name: 'int', 'list', 'numpy.ndarray'.
    kind = type(obj)
    mod = kind.__module__
    return kind.__qualname__ if mod == "builtins" else f"{mod}.{kind.__qualname__}"


def grad_not_tensor(layer_cls, obj):
    # The doubled comma is Paddle's own text.
    return ValueError(f"(InvalidArgument) {node_name(layer_cls)} : We can only support Tensor or "
                      f"None for backward output, , but got {_tp_name(obj)}, please check your "
                      "PyLayer code and make it fits")


def grad_missing(layer_cls, position):
    return ValueError(
        f"(InvalidArgument) {node_name(layer_cls)}'s backward function should not return empty at "
        f"{position} position.\n  [Hint: Expected this->OutputMeta()[i][0].IsStopGradient() == "
        "true, but received this->OutputMeta()[i][0].IsStopGradient():0 != true:1.]")


def grad_list_expected(obj):
    """A list-of-Tensors input slot needs a list/tuple of grads (Paddle's pybind message)."""
    return ValueError(f"(InvalidArgument) argument must be list or tuple, but got "
                      f"{type(obj).__name__}")


def grad_list_short(slot_size, received):
    """Fewer grads than tensors in a list input slot: Paddle's engine fails with this Fatal."""
    return SystemError(
        "(Fatal) Rank of grad_output_tensors should be less than grad_output_tensors[i].size(), "
        f"which is: {slot_size}. This error may indicate autoprune or autograd api error. \n  "
        f"[Hint: Expected j < grad_output_tensors[i].size(), but received j:{received} >= "
        f"grad_output_tensors[i].size():{received}.]")


def hooks_save_type():
    return ValueError("(InvalidArgument) save_for_backward only support Tensor, list of Tensor, "
                      "tuple of Tensor.")


_SEP = "=" * 28


def backward_failed(layer_cls, node, exc, skip_frames=2):
    """OSError text Paddle gives when the user's backward raises: the exception and the stack.

    `skip_frames` drops this function and paddle_compat's node frame from the outer stack. The stack
    lists the innermost frame first, as Paddle's pybind11 error string does.
    """
    inner = traceback.extract_tb(exc.__traceback__)[1:]          # from the user's backward down
    outer = traceback.extract_stack(sys._getframe(skip_frames))  # where backward was triggered
    frames = list(reversed(inner)) + list(reversed(outer))
    lines = "".join(f"  {f.filename}({f.lineno}): {f.name}\n" for f in frames)
    error = f"{type(exc).__name__}: {exc}\n\nAt:\n{lines}"
    body = (f"{_SEP} Error message in backward of {node_name(layer_cls)}(0x{id(node):x}){_SEP}\n"
            f"{error}\n{_SEP * 4}\n")
    indented = "    " + body.replace("\n", "\n    ")
    return OSError(f"(External) \n{{\n{indented}\n}}\n")




def flatten_grads(layer, result, in_slots, needs):
    """PyLayer backward's return value -> one torch grad (or None) per flattened input, with
    Paddle's checks (the errors above); also the paddle Tensor each grad came from.

    `in_slots`: tensors per input slot (0 = one Tensor), None when every slot is one Tensor.
    `needs`: torch's needs_input_grad (entry 0 is py_layer's call object); a slot stops gradient
    when its first Tensor did not require grad."""
    if not isinstance(result, tuple):
        result = (result,)       # a list is ONE item, as in Paddle
    n = len(result)
    if in_slots is None:
        in_slots = (0,) * (len(needs) - 1)
    if n > len(in_slots):
        raise too_many_grads(layer, len(in_slots), n)
    flat, sources = [], []
    k = 1
    for i, count in enumerate(in_slots):
        stop = not needs[k]
        k += count or 1
        if i >= n:
            if not stop:
                raise grad_missing(layer, i)
            flat.extend([None] * (count or 1))
            sources.extend([None] * (count or 1))
            continue
        obj = result[i]
        if stop:
            if obj is not None:
                raise grad_for_stop_gradient(layer, i)
            flat.extend([None] * (count or 1))
            sources.extend([None] * (count or 1))
        elif count:
            if not isinstance(obj, (list, tuple)):
                raise grad_list_expected(obj)
            if len(obj) < count:
                raise grad_list_short(count, len(obj))
            for e in obj[:count]:
                if isinstance(e, Tensor):
                    flat.append(e._t)
                elif e is None:
                    flat.append(None)
                else:
                    raise grad_not_tensor(layer, e)
                sources.append(e)
        elif isinstance(obj, Tensor):
            flat.append(obj._t)
            sources.append(obj)
        elif obj is None:
            flat.append(None)
            sources.append(None)
        else:
            raise grad_not_tensor(layer, obj)
    return flat, sources
