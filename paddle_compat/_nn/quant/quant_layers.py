"""paddle.nn.quant.quant_layers (mirrors paddle/nn/quant/quant_layers.py): the fake-quant layers of
Paddle's imperative quantization-aware training, computed as Paddle 3.3.1's CPU kernels compute
them.

    FakeQuantAbsMax              scale = max|x|; out = round(x / scale * R) * scale / R
    FakeQuantMovingAverageAbsMax state = r*state + 1; accum = r*accum + max|x|; scale = accum/state
    FakeQuantChannelWiseAbsMax   one abs-max scale per slice of quant_axis (0 or 1)
    MovingAverageAbsMaxScale     the moving-average scale only; out = x  (QuantStub is this class)

with R = 2**(bits-1) - 1, x clipped to [-scale, scale] before rounding, and rounding half away
from zero (Paddle's round_type 1, which these layers pass). Gradients are straight-through: the
input gradient is the output gradient, unclipped. In training the moving-average layers update
their `_scale` / `_state` / `_accum` parameters in place; in eval they quantize with the stored
scale and update nothing. The Quantized* layers wrap a Conv2D / Conv2DTranspose / Linear /
fleet parallel linear, sharing its weight and bias, and fake-quantize its input and weight.

In static mode the fake-quant layers record Paddle's legacy ops (fake_quantize_dequantize_abs_max,
fake_quantize_dequantize_moving_average_abs_max, fake_channel_wise_quantize_dequantize_abs_max,
moving_average_abs_max_scale) with its variable names and attributes, and the Executor runs them
with the same kernels as dynamic mode (the scale / state / accum parameters updated in the scope).
Paddle 3.3.1 builds these through LayerHelper.append_op, which fails in its default PIR mode;
paddle_compat raises the same errors there.

Differences from Paddle: the
`lsq_weight` / `channel_wise_lsq_weight` / `lsq_act` quantize types (paddle.nn.quant.lsq) raise
NotImplementedError; the parallel linears run without model parallelism only (mp degree 1, as on
one process); with several model-parallel ranks they raise NotImplementedError.
"""
import torch

from ..._mode import STATE
from ..._ops._checks import check_variable_and_dtype
from ..._ops.linalg import matmul as _matmul
from ..._ops.registry import defop
from ..._static import scalar_errors as _scalar_errors
from ..._static.builder import append_op as _append_static_op
from ..._static.builder import default_main_program
from ..._param_attr import ParamAttr
from ..._tensor import wrap
from ..._unique_name import generate as _unique_name
from ..functional import common as FC
from ..functional import conv as FCONV
from ..initializer import Constant
from ..layer.layers import Layer

__all__ = ["FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax",
           "QuantizedConv2D", "QuantizedConv2DTranspose", "QuantizedLinear",
           "MovingAverageAbsMaxScale", "MAOutputScaleLayer", "FakeQuantMAOutputScaleLayer",
           "QuantStub", "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear",
           "QuantizedMatmul"]


# ---- the kernels ---------------------------------------------------------------------------------
def _check_float32(x, kernel):
    """Paddle registers these CPU kernels for float32 only."""
    if x._t.dtype == torch.float32:
        return
    name = str(x._t.dtype).replace("torch.", "")
    if kernel == "moving_average_abs_max_scale":   # a legacy op: no kernel key at all
        raise RuntimeError("(NotFound) There are no kernels which are registered in the "
                           "moving_average_abs_max_scale operator.")
    raise RuntimeError(
        f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel `{kernel}` "
        f"is not registered. Selected wrong DataType `{name}`. Paddle support following "
        "DataTypes: float32.")


def _check_bits(bits):
    if not 1 <= bits <= 16:
        raise ValueError("(InvalidArgument) 'bit_length' should be between 1 and 16, but the "
                         f"received is {bits}")


def _inverse(s):
    # phi::funcs::inverse: a (near) zero scale is nudged by 1e-6 instead of dividing by zero
    one = torch.ones((), dtype=s.dtype)
    return torch.where(s <= 1e-30, one / (s + 1e-6), one / s)


def _round_half_away(v):
    # Eigen's round(): halves go away from zero (torch.round goes to even)
    t = torch.trunc(v)
    return torch.where((v - t).abs() == 0.5, t + torch.sign(v), torch.round(v))


def _quant_dequant(x, s, bits):
    """ClipAndFakeQuantDequant with round_type 1, in x's dtype: clip to [-s, s], then
    round(bin_cnt * (1/s) * x) * s / bin_cnt (s broadcasts over x)."""
    bin_cnt = torch.tensor(float((1 << (bits - 1)) - 1), dtype=x.dtype)
    clipped = torch.minimum(torch.maximum(x, -s), s)
    return _round_half_away((bin_cnt * _inverse(s)) * clipped) * s / bin_cnt


def _abs_max(x):
    return x.abs().max() if x.numel() else torch.zeros((), dtype=x.dtype)


class _StraightThrough(torch.autograd.Function):
    """Returns the computed value `out`; the gradient goes to `x` unchanged (Paddle's
    straight_through_estimator_grad)."""

    @staticmethod
    def forward(ctx, x, out):
        return out

    @staticmethod
    def backward(ctx, grad):
        return grad, None


def _ste(x, out):
    if x.requires_grad and torch.is_grad_enabled():
        return _StraightThrough.apply(x, out.detach())
    return out


def _assign(param, value):
    """Write a computed scale / state / accum into a parameter in place (Paddle's assign_out_)."""
    with torch.no_grad():
        param._t.copy_(value.reshape(param._t.shape).to(param._t.dtype))


def _world_size():
    import torch.distributed as dist
    return dist.get_world_size() if dist.is_available() and dist.is_initialized() else 1


def _all_reduce_max(param):
    """reduce_type='max': the scale is all-reduced (max) over torch.distributed's default group,
    as Paddle's paddle.distributed.all_reduce(..., ReduceOp.MAX) over its global group."""
    if param is None or _world_size() == 1:
        return
    import torch.distributed as dist
    with torch.no_grad():
        dist.all_reduce(param._t, op=dist.ReduceOp.MAX)


def _moving_average(scale_now, state, accum, rate):
    """FindMovingAverageAbsMaxFunctor: the new (scale, state, accum) in float32 scalars."""
    r = torch.tensor(rate, dtype=scale_now.dtype)
    new_state = r * state.reshape(()) + 1
    new_accum = r * accum.reshape(()) + scale_now
    return new_accum / new_state, new_state, new_accum


def _constant_param(layer, prefix, value, shape, dtype):
    attr = ParamAttr(name=_unique_name(prefix), initializer=Constant(value), trainable=False)
    p = layer.create_parameter(shape=shape, attr=attr, dtype=dtype)
    p.stop_gradient = True
    return p


# ---- static mode: Paddle's legacy ops ----------------------------------------------------------
def _abs_max_kernel(x, bit_length=8, round_type=1):
    s = _abs_max(x)
    return _ste(x, _quant_dequant(x.detach(), s, bit_length)), s.reshape(1)


def _moving_average_kernel(x, in_scale, in_accum=None, in_state=None, moving_rate=0.9,
                           bit_length=8, is_test=False, round_type=1):
    if is_test:
        s = in_scale.reshape(()).to(x.dtype)
        return _ste(x, _quant_dequant(x.detach(), s, bit_length)), in_scale, None, None
    s, state, accum = _moving_average(_abs_max(x.detach()), in_state, in_accum, moving_rate)
    out = _ste(x, _quant_dequant(x.detach(), s, bit_length))
    return out, s.reshape(1), state.reshape(1), accum.reshape(1)


def _channel_wise_kernel(x, bit_length=8, round_type=1, quant_axis=0):
    moved = x.detach().movedim(quant_axis, 0).reshape(x.shape[quant_axis], -1)
    s = moved.abs().amax(dim=1)
    shape = [1] * x.dim()
    shape[quant_axis] = x.shape[quant_axis]
    return _ste(x, _quant_dequant(x.detach(), s.reshape(shape), bit_length)), s


def _scale_kernel(x, in_accum=None, in_state=None, moving_rate=0.9, is_test=False):
    if is_test:
        return _ste(x, x.detach().clone()), None, None, None
    s, state, accum = _moving_average(_abs_max(x.detach()), in_state, in_accum, moving_rate)
    return _ste(x, x.detach().clone()), s.reshape(1), state.reshape(1), accum.reshape(1)


_ABS_MAX_OP = defop("fake_quantize_dequantize_abs_max", _abs_max_kernel, inputs=("X",),
                    outputs=("Out", "OutScale"), attrs={"bit_length": 8, "round_type": 1},
                    api="paddle.nn.quant.quant_layers.FakeQuantAbsMax")
_MOVING_AVERAGE_OP = defop(
    "fake_quantize_dequantize_moving_average_abs_max", _moving_average_kernel,
    inputs=("X", "InScale", "InAccum", "InState"),
    outputs=("Out", "OutScale", "OutState", "OutAccum"),
    attrs={"moving_rate": 0.9, "bit_length": 8, "is_test": False, "round_type": 1},
    api="paddle.nn.quant.quant_layers.FakeQuantMovingAverageAbsMax")
_CHANNEL_WISE_OP = defop(
    "fake_channel_wise_quantize_dequantize_abs_max", _channel_wise_kernel, inputs=("X",),
    outputs=("Out", "OutScale"), attrs={"bit_length": 8, "round_type": 1, "quant_axis": 0},
    api="paddle.nn.quant.quant_layers.FakeQuantChannelWiseAbsMax")
_SCALE_OP = defop("moving_average_abs_max_scale", _scale_kernel, inputs=("X", "InAccum", "InState"),
                  outputs=("Out", "OutScale", "OutState", "OutAccum"),
                  attrs={"moving_rate": 0.9, "is_test": False},
                  api="paddle.nn.quant.quant_layers.MovingAverageAbsMaxScale")


def _static_forward(api, opdef, input, suffix, ins, outs, attrs, scale_param=False,
                    allowed=("float32",)):
    """Record one fake-quant op as Paddle's static branch does: check the input, create the
    output variable `<input name><suffix>`, append the legacy op writing `outs` (parameters
    among them are updated in place). In PIR mode Paddle 3.3.1 fails on the way, in this order:
    an unnamed input Value, `not self._scale` on a scale parameter, then append_op's type check."""
    check_variable_and_dtype(input, "input", list(allowed), api)
    if STATE.pir:
        if not (input.is_data or input.persistable):
            raise ValueError("(InvalidArgument) Currently, we can only get name of Value from "
                             "DataOp/ParameterOp/BlockArgument/ConstantTensorOp/SetParameterOp "
                             "and ShadowOutputOp.")
        if scale_param:
            raise TypeError(_scalar_errors.PIR["bool"])
        raise TypeError(f"The type of '%X' in operator {opdef.type} should be one of [str, "
                        f"bytes, Variable]. but received : {input}")
    block = default_main_program().current_block()
    out = block.create_var(name=input.name + suffix, shape=input.shape, dtype=input.dtype,
                           stop_gradient=input.stop_gradient)
    outputs = {"Out": [out.name]}
    for slot, var in outs.items():
        if isinstance(var, tuple):          # a scale variable of its own: (name, shape, dtype)
            var = block.create_var(name=var[0], shape=var[1], dtype=var[2], stop_gradient=True)
        outputs[slot] = [var.name]
    inputs = {slot: [] for slot in opdef.inputs}    # Paddle lists the unused slots empty
    inputs["X"] = [input.name]
    inputs.update({slot: [v.name] for slot, v in ins.items()})
    _append_static_op(block, opdef, inputs, outputs, attrs)
    return out


# ---- the fake-quant layers -------------------------------------------------------------------
class FakeQuantAbsMax(Layer):
    r"""paddle.nn.quant.quant_layers.FakeQuantAbsMax(name=None, quant_bits=8, dtype='float32',
    quant_on_weight=False, reduce_type=None): abs-max quantize-dequantize,
    scale = max(|x|), out = round(x / scale * (2^(bits-1) - 1)) * scale / (2^(bits-1) - 1).

    With quant_on_weight=True the scale is kept in a non-trainable parameter `_scale` named
    '<name>.scale_<n>' (initial 0.001; created in the layer's default dtype, as Paddle does) and
    overwritten by every forward. The gradient is straight-through. float32 input only."""

    def __init__(self, name=None, quant_bits=8, dtype="float32", quant_on_weight=False,
                 reduce_type=None):
        super().__init__()
        self._quant_bits = quant_bits
        self._name = name
        self._reduce_type = reduce_type
        prefix = f"{name}.scale" if name else "quant_dequant.scale"
        self._scale_name = _unique_name(prefix)
        if quant_on_weight:
            attr = ParamAttr(name=self._scale_name, initializer=Constant(0.001), trainable=False)
            self._scale = self.create_parameter(shape=[1], attr=attr, dtype=self._dtype)
            self._scale.stop_gradient = True
        else:
            self._scale = None

    def forward(self, input):
        if STATE.static:
            scale = self._scale if self._scale is not None else (self._scale_name, (1,),
                                                                 self._dtype)
            return _static_forward("FakeQuantAbsMax", _ABS_MAX_OP, input,
                                   ".quantized.dequantized", {}, {"OutScale": scale},
                                   {"bit_length": self._quant_bits},
                                   scale_param=self._scale is not None)
        _check_float32(input, "fake_quantize_dequantize_abs_max")
        _check_bits(self._quant_bits)
        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        x = input._t
        with torch.no_grad():
            s = _abs_max(x)
            out = _quant_dequant(x, s, self._quant_bits)
        # Paddle tests `not self._scale`: a stored scale of exactly 0 is read as "no scale"
        if self._scale is not None and bool(self._scale._t.reshape(-1)[0] != 0):
            _assign(self._scale, s)
        return wrap(_ste(x, out))


class FakeQuantMovingAverageAbsMax(Layer):
    r"""paddle.nn.quant.quant_layers.FakeQuantMovingAverageAbsMax(name=None, moving_rate=0.9,
    quant_bits=8, dtype='float32', reduce_type=None): quantize-dequantize with a moving-average
    abs-max scale. Parameters `_scale` (initial 0.001), `_state` (1) and `_accum` (1), named
    '<name>.scale_<n>' / '.state_<n>' / '.accum_<n>' ('quant_dequant.*' without a name), are
    non-trainable. In training each forward sets state = r*state + 1, accum = r*accum + max|x|,
    scale = accum / state and quantizes with that scale; in eval it quantizes with the stored
    scale. The gradient is straight-through. float32 input only."""

    def __init__(self, name=None, moving_rate=0.9, quant_bits=8, dtype="float32",
                 reduce_type=None):
        super().__init__()
        self._moving_rate = moving_rate
        self._quant_bits = quant_bits
        self._reduce_type = reduce_type
        base = name if name else "quant_dequant"
        self._scale = _constant_param(self, f"{base}.scale", 0.001, [1], dtype)
        self._state = _constant_param(self, f"{base}.state", 1, [1], dtype)
        self._accum = _constant_param(self, f"{base}.accum", 1, [1], dtype)

    def forward(self, input):
        if STATE.static:
            ins, outs = {"InScale": self._scale}, {"OutScale": self._scale}
            if self.training:
                ins.update(InState=self._state, InAccum=self._accum)
                outs.update(OutState=self._state, OutAccum=self._accum)
            return _static_forward(
                "FakeQuantMovingAverageAbsMax", _MOVING_AVERAGE_OP, input,
                ".quantized.dequantized", ins, outs,
                {"moving_rate": self._moving_rate, "bit_length": self._quant_bits,
                 "is_test": not self.training})
        _check_float32(input, "fake_quantize_dequantize_moving_average_abs_max")
        _check_bits(self._quant_bits)
        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        x = input._t
        with torch.no_grad():
            if self.training:
                s, state, accum = _moving_average(_abs_max(x), self._state._t, self._accum._t,
                                                  self._moving_rate)
                _assign(self._scale, s)
                _assign(self._state, state)
                _assign(self._accum, accum)
            s = self._scale._t.reshape(()).to(x.dtype)
            out = _quant_dequant(x, s, self._quant_bits)
        return wrap(_ste(x, out))


class FakeQuantChannelWiseAbsMax(Layer):
    r"""paddle.nn.quant.quant_layers.FakeQuantChannelWiseAbsMax(name=None, channel_num=None,
    quant_bits=8, quant_axis=0, dtype='float32', quant_on_weight=False, reduce_type=None):
    abs-max quantize-dequantize with one scale per index of `quant_axis` (0 or 1), kept in the
    non-trainable parameter `_scale` of shape [channel_num] (initial 0). Weights only:
    quant_on_weight=False fails Paddle's assertion. The gradient is straight-through."""

    def __init__(self, name=None, channel_num=None, quant_bits=8, quant_axis=0, dtype="float32",
                 quant_on_weight=False, reduce_type=None):
        assert quant_on_weight, "Channel_wise only can be used on weight quantization."
        super().__init__()
        self._quant_bits = quant_bits
        self._quant_axis = quant_axis
        self._dtype = dtype
        self._name = name
        self._channel_num = channel_num
        self._reduce_type = reduce_type
        prefix = f"{name}.scale" if name else "quant_dequant.scale"
        self._scale_name = _unique_name(prefix)
        attr = ParamAttr(name=self._scale_name, initializer=Constant(0.0), trainable=False)
        self._scale = self.create_parameter(shape=[self._channel_num], attr=attr,
                                            dtype=self._dtype)
        self._scale.stop_gradient = True

    def forward(self, input):
        if STATE.static:
            return _static_forward(
                "FakeQuantChannelWiseAbsMax", _CHANNEL_WISE_OP, input, ".quantized.dequantized",
                {}, {"OutScale": self._scale},
                {"bit_length": self._quant_bits, "round_type": 1, "quant_axis": self._quant_axis},
                scale_param=True)
        _check_float32(input, "fake_channel_wise_quantize_dequantize_abs_max")
        _check_bits(self._quant_bits)
        axis = self._quant_axis
        if axis not in (0, 1):
            raise ValueError("(InvalidArgument) 'quant_axis' should be 0 or 1, but the received "
                             f"is {axis}")
        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        x = input._t
        with torch.no_grad():
            moved = x.movedim(axis, 0).reshape(x.shape[axis], -1)
            s = moved.abs().amax(dim=1)
            shape = [1] * x.dim()
            shape[axis] = x.shape[axis]
            out = _quant_dequant(x, s.reshape(shape), self._quant_bits)
            if self._scale._t.numel() == s.numel():
                _assign(self._scale, s)
            else:   # Paddle's assign_out_ reshapes the parameter to the computed scale
                self._scale._t.data = s.clone().to(self._scale._t.dtype)
        return wrap(_ste(x, out))


class MovingAverageAbsMaxScale(Layer):
    r"""paddle.nn.quant.quant_layers.MovingAverageAbsMaxScale(name=None, moving_rate=0.9,
    dtype='float32', reduce_type=None): records the moving-average abs-max scale of its input
    and returns the input unchanged (gradient passes through). Non-trainable parameters `_scale`,
    `_state`, `_accum` (all initial 0) named '<name>.scale_<n>' ... ('outscale.*' without a
    name); training updates them as FakeQuantMovingAverageAbsMax does, eval leaves them.
    QuantStub is this class. float32 input only."""

    def __init__(self, name=None, moving_rate=0.9, dtype="float32", reduce_type=None):
        super().__init__()
        self._moving_rate = moving_rate
        self._reduce_type = reduce_type
        base = name if name else "outscale"
        self._scale = _constant_param(self, f"{base}.scale", 0, [1], dtype)
        self._state = _constant_param(self, f"{base}.state", 0, [1], dtype)
        self._accum = _constant_param(self, f"{base}.accum", 0, [1], dtype)

    def forward(self, input):
        if STATE.static:
            ins, outs = {}, {"OutScale": self._scale}
            if self.training:
                ins.update(InState=self._state, InAccum=self._accum)
                outs.update(OutState=self._state, OutAccum=self._accum)
            return _static_forward(
                "MovingAverageAbsMaxScale", _SCALE_OP, input, ".tmp", ins, outs,
                {"moving_rate": self._moving_rate, "is_test": not self.training},
                allowed=("float32", "float64"))
        _check_float32(input, "moving_average_abs_max_scale")
        if self._reduce_type == "max":
            _all_reduce_max(self._scale)
        x = input._t
        if self.training:
            with torch.no_grad():
                s, state, accum = _moving_average(_abs_max(x), self._state._t, self._accum._t,
                                                  self._moving_rate)
                _assign(self._scale, s)
                _assign(self._state, state)
                _assign(self._accum, accum)
        with torch.no_grad():
            out = x.clone()
        return wrap(_ste(x, out))


QuantStub = MovingAverageAbsMaxScale


_LSQ_TYPES = ("lsq_weight", "channel_wise_lsq_weight", "lsq_act")


def _get_fake_quant_type(quant_type, **kwargs):
    """The fake-quant layer for a quantize type name, built with Paddle's argument rules."""
    call_args = {"name": kwargs.get("name", None), "quant_bits": kwargs.get("quant_bits", 8),
                 "dtype": kwargs.get("dtype", "float32"),
                 "reduce_type": kwargs.get("reduce_type", None)}
    if quant_type == "abs_max":
        call_args["quant_on_weight"] = kwargs.get("quant_on_weight", False)
    elif quant_type == "moving_average_abs_max":
        call_args["moving_rate"] = kwargs.get("moving_rate", 0.9)
    elif quant_type == "channel_wise_abs_max":
        call_args["quant_on_weight"] = kwargs.get("quant_on_weight", False)
        call_args["channel_num"] = kwargs.get("channel_num", None)
        call_args["quant_axis"] = kwargs.get("quant_axis", 0)
        assert call_args["channel_num"] is not None, (
            "You need to input channel_numwhen you use channel_wise_abs_max strategy.")
    elif quant_type in _LSQ_TYPES:
        raise NotImplementedError(
            f"the '{quant_type}' quantize type (paddle.nn.quant.lsq's FakeQuantWeightLSQPlus / "
            "FakeQuantActLSQPlus) is not provided by paddle_compat; use 'abs_max', "
            "'moving_average_abs_max' or 'channel_wise_abs_max'")
    fake_quant_map = {"abs_max": FakeQuantAbsMax,
                      "moving_average_abs_max": FakeQuantMovingAverageAbsMax,
                      "channel_wise_abs_max": FakeQuantChannelWiseAbsMax}
    return fake_quant_map[quant_type](**call_args)


# ---- the quantized layers ----------------------------------------------------------------------
def _preprocess(factory):
    return factory() if factory is not None else None


class _QuantizedLayer(Layer):
    """What the quantized layers share: the wrapped layer's weight and bias, a fake quanter for
    the weight (channel-wise along `quant_axis` when so configured) and one for the input, and
    the optional pre-processing layers, created in Paddle's order."""

    def _set_quanters(self, layer, quant_axis, weight_bits, activation_bits, moving_rate,
                      weight_quantize_type, activation_quantize_type, weight_pre_layer,
                      act_pre_layer, weight_quant_layer=None, act_quant_layer=None,
                      weight_extra=None, act_extra=None):
        if weight_quant_layer is not None:
            self._fake_quant_weight = weight_quant_layer()
        else:
            self._fake_quant_weight = _get_fake_quant_type(
                weight_quantize_type, name=self.weight.name, moving_rate=moving_rate,
                quant_bits=weight_bits, dtype=self._dtype, quant_on_weight=True,
                channel_num=self.weight.shape[quant_axis], quant_axis=quant_axis,
                **(weight_extra or {}))
        if act_quant_layer is not None:
            self._fake_quant_input = act_quant_layer()
        else:
            self._fake_quant_input = _get_fake_quant_type(
                activation_quantize_type, name=layer.full_name(), moving_rate=moving_rate,
                quant_bits=activation_bits, dtype=self._dtype, quant_on_weight=False,
                **(act_extra or {}))
        self._act_preprocess = _preprocess(act_pre_layer)
        self._weight_preprocess = _preprocess(weight_pre_layer)

    def _quantized(self, input):
        """(the fake-quantized input, the fake-quantized weight), after the pre-processing."""
        if self._act_preprocess is not None:
            input = self._act_preprocess(input)
        quant_input = self._fake_quant_input(input)
        weight = self.weight
        if self._weight_preprocess is not None:
            weight = self._weight_preprocess(self.weight)
        return quant_input, self._fake_quant_weight(weight)


class QuantizedConv2D(_QuantizedLayer):
    """paddle.nn.quant.quant_layers.QuantizedConv2D(layer, weight_bits=8, activation_bits=8,
    moving_rate=0.9, weight_quantize_type='abs_max', activation_quantize_type='abs_max',
    weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None, act_quant_layer=None):
    the Conv2D `layer` (its weight and bias shared) with its input and weight fake-quantized
    (channel-wise along the output channels, axis 0). The *_layer arguments are factories
    (classes or callables) that replace the built-in preprocess / fake-quant layers.

    Differences from Paddle: the lsq quantize types raise NotImplementedError; dynamic mode
    only."""

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        self._groups = layer._groups
        self._stride = layer._stride
        self._padding = layer._padding
        self._padding_mode = layer._padding_mode
        if self._padding_mode != "zeros":
            # Paddle allows only an int padding with these modes
            self._reversed_padding_repeated_twice = [layer._padding] * 4
        self._dilation = layer._dilation
        self._data_format = layer._data_format
        self.weight = layer.weight
        self.bias = layer.bias
        self._conv2d_quant_axis = 0
        self._set_quanters(layer, self._conv2d_quant_axis, weight_bits, activation_bits,
                           moving_rate, weight_quantize_type, activation_quantize_type,
                           weight_pre_layer, act_pre_layer, weight_quant_layer, act_quant_layer)

    def forward(self, input):
        quant_input, quant_weight = self._quantized(input)
        if self._padding_mode != "zeros":
            quant_input = FC.pad(quant_input, self._reversed_padding_repeated_twice,
                                 mode=self._padding_mode, data_format=self._data_format)
            self._padding = 0
        return FCONV.conv2d(quant_input, quant_weight, bias=self.bias, padding=self._padding,
                            stride=self._stride, dilation=self._dilation, groups=self._groups,
                            data_format=self._data_format)


class QuantizedConv2DTranspose(_QuantizedLayer):
    """paddle.nn.quant.quant_layers.QuantizedConv2DTranspose(layer, weight_bits=8, ...): the
    Conv2DTranspose `layer` (weight and bias shared) with its input and weight fake-quantized
    (channel-wise along axis 1); forward(input, output_size=None). Arguments as QuantizedConv2D.

    Differences from Paddle: the lsq quantize types raise NotImplementedError; dynamic mode
    only."""

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        self._groups = layer._groups
        self._stride = layer._stride
        self._padding = layer._padding
        self._output_padding = layer.output_padding
        self._dilation = layer._dilation
        self._data_format = layer._data_format
        self.weight = layer.weight
        self.bias = layer.bias
        self._conv2d_transpose_quant_axis = 1
        self._set_quanters(layer, self._conv2d_transpose_quant_axis, weight_bits, activation_bits,
                           moving_rate, weight_quantize_type, activation_quantize_type,
                           weight_pre_layer, act_pre_layer, weight_quant_layer, act_quant_layer)

    def forward(self, input, output_size=None):
        quant_input, quant_weight = self._quantized(input)
        output_padding = self._output_padding if output_size is None else 0
        return FCONV.conv2d_transpose(
            quant_input, quant_weight, bias=self.bias, padding=self._padding,
            output_padding=output_padding, stride=self._stride, dilation=self._dilation,
            groups=self._groups, output_size=output_size, data_format=self._data_format)


class QuantizedLinear(_QuantizedLayer):
    """paddle.nn.quant.quant_layers.QuantizedLinear(layer, weight_bits=8, activation_bits=8,
    moving_rate=0.9, weight_quantize_type='abs_max', activation_quantize_type='abs_max',
    weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None, act_quant_layer=None):
    the Linear `layer` (weight and bias shared) with its input and weight fake-quantized
    (channel-wise along the output features, axis 1).

    Differences from Paddle: the lsq quantize types raise NotImplementedError; dynamic mode
    only."""

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        self.weight = layer.weight
        self.bias = layer.bias
        self.name = layer.name
        self._linear_quant_axis = 1
        self._set_quanters(layer, self._linear_quant_axis, weight_bits, activation_bits,
                           moving_rate, weight_quantize_type, activation_quantize_type,
                           weight_pre_layer, act_pre_layer, weight_quant_layer, act_quant_layer,
                           weight_extra={"quant_linear": True})

    def forward(self, input):
        quant_input, quant_weight = self._quantized(input)
        return FC.linear(quant_input, quant_weight, bias=self.bias, name=self.name)


def _no_model_parallel(api, layer):
    if layer.is_mp:
        raise NotImplementedError(
            f"paddle.nn.quant.quant_layers.{api} is provided by paddle_compat without model "
            "parallelism only (mp_degree 1); with several model-parallel ranks quantize a "
            "plain paddle.nn.Linear with QuantizedLinear on each rank's weight slice")


class _QuantizedParallelLinear(_QuantizedLayer):
    """What the two model-parallel quantized linears share: `layer`'s weight, bias, name and
    model-parallel group taken over (quantized along axis 1), degree 1 checked, and the quantized
    operands of a forward."""

    _API = None

    def _take_parallel_linear(self, layer):
        self.weight = layer.weight
        self.bias = layer.bias
        self.name = layer._name
        self._linear_quant_axis = 1
        self.is_mp = layer.is_mp
        self.model_parallel_group = layer.model_parallel_group
        _no_model_parallel(self._API, self)

    def _quantized_operands(self, input):
        _no_model_parallel(self._API, self)
        return self._quantized(input)


class QuantizedColumnParallelLinear(_QuantizedParallelLinear):
    """paddle.nn.quant.quant_layers.QuantizedColumnParallelLinear(layer, weight_bits=8, ...):
    fleet.meta_parallel's ColumnParallelLinear `layer` (weight and bias shared) with its input
    and weight fake-quantized; weight_quant_layer / act_quant_layer must be None (Paddle's
    assertion). The weight scale is all-reduced (max) when the world size is above 1.

    Differences from Paddle: model-parallel degree 1 only (a layer whose is_mp is True raises
    NotImplementedError); the lsq quantize types raise NotImplementedError; dynamic mode only."""

    _API = "QuantizedColumnParallelLinear"

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        assert weight_quant_layer is None, (
            "When quantizing ColumnParallelLinear, weight_quant_layer should be None.")
        assert act_quant_layer is None, (
            "When quantizing ColumnParallelLinear, act_quant_layer should be None.")
        self.gather_output = layer.gather_output
        self._take_parallel_linear(layer)
        self._set_quanters(layer, self._linear_quant_axis, weight_bits, activation_bits,
                           moving_rate, weight_quantize_type, activation_quantize_type,
                           weight_pre_layer, act_pre_layer,
                           weight_extra={"reduce_type": "max" if _world_size() > 1 else None},
                           act_extra={"reduce_type": None})

    def forward(self, input):
        quant_input, quant_weight = self._quantized_operands(input)
        return FC.linear(quant_input, quant_weight, bias=self.bias, name=self.name)


class QuantizedRowParallelLinear(_QuantizedParallelLinear):
    """paddle.nn.quant.quant_layers.QuantizedRowParallelLinear(layer, weight_bits=8, ...):
    fleet.meta_parallel's RowParallelLinear `layer` (weight and bias shared) with its input and
    weight fake-quantized, the bias added after the (model-parallel) product;
    weight_quant_layer / act_quant_layer must be None (Paddle's assertion). Both scales are
    all-reduced (max) when the world size is above 1.

    Differences from Paddle: model-parallel degree 1 only (a layer whose is_mp is True raises
    NotImplementedError); the lsq quantize types raise NotImplementedError; dynamic mode only."""

    _API = "QuantizedRowParallelLinear"

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        assert weight_quant_layer is None, (
            "When quantizing RowParallelLinear, weight_quant_layer cannot defined by yourself.")
        assert act_quant_layer is None, (
            "When quantizing RowParallelLinear, act_quant_layer cannot defined by yourself.")
        self.input_is_parallel = layer.input_is_parallel
        self._take_parallel_linear(layer)
        reduce = {"reduce_type": "max" if _world_size() > 1 else None}
        self._set_quanters(layer, self._linear_quant_axis, weight_bits, activation_bits,
                           moving_rate, weight_quantize_type, activation_quantize_type,
                           weight_pre_layer, act_pre_layer, weight_extra=reduce, act_extra=reduce)

    def forward(self, input):
        quant_input, quant_weight = self._quantized_operands(input)
        out = FC.linear(quant_input, quant_weight, name=self.name)
        return out + self.bias if self.bias is not None else out


class QuantizedMatmul(Layer):
    """paddle.nn.quant.quant_layers.QuantizedMatmul(layer=None, weight_bits=8, activation_bits=8,
    moving_rate=0.9, weight_quantize_type='abs_max', activation_quantize_type='abs_max',
    weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None, act_quant_layer=None):
    forward(x, y, transpose_x=False, transpose_y=False, name=None) is paddle.matmul of the two
    fake-quantized operands (each with its own activation fake-quant layer).

    Differences from Paddle: the lsq quantize types raise NotImplementedError; dynamic mode
    only."""

    def __init__(self, layer=None, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max",
                 weight_pre_layer=None, act_pre_layer=None, weight_quant_layer=None,
                 act_quant_layer=None):
        super().__init__()
        if act_quant_layer is not None:
            self._fake_quant_x = act_quant_layer()
            self._fake_quant_y = act_quant_layer()
        else:
            self._fake_quant_x = _get_fake_quant_type(
                activation_quantize_type, moving_rate=moving_rate, quant_bits=activation_bits,
                quant_on_weight=False)
            self._fake_quant_y = _get_fake_quant_type(
                activation_quantize_type, moving_rate=moving_rate, quant_bits=activation_bits,
                quant_on_weight=False)
        self._act_preprocess_x = _preprocess(act_pre_layer)
        self._act_preprocess_y = _preprocess(act_pre_layer)

    def forward(self, x, y, transpose_x=False, transpose_y=False, name=None):
        if self._act_preprocess_x is not None:
            x = self._act_preprocess_x(x)
        quant_x = self._fake_quant_x(x)
        if self._act_preprocess_y is not None:
            y = self._act_preprocess_y(y)
        quant_y = self._fake_quant_y(y)
        return _matmul(quant_x, quant_y, transpose_x, transpose_y, name)


class MAOutputScaleLayer(Layer):
    """paddle.nn.quant.quant_layers.MAOutputScaleLayer(layer=None, moving_rate=0.9, name=None,
    dtype='float32', reduce_type=None): runs `layer` and records the moving-average abs-max
    scale of its output with a MovingAverageAbsMaxScale named after the layer (or `name`);
    list / tuple / dict outputs are returned unrecorded.

    """

    def __init__(self, layer=None, moving_rate=0.9, name=None, dtype="float32",
                 reduce_type=None):
        super().__init__()
        self._layer = layer
        if name is None:
            name = layer.full_name()
        self._ma_output_scale = MovingAverageAbsMaxScale(name, moving_rate, dtype, reduce_type)

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        if isinstance(out, (list, tuple, dict)):
            return out
        return self._ma_output_scale(out)


class FakeQuantMAOutputScaleLayer(Layer):
    """paddle.nn.quant.quant_layers.FakeQuantMAOutputScaleLayer(layer, weight_bits=8,
    activation_bits=8, moving_rate=0.9, name=None, reduce_type=None, *args, **kwargs): runs
    `layer` and fake-quantizes its output with a FakeQuantMovingAverageAbsMax of
    `activation_bits`; a list / tuple of more than one output is returned as is.

    """

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, name=None,
                 reduce_type=None, *args, **kwargs):
        super().__init__()
        self._layer = layer
        self._fake_quant_output = _get_fake_quant_type(
            "moving_average_abs_max", name=layer.full_name() if name is None else name,
            moving_rate=moving_rate, quant_bits=activation_bits, dtype=self._dtype,
            quant_on_weight=False, reduce_type=reduce_type)

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        if isinstance(out, (list, tuple)) and len(out) > 1:
            return out
        return self._fake_quant_output(out)
