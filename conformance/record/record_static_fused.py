"""Record static-mode goldens for paddle.incubate's fused ops and paddle.nn.quant.quant_layers
from real Paddle 3.3.1, in legacy mode (FLAGS_enable_pir_api=0) and in PIR mode:

    PADDLE_PY conformance/record/record_static_fused.py

(the script runs itself once per mode in a child process, since Paddle reads the flag at import).
Each case is a snippet run with a `paddle` namespace (real Paddle here, paddle_compat in
tests/test_incubate_nn_functional.py, tests/test_incubate_nn_layer.py, tests/test_incubate_ops.py
and tests/test_nn_quant_quant_layers.py) that stores what it wants compared in `out`: the printed
main program, values computed by the CPU Executor, gradients, and errors (Paddle's text up to its
"[Hint: ...]" / "(at /paddle/...)" suffixes). Most fused ops have only GPU kernels: on the CPU
wheel Paddle refuses them while building (legacy: the op is not registered; PIR: no kernel dtype),
and those errors are the golden. Re-runnable: it overwrites conformance/goldens/static_fused.json.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import write_golden  # noqa: E402

PRELUDE = """
import re
import warnings
import numpy as np
warnings.filterwarnings('ignore')
IF = paddle.incubate.nn.functional
Q = paddle.nn.quant.quant_layers
paddle.enable_static()
out = {}
def fresh():
    return paddle.static.Program(), paddle.static.Program()
def arange(*shape, scale=0.1, shift=0.0):
    return np.sin(np.arange(int(np.prod(shape)), dtype='float32').reshape(shape) * scale + shift)
def D(name, shape, dtype='float32'):
    return paddle.static.data(name, shape, dtype)
def msg(e):
    m = str(e)
    if m.startswith("In user code:"):     # an Executor error: the op's own message, last line
        m = re.findall(r"\\n    \\w+Error: ([^\\n]*)", m)[-1]
    m = re.sub(r"\\n  \\[Hint: .*", "", m, flags=re.S)
    m = re.sub(r" \\(at /paddle/[^)]*\\)", "", m)
    return [type(e).__name__, m.strip()]
def err(fn):
    try:
        fn()
    except Exception as e:
        return msg(e)
    return None
def build(fn):
    main, start = fresh()
    with paddle.static.program_guard(main, start):
        res = fn()
    return main, start, res
def run(main, start, feed, fetch):
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        exe.run(start)
        try:
            res = exe.run(main, feed=feed, fetch_list=fetch)
        except Exception as e:
            return msg(e)
    return [np.asarray(r).astype('float64').round(5).tolist() for r in res]
"""

CASES = {
    # ---- paddle.incubate.nn.functional: ops Paddle's CPU wheel records and runs --------------
    "rms_norm": """
def f():
    x = D('x', [2, 4]); x.stop_gradient = False
    return x, IF.fused_rms_norm(x, D('w', [4]), D('b', [4]), 1e-5, 1)
main, start, (x, res) = build(f)
out['main'] = str(main)
out['n'] = len(res)
out['values'] = run(main, start, {'x': arange(2, 4), 'w': arange(4, shift=1.0),
                                  'b': arange(4, scale=0.3)}, [res[0]])
""",
    "rms_norm_residual": """
def f():
    x = D('x', [2, 3, 4])
    return IF.fused_rms_norm(x, D('w', [4]), None, 1e-6, 2, bias=D('bias', [4]),
                             residual=D('r', [2, 3, 4]))
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, 4), 'w': arange(4, shift=1.0),
                                  'bias': arange(4, scale=0.2), 'r': arange(2, 3, 4, shift=0.5)},
                    [res[0], res[1]])
""",
    "rms_norm_gradient": """
def grad_of(fn):
    def f():
        x = D('x', [2, 4]); x.stop_gradient = False
        return x, paddle.static.gradients([paddle.mean(fn(x))], [x])
    main, start, (x, gx) = build(f)
    return [g is None for g in gx]
# Paddle's CPU wheel cannot build these backwards (no grad kernel / no grad op)
out['rms'] = err(lambda: out.__setitem__('rms_grads', grad_of(
    lambda x: IF.fused_rms_norm(x, D('w', [4]), None, 1e-5, 1)[0])))
out['layer_norm'] = err(lambda: out.__setitem__('layer_norm_grads', grad_of(
    lambda x: IF.fused_layer_norm(x, D('w', [4]), None, 1e-5)[0])))
""",
    "layer_norm": """
def f():
    return IF.fused_layer_norm(D('x', [2, 4]), D('w', [4]), D('b', [4]), 1e-5)
main, start, res = build(f)
out['main'] = str(main)
out['n'] = len(res)
feed = {'x': arange(2, 4), 'w': arange(4, shift=1.0), 'b': arange(4, scale=0.3)}
out['values'] = run(main, start, feed, [res[0], res[2], res[3]])
""",
    "layer_norm_residual": """
def f():
    return IF.fused_layer_norm(D('x', [3, 4]), D('w', [4]), D('b', [4]), 1e-5,
                               residual_alpha=0.5, bias=D('bias', [4]), residual=D('r', [3, 4]))
main, start, res = build(f)
out['main'] = str(main)
feed = {'x': arange(3, 4), 'w': arange(4, shift=1.0), 'b': arange(4, scale=0.3),
        'bias': arange(4, scale=0.7), 'r': arange(3, 4, shift=2.0)}
out['values'] = run(main, start, feed, list(res))
""",
    "softmax_mask_fuse": """
def f():
    return paddle.incubate.softmax_mask_fuse(D('x', [1, 2, 3, 3]), D('m', [1, 1, 3, 3]))
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(1, 2, 3, 3), 'm': arange(1, 1, 3, 3, shift=1.0)},
                    [res])
""",
    "softmax_mask_fuse_grad": """
def f():
    x = D('x', [1, 2, 3, 3]); x.stop_gradient = False
    y = paddle.incubate.softmax_mask_fuse(x, D('m', [1, 1, 3, 3]))
    loss = paddle.mean(y * paddle.to_tensor(arange(1, 2, 3, 3, scale=0.9)))
    return y, paddle.static.gradients([loss], [x])[0]
main, start, (y, gx) = build(f)
out['values'] = run(main, start, {'x': arange(1, 2, 3, 3), 'm': arange(1, 1, 3, 3, shift=1.0)},
                    [y, gx])
""",
    "softmax_mask_fuse_upper_triangle": """
def f():
    return paddle.incubate.softmax_mask_fuse_upper_triangle(D('x', [1, 2, 3, 3]))
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(1, 2, 3, 3)}, [res])
""",
    "swiglu": """
def f():
    return IF.swiglu(D('x', [2, 4]), D('y', [2, 4])), IF.swiglu(D('z', [2, 4]))
main, start, res = build(f)
out['main'] = str(main)
out['none'] = [r is None for r in res]
""",
    "fused_dropout_add": """
def f():
    return IF.fused_dropout_add(D('x', [2, 4]), D('y', [2, 4]), p=0.0)
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 4), 'y': arange(2, 4, shift=1.0)}, [res])
""",
    "fused_matmul_bias": """
def f():
    return IF.fused_matmul_bias(D('x', [2, 4]), D('y', [3, 4]), D('b', [3]), transpose_y=True)
out['build'] = err(lambda: build(f))
if out['build'] is None:
    main, start, res = build(f)
    out['main'] = str(main)
    out['values'] = run(main, start, {'x': arange(2, 4), 'y': arange(3, 4), 'b': arange(3)}, [res])
""",
    "fused_linear": """
def f():
    return IF.fused_linear(D('x', [2, 4]), D('w', [4, 3]))
out['build'] = err(lambda: build(f))
if out['build'] is None:
    main, start, res = build(f)
    out['main'] = str(main)
""",
    "fused_linear_activation": """
def f():
    return IF.fused_linear_activation(D('x', [4, 2]), D('y', [4, 3]), D('b', [3]), trans_x=True,
                                      activation='gelu')
out['build'] = err(lambda: build(f))
if out['build'] is None:
    main, start, res = build(f)
    out['main'] = str(main)
""",
    "FusedLinear": """
def f():
    return paddle.incubate.nn.FusedLinear(4, 3)(D('x', [2, 4]))
out['build'] = err(lambda: build(f))
if out['build'] is None:
    main, start, res = build(f)
    out['main'] = str(main)
""",
    "graph_khop_sampler": """
# one hop with sample sizes that cover every degree: the sample is the whole neighborhood
row = np.array([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7], 'int64')
colptr = np.array([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13], 'int64')
def f():
    return paddle.incubate.graph_khop_sampler(
        D('r', [13], 'int64'), D('c', [11], 'int64'), D('n', [4], 'int64'), [5],
        sorted_eids=D('e', [13], 'int64'), return_eids=True)
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'r': row, 'c': colptr, 'n': np.array([0, 8, 1, 2], 'int64'),
                                  'e': np.arange(13, dtype='int64')}, list(res))
def g():
    return paddle.incubate.graph_khop_sampler(D('r2', [13], 'int64'), D('c2', [11], 'int64'),
                                              D('n2', [1], 'int64'), [1])
main, start, res = build(g)
out['main_no_eids'] = str(main)
out['n'] = len(res)
""",
    # ---- fused ops Paddle's CPU wheel refuses while building a static program -----------------
    "refused": """
x3 = lambda: D('x', [1, 2, 4])
out['fused_feedforward'] = err(lambda: build(lambda: IF.fused_feedforward(
    x3(), D('w1', [4, 8]), D('w2', [8, 4]))))
out['fused_multi_head_attention'] = err(lambda: build(lambda: IF.fused_multi_head_attention(
    x3(), D('qkvw', [3, 2, 2, 4]), D('lw', [4, 4]))))
out['fused_bias_dropout_residual_layer_norm'] = err(lambda: build(
    lambda: IF.fused_bias_dropout_residual_layer_norm(x3(), D('r', [1, 2, 4]))))
out['fused_rotary_position_embedding'] = err(lambda: build(
    lambda: IF.fused_rotary_position_embedding(D('q', [1, 2, 2, 4]), D('k', [1, 2, 2, 4]))))
out['fused_bias_act'] = err(lambda: build(
    lambda: IF.fused_bias_act(D('x', [2, 4]), D('b', [4]), act_method='gelu')))
out['variable_length_memory_efficient_attention'] = err(lambda: build(
    lambda: IF.variable_length_memory_efficient_attention(
        D('q', [1, 2, 3, 4]), D('k', [1, 2, 3, 4]), D('v', [1, 2, 3, 4]),
        D('sl', [1, 1], 'int32'), D('kl', [1, 1], 'int32'))))
out['masked_multihead_attention'] = err(lambda: build(
    lambda: IF.masked_multihead_attention(D('x', [2, 24]), D('c', [2, 2, 2, 5, 4]))))
out['fused_rms_norm_ext'] = err(lambda: build(
    lambda: IF.fused_rms_norm_ext(D('x', [2, 4]), D('w', [4]), 1e-5)))
def fmt(dtype):
    h = lambda n, s: D(n, s, dtype)
    f = lambda n, s: D(n, s, 'float32')
    return IF.fused_multi_transformer(
        h('x', [1, 2, 4]), [f('ls', [4])], [f('lb', [4])], [h('qw', [3, 2, 2, 4])],
        [h('qb', [3, 2, 2])], [h('lw', [4, 4])], [h('lb2', [4])], [f('fs', [4])], [f('fb', [4])],
        [h('f1', [4, 8])], [h('f1b', [8])], [h('f2', [8, 4])], [h('f2b', [4])])
out['fused_multi_transformer'] = err(lambda: build(lambda: fmt('float16')))
out['fused_multi_transformer_float32'] = err(lambda: build(lambda: fmt('float32')))
out['FusedMultiTransformer'] = err(lambda: build(
    lambda: paddle.incubate.nn.FusedMultiTransformer(4, 2, 8, num_layers=1)(x3())))
out['FusedFeedForward'] = err(lambda: build(
    lambda: paddle.incubate.nn.FusedFeedForward(4, 8)(x3())))
out['FusedMultiHeadAttention'] = err(lambda: build(
    lambda: paddle.incubate.nn.FusedMultiHeadAttention(4, 2)(x3())))
out['FusedBiasDropoutResidualLayerNorm'] = err(lambda: build(
    lambda: paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm(4)(x3(), D('r', [1, 2, 4]))))
out['FusedTransformerEncoderLayer'] = err(lambda: build(
    lambda: paddle.incubate.nn.FusedTransformerEncoderLayer(4, 2, 8)(x3())))
""",
    "refused_moe_fp8": """
def b(fn):
    return err(lambda: out.__setitem__('ret', repr(build(fn)[2])))
out['fast_ln'] = b(lambda: IF.fast_ln(D('x', [2, 4]), D('w', [4]), D('b', [4]), 1e-5))
out['fast_ln_ret'] = out.pop('ret', None)
out['fast_rms_norm'] = b(lambda: IF.fast_rms_norm(D('x', [2, 4]), D('w', [4]), 1e-5))
out['blha_get_max_len'] = b(lambda: IF.blha_get_max_len(
    D('e', [2], 'int32'), D('d', [2], 'int32'), D('bs', [2], 'int32')))
out['cross_entropy_with_softmax_bwd_w_downcast'] = b(
    lambda: IF.cross_entropy_with_softmax_bwd_w_downcast(D('l', [2, 1], 'int64'), D('s', [2, 4]),
                                                         D('g', [2, 1])))
out['embedding_grad_add_to_'] = b(lambda: IF.embedding_grad_add_to_(
    D('t', [3], 'int64'), D('m', [5, 4]), D('o', [3, 4], 'bfloat16')))
out['int_bincount'] = b(lambda: IF.int_bincount(D('x', [5], 'int64'), 0, 4, 'int64'))
out['cal_aux_loss'] = b(lambda: IF.cal_aux_loss(
    D('gp', [4, 3]), D('dm', [3], 'int64'), D('tm', [4]), D('dtm', [4], 'int64'), 3, False, 2,
    0.0))
out['expand_modality_expert_id'] = b(lambda: IF.expand_modality_expert_id(
    D('e', [4, 2], 'int64'), 4, 1, 0, False))
out['build_src_rank_and_local_expert_id'] = b(lambda: IF.build_src_rank_and_local_expert_id(
    D('e', [4], 'int64'), [1, 1, 1, 1], 2))
out['moe_combine'] = b(lambda: IF.moe_combine(D('x', [4, 3]), D('c', [2, 2]),
                                              D('s', [2, 2], 'int32')))
out['moe_gate_dispatch'] = b(lambda: IF.moe_gate_dispatch(D('x', [4, 3]), D('g', [4, 2]), None,
                                                          1, 4, True))
out['moe_gate_dispatch_permute'] = b(lambda: IF.moe_gate_dispatch_permute(
    D('x', [4, 3]), D('g', [4, 2]), None, 1, 4, 1))
out['moe_gate_dispatch_and_quant'] = b(lambda: IF.moe_gate_dispatch_and_quant(
    D('x', [4, 128], 'bfloat16'), D('g', [4, 2]), None, 1, 4, True, False))
out['moe_gate_dispatch_partial_nosoftmaxtopk'] = b(
    lambda: IF.moe_gate_dispatch_partial_nosoftmaxtopk(
        D('x', [4, 3]), D('c', [4, 1]), D('e', [4, 1], 'int32'), 1, 4, 2, True, 0, 2, True))
out['fused_act_dequant'] = b(lambda: IF.fused_act_dequant(D('x', [2, 128], 'float8_e4m3fn'),
                                                          D('s', [2, 1])))
out['fused_swiglu_weighted_bwd'] = b(lambda: IF.fused_swiglu_weighted_bwd(
    D('o', [2, 256], 'bfloat16'), D('d', [2, 128], 'bfloat16'), D('p', [2])))
out['fused_weighted_swiglu_act_quant'] = b(lambda: IF.fused_weighted_swiglu_act_quant(
    D('x', [2, 256], 'bfloat16')))
out['fp8_quant_blockwise'] = b(lambda: IF.fp8_quant_blockwise(D('x', [2, 128], 'bfloat16')))
out['fused_stack_transpose_quant'] = b(lambda: IF.fused_stack_transpose_quant(
    [D('x', [128, 128], 'bfloat16')]))
out['fused_transpose_split_quant'] = b(lambda: IF.fused_transpose_split_quant(
    D('x', [128, 128], 'bfloat16'), None, [128]))
out['fused_transpose_wlch_split_quant'] = b(lambda: IF.fused_transpose_wlch_split_quant(
    D('x', [1, 1, 128, 128], 'bfloat16'), [128]))
out['block_multihead_attention'] = b(lambda: IF.block_multihead_attention(
    D('qkv', [4, 24]), D('kc', [2, 2, 4, 4]), D('vc', [2, 2, 4, 4]), D('se', [1, 1], 'int32'),
    D('sd', [1, 1], 'int32'), D('st', [1, 1], 'int32'), D('po', [4], 'int32'),
    D('co', [1], 'int32'), D('cq', [2], 'int32'), D('ck', [2], 'int32'),
    D('bt', [1, 2], 'int32')))
out['fp8_gemm_blockwise'] = b(lambda: IF.fp8_gemm_blockwise(
    D('a', [128, 128], 'float8_e4m3fn'), D('as', [1, 128]), D('b8', [128, 128], 'float8_e4m3fn'),
    D('bs8', [1, 1]), paddle.bfloat16))
out.pop('ret', None)
""",
    # ---- paddle.nn.quant.quant_layers -------------------------------------------------------
    "quant_abs_max": """
def f():
    x = D('x', [2, 3])
    return Q.FakeQuantAbsMax()(x)
main, start, res = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [res])
""",
    "quant_abs_max_weight": """
def f():
    x = D('x', [2, 3])
    layer = Q.FakeQuantAbsMax(name='fq', quant_bits=4, quant_on_weight=True)
    return layer, layer(x)
main, start, (layer, res) = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [res, layer._scale])
""",
    "quant_moving_average": """
def f():
    x = D('x', [2, 3])
    layer = Q.FakeQuantMovingAverageAbsMax(name='ma', moving_rate=0.5)
    return layer, layer(x)
main, start, (layer, res) = build(f)
out['main'] = str(main)
out['startup'] = str(start)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)},
                    [res, layer._scale, layer._state, layer._accum])
""",
    "quant_moving_average_eval": """
def f():
    x = D('x', [2, 3])
    layer = Q.FakeQuantMovingAverageAbsMax()
    layer.eval()
    return layer, layer(x)
main, start, (layer, res) = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [res, layer._scale])
""",
    "quant_channel_wise": """
def f():
    x = D('x', [3, 2])
    layer = Q.FakeQuantChannelWiseAbsMax(channel_num=2, quant_axis=1, quant_on_weight=True)
    return layer, layer(x)
main, start, (layer, res) = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(3, 2, scale=0.7)}, [res, layer._scale])
""",
    "quant_moving_average_scale": """
def f():
    x = D('x', [2, 3])
    layer = Q.MovingAverageAbsMaxScale(name='s')
    return layer, layer(x)
main, start, (layer, res) = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)},
                    [res, layer._scale, layer._state, layer._accum])
""",
    "quant_linear": """
def f():
    x = D('x', [2, 3]); x.stop_gradient = False
    lin = paddle.nn.Linear(3, 2, weight_attr=paddle.ParamAttr(
        initializer=paddle.nn.initializer.Assign(arange(3, 2, shift=0.3))))
    y = Q.QuantizedLinear(lin)(x)
    out['main'] = str(paddle.static.default_main_program())
    loss = paddle.mean(y * y)
    gx, = paddle.static.gradients([loss], [x])
    return y, gx
main, start, (y, gx) = build(f)
# the backward section is left out of 'main': paddle_compat's grad ops list their slots in
# one uniform way (docs/differences.md); the straight-through gradient value is compared
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [y, gx])
""",
    "quant_conv2d": """
def f():
    x = D('x', [1, 2, 4, 4])
    conv = paddle.nn.Conv2D(2, 2, 3, weight_attr=paddle.ParamAttr(
        initializer=paddle.nn.initializer.Assign(arange(2, 2, 3, 3, shift=0.3))))
    return Q.QuantizedConv2D(conv, weight_quantize_type='channel_wise_abs_max',
                             activation_quantize_type='moving_average_abs_max')(x)
main, start, y = build(f)
# the two fake-quant ops (the conv2d after them is F.conv2d's own recording)
out['ops'] = [[op.type, sorted(op.input_arg_names), sorted(op.output_arg_names),
               {k: op.attr(k) for k in ('bit_length', 'is_test', 'quant_axis') if op.has_attr(k)}]
              for op in main.global_block().ops[:2]]
out['values'] = run(main, start, {'x': arange(1, 2, 4, 4, scale=0.7)}, [y])
""",
    "quant_conv2d_transpose": """
def f():
    x = D('x', [1, 2, 3, 3])
    conv = paddle.nn.Conv2DTranspose(2, 2, 2, weight_attr=paddle.ParamAttr(
        initializer=paddle.nn.initializer.Assign(arange(2, 2, 2, 2, shift=0.3))), bias_attr=False)
    return Q.QuantizedConv2DTranspose(conv)(x)
main, start, y = build(f)
out['ops'] = [[op.type, sorted(op.input_arg_names), sorted(op.output_arg_names),
               {k: op.attr(k) for k in ('bit_length', 'quant_axis') if op.has_attr(k)}]
              for op in main.global_block().ops[:2]]
out['values'] = run(main, start, {'x': arange(1, 2, 3, 3, scale=0.7)}, [y])
""",
    "quant_stub": """
def f():
    x = D('x', [2, 3])
    stub = Q.QuantStub()
    return stub, stub(x)
main, start, (stub, y) = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [y, stub._scale, stub._state])
""",
    "quant_matmul": """
def f():
    return Q.QuantizedMatmul()(D('x', [2, 3]), D('y', [3, 2]))
main, start, y = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7), 'y': arange(3, 2)}, [y])
""",
    "quant_output_scale_data": """
def f():
    layer = Q.MovingAverageAbsMaxScale()
    layer.eval()
    return Q.FakeQuantMAOutputScaleLayer(paddle.nn.Identity())(layer(D('x', [2, 3])))
main, start, y = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [y])
""",
    "quant_errors": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    out['float64'] = err(lambda: Q.FakeQuantAbsMax()(D('x64', [2, 3], 'float64')))
    out['ma_float64'] = err(lambda: Q.FakeQuantMovingAverageAbsMax()(D('y64', [2, 3], 'float64')))
    out['scale_int'] = err(lambda: Q.MovingAverageAbsMaxScale()(D('xi', [2, 3], 'int32')))
    out['not_var'] = err(lambda: Q.FakeQuantAbsMax()(np.ones((2, 3), 'float32')))
""",
    "quant_output_scale": """
def f():
    x = D('x', [2, 3])
    a = Q.MAOutputScaleLayer(paddle.nn.ReLU())(x)
    return Q.FakeQuantMAOutputScaleLayer(paddle.nn.ReLU())(a)
main, start, y = build(f)
out['main'] = str(main)
out['values'] = run(main, start, {'x': arange(2, 3, scale=0.7)}, [y])
""",
}


def run_case(paddle, code):
    ns = {"paddle": paddle}
    exec(PRELUDE + code, ns)
    return ns["out"]


def _record_mode():
    import paddle
    results = {}
    for name, code in CASES.items():
        paddle.disable_static()
        with paddle.utils.unique_name.guard():
            try:
                results[name] = run_case(paddle, code)
            except Exception as e:      # a case Paddle itself cannot build is recorded as its error
                results[name] = {"error": [type(e).__name__, str(e)]}
        paddle.disable_static()
    return results


def main():
    if os.environ.get("_RECORD_STATIC_FUSED_CHILD"):
        json.dump(_record_mode(), sys.stdout)
        return 0
    results = {}
    for mode, flag in (("legacy", "0"), ("pir", "1")):
        env = dict(os.environ, FLAGS_enable_pir_api=flag, _RECORD_STATIC_FUSED_CHILD="1",
                   GLOG_minloglevel="3")
        proc = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True,
                              check=True)
        results[mode] = json.loads(proc.stdout.strip().splitlines()[-1])
    write_golden("static_fused", {"cases": CASES, "prelude": PRELUDE, "results": results},
                 f"{len(CASES)} cases")
    for mode, res in results.items():
        for name, r in res.items():
            print(mode, name, "ERROR" if "error" in r else "ok", r.get("error", ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
