"""Record paddle.nn goldens from real Paddle (layers, functional ops, losses, initializers, errors).

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn.py
It rewrites conformance/goldens/nn.json, and conformance/goldens/nn_examples.json with the stdout
of each examples/train_*.py script under Paddle (tests/test_nn_examples.py compares the numbers). Each case is Python code run with `paddle`, `np`, `F`
(paddle.nn.functional), `nn` and the HELPERS below in scope, inside a fresh unique-name guard; it sets
`out` (a Tensor, a list of them, or plain data) and optionally `wrt` (tensors whose gradients of
`sum(out[0] * G)` are recorded, G a fixed random array). An exception is recorded as its class and
message. tests/test_nn_conformance.py replays the same code under paddle_compat with `run_case`.
"""
import json
import os
import sys
import warnings

HELPERS = """
def A(*shape, dtype='float32', lo=-1.0, hi=1.0, seed=0):
    return np.random.RandomState(seed).uniform(lo, hi, shape).astype(dtype)
def T(arr, stop_gradient=True):
    t = paddle.to_tensor(arr)
    t.stop_gradient = stop_gradient
    return t
def P(*shape, seed=0, lo=-1.0, hi=1.0, dtype='float32'):
    return T(A(*shape, seed=seed, lo=lo, hi=hi, dtype=dtype), False)
def I(values, dtype='int64'):
    return paddle.to_tensor(np.array(values, dtype=dtype))
def SEED(s):
    seed = getattr(paddle, 'seed', None)
    if seed is not None:
        seed(s)
    else:
        from paddle_compat._random import default_cpu_generator
        default_cpu_generator().manual_seed(s)
"""

X4 = "x = P(2, 3, 5, 5)\n"
CASES = [
    # ---- seeded initialisation (exact Paddle numbers) ----
    ("init_linear_seeded", "SEED(2023); l = nn.Linear(4, 3); out = [l.weight, l.bias]"),
    ("init_linear_seeded_odd", "SEED(5); out = nn.Linear(7, 5).weight"),
    ("init_two_linears", "SEED(9); a = nn.Linear(3, 3); b = nn.Linear(3, 2); out = [a.weight, b.weight]"),
    ("init_conv2d_normal", "SEED(1); c = nn.Conv2D(3, 4, 3); out = [c.weight, c.bias]"),
    ("init_conv1d_normal", "SEED(2); out = nn.Conv1D(2, 3, 3).weight"),
    ("init_embedding_padding", "SEED(3); out = nn.Embedding(6, 4, padding_idx=2).weight"),
    ("init_xavier_normal", "SEED(4); out = nn.Linear(5, 3, weight_attr=nn.initializer.XavierNormal()).weight"),
    ("init_kaiming_normal", "SEED(4); out = nn.Linear(5, 3, weight_attr=nn.initializer.KaimingNormal()).weight"),
    ("init_kaiming_uniform", "SEED(4); out = nn.Linear(5, 3, weight_attr=nn.initializer.KaimingUniform()).weight"),
    ("init_normal", "SEED(6); out = nn.Linear(3, 3, weight_attr=paddle.ParamAttr(initializer=nn.initializer.Normal(1.0, 2.0))).weight"),
    ("init_uniform", "SEED(6); out = nn.Linear(3, 3, weight_attr=nn.initializer.Uniform(-0.5, 0.25)).weight"),
    ("init_truncated_normal", "SEED(1); out = nn.Linear(3, 3, weight_attr=nn.initializer.TruncatedNormal()).weight"),
    ("init_constant_bias", "out = nn.Linear(2, 2, bias_attr=nn.initializer.Constant(0.5)).bias"),
    ("init_assign_list", "out = nn.Linear(2, 2, weight_attr=nn.initializer.Assign([[1, 2], [3, 4]])).weight"),
    ("init_assign_shape", "out = nn.Linear(2, 2, weight_attr=nn.initializer.Assign(np.ones([3, 3], 'float32'))).weight.shape"),
    ("init_float64_default", "SEED(8); paddle.set_default_dtype('float64'); l = nn.Linear(2, 3); paddle.set_default_dtype('float32'); out = l.weight"),
    ("init_sequential_seeded", "SEED(7); m = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2)); out = m.parameters()"),
    ("init_bn_params", "bn = nn.BatchNorm2D(3); out = [p.name for p in bn.parameters()] + [bn._mean.stop_gradient, bn.weight.trainable, bn._mean.trainable]"),
    ("create_parameter_names", "p = paddle.create_parameter([2, 3], 'float32'); q = paddle.create_parameter([3], 'float32', is_bias=True); out = [p.name, q.name, p.stop_gradient, p.persistable, q]"),
    ("calculate_gain", "out = [nn.initializer.calculate_gain(n) for n in ('tanh', 'relu', 'sigmoid', 'selu')] + [nn.initializer.calculate_gain('leaky_relu', 1.0)]"),
    # ---- dropout (Paddle's CPU mask for a seed) ----
    ("dropout_upscale_mask", "SEED(1); out = F.dropout(T(np.ones([3, 4], 'float32')), 0.5)"),
    ("dropout_downscale", "SEED(1); out = F.dropout(T(np.ones([3, 4], 'float32')), 0.3, mode='downscale_in_infer')"),
    ("dropout_infer_downscale", "out = F.dropout(T(np.ones([2, 2], 'float32')), 0.3, training=False, mode='downscale_in_infer')"),
    ("dropout_two_calls", "SEED(11); x = T(np.ones([5], 'float32')); out = [F.dropout(x, 0.4), F.dropout(x, 0.4)]"),
    ("dropout_layer_eval", "d = nn.Dropout(0.5); d.eval(); out = d(T(np.ones([3], 'float32')))"),
    ("dropout_grad", "SEED(3); x = P(2, 5); out = F.dropout(x, 0.5); wrt = [x]"),
    ("dropout_err_p", "out = F.dropout(T(np.ones([2], 'float32')), 1.5)"),
    ("dropout_err_mode", "out = F.dropout(T(np.ones([2], 'float32')), 0.5, mode='x')"),
    ("dropout_err_type", "out = F.dropout(T(np.ones([2], 'float32')), 'a')"),
    # ---- linear / activations ----
    ("linear_fwd_bwd", "x = P(2, 4); w = P(4, 3, seed=1); b = P(3, seed=2); out = F.linear(x, w, b); wrt = [x, w, b]"),
    ("linear_3d", "x = P(2, 3, 4); w = P(4, 2, seed=1); out = F.linear(x, w); wrt = [x, w]"),
    ("linear_layer_err_width", "l = nn.Linear(4, 3); out = l(T(np.ones([2, 5], 'float32')))"),
    ("relu", "x = P(3, 4); out = F.relu(x); wrt = [x]"),
    ("gelu", "x = P(3, 4); out = F.gelu(x); wrt = [x]"),
    ("gelu_tanh", "x = P(3, 4); out = F.gelu(x, approximate=True); wrt = [x]"),
    ("sigmoid", "x = P(3, 4); out = F.sigmoid(x); wrt = [x]"),
    ("tanh", "x = P(3, 4); out = F.tanh(x); wrt = [x]"),
    ("softmax_axis0", "x = P(3, 4); out = F.softmax(x, axis=0); wrt = [x]"),
    ("softmax_dtype", "x = T(A(2, 3)); out = F.softmax(x, dtype='float64')"),
    ("log_softmax", "x = P(3, 4); out = F.log_softmax(x); wrt = [x]"),
    ("leaky_relu", "x = P(3, 4); out = F.leaky_relu(x, 0.2); wrt = [x]"),
    ("elu_softplus_silu", "x = P(3, 4); y = P(3, 4, lo=-8, hi=8, seed=3); out = [F.elu(x, 0.5), F.softplus(x, 2, 1), F.silu(x), F.relu6(y), F.hardswish(y), F.hardsigmoid(y)]"),
    ("relu_int_error", "out = F.relu(I([1, -2]))"),
    ("layers_act", "x = P(2, 3); out = [nn.ReLU()(x), nn.GELU()(x), nn.Sigmoid()(x), nn.Tanh()(x), nn.Softmax()(x), nn.LeakyReLU()(x), nn.LogSoftmax(0)(x)]"),
    # ---- conv / pool ----
    ("conv2d_basic", X4 + "w = P(4, 3, 3, 3, seed=1); b = P(4, seed=2); out = F.conv2d(x, w, b, stride=2, padding=1); wrt = [x, w, b]"),
    ("conv2d_same", X4 + "w = P(4, 3, 3, 3, seed=1); out = F.conv2d(x, w, padding='SAME', stride=2); wrt = [x, w]"),
    ("conv2d_asym", X4 + "w = P(4, 3, 2, 2, seed=1); out = F.conv2d(x, w, padding=[0, 1, 1, 0]); wrt = [x, w]"),
    ("conv2d_groups_dilation", "x = P(1, 4, 7, 7); w = P(6, 2, 3, 3, seed=1); out = F.conv2d(x, w, groups=2, dilation=2, padding=2); wrt = [x, w]"),
    ("conv2d_nhwc", "x = P(1, 5, 5, 3); w = P(2, 3, 3, 3, seed=1); out = F.conv2d(x, w, data_format='NHWC'); wrt = [x]"),
    ("conv1d", "x = P(2, 3, 8); w = P(4, 3, 3, seed=1); b = P(4, seed=2); out = F.conv1d(x, w, b, padding=1, stride=2); wrt = [x, w, b]"),
    ("conv2d_layer_seeded", "SEED(12); c = nn.Conv2D(2, 3, 3, padding=1); x = P(1, 2, 4, 4); out = c(x); wrt = [x, c.weight]"),
    ("conv2d_err_channels", "c = nn.Conv2D(3, 4, 3); out = c(T(np.ones([1, 2, 5, 5], 'float32')))"),
    ("max_pool2d", X4 + "out = F.max_pool2d(x, 3, stride=2, padding=1); wrt = [x]"),
    ("max_pool2d_ceil", X4 + "out = F.max_pool2d(x, 2, ceil_mode=True); wrt = [x]"),
    ("max_pool2d_mask", X4 + "out = F.max_pool2d(x, 2, return_mask=True)"),
    ("avg_pool2d_excl", X4 + "out = F.avg_pool2d(x, 3, stride=2, padding=1); wrt = [x]"),
    ("avg_pool2d_incl", X4 + "out = F.avg_pool2d(x, 3, stride=2, padding=1, exclusive=False); wrt = [x]"),
    ("avg_pool2d_asym", X4 + "out = F.avg_pool2d(x, 2, padding=[0, 1, 1, 0]); wrt = [x]"),
    ("adaptive_avg_pool2d", "x = P(1, 2, 5, 7); out = F.adaptive_avg_pool2d(x, [2, 3]); wrt = [x]"),
    ("pool_layers", X4 + "out = [nn.MaxPool2D(2)(x), nn.AvgPool2D(2, 1)(x), nn.AdaptiveAvgPool2D(1)(x)]"),
    # ---- normalisation ----
    ("batch_norm_train", "bn = nn.BatchNorm2D(3); x = P(4, 3, 2, 2); out = [bn(x), bn._mean, bn._variance]; wrt = [x, bn.weight, bn.bias]"),
    ("batch_norm_eval", "bn = nn.BatchNorm2D(3); x = P(4, 3, 2, 2); bn(x); bn.eval(); out = bn(x); wrt = [x]"),
    ("batch_norm1d_2d_input", "bn = nn.BatchNorm1D(3, momentum=0.5); x = P(5, 3); out = [bn(x), bn._variance]; wrt = [x]"),
    ("batch_norm_functional", "x = P(4, 3); m = T(A(3, seed=1)); v = T(A(3, seed=2, lo=0.5, hi=1.5)); out = F.batch_norm(x, m, v, training=False); wrt = [x]"),
    ("batch_norm_err_dim", "out = nn.BatchNorm2D(3)(T(np.ones([2, 3, 4], 'float32')))"),
    ("batch_norm_err_channels", "out = nn.BatchNorm2D(3)(T(np.ones([1, 2, 5, 5], 'float32')))"),
    ("layer_norm", "ln = nn.LayerNorm([3, 4]); x = P(2, 3, 4); out = [ln(x), ln.weight.shape]; wrt = [x, ln.weight, ln.bias]"),
    ("layer_norm_functional", "x = P(2, 5); w = P(5, seed=1); b = P(5, seed=2); out = F.layer_norm(x, 5, w, b, 1e-3); wrt = [x, w, b]"),
    # ---- embedding, one_hot, pad, interpolate ----
    ("embedding", "w = P(5, 3); ids = I([[0, 2], [4, 2]]); out = F.embedding(ids, w, padding_idx=2); wrt = [w]"),
    ("embedding_layer", "SEED(13); e = nn.Embedding(5, 3, padding_idx=-1); out = e(I([0, 4, 4])); wrt = [e.weight]"),
    ("embedding_err_range", "out = F.embedding(I([[0, 5]]), T(A(4, 3)))"),
    ("embedding_err_dtype", "out = F.embedding(T(np.array([[0., 1.]], 'float32')), T(A(4, 3)))"),
    ("one_hot", "out = F.one_hot(I([1, 2, 0]), 4)"),
    ("one_hot_err", "out = F.one_hot(I([1, 5]), 4)"),
    ("pad_constant_all_axes", "x = P(2, 3); out = F.pad(x, [1, 0, 0, 2], value=1.5); wrt = [x]"),
    ("pad_nchw", "x = P(1, 1, 2, 3); out = F.pad(x, [1, 0, 0, 1]); wrt = [x]"),
    ("pad_reflect_ncl", "x = P(1, 2, 4); out = F.pad(x, [2, 1], mode='reflect'); wrt = [x]"),
    ("pad_replicate_nhwc", "x = P(1, 3, 3, 2); out = F.pad(x, [1, 0, 2, 1], mode='replicate', data_format='NHWC'); wrt = [x]"),
    ("pad_circular", "x = P(1, 1, 3, 3); out = F.pad(x, [1, 1, 1, 0], mode='circular')"),
    ("interp_nearest", "x = P(1, 1, 2, 3); out = F.interpolate(x, scale_factor=2); wrt = [x]"),
    ("interp_bilinear", "x = P(1, 2, 3, 3); out = F.interpolate(x, size=[5, 4], mode='bilinear'); wrt = [x]"),
    ("interp_bilinear_ac", "x = P(1, 2, 3, 3); out = F.interpolate(x, size=[5, 4], mode='bilinear', align_corners=True); wrt = [x]"),
    ("flatten_layer", "x = P(2, 3, 4); out = nn.Flatten()(x)"),
    # ---- losses ----
    ("ce_hard_n", "x = P(4, 3); out = F.cross_entropy(x, I([0, 1, 2, 1])); wrt = [x]"),
    ("ce_hard_n1", "x = P(4, 3); out = F.cross_entropy(x, I([[0], [1], [2], [1]])); wrt = [x]"),
    ("ce_float_label", "x = P(4, 3); out = F.cross_entropy(x, T(np.array([0., 1., 2., 1.], 'float32')))"),
    ("ce_none_shapes", "x = P(4, 3); out = [F.cross_entropy(x, I([0, 1, 2, 1]), reduction='none'), F.cross_entropy(x, I([[0], [1], [2], [1]]), reduction='none')]"),
    ("ce_sum", "x = P(4, 3); out = F.cross_entropy(x, I([0, 1, 2, 1]), reduction='sum'); wrt = [x]"),
    ("ce_soft", "x = P(4, 3); lab = F.softmax(T(A(4, 3, seed=5))); out = F.cross_entropy(x, lab, soft_label=True); wrt = [x]"),
    ("ce_weight", "x = P(4, 3); w = T(np.array([1., 2., 0.5], 'float32')); out = F.cross_entropy(x, I([0, 1, 2, 1]), weight=w); wrt = [x]"),
    ("ce_ignore", "x = P(4, 3); out = F.cross_entropy(x, I([0, 1, 2, 1]), ignore_index=1); wrt = [x]"),
    ("ce_ignore_weight", "x = P(4, 3); w = T(np.array([1., 2., 0.5], 'float32')); out = F.cross_entropy(x, I([0, 1, 2, 1]), weight=w, ignore_index=2); wrt = [x]"),
    ("ce_no_softmax", "p = F.softmax(T(A(4, 3))); p.stop_gradient = False; out = F.cross_entropy(p, I([0, 1, 2, 1]), use_softmax=False); wrt = [p]"),
    ("ce_axis1", "x = P(2, 3, 4); out = F.cross_entropy(x, I([[0, 1, 2, 0], [2, 2, 1, 0]]).unsqueeze(1), axis=1); wrt = [x]"),
    ("ce_smoothing", "x = P(4, 3); out = F.cross_entropy(x, I([0, 1, 2, 1]), label_smoothing=0.1); wrt = [x]"),
    ("ce_layer", "x = P(4, 3); out = nn.CrossEntropyLoss(reduction='none')(x, I([0, 1, 2, 1])); wrt = [x]"),
    ("ce_softmax_with_ce", "x = P(4, 3); out = F.softmax_with_cross_entropy(x, I([[0], [1], [2], [1]]), return_softmax=True)"),
    ("ce_err_label_range", "out = F.cross_entropy(T(A(4, 3)), I([0, 1, 2, 3]))"),
    ("ce_err_label_width", "out = F.cross_entropy(T(A(4, 3)), I([[0, 1], [1, 1], [0, 0], [1, 1]]))"),
    ("ce_err_label_batch", "out = F.cross_entropy(T(A(4, 3)), I([0, 1, 2]))"),
    ("ce_err_reduction", "out = F.cross_entropy(T(A(4, 3)), I([0, 1, 2, 1]), reduction='x')"),
    ("ce_err_weight", "out = F.cross_entropy(T(A(4, 3)), I([0, 1, 2, 1]), weight=T(np.ones([2], 'float32')))"),
    ("mse", "x = P(3, 4); y = T(A(3, 4, seed=1)); out = [F.mse_loss(x, y), F.mse_loss(x, y, 'sum'), F.mse_loss(x, y, 'none')]; wrt = [x]"),
    ("l1", "x = P(3, 4); y = T(A(3, 4, seed=1)); out = [F.l1_loss(x, y), nn.L1Loss('sum')(x, y)]; wrt = [x]"),
    ("mse_err_shape", "out = F.mse_loss(T(A(4, 3)), T(A(4, 2)))"),
    ("nll", "x = P(4, 3); out = F.nll_loss(F.log_softmax(x), I([0, 2, 1, 1])); wrt = [x]"),
    ("nll_weight_ignore", "x = P(4, 3); w = T(np.array([1., 2., 0.5], 'float32')); out = nn.NLLLoss(weight=w, ignore_index=1)(x, I([0, 2, 1, 1])); wrt = [x]"),
    ("nll_err_label_dtype", "out = F.nll_loss(T(A(4, 3)), T(np.array([0., 1., 2., 1.], 'float32')))"),
    ("bce", "x = T(A(3, 4, lo=0.05, hi=0.95), False); y = T(A(3, 4, seed=1, lo=0, hi=1)); w = T(A(3, 4, seed=2, lo=0.5, hi=1)); out = [F.binary_cross_entropy(x, y), nn.BCELoss(w, 'sum')(x, y)]; wrt = [x]"),
    ("bce_logits", "x = P(3, 4); y = T(A(3, 4, seed=1, lo=0, hi=1)); pw = T(np.array([1., 2., 3., 0.5], 'float32')); out = [F.binary_cross_entropy_with_logits(x, y), nn.BCEWithLogitsLoss(pos_weight=pw, reduction='none')(x, y)]; wrt = [x]"),
    ("bce_err_shape", "out = F.binary_cross_entropy(T(A(4, 3, lo=0.1, hi=0.9)), T(np.ones([4, 2], 'float32')))"),
    # ---- Layer API ----
    ("layer_names", """
class Block(nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 3)
        self.bn = nn.BatchNorm1D(3)
        self.scale = self.create_parameter([3], is_bias=True)
        self.register_buffer('steps', T(np.zeros([1], 'float32')))
        self.tmp = T(np.zeros([1], 'float32'))
class Net(nn.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = nn.LayerList([Block(), Block()])
        self.head = nn.Sequential(nn.ReLU(), nn.Linear(3, 1))
net = Net()
out = [list(net.state_dict().keys()), [n for n, _ in net.named_parameters()],
       [n for n, _ in net.named_sublayers()], [p.name for p in net.parameters()],
       [n for n, _ in net.named_buffers()], net.full_name(), net.blocks[1].full_name(),
       [type(c).__name__ for c in net.children()], str(net)]
"""),
    ("layer_train_eval", "m = nn.Sequential(nn.Linear(2, 2), nn.Dropout()); m.eval(); a = [l.training for l in m.sublayers()]; m.train(); out = a + [l.training for l in m.sublayers()]"),
    ("layer_hooks", """
l = nn.Linear(2, 2, weight_attr=nn.initializer.Constant(1.0))
h1 = l.register_forward_pre_hook(lambda layer, inp: (F.relu(inp[0]),))
h2 = l.register_forward_post_hook(lambda layer, inp, o: F.softmax(o))
x = T(np.array([[2.0, -1.0]], 'float32'))
a = l(x)
h1.remove(); h2.remove()
out = [a, l(x)]
"""),
    ("layer_set_state_dict", """
src = nn.Sequential(nn.Linear(2, 2, weight_attr=nn.initializer.Constant(3.0)))
dst = nn.Sequential(nn.Linear(2, 2))
sd = dict(src.state_dict()); sd['extra'] = sd['0.bias']
res = dst.set_state_dict(sd)
out = [dst[0].weight, list(res[0]), list(res[1])]
"""),
    ("layer_set_state_dict_numpy", "l = nn.Linear(2, 2); l.set_state_dict({'weight': np.full([2, 2], 2.0, 'float32'), 'bias': np.ones([2], 'float32')}); out = [l.weight, l.bias]"),
    ("layer_to_float64", "l = nn.Linear(2, 3); w = l.weight; l.to(dtype='float64'); out = [str(l.weight.dtype), l.weight is w, l.weight.persistable, l.weight.stop_gradient, l.weight.name]"),
    ("layer_apply", "m = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.ReLU())); names = []; m.apply(lambda l: names.append(type(l).__name__)); out = names"),
    ("layer_err_assign_param", "l = nn.Linear(2, 2); l.weight = T(np.ones([2, 2], 'float32')); out = 0"),
    ("layer_err_dup_param_name", "a = nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name='w')); b = nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name='w')); out = 0"),
    ("layer_err_int_param", "out = paddle.create_parameter([2], 'int64')"),
    ("layer_no_bias", "l = nn.Linear(2, 3, bias_attr=False); out = [l.bias is None, list(l.state_dict().keys())]"),
    ("param_attr_lr", "l = nn.Linear(2, 2, weight_attr=paddle.ParamAttr(name='fc_w', learning_rate=0.5, regularizer=paddle.regularizer.L2Decay(0.01), trainable=False)); w = l.weight; out = [w.name, w.optimize_attr['learning_rate'], str(w.regularizer), w.trainable, w.stop_gradient, w.need_clip]"),
    ("sequential_index", "m = nn.Sequential(nn.Linear(1, 2), nn.ReLU(), nn.Linear(2, 1)); out = [type(m[1]).__name__, len(m[1:]), type(m[-1]).__name__, len(m)]"),
    ("layer_reprs", "out = [str(x) for x in (nn.Conv2D(3, 4, 3, stride=2, padding=1, groups=1), nn.Conv1D(2, 4, 3, dilation=2), nn.BatchNorm1D(3), nn.LayerNorm([2, 3]), nn.Dropout(0.2), nn.Embedding(4, 2, padding_idx=0), nn.Linear(2, 2, name='fc'), nn.GELU(True), nn.MaxPool2D(3, 2, 1))]"),
]


def encode(paddle, v):
    """Tensors -> {'shape', 'dtype', 'values'}; containers recursively; plain data as is."""
    if isinstance(v, paddle.Tensor):
        arr = v.numpy()
        return {"shape": list(v.shape), "dtype": str(v.dtype).replace("paddle.", ""),
                "values": arr.astype("float64").tolist() if arr.dtype.kind in "fc" else arr.tolist()}
    if isinstance(v, (list, tuple)):
        return [encode(paddle, e) for e in v]
    if hasattr(v, "__len__") and type(v).__name__ == "Size":
        return list(v)
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return repr(v)


def run_case(paddle, code):
    """Run one case; returns {'out': ..., 'grads': [...]} or {'error': cls, 'message': text}."""
    import numpy as np
    ns = {"paddle": paddle, "np": np, "F": paddle.nn.functional, "nn": paddle.nn}
    exec(HELPERS, ns)
    try:
        with paddle.utils.unique_name.guard():
            exec(code, ns)
            out = ns["out"]
            res = {"out": encode(paddle, out)}
            if "wrt" in ns:
                first = out[0] if isinstance(out, (list, tuple)) else out
                g = np.random.RandomState(7).uniform(0.5, 1.5, list(first.shape)).astype(
                    first.numpy().dtype)
                first.backward(paddle.to_tensor(g))
                res["grads"] = [encode(paddle, t.grad) for t in ns["wrt"]]
    except Exception as e:  # noqa: BLE001 - the exception itself is the recorded result
        return {"error": type(e).__name__, "message": str(e)}
    return res


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn.json")
    with open(path, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)
    record_examples()


EXAMPLES = ["train_linear_sgd.py", "train_mlp_adam.py", "train_mlp_sgd_momentum_mse.py"]


def record_examples():
    import subprocess
    root = os.path.join(os.path.dirname(__file__), "..", "..")
    outs = {}
    for script in EXAMPLES:
        proc = subprocess.run([sys.executable, os.path.join(root, "examples", script)],
                              capture_output=True, text=True, check=True,
                              env=dict(os.environ, GLOG_minloglevel="3"))
        outs[script] = proc.stdout
    path = os.path.join(root, "conformance", "goldens", "nn_examples.json")
    with open(path, "w") as f:
        json.dump(outs, f, indent=1, sort_keys=True)
    print(f"wrote {len(outs)} example outputs to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
