"""paddle.incubate.inference (Paddle: python/paddle/incubate/jit/inference_decorator.py).

In Paddle the decorator turns a Layer's forward (or a function) into a static model with
jit.to_static + jit.save, then serves every call from a Paddle Inference predictor: same values
as the dynamic call, no autograd graph, several outputs returned as a list. paddle_compat has no
Paddle Inference engine, so the decorated call runs the function itself under no_grad and returns
its outputs in the predictor's form; Paddle's checks on the function and its arguments are kept."""
import functools
import inspect

from ..._autograd.grad_mode import no_grad
from ..._tensor import Tensor

__all__ = ["inference", "is_inference_mode"]

_WRAPPER = "innermost_decorator"
_PRECISIONS = ("float32", "float16", "bfloat16")


def _layer_class():
    from ..._nn.layer.layers import Layer
    return Layer


def is_inference_mode(function):
    """Whether `function` (or a Layer's forward) is already decorated by inference()."""
    if isinstance(function, _layer_class()):
        return getattr(function.forward, "__name__", None) == _WRAPPER
    if hasattr(function, "__name__"):
        return function.__name__ == _WRAPPER
    return False


def _is_fixed(value):
    return value is None or isinstance(value, bool)


def _check_argument(value, name):
    """Paddle's get_tensor: a Tensor, a list/tuple of Tensors, None or a bool."""
    if isinstance(value, Tensor) or _is_fixed(value):
        return
    if isinstance(value, (list, tuple)):
        for ele in value:
            if not isinstance(ele, Tensor):
                raise AssertionError(f"the elements in {name} must be paddle.Tensor")
        return
    raise AssertionError(
        "we only support adding paddle.incubate.jit.inference() in functions whose arguments "
        "are paddle.Tensor or list[paddle.Tensor] & tuple[paddle.Tensor] or None,\n"
        f"            but here we get {name} in your function is {type(value)}, please modify "
        "your function to meet our requirement.")


def _predictor_outputs(result):
    """The predictor returns its output tensors as a list; one output is returned bare."""
    if isinstance(result, (list, tuple)):
        flat = list(result)
        return flat if len(flat) > 1 else flat[0]
    return result


def inference(function=None, cache_static_model=False, save_model_dir=None,
              memory_pool_init_size_mb=1000, precision_mode="float32", switch_ir_optim=True,
              switch_ir_debug=False, enable_cinn=False, with_trt=False,
              trt_precision_mode="float32", trt_use_static=False, collect_shape=False,
              enable_new_ir=False, exp_enable_use_cutlass=False, delete_pass_lists=None,
              skip_prune_program=False):
    """paddle.incubate.inference(function=None, cache_static_model=False, save_model_dir=None,
    ..., precision_mode='float32', with_trt=False, ...): decorate a Layer (its forward is
    replaced), a Layer method (as ``@paddle.incubate.jit.inference()``) or a function so that
    calls run as inference: no autograd graph, outputs as Paddle Inference returns them (a list
    when there are several, the Tensor when there is one). Arguments must be Tensors, lists or
    tuples of Tensors, None or bools; a function with ``*args`` / ``**kwargs`` is refused with
    Paddle's ValueError; decorating twice returns the decorated object unchanged.

    Differences from Paddle: no static model is exported and no Paddle Inference predictor is
    built (``cache_static_model``, ``save_model_dir``, ``memory_pool_init_size_mb``, the IR /
    CINN / cutlass switches and ``delete_pass_lists`` are accepted and have no effect, nothing
    is written under ~/.cache/paddle/inference_models); the call runs the dynamic function under
    paddle.no_grad, so its values equal the dynamic call's. ``precision_mode`` 'float16' /
    'bfloat16' does not convert the weights (cast the Layer with ``layer.to(dtype=...)``
    instead). ``with_trt=True`` raises NotImplementedError: TensorRT is not available (use
    paddle.jit.save for an exported model, or torch-tensorrt on the torch module)."""
    if is_inference_mode(function):
        return function
    if with_trt:
        raise NotImplementedError(
            "paddle.incubate.inference(with_trt=True) needs Paddle Inference with TensorRT, "
            "which paddle_compat does not provide; call it with with_trt=False (the function "
            "then runs under no_grad) or export with paddle.jit.save")
    used_as_at_decorator = function is None

    def decorator(func=None):
        if isinstance(func, _layer_class()):
            func = func.forward
        signature = inspect.signature(func)
        arg_names = [v.name for v in signature.parameters.values()]
        if "*" in str(signature):
            raise ValueError(
                f"your function named {func.__name__} definition has * or ** args, please "
                "modify your function definition, but when calling this function, you can still "
                "use positional arguments.")
        if used_as_at_decorator and (not arg_names or arg_names[0] != "self"):
            raise AssertionError()

        @functools.wraps(func)
        def innermost_decorator(*args, **kwargs):
            bound = signature.bind(*args, **kwargs)
            for name, value in bound.arguments.items():
                if name != "self":
                    _check_argument(value, name)
            # Paddle reads precision_mode when it builds the predictor, at the first call
            if precision_mode not in _PRECISIONS:
                raise AssertionError(f"unsupported precision {precision_mode}")
            with no_grad():
                return _predictor_outputs(func(*args, **kwargs))

        innermost_decorator.__name__ = _WRAPPER
        return innermost_decorator

    if function is not None:
        if isinstance(function, _layer_class()):
            function.forward = decorator(function)
            return function
        return decorator(function)
    return decorator
