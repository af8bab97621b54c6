"""paddle.quantization (Paddle: quantization/{config,qat,ptq,factory,base_observer,base_quanter}.py,
observers/, quanters/): quantization-aware training and post-training quantization, which insert
Paddle's fake-quantize ops and produce a program for Paddle's int8 inference engine. paddle_compat
has neither the fake-quant kernels' exact rounding nor that engine, so every class and function
here raises one clear error naming what to use instead: torch.ao.quantization on the model's
torch view (paddle_compat.to_torch for tensors), or training and deploying in float32/bfloat16
(paddle.amp)."""

__all__ = ["QuantConfig", "QAT", "PTQ", "BaseObserver", "BaseQuanter", "quanter",
           "AbsmaxObserver", "GroupWiseWeightObserver", "FakeQuanterWithAbsMaxObserver"]


def _unsupported(api):
    return NotImplementedError(
        f"paddle.quantization.{api} is not supported by paddle_compat: Paddle's quantization "
        "inserts its own fake-quantize ops for Paddle's int8 inference engine, which "
        "paddle_compat does not have. Use torch.ao.quantization, or train and deploy in float "
        "(paddle.amp for float16/bfloat16)")


def _unsupported_class(name, api):
    def __init__(self, *args, **kwargs):
        raise _unsupported(api)
    doc = (f"paddle.quantization.{api}: not supported by paddle_compat; constructing it raises "
           "NotImplementedError naming torch.ao.quantization and paddle.amp.")
    return type(name, (), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


QuantConfig = _unsupported_class("QuantConfig", "QuantConfig")
QAT = _unsupported_class("QAT", "QAT")
PTQ = _unsupported_class("PTQ", "PTQ")
BaseObserver = _unsupported_class("BaseObserver", "BaseObserver")
BaseQuanter = _unsupported_class("BaseQuanter", "BaseQuanter")
AbsmaxObserver = _unsupported_class("AbsmaxObserver", "observers.AbsmaxObserver")
GroupWiseWeightObserver = _unsupported_class("GroupWiseWeightObserver",
                                             "observers.GroupWiseWeightObserver")
FakeQuanterWithAbsMaxObserver = _unsupported_class(
    "FakeQuanterWithAbsMaxObserver", "quanters.FakeQuanterWithAbsMaxObserver")


def quanter(class_name):
    """paddle.quantization.quanter(class_name): the decorator that registers a quanter factory;
    not supported, raises NotImplementedError (see the module docstring)."""
    raise _unsupported("quanter")
