"""Record Paddle 3.3.1's paddle.nn.quant.quant_layers behaviour on its CPU wheel into
conformance/goldens/nn_quant_layers.json (read by tests/test_nn_quant_quant_layers.py, which
replays these same cases on paddle_compat).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_nn_quant_layers.py

Recorded per case: forward values, gradients (the straight-through estimator), the scale /
state / accum parameters after a few training steps and after an eval step, parameter names
(under a fresh unique_name.guard) and state_dict keys, and the errors for bad input. The
parallel linears run in a one-process fleet (mp_degree 1), as a single-card user has them.
Messages keep Paddle's text up to its "[Hint: ...]" / "(at /paddle/...)" suffixes.
"""
import os
import re
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import write_golden  # noqa: E402


def _error(fn):
    try:
        fn()
    except Exception as e:   # the exception itself is the recorded behaviour
        msg = re.sub(r"\n  \[Hint: .*", "", str(e), flags=re.S)
        return [type(e).__name__, re.sub(r" \(at /paddle/[^)]*\)\n?$", "", msg)]
    return None


def _v(t):
    return None if t is None else np.asarray(t.numpy(), dtype="float64").round(6).tolist()


def _params(layer):
    return [[k, p.name, list(p.shape), bool(p.stop_gradient), bool(p.trainable)]
            for k, p in layer.named_parameters()]


def _x(shape, lo=-1.0, hi=1.0, seed=0):
    n = int(np.prod(shape))
    v = np.linspace(lo, hi, n).reshape(shape)
    return (v * np.cos(np.arange(n).reshape(shape) + seed)).astype("float32")


def _steps(paddle, layer, xs, scale_attrs=()):
    """Train-mode forward/backward on each x, then one eval forward; the values, the input
    gradients and the named parameters' values after every step."""
    out = []
    for i, xv in enumerate(xs):
        if i == len(xs) - 1:
            layer.eval()
        x = paddle.to_tensor(xv, stop_gradient=False)
        y = layer(x)
        w = paddle.to_tensor(np.arange(y.size, dtype="float32").reshape(y.shape) / y.size)
        (y * w).sum().backward()
        out.append({"y": _v(y), "grad": _v(x.grad),
                    "state": {k: _v(p) for k, p in layer.named_parameters()}})
    layer.train()
    return out


def fake_quant_cases(paddle, Q):
    out = {}
    ties = np.array([0.0, 0.5, -0.5, 1.0, 127 / 254, 1 / 254, -1 / 254, 3 / 254, -3 / 254, 0.3],
                    "float32")
    with paddle.utils.unique_name.guard():
        a = Q.FakeQuantAbsMax()
        out["absmax_params"] = _params(a)
        out["absmax_steps"] = _steps(paddle, a, [ties, _x([3, 4]), _x([2, 5], -3, 2)])
        out["absmax_zeros"] = _v(a(paddle.zeros([3])))
        b = Q.FakeQuantAbsMax(name="w", quant_bits=4, quant_on_weight=True)
        out["absmax_weight_params"] = _params(b)
        out["absmax_weight_steps"] = _steps(paddle, b, [_x([3, 4]), _x([4, 2], -5, 1)])
        for bits in (2, 5, 16):
            out[f"absmax_bits{bits}"] = _v(Q.FakeQuantAbsMax(quant_bits=bits)(
                paddle.to_tensor(_x([2, 6], -2, 3))))
        m = Q.FakeQuantMovingAverageAbsMax()
        out["ma_params"] = _params(m)
        out["ma_steps"] = _steps(paddle, m, [_x([7], -2, 3), _x([2, 3], -1, 6), _x([4], -9, 1),
                                             _x([3, 2], -8, 8)])
        m2 = Q.FakeQuantMovingAverageAbsMax(name="act", moving_rate=0.5, quant_bits=6)
        out["ma_named_params"] = _params(m2)
        out["ma_named_steps"] = _steps(paddle, m2, [_x([5], -1, 2), _x([5], -4, 1), _x([5])])
        for axis, shape in ((0, [3, 4]), (1, [4, 3]), (0, [3, 2, 2]), (1, [2, 3, 2])):
            c = Q.FakeQuantChannelWiseAbsMax(channel_num=3, quant_axis=axis, quant_on_weight=True)
            key = f"channel_axis{axis}_{len(shape)}d"
            out[key + "_params"] = _params(c)
            out[key + "_steps"] = _steps(paddle, c, [_x(shape, -1, 2), _x(shape, -3, 1, seed=2)])
        c4 = Q.FakeQuantChannelWiseAbsMax(name="cw", channel_num=2, quant_bits=4,
                                          quant_on_weight=True)
        out["channel_bits4"] = _steps(paddle, c4, [_x([2, 5], -1, 2)])
        s = Q.MovingAverageAbsMaxScale()
        out["scale_params"] = _params(s)
        out["scale_steps"] = _steps(paddle, s, [_x([7], -2, 3), _x([2, 3], -1, 6), _x([4], -9, 1),
                                                _x([3, 2], -8, 8)])
        q = Q.QuantStub(name="stub", moving_rate=0.8)
        out["stub_params"] = _params(q)
        out["stub_steps"] = _steps(paddle, q, [_x([3]), _x([3], -4, 4)])
        out["stub_is_scale"] = Q.QuantStub is Q.MovingAverageAbsMaxScale
    x64 = paddle.to_tensor([0.1, 0.2], dtype="float64")
    x16 = paddle.to_tensor([0.1, 0.2], dtype="float16")
    out["err_absmax_f64"] = _error(lambda: Q.FakeQuantAbsMax()(x64))
    out["err_absmax_f16"] = _error(lambda: Q.FakeQuantAbsMax()(x16))
    out["err_ma_f64"] = _error(lambda: Q.FakeQuantMovingAverageAbsMax()(x64))
    out["err_scale_f64"] = _error(lambda: Q.MovingAverageAbsMaxScale()(x64))
    out["err_channel_f64"] = _error(
        lambda: Q.FakeQuantChannelWiseAbsMax(channel_num=2, quant_on_weight=True)(x64))
    out["err_bits17"] = _error(lambda: Q.FakeQuantAbsMax(quant_bits=17)(x64.astype("float32")))
    out["err_bits0_ma"] = _error(
        lambda: Q.FakeQuantMovingAverageAbsMax(quant_bits=0)(x64.astype("float32")))
    out["err_channel_axis2"] = _error(lambda: Q.FakeQuantChannelWiseAbsMax(
        channel_num=2, quant_axis=2, quant_on_weight=True)(paddle.ones([2, 2])))
    out["err_channel_act"] = _error(lambda: Q.FakeQuantChannelWiseAbsMax(channel_num=3))
    return out


def _set(paddle, layer, seed):
    for i, (k, p) in enumerate(sorted(layer.named_parameters())):
        p.set_value(_x(p.shape, -0.5, 0.7, seed=seed + i))


def _train(paddle, qlayer, xs, lr=0.1, call=None):
    """SGD steps through the quantized layer, then an eval forward: outputs, input and parameter
    gradients, and every parameter after each step."""
    opt = paddle.optimizer.SGD(learning_rate=lr, parameters=qlayer.parameters())
    out = []
    for i, xv in enumerate(xs):
        if i == len(xs) - 1:
            qlayer.eval()
        x = paddle.to_tensor(xv, stop_gradient=False)
        y = call(x) if call else qlayer(x)
        (y * y).mean().backward()
        out.append({"y": _v(y), "grad": _v(x.grad),
                    "pgrad": {k: _v(p.grad) for k, p in qlayer.named_parameters()
                              if p.grad is not None}})
        opt.step()
        opt.clear_grad()
        out[-1]["state"] = {k: _v(p) for k, p in qlayer.named_parameters()}
    qlayer.train()
    return out


def quantized_cases(paddle, Q):
    out = {}
    nn = paddle.nn
    combos = [("abs_max", "abs_max"), ("channel_wise_abs_max", "moving_average_abs_max"),
              ("moving_average_abs_max", "abs_max")]
    for wq, aq in combos:
        with paddle.utils.unique_name.guard():
            lin = nn.Linear(4, 3)
            _set(paddle, lin, 1)
            ql = Q.QuantizedLinear(lin, weight_bits=4, activation_bits=6,
                                   weight_quantize_type=wq, activation_quantize_type=aq)
            key = f"linear_{wq}_{aq}"
            out[key + "_params"] = _params(ql)
            out[key + "_keys"] = list(ql.state_dict().keys())
            out[key + "_repr"] = repr(ql)
            out[key] = _train(paddle, ql, [_x([2, 4]), _x([2, 4], -2, 1), _x([3, 4], -1, 3)])
            out[key + "_shared"] = ql.weight is lin.weight
    with paddle.utils.unique_name.guard():
        conv = nn.Conv2D(2, 3, 3, padding=1, stride=2)
        _set(paddle, conv, 3)
        qc = Q.QuantizedConv2D(conv, weight_quantize_type="channel_wise_abs_max",
                               activation_quantize_type="moving_average_abs_max")
        out["conv_params"] = _params(qc)
        out["conv"] = _train(paddle, qc, [_x([1, 2, 5, 5]), _x([1, 2, 5, 5], -2, 1)])
        rconv = nn.Conv2D(2, 2, 3, padding=1, padding_mode="reflect", groups=2)
        _set(paddle, rconv, 5)
        qr = Q.QuantizedConv2D(rconv)
        out["conv_reflect_params"] = _params(qr)
        out["conv_reflect"] = _train(paddle, qr, [_x([1, 2, 4, 4]), _x([1, 2, 4, 4], 0, 3)])
        tconv = nn.Conv2DTranspose(2, 3, 3, stride=2)
        _set(paddle, tconv, 7)
        qt = Q.QuantizedConv2DTranspose(tconv, weight_quantize_type="channel_wise_abs_max")
        out["convt_params"] = _params(qt)
        out["convt"] = _train(paddle, qt, [_x([1, 2, 3, 3]), _x([1, 2, 3, 3], -3, 1)])
        out["convt_output_size"] = list(qt(paddle.to_tensor(_x([1, 2, 3, 3])),
                                           output_size=[8, 8]).shape)
        mm = Q.QuantizedMatmul(activation_quantize_type="moving_average_abs_max")
        out["matmul_params"] = _params(mm)
        ys = paddle.to_tensor(_x([4, 3], -1, 2), stop_gradient=False)
        out["matmul"] = _train(paddle, mm, [_x([2, 4]), _x([2, 4], -3, 3)],
                               call=lambda x: mm(x, ys))
        out["matmul_y_grad"] = _v(ys.grad)
        out["matmul_t"] = _v(Q.QuantizedMatmul()(paddle.to_tensor(_x([4, 2])),
                                                 paddle.to_tensor(_x([3, 4], 0, 1)),
                                                 transpose_x=True, transpose_y=True))
        inner = nn.Linear(3, 2)
        _set(paddle, inner, 9)
        ma = Q.MAOutputScaleLayer(inner)
        out["ma_output_params"] = _params(ma)
        out["ma_output"] = _train(paddle, ma, [_x([2, 3]), _x([2, 3], -4, 4), _x([2, 3])])
        inner2 = nn.Linear(3, 2)
        _set(paddle, inner2, 11)
        fq = Q.FakeQuantMAOutputScaleLayer(inner2, activation_bits=5, moving_rate=0.7)
        out["fq_output_params"] = _params(fq)
        out["fq_output"] = _train(paddle, fq, [_x([2, 3]), _x([2, 3], -4, 4), _x([2, 3])])
        named = Q.MAOutputScaleLayer(nn.Linear(3, 2), name="out")
        out["ma_output_named_params"] = _params(named)
        out["err_ma_output_none"] = _error(lambda: Q.MAOutputScaleLayer(None))
    lin = nn.Linear(4, 3)
    out["err_bad_type"] = _error(lambda: Q.QuantizedLinear(lin, weight_quantize_type="bogus"))
    out["err_act_channel"] = _error(lambda: Q.QuantizedLinear(
        lin, activation_quantize_type="channel_wise_abs_max"))
    return out


def parallel_cases(paddle, Q):
    fleet = paddle.distributed.fleet
    strategy = fleet.DistributedStrategy()
    strategy.hybrid_configs = {"dp_degree": 1, "mp_degree": 1, "pp_degree": 1}
    fleet.init(is_collective=True, strategy=strategy)
    if getattr(fleet.fleet, "_hcg", None) is not None:
        group = fleet.get_hybrid_communicate_group().get_model_parallel_group()
    else:
        # paddle_compat's fleet.init builds no HybridCommunicateGroup on one unlaunched process
        # (its groups need torch.distributed); a one-rank stand-in gives the same mp degree 1
        import types
        group = types.SimpleNamespace(nranks=1, rank=0)
    out = {}
    with paddle.utils.unique_name.guard():
        col = fleet.meta_parallel.ColumnParallelLinear(4, 6, has_bias=True, gather_output=True,
                                                       mp_group=group)
        row = fleet.meta_parallel.RowParallelLinear(6, 4, has_bias=True, input_is_parallel=False,
                                                    mp_group=group)
        _set(paddle, col, 13)
        _set(paddle, row, 17)
        qc = Q.QuantizedColumnParallelLinear(col, weight_bits=6)
        qr = Q.QuantizedRowParallelLinear(row, weight_quantize_type="channel_wise_abs_max",
                                          activation_quantize_type="moving_average_abs_max")
        out["column_params"] = _params(qc)
        out["row_params"] = _params(qr)
        out["column_attrs"] = [qc.is_mp, qc.gather_output, qc.name]
        out["row_attrs"] = [qr.is_mp, qr.input_is_parallel, qr.name]
        both = paddle.nn.Sequential(qc, qr)
        out["column_row"] = _train(paddle, both, [_x([2, 4]), _x([2, 4], -2, 3), _x([2, 4])])
        out["err_column_wql"] = _error(
            lambda: Q.QuantizedColumnParallelLinear(col, weight_quant_layer=Q.FakeQuantAbsMax))
        out["err_column_aql"] = _error(
            lambda: Q.QuantizedColumnParallelLinear(col, act_quant_layer=Q.FakeQuantAbsMax))
        out["err_row_wql"] = _error(
            lambda: Q.QuantizedRowParallelLinear(row, weight_quant_layer=Q.FakeQuantAbsMax))
        out["err_row_aql"] = _error(
            lambda: Q.QuantizedRowParallelLinear(row, act_quant_layer=Q.FakeQuantAbsMax))
    return out


def custom_layer_cases(paddle, Q):
    """weight_quant_layer / act_quant_layer / *_pre_layer factories replace the built-in ones."""
    out = {}
    with paddle.utils.unique_name.guard():
        lin = paddle.nn.Linear(4, 3)
        _set(paddle, lin, 19)

        class Half(paddle.nn.Layer):
            def forward(self, x):
                return x * 0.5

        ql = Q.QuantizedLinear(lin, weight_quant_layer=Half, act_pre_layer=Half,
                               act_quant_layer=lambda: Q.FakeQuantAbsMax(quant_bits=3))
        out["custom_params"] = _params(ql)
        out["custom"] = _train(paddle, ql, [_x([2, 4]), _x([2, 4], -2, 3)])
    return out


def cases(paddle):
    Q = paddle.nn.quant.quant_layers
    out = {}
    out.update(fake_quant_cases(paddle, Q))
    out.update(quantized_cases(paddle, Q))
    out.update(custom_layer_cases(paddle, Q))
    out.update(parallel_cases(paddle, Q))
    return out


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    write_golden("nn_quant_layers", {"paddle_version": paddle.__version__, "cases": cases(paddle)},
                 "nn.quant.quant_layers goldens")


if __name__ == "__main__":
    main()
