"""Record Paddle 3.3.1's paddle.incubate behaviour into conformance/goldens/incubate.json (read by
tests/test_incubate_ops.py, tests/test_incubate_nn_functional.py and tests/test_incubate_autograd.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1, CPU wheel;
re-runnable, overwrites the golden):
    PADDLE_PY conformance/record/record_incubate.py

CASES: Python expressions evaluated after SETUP with `paddle` bound to the module under test; the
result (values, dtype, shape, stop_gradient, or the exception class and message) is stored as
record_ops_math.describe stores it. For the GPU-only fused ops these record the error Paddle's CPU
wheel raises.

DENSE: {name: [fused_expr, reference_expr]}: the oracle evaluates reference_expr, the op's
formula spelled with Paddle's unfused ops (the pseudo-code of its docstring, which its unit tests
use as reference); the tests evaluate fused_expr with paddle_compat on the "GPU" path (the kernel
gate patched, tests/test_incubate_nn_functional.py) and compare. Dropout rates are 0 or
training=False there: the masks of the GPU kernels are not reproducible on a CPU oracle.

Not recorded: random draws (fused_dropout_add with 0 < p < 1 in training, graph_sample_neighbors
with fewer samples than neighbors); gradients of fused_rms_norm / fused_layer_norm (Paddle 3.3.1's
CPU wheel has no backward kernel for them).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import os
import warnings
import numpy as np
T = paddle.to_tensor
N = paddle.incubate.nn
def params(layer):
    return [[k, list(v.shape), str(v.dtype)] for k, v in layer.state_dict().items()]
I = paddle.incubate
IF = paddle.incubate.nn.functional
F = paddle.nn.functional
A = paddle.incubate.autograd
x = T(np.arange(12, dtype='float32').reshape(3, 4) / 5 - 1)
x64 = x.astype('float64')
w4 = T([1., 2, 0.5, -1]); b4 = T([0.1, 0, 0, 0.2])
data = T([[1, 2, 3], [3, 2, 1], [4, 5, 6]], dtype='float32')
ids = T([0, 0, 2], dtype='int32')
gx = T([[0, 2, 3], [1, 4, 5], [2, 6, 7]], dtype='float32')
src = T([0, 1, 2, 0], dtype='int32'); dst = T([1, 2, 1, 0], dtype='int32')
row = T([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
colptr = T([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
nodes = T([0, 8, 1, 2])
eids = paddle.arange(13)
rx = T([0, 1, 2]); rn = T([8, 9, 0, 4, 7, 6, 7]); rc = T([2, 3, 2], dtype='int32')
s4 = T(np.sin(np.arange(32, dtype='float32')).reshape(1, 2, 4, 4))
m4 = T(np.cos(np.arange(16, dtype='float32')).reshape(1, 1, 4, 4))
q3 = T(np.sin(np.arange(24, dtype='float32') / 3).reshape(2, 3, 4))
w48 = T(np.cos(np.arange(32, dtype='float32') / 5).reshape(4, 8) / 2)
w84 = T(np.sin(np.arange(32, dtype='float32') / 7).reshape(8, 4) / 2)
b8 = T(np.linspace(-0.5, 0.5, 8).astype('float32'))
qkvw = T(np.cos(np.arange(48, dtype='float32') / 4).reshape(3, 2, 2, 4) / 2)
qkvb = T(np.linspace(-0.3, 0.3, 12).astype('float32').reshape(3, 2, 2))
lw = T(np.sin(np.arange(16, dtype='float32') / 3).reshape(4, 4) / 2)
amask = T(np.triu(np.full((3, 3), -1e4, 'float32'), 1).reshape(1, 1, 3, 3))
def no_residual(r):
    # without `residual` Paddle's residual_out is an uninitialized Tensor: compare the others
    return (r[0], r[2], r[3])
def net():
    lin = paddle.nn.Linear(2, 2, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(
        np.array([[0.5, -0.2], [0.1, 0.3]], 'float32'))), bias_attr=paddle.ParamAttr(
        initializer=paddle.nn.initializer.Constant(0.1)))
    return lin, paddle.optimizer.SGD(0.1, parameters=lin.parameters())
def loss_of(lin):
    return (lin(T([[1., 2.], [3., -1.]])) ** 2).mean()
def lookahead_run(steps=5, **kw):
    lin, sgd = net()
    la = I.LookAhead(sgd, **kw)
    out = []
    for _ in range(steps):
        loss_of(lin).backward(); la.step(); la.clear_grad()
        out += [lin.weight.clone(), lin.bias.clone()]
    # the layer's unique name depends on what ran before in the process: keep the rest
    return out + [[k.split('.', 1)[1] for k in sorted(la.state_dict())]] + [la.state_dict()[k] for k in sorted(la.state_dict())]
def average_run(steps=6, need_restore=True, **kw):
    lin, sgd = net()
    ma = I.ModelAverage(0.5, parameters=lin.parameters(), **kw)
    out = []
    for _ in range(steps):
        loss_of(lin).backward(); sgd.step(); ma.step(); sgd.clear_grad()
        with ma.apply(need_restore=need_restore):
            out += [lin.weight.clone(), lin.bias.clone()]
        out += [lin.bias.clone()]
    sd = ma.state_dict()
    return out + [[k.split('.', 1)[1] for k in sd]] + [sd[k] for k in sd]
def lbfgs_run(steps=3, **kw):
    lin, _ = net()
    opt = paddle.incubate.optimizer.LBFGS(parameters=lin.parameters(), **kw)
    def closure():
        opt.clear_grad()
        loss = loss_of(lin) + ((lin.weight - 1.0) ** 2).sum()
        loss.backward()
        return loss
    out = []
    for _ in range(steps):
        out.append(opt.step(closure))
        out += [lin.weight.clone(), lin.bias.clone()]
    return out
def static_grad(forward=False):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            sx = paddle.static.data('x', [2, 2], 'float32')
            sx.stop_gradient = False
            sy = paddle.tanh(sx) * sx
            if forward:
                return A.forward_grad(sy, sx)
            fetch = [A.grad(sy, sx)] + list(A.grad([sy], [sx], [paddle.full([2, 2], 2.0)]))
        exe = paddle.static.Executor()
        exe.run(startup)
        got = exe.run(main, feed={'x': np.array([[0.5, -1], [2, 0.1]], 'float32')}, fetch_list=fetch)
    finally:
        paddle.disable_static()
    return [T(r) for r in got]
Fn = paddle.incubate.optimizer.functional
def rosen(t):
    return paddle.sum(100 * (t[1:] - t[:-1] ** 2) ** 2 + (1 - t[:-1]) ** 2)
def quad(t):
    return paddle.dot(t - 1.5, (t - 1.5) * paddle.to_tensor([1., 3., 10.], dtype=t.dtype))
x3d = T([-1.2, 1.0, 0.5], dtype='float64')
def W(fn):
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter('always')
        fn()
    return [str(g.message) for g in got if type(g.message).__name__ == 'VisibleDeprecationWarning']
def WA(fn):
    # every warning text and the return value (autotune.set_config)
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter('always')
        value = fn()
    return [str(g.message) for g in got], value
def json_file(text):
    import tempfile
    fd, path = tempfile.mkstemp(suffix='.json')
    with os.fdopen(fd, 'w') as f:
        f.write(text)
    return path
def cc_bad(x: paddle.incubate.cc.typing.Tensor([2], 'float32')):
    return x
CCT = paddle.incubate.cc.typing.DTypeVar('T', 'float32', 'float64')
CCN = paddle.incubate.cc.typing.DimVar('N')
def cc_add(x: paddle.incubate.cc.typing.Tensor([CCN, 4], CCT),
           y: paddle.incubate.cc.typing.Tensor([CCN, 4], CCT)):
    return x + y
def mt_layer(**kw):
    paddle.seed(5)
    return N.FusedMultiTransformer(8, 2, 16, **kw)
def mt_params(**kw):
    # the unique-name prefix (fused_multi_transformer_<n>.) depends on what ran before in the
    # process: keep the parameter part of each state_dict key
    return [[k.split('.', 1)[1], list(v.shape), str(v.dtype)] for k, v in mt_layer(**kw).state_dict().items()]
def mt_values(**kw):
    return list(mt_layer(**kw).state_dict().values())
MT_BIASES = dict(ln_bias_attrs=True, qkv_bias_attrs=True, linear_bias_attrs=True, ffn_ln_bias_attrs=True, ffn1_bias_attrs=True, ffn2_bias_attrs=True)
def G(fn, t):
    t = paddle.to_tensor(t.numpy(), stop_gradient=False)
    out = fn(t)
    wt = paddle.arange(out.size, dtype=out.dtype).reshape(out.shape) / 7.0 + 1.0
    (g,) = paddle.grad([(out * wt).sum()], [t])
    return g
rq = T(np.sin(np.arange(96, dtype='float32') / 5).reshape(2, 4, 3, 4))
rk = T(np.cos(np.arange(32, dtype='float32') / 3).reshape(2, 4, 1, 4))
ang = np.arange(4, dtype='float32')[:, None] / 10000 ** (np.arange(0, 4, 2, dtype='float32') / 4)
rsin = T(np.repeat(np.sin(ang), 2, axis=-1).reshape(1, 4, 1, 4))
rcos = T(np.repeat(np.cos(ang), 2, axis=-1).reshape(1, 4, 1, 4))
rsin_half = T(np.concatenate([np.sin(ang), np.sin(ang)], -1).reshape(1, 4, 1, 4))
rcos_half = T(np.concatenate([np.cos(ang), np.cos(ang)], -1).reshape(1, 4, 1, 4))
pos_ids = T([[3, 1, 2, 0], [0, 2, 3, 1]])
def rope_ref(t, s, c, neox):
    if neox:
        rot = paddle.stack([-t[..., 1::2], t[..., 0::2]], axis=-1).reshape(t.shape)
    else:
        h = t.shape[-1] // 2
        rot = paddle.concat([-t[..., h:], t[..., :h]], axis=-1)
    return t * c + rot * s
def pick(table, ids):
    return table.reshape([4, 4])[ids].unsqueeze(2)
vq = T(np.sin(np.arange(96, dtype='float32') / 7).reshape(2, 2, 6, 4))
vk = T(np.cos(np.arange(96, dtype='float32') / 5).reshape(2, 2, 6, 4))
vv = T(np.sin(np.arange(96, dtype='float32') / 3).reshape(2, 2, 6, 4))
vmask = T(np.cos(np.arange(72, dtype='float32')).reshape(2, 1, 6, 6))
def vl_ref(qlens, kvlens, mask=None, scale=0.5, causal=False, pre=0):
    outs = []
    for i in range(2):
        q, k, v = vq[i:i + 1, :, :qlens[i]], vk[i:i + 1, :, :kvlens[i] + pre], vv[i:i + 1, :, :kvlens[i] + pre]
        s = paddle.matmul(q, k, transpose_y=True) * scale
        if mask is not None:
            s = s + mask[i:i + 1, :, :qlens[i], :kvlens[i] + pre]
        if causal:
            s = s + T(np.triu(np.full((qlens[i], kvlens[i] + pre), -np.inf, 'float32'), 1 + pre))
        o = paddle.matmul(F.softmax(s), v)
        outs.append(paddle.concat([o, paddle.zeros([1, 2, 6 - qlens[i], 4])], axis=2))
    return paddle.concat(outs)
def ref_mha(x, pre_ln, add_residual, mask=None, bias=True):
    h = F.layer_norm(x, [4]) if pre_ln else x
    qkv = paddle.einsum('bse,tnde->bstnd', h, qkvw)
    if bias:
        qkv = qkv + qkvb
    qkv = qkv.transpose([2, 0, 3, 1, 4])
    q, k, v = qkv[0] * (2 ** -0.5), qkv[1], qkv[2]
    s = paddle.matmul(q, k, transpose_y=True)
    if mask is not None:
        s = s + mask
    o = paddle.matmul(F.softmax(s), v).transpose([0, 2, 1, 3]).reshape([2, 3, 4])
    o = paddle.matmul(o, lw)
    if add_residual:
        o = x + o
    return o if pre_ln else F.layer_norm(o, [4])
"""

CASES = {
    # root: deprecated aliases of paddle.geometric
    "segment_sum": "I.segment_sum(data, ids)",
    "segment_mean": "I.segment_mean(data, ids)",
    "segment_max": "I.segment_max(data, ids)",
    "segment_min": "I.segment_min(data, ids)",
    "segment_sum_grad": "G(lambda t: I.segment_sum(t, T([0, 0, 1])), data)",
    "segment_sum_unsorted": "I.segment_sum(data, T([1, 0, 1]))",
    "segment_warning": "W(lambda: I.segment_mean(data, ids))",
    "graph_send_recv_sum": "I.graph_send_recv(gx, src, dst, 'sum')",
    "graph_send_recv_mean": "I.graph_send_recv(gx, src, dst, pool_type='mean')",
    "graph_send_recv_max_out_size": "I.graph_send_recv(gx, src, dst, 'max', out_size=4)",
    "graph_send_recv_tensor_out_size": "I.graph_send_recv(gx, src, dst, 'sum', out_size=paddle.max(dst) + 1)",
    "graph_send_recv_bad_pool": "I.graph_send_recv(gx, src, dst, 'prod')",
    "graph_send_recv_warning": "W(lambda: I.graph_send_recv(gx, src, dst))",
    "graph_sample_neighbors_all": "I.graph_sample_neighbors(row, colptr, nodes, sample_size=20)",
    "graph_sample_neighbors_eids": "I.graph_sample_neighbors(row, colptr, nodes, eids=eids, sample_size=20, return_eids=True)",
    "graph_sample_neighbors_no_eids": "I.graph_sample_neighbors(row, colptr, nodes, sample_size=2, return_eids=True)",
    "graph_sample_neighbors_no_perm": "I.graph_sample_neighbors(row, colptr, nodes, sample_size=2, flag_perm_buffer=True)",
    "graph_reindex": "I.graph_reindex(rx, rn, rc)",
    "graph_reindex_no_buffer": "I.graph_reindex(rx, rn, rc, flag_buffer_hashtable=True)",
    "graph_reindex_warning": "W(lambda: I.graph_reindex(rx, rn, rc))",
    # root: graph_khop_sampler (Paddle's CPU kernel; sample sizes cover every degree, so no draw)
    "graph_khop_sampler": "I.graph_khop_sampler(row, colptr, nodes, [5])",
    "graph_khop_sampler_eids": "I.graph_khop_sampler(row, colptr, nodes, [5], sorted_eids=eids, return_eids=True)",
    "graph_khop_sampler_int32": "I.graph_khop_sampler(row.astype('int32'), colptr.astype('int32'), nodes.astype('int32'), [3])",
    "graph_khop_sampler_two_hops": "I.graph_khop_sampler(row, colptr, T([0, 1, 5]), [5, 5])",
    "graph_khop_sampler_two_hops_eids": "I.graph_khop_sampler(row, colptr, T([0, 1, 5]), (2, 2), eids, True)",
    "graph_khop_sampler_no_neighbors": "I.graph_khop_sampler(row, colptr, T([7]), [5])",
    "graph_khop_sampler_no_eids": "I.graph_khop_sampler(row, colptr, nodes, [5], return_eids=True)",
    "graph_khop_sampler_empty_nodes": "I.graph_khop_sampler(row, colptr, T([], dtype='int64'), [5])",
    "graph_khop_sampler_float": "I.graph_khop_sampler(row.astype('float32'), colptr.astype('float32'), nodes.astype('float32'), [5])",
    # root: inference's signature check (the calls need the function's source file, which
    # SETUP's exec-defined functions lack: tests/test_incubate_ops.py checks them)
    "inference_star_args": "paddle.incubate.inference(lambda *a: a)",
    # autotune.set_config: validation, warnings and exceptions (settings only pick kernels)
    "autotune_dict": "WA(lambda: I.autotune.set_config({'kernel': {'enable': True, 'tuning_range': [1, 5]}, 'layout': {'enable': False}, 'dataloader': {'enable': True, 'tuning_steps': 3}}))",
    "autotune_bad_types": "WA(lambda: I.autotune.set_config({'kernel': {'enable': 1, 'tuning_range': (1, 5)}, 'layout': {'enable': 'yes'}, 'dataloader': {'enable': 0, 'tuning_steps': 3.0}}))",
    "autotune_range_three": "I.autotune.set_config({'kernel': {'tuning_range': [1, 2, 3]}})",
    "autotune_range_float": "I.autotune.set_config({'kernel': {'tuning_range': [1.5, 2]}})",
    "autotune_section_int": "I.autotune.set_config({'kernel': 3})",
    "autotune_json_file": "WA(lambda: I.autotune.set_config(json_file('{\"kernel\": {\"enable\": false, \"tuning_range\": [2, 4]}, \"layout\": {\"enable\": 1}}')))",
    "autotune_missing_file": "WA(lambda: I.autotune.set_config('/nonexistent/autotune.json'))",
    "autotune_not_a_dict": "WA(lambda: I.autotune.set_config(5))",
    # cc: the typing classes and compile's annotation checks
    "cc_dtypevar": "[CCT.name is str, list(CCT.candidates)]",
    "cc_dtypevar_empty": "I.cc.typing.DTypeVar('T')",
    "cc_dtypevar_repeat": "I.cc.typing.DTypeVar('T', 'float32', 'float32')",
    "cc_dtypevar_not_str": "I.cc.typing.DTypeVar('T', 'float32', 1)",
    "cc_dimvar": "[CCN.name_or_value, CCN.min, I.cc.typing.DimVar(4, 1, 8).max, I.cc.typing.DimVar(4, 1, 8).min]",
    "cc_compile_unannotated": "I.cc.compile(lambda x: x)",
    "cc_compile_bad_dtype": "I.cc.compile(cc_bad)",
    # root: softmax_mask_fuse, identity_loss
    "softmax_mask_fuse": "I.softmax_mask_fuse(s4, m4)",
    "softmax_mask_fuse_f64": "I.softmax_mask_fuse(s4.astype('float64'), m4.astype('float64'))",
    "softmax_mask_fuse_grad": "G(lambda t: I.softmax_mask_fuse(t, m4), s4)",
    "softmax_mask_fuse_empty_mask": "I.softmax_mask_fuse(s4, paddle.zeros([0]))",
    "softmax_mask_fuse_3d": "I.softmax_mask_fuse(s4[0], m4[0])",
    "softmax_mask_fuse_mask_3d": "I.softmax_mask_fuse(s4, m4[0])",
    "softmax_mask_fuse_mask_heads": "I.softmax_mask_fuse(s4, s4)",
    "softmax_mask_fuse_mask_rows": "I.softmax_mask_fuse(s4, m4[:, :, :3])",
    "softmax_mask_fuse_dtype_mismatch": "I.softmax_mask_fuse(s4.astype('float64'), m4)",
    "softmax_mask_fuse_int": "I.softmax_mask_fuse(s4.astype('int32'), m4.astype('int32'))",
    "softmax_mask_fuse_upper_triangle_cpu": "I.softmax_mask_fuse_upper_triangle(s4)",
    "identity_loss_sum": "I.identity_loss(x, 'sum')",
    "identity_loss_mean": "I.identity_loss(x, 1)",
    "identity_loss_none": "I.identity_loss(x, 'NONE')",
    "identity_loss_f64": "I.identity_loss(x64, 0)",
    "identity_loss_grad": "G(lambda t: I.identity_loss(t, 'mean').reshape([1]), x)",
    "identity_loss_bad_str": "I.identity_loss(x, 'bad')",
    "identity_loss_bad_int": "I.identity_loss(x, 5)",
    "identity_loss_int_input": "I.identity_loss(T([1, 2]), 1)",
    # nn.functional: ops Paddle runs on CPU
    "fused_rms_norm": "IF.fused_rms_norm(x, w4, b4, 1e-6, 1)[0]",
    "fused_rms_norm_no_bias": "IF.fused_rms_norm(x, w4, None, 1e-6, 1)[0]",
    "fused_rms_norm_residual": "IF.fused_rms_norm(x, w4, b4, 1e-6, 1, bias=b4, residual=x)",
    "fused_rms_norm_3d": "IF.fused_rms_norm(q3, w4, b4, 1e-5, 2)[0]",
    "fused_rms_norm_3d_axis1": "IF.fused_rms_norm(q3, paddle.ones([12]), paddle.zeros([12]), 1e-5, 1)[0]",
    "fused_rms_norm_neg_axis": "IF.fused_rms_norm(q3, w4, b4, 1e-5, -1)[0]",
    "fused_rms_norm_bad_axis": "IF.fused_rms_norm(x, w4, b4, 1e-6, 3)",
    "fused_rms_norm_bad_neg_axis": "IF.fused_rms_norm(x, w4, b4, 1e-6, -3)",
    "fused_rms_norm_f64": "IF.fused_rms_norm(x64, w4.astype('float64'), b4.astype('float64'), 1e-6, 1)[0]",
    "fused_layer_norm": "no_residual(IF.fused_layer_norm(x, w4, b4, 1e-5))",
    "fused_layer_norm_residual": "IF.fused_layer_norm(x, w4, b4, 1e-5, residual_alpha=2.0, begin_norm_axis=1, bias=b4, residual=x)",
    "fused_layer_norm_3d": "no_residual(IF.fused_layer_norm(q3, w4, b4, 1e-5, begin_norm_axis=2))",
    "fused_layer_norm_no_weight": "IF.fused_layer_norm(x, None, None, 1e-5, bias=b4, residual=x, residual_alpha=0.5)[0]",
    "fused_layer_norm_bad_size": "IF.fused_layer_norm(q3, w4, b4, 1e-5, 2.0)",
    "fused_dropout_add_p0": "IF.fused_dropout_add(x, x64.astype('float32'), p=0.0)",
    "fused_dropout_add_p1": "IF.fused_dropout_add(x, x, p=1.0)",
    "fused_dropout_add_eval": "IF.fused_dropout_add(x, x, p=0.5, training=False)",
    "fused_dropout_add_downscale_eval": "IF.fused_dropout_add(x, x, p=0.5, training=False, mode='downscale_in_infer')",
    "fused_dropout_add_seeded": "(paddle.seed(7), IF.fused_dropout_add(x, x, p=0.5))[1]",
    "fused_dropout_add_bad_p": "IF.fused_dropout_add(x, x, p=2.0)",
    "fused_dropout_add_bad_mode": "IF.fused_dropout_add(x, x, p=0.5, mode='x')",
    "swiglu_one": "IF.swiglu(T([1., 2]))",
    "swiglu_two": "IF.swiglu(T([1., 2]), T([1., 2]))",
    "swiglu_odd": "IF.swiglu(paddle.ones([3]))",
    # nn.functional: GPU-only ops, the CPU wheel's errors (after Paddle's own argument checks)
    "fused_multi_transformer_bad_mode": "IF.fused_multi_transformer(q3, [w4], None, [qkvw], None, [lw], None, [w4], None, [w48], None, [w84], None, mode='x')",
    "fused_matmul_bias_cpu": "IF.fused_matmul_bias(q3, w48, b8)",
    "fused_linear_cpu": "IF.fused_linear(q3, w48, b8)",
    "fused_linear_activation_cpu": "IF.fused_linear_activation(x, w48, b8, activation='gelu')",
    "fused_feedforward_cpu": "IF.fused_feedforward(q3, w48, w84)",
    "fused_feedforward_bad_rate": "IF.fused_feedforward(q3, w48, w84, dropout1_rate=2)",
    "fused_feedforward_rate_type": "IF.fused_feedforward(q3, w48, w84, dropout2_rate='a')",
    "fused_feedforward_bad_mode": "IF.fused_feedforward(q3, w48, w84, mode='x')",
    "fused_mha_cpu": "IF.fused_multi_head_attention(q3, qkvw, lw)",
    "fused_mha_rank": "IF.fused_multi_head_attention(x, qkvw, lw)",
    "fused_mha_bad_mode": "IF.fused_multi_head_attention(q3, qkvw, lw, mode='x')",
    "fused_mha_weight_rank": "IF.fused_multi_head_attention(q3, lw, lw)",
    "fused_mha_weight_3": "IF.fused_multi_head_attention(q3, qkvw[:2], lw)",
    "fused_mha_weight_embed": "IF.fused_multi_head_attention(q3, qkvw[:, :, :, :3], lw)",
    "fused_mha_heads": "IF.fused_multi_head_attention(q3, qkvw[:, :1], lw)",
    "fused_mha_transposed_no_heads": "IF.fused_multi_head_attention(q3, qkvw, lw, transpose_qkv_wb=True)",
    "fused_bias_act_cpu": "IF.fused_bias_act(x, b4)",
    "fused_rope_cpu": "IF.fused_rotary_position_embedding(rq, rk)",
    "fused_rope_position_ids_no_sin": "IF.fused_rotary_position_embedding(rq, position_ids=pos_ids)",
    "fused_rope_half_no_sin": "IF.fused_rotary_position_embedding(rq, use_neox_rotary_style=False)",
    "vlmea_cpu": "IF.variable_length_memory_efficient_attention(vq, vk, vv, T([[6], [6]], 'int32'), T([[6], [6]], 'int32'))",
    "fused_bdrln_cpu": "IF.fused_bias_dropout_residual_layer_norm(q3, q3)",
    "fused_bdrln_bad_rate": "IF.fused_bias_dropout_residual_layer_norm(q3, q3, dropout_rate=-1)",
    # autograd
    "jacobian_full": "A.Jacobian(lambda a, b: paddle.matmul(a, b), [x[:2, :2], x[1:, 2:]])[:, :]",
    "jacobian_row": "A.Jacobian(lambda a, b: paddle.matmul(a, b), [x[:2, :2], x[1:, 2:]])[0, :]",
    "jacobian_col": "A.Jacobian(lambda a, b: paddle.matmul(a, b), [x[:2, :2], x[1:, 2:]])[:, -1]",
    "jacobian_slice": "A.Jacobian(lambda a: a * a * a, x[0])[1:3, ::2]",
    "jacobian_shape": "A.Jacobian(lambda a, b: paddle.matmul(a, b), [x[:2, :2], x[1:, 2:]]).shape",
    "jacobian_batched": "A.Jacobian(lambda a: paddle.tanh(a) * a, x, is_batched=True)[:]",
    "jacobian_batched_shape": "A.Jacobian(lambda a: paddle.tanh(a) * a, x, is_batched=True).shape",
    "jacobian_multi_out": "A.Jacobian(lambda a: (a * 2, a.sum()), x[0])[:]",
    "jacobian_unused": "A.Jacobian(lambda a, b: a * 3, [x[0], x[1]])[:]",
    "jacobian_ellipsis": "A.Jacobian(lambda a: a * a, x[0])[..., 0]",
    "jacobian_float_index": "A.Jacobian(lambda a: a * a, x[0])[1.0]",
    "hessian": "A.Hessian(lambda a: paddle.sum(a * a * a), x[0])[:]",
    "hessian_two_inputs": "A.Hessian(lambda a, b: paddle.sum(a * b * b), [x[0], x[1]])[:]",
    "hessian_batched": "A.Hessian(lambda a: paddle.sum(a * a * a, axis=1, keepdim=True), x[:2], is_batched=True)[:]",
    "hessian_shape": "A.Hessian(lambda a: paddle.sum(a * a * a), x[0]).shape",
    "hessian_not_scalar": "A.Hessian(lambda a: a * a, x[0])[:]",
    "vjp": "A.vjp(lambda a: paddle.matmul(a, a), x[:2, :2])",
    "vjp_v": "A.vjp(lambda a: paddle.matmul(a, a), x[:2, :2], T([[1., 0], [0, 0]]))",
    "vjp_multi": "A.vjp(lambda a, b: (a * b, a + b), [x[0], x[1]], [x[2], x[0]])",
    "vjp_bad_v_shape": "A.vjp(lambda a: a * 2, x[0], T([1., 2]))",
    "vjp_bad_v_len": "A.vjp(lambda a: a * 2, x[0], [x[0], x[1]])",
    "vjp_not_callable": "A.vjp(3, x)",
    "vjp_bad_xs": "A.vjp(lambda a: a, 3)",
    "vjp_bad_xs_items": "A.vjp(lambda a: a, [x, 3])",
    "vjp_bad_v": "A.vjp(lambda a: a, x, 3)",
    "jvp": "A.jvp(lambda a: paddle.matmul(a, a), x[:2, :2])",
    "jvp_v": "A.jvp(lambda a: paddle.matmul(a, a), x[:2, :2], T([[1., 0], [0, 0]]))",
    "jvp_multi": "A.jvp(lambda a, b: (a * b, paddle.sin(a)), [x[0], x[1]], [x[2], x[0]])",
    "jvp_bad_v_shape": "A.jvp(lambda a: a * 2, x[0], T([1., 2]))",
    "prim_dynamic": "A.enable_prim()",
    "prim_enabled_dynamic": "A.prim_enabled()",
    "prim_grad_dynamic": "A.grad(x * x, x)",
    "prim_forward_grad_dynamic": "A.forward_grad(x * x, x)",
    "prim_grad_static": "static_grad()",
    "prim_forward_grad_static_without_prim": "static_grad(forward=True)",
    # nn layers: parameters (names, shapes, dtypes, initial LN/bias values), repr, checks, forward on CPU
    "layer_fused_linear": "params(N.FusedLinear(4, 3))",
    "layer_fused_linear_transposed": "params(N.FusedLinear(4, 3, transpose_weight=True))",
    "layer_fused_linear_bias": "N.FusedLinear(4, 3).bias",
    "layer_fused_linear_cpu": "N.FusedLinear(4, 3)(q3)",
    "layer_fused_dropout_add_repr": "str(N.FusedDropoutAdd(0.3))",
    "layer_fused_dropout_add_eval": "(lambda l: (l.eval(), l(x, x))[1])(N.FusedDropoutAdd(0.3))",
    "layer_fused_dropout_add_p0": "N.FusedDropoutAdd(0.0)(x, x)",
    "layer_bdrln": "params(N.FusedBiasDropoutResidualLayerNorm(4))",
    "layer_bdrln_scale": "N.FusedBiasDropoutResidualLayerNorm(4).ln_scale",
    "layer_bdrln_zero": "N.FusedBiasDropoutResidualLayerNorm(0)",
    "layer_bdrln_cpu": "N.FusedBiasDropoutResidualLayerNorm(4)(q3, q3)",
    "layer_mha": "params(N.FusedMultiHeadAttention(4, 2))",
    "layer_mha_pre_ln_transposed": "params(N.FusedMultiHeadAttention(4, 2, normalize_before=True, transpose_qkv_wb=True))",
    "layer_mha_repr": "str(N.FusedMultiHeadAttention(4, 2, normalize_before=True))",
    "layer_mha_heads": "N.FusedMultiHeadAttention(5, 2)",
    "layer_mha_zero": "N.FusedMultiHeadAttention(0, 2)",
    "layer_mha_need_weights": "N.FusedMultiHeadAttention(4, 2, need_weights=True)",
    "layer_mha_cpu": "N.FusedMultiHeadAttention(4, 2)(q3)",
    "layer_ffn": "params(N.FusedFeedForward(4, 8))",
    "layer_ffn_pre_ln": "params(N.FusedFeedForward(4, 8, normalize_before=True))",
    "layer_ffn_repr": "str(N.FusedFeedForward(4, 8, activation='gelu', act_dropout_rate=0.2))",
    "layer_ffn_dim": "N.FusedFeedForward(4, 0)",
    "layer_ffn_cpu": "N.FusedFeedForward(4, 8)(q3)",
    "layer_encoder": "params(N.FusedTransformerEncoderLayer(4, 2, 8))",
    "layer_encoder_pre_ln": "params(N.FusedTransformerEncoderLayer(4, 2, 8, normalize_before=True))",
    "layer_encoder_repr": "str(N.FusedTransformerEncoderLayer(4, 2, 8, dropout_rate=0.2, attn_dropout_rate=0.0))",
    "layer_encoder_nhead": "N.FusedTransformerEncoderLayer(4, 0, 8)",
    "layer_encoder_cpu": "N.FusedTransformerEncoderLayer(4, 2, 8)(q3)",
    "layer_fmt": "mt_params(num_layers=2)",
    "layer_fmt_values": "mt_values(num_layers=2)",
    "layer_fmt_biases_swiglu": "mt_params(num_layers=1, activation='swiglu', trans_qkvw=False, **MT_BIASES)",
    "layer_fmt_biases_values": "mt_values(num_layers=1, activation='geglu', **MT_BIASES)",
    "layer_fmt_gqa": "mt_params(num_layers=1, gqa_group_size=1, qkv_bias_attrs=True)",
    "layer_fmt_gqa_untransposed": "mt_params(num_layers=1, gqa_group_size=1, trans_qkvw=False)",
    "layer_fmt_rmsnorm": "mt_params(num_layers=1, norm_type='rmsnorm', ln_bias_attrs=True)",
    "layer_fmt_attr_list": "mt_params(qkv_weight_attrs=[None, None, None])",
    "layer_fmt_lists": "(lambda m: [m.ln_biases is None, m.qkv_biases is None, len(m.qkv_weights), m.head_dim, m.activation, m.dropout_rate, m.normalize_before, m.embed_dim])(mt_layer(num_layers=2))",
    "layer_fmt_bias_lists": "(lambda m: [len(m.ln_biases), list(m.ffn1_biases[0].shape)])(mt_layer(num_layers=2, **MT_BIASES))",
    "layer_fmt_repr": "str(mt_layer(num_layers=1))",
    "layer_fmt_no_layers": "N.FusedMultiTransformer(8, 2, 16)",
    "layer_fmt_heads": "N.FusedMultiTransformer(8, 3, 16, num_layers=1)",
    "layer_fmt_zero_embed": "N.FusedMultiTransformer(0, 2, 16, num_layers=1)",
    "layer_fmt_zero_heads": "N.FusedMultiTransformer(8, 0, 16, num_layers=1)",
    "layer_fmt_zero_ffn": "N.FusedMultiTransformer(8, 2, 0, num_layers=1)",
    "layer_fmt_attr_len": "N.FusedMultiTransformer(8, 2, 16, qkv_weight_attrs=[None, None], ln_scale_attrs=[None])",
    # optimizers
    "lookahead": "lookahead_run(alpha=0.5, k=2)",
    "lookahead_k3": "lookahead_run(steps=7, alpha=0.2, k=3)",
    "lookahead_no_inner": "I.LookAhead(None)",
    "lookahead_bad_alpha": "I.LookAhead(net()[1], alpha=1.5)",
    "lookahead_bad_k": "I.LookAhead(net()[1], k=0)",
    "lookahead_float_k": "I.LookAhead(net()[1], k=2.0)",
    "lbfgs": "lbfgs_run(learning_rate=0.5, max_iter=4)",
    "lbfgs_strong_wolfe": "lbfgs_run(steps=2, max_iter=3, line_search_fn='strong_wolfe')",
    "lbfgs_warning": "W(lambda: paddle.incubate.optimizer.LBFGS(parameters=net()[0].parameters()))",
    "minimize_bfgs_quad64": "Fn.minimize_bfgs(quad, T([0., 0., 0.], dtype='float64'), dtype='float64')",
    "minimize_bfgs_rosen64": "Fn.minimize_bfgs(rosen, x3d, dtype='float64', max_iters=30)",
    "minimize_bfgs_h0": "Fn.minimize_bfgs(quad, T([0., 0., 0.], dtype='float64'), initial_inverse_hessian_estimate=paddle.eye(3, dtype='float64') * 0.5, dtype='float64', max_iters=3)",
    "minimize_bfgs_step": "Fn.minimize_bfgs(rosen, x3d, dtype='float64', max_iters=4, initial_step_length=0.1, max_line_search_iters=5)",
    "minimize_lbfgs_quad": "Fn.minimize_lbfgs(quad, T([0., 0., 0.]))",
    "minimize_lbfgs_rosen64": "Fn.minimize_lbfgs(rosen, x3d, dtype='float64', history_size=10, max_iters=12)",
    "minimize_lbfgs_rosen64_long": "Fn.minimize_lbfgs(rosen, x3d, dtype='float64', max_iters=60)",
    "minimize_bad_dtype": "Fn.minimize_bfgs(quad, paddle.zeros([3]), dtype='int32')",
    "minimize_list_input": "Fn.minimize_lbfgs(quad, [0., 0., 0.])",
    "minimize_h0_not_symmetric": "Fn.minimize_bfgs(quad, paddle.zeros([3]), initial_inverse_hessian_estimate=T([[1., 2, 0], [0, 1, 0], [0, 0, 1]]))",
    "minimize_h0_not_positive": "Fn.minimize_lbfgs(quad, paddle.zeros([3]), initial_inverse_hessian_estimate=-paddle.eye(3))",
    "minimize_line_search": "Fn.minimize_bfgs(quad, paddle.zeros([3]), line_search_fn='hz')",
    "modelaverage": "average_run(min_average_window=2, max_average_window=3)",
    "modelaverage_rate": "average_run(steps=8, min_average_window=1, max_average_window=10)",
    "modelaverage_no_restore": "average_run(steps=3, need_restore=False, min_average_window=2, max_average_window=4)",
    "modelaverage_bad_window": "average_run(steps=1, min_average_window=5, max_average_window=3)",
}

DENSE = {
    "fused_matmul_bias": ["IF.fused_matmul_bias(q3, w48, b8)", "paddle.matmul(q3, w48) + b8"],
    "fused_matmul_bias_transposed": ["IF.fused_matmul_bias(q3.transpose([0, 2, 1]), w84, None, True, True)",
                                     "paddle.matmul(q3, w84, transpose_y=True)"],
    "fused_linear": ["IF.fused_linear(q3, w48, b8)", "F.linear(q3, w48, b8)"],
    "fused_linear_transposed": ["IF.fused_linear(q3, w84, transpose_weight=True)", "F.linear(q3, w84.T)"],
    "fused_linear_activation_relu": ["IF.fused_linear_activation(x, w48, b8, activation='relu')",
                                     "F.relu(F.linear(x, w48, b8))"],
    "fused_linear_activation_gelu": ["IF.fused_linear_activation(x, w48, b8, activation='gelu')",
                                     "F.gelu(F.linear(x, w48, b8), approximate=True)"],
    "fused_linear_activation_none": ["IF.fused_linear_activation(x, w48, b8)", "F.linear(x, w48, b8)"],
    "fused_feedforward_post_ln": [
        "IF.fused_feedforward(q3, w48, w84, b8, b4, dropout1_rate=0.0, dropout2_rate=0.0)",
        "F.layer_norm(q3 + F.linear(F.relu(F.linear(q3, w48, b8)), w84, b4), [4])"],
    "fused_feedforward_pre_ln_gelu": [
        "IF.fused_feedforward(q3, w48, w84, ln1_scale=w4, ln1_bias=b4, activation='gelu', pre_layer_norm=True, training=False)",
        "q3 + F.linear(F.gelu(F.linear(F.layer_norm(q3, [4], w4, b4), w48)), w84)"],
    "fused_feedforward_no_residual": [
        "IF.fused_feedforward(q3, w48, w84, ln2_scale=w4, dropout1_rate=0, dropout2_rate=0, add_residual=False)",
        "F.layer_norm(F.linear(F.relu(F.linear(q3, w48)), w84), [4], w4)"],
    "fused_feedforward_downscale_eval": [
        "IF.fused_feedforward(q3, w48, w84, dropout1_rate=0.25, dropout2_rate=0.5, training=False, mode='downscale_in_infer', pre_layer_norm=True)",
        "q3 + 0.5 * F.linear(0.75 * F.relu(F.linear(F.layer_norm(q3, [4]), w48)), w84)"],
    "fused_bdrln": ["IF.fused_bias_dropout_residual_layer_norm(q3, q3 * 2, b4, w4, b4, dropout_rate=0.0)",
                    "F.layer_norm(q3 * 2 + q3 + b4, [4], w4, b4)"],
    "fused_bdrln_eval": ["IF.fused_bias_dropout_residual_layer_norm(q3, q3 * 2, dropout_rate=0.5, training=False)",
                         "F.layer_norm(q3 * 2 + q3, [4])"],
    "fused_mha_post_ln": [
        "IF.fused_multi_head_attention(q3, qkvw, lw, qkv_bias=qkvb, dropout_rate=0, attn_dropout_rate=0)",
        "ref_mha(q3, False, True)"],
    "fused_mha_pre_ln_mask": [
        "IF.fused_multi_head_attention(q3, qkvw, lw, pre_layer_norm=True, qkv_bias=qkvb, attn_mask=amask, training=False)",
        "ref_mha(q3, True, True, amask)"],
    "fused_mha_no_residual": [
        "IF.fused_multi_head_attention(q3, qkvw, lw, add_residual=False, training=False)",
        "ref_mha(q3, False, False, bias=False)"],
    "fused_bias_act_gelu": ["IF.fused_bias_act(x, b4)", "F.gelu(x + b4)"],
    "fused_bias_act_relu": ["IF.fused_bias_act(x, act_method='relu')", "F.relu(x)"],
    "fused_bias_act_geglu": ["IF.fused_bias_act(x, b4, act_method='geglu')",
                             "F.gelu((x + b4)[:, :2]) * (x + b4)[:, 2:]"],
    "fused_bias_act_swiglu": ["IF.fused_bias_act(x, b4, act_method='swiglu')",
                              "F.silu((x + b4)[:, :2]) * (x + b4)[:, 2:]"],
    "fused_rope_neox": ["IF.fused_rotary_position_embedding(rq, rk, None, rsin, rcos)[:2]",
                        "[rope_ref(rq, rsin, rcos, True), rope_ref(rk, rsin, rcos, True)]"],
    "fused_rope_no_sin": ["IF.fused_rotary_position_embedding(rq, rk, rq)",
                          "[rope_ref(rq, rsin, rcos, True), rope_ref(rk, rsin, rcos, True), rope_ref(rq, rsin, rcos, True)]"],
    "fused_rope_half": ["IF.fused_rotary_position_embedding(rq, None, rq, rsin_half, rcos_half, use_neox_rotary_style=False)[::2]",
                        "[rope_ref(rq, rsin_half, rcos_half, False)] * 2"],
    "fused_rope_position_ids": ["IF.fused_rotary_position_embedding(rq, sin=rsin, cos=rcos, position_ids=pos_ids)[0]",
                                "rope_ref(rq, pick(rsin, pos_ids), pick(rcos, pos_ids), True)"],
    "fused_rope_sin_2d": ["IF.fused_rotary_position_embedding(rq, sin=rsin.reshape([4, 4]), cos=rcos.reshape([4, 4]))[0]",
                          "rope_ref(rq, rsin, rcos, True)"],
    "fused_rope_time_major": ["IF.fused_rotary_position_embedding(rq.transpose([1, 0, 2, 3]), sin=rsin, cos=rcos, time_major=True)[0]",
                              "rope_ref(rq, rsin, rcos, True).transpose([1, 0, 2, 3])"],
    "vlmea_full": ["IF.variable_length_memory_efficient_attention(vq, vk, vv, T([[6], [6]], 'int32'), T([[6], [6]], 'int32'), scale=0.5)",
                   "vl_ref([6, 6], [6, 6])"],
    "vlmea_lengths_mask": ["IF.variable_length_memory_efficient_attention(vq, vk, vv, T([[4], [6]], 'int32'), T([[3], [5]], 'int32'), vmask, 0.5)",
                           "vl_ref([4, 6], [3, 5], vmask)"],
    "vlmea_default_scale_causal": ["IF.variable_length_memory_efficient_attention(vq, vk, vv, T([[5], [6]], 'int32'), T([[5], [6]], 'int32'), causal=True)",
                                   "vl_ref([5, 6], [5, 6], causal=True)"],
    "vlmea_pre_cache": ["IF.variable_length_memory_efficient_attention(vq, vk, vv, T([[3], [4]], 'int32'), T([[3], [4]], 'int32'), scale=0.5, causal=True, pre_cache_length=2)",
                        "vl_ref([3, 4], [3, 4], causal=True, pre=2)"],
    "softmax_mask_fuse_upper_triangle": [
        "I.softmax_mask_fuse_upper_triangle(s4)",
        "F.softmax(s4 + T(np.triu(np.full((4, 4), -np.inf, 'float32'), 1)))"],
}


def _as_list(value):
    """A shape (paddle.Size, or a tuple of ints) is recorded as a list."""
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
        return list(value)
    return list(value) if type(value).__name__ in ("Size",) else value


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr, post=_as_list)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    out["dense"] = {name: {"expr": fused, "reference": ref, "result": run_case(paddle, ref)}
                    for name, (fused, ref) in DENSE.items()}
    write_golden("incubate", out, f"{len(CASES)} cases and {len(DENSE)} dense references")


if __name__ == "__main__":
    main()
