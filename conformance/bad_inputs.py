"""The bad-input table (issue #17): one short snippet per case, grouped by Paddle's op family.

Each snippet runs after SETUP with `paddle` bound to the module under test. Its outcome is either
the exception raised (class name and the first line of the message, Paddle's C++ "(at file:line)"
suffix removed) or, when it raises nothing, the value of the variable `out` (dtype, shape, values;
NaN/Inf written as strings). `conformance/record/record_bad_inputs.py` records the outcomes from
real Paddle 3.3.1 into `conformance/goldens/bad_inputs.json`; `tests/test_bad_inputs.py` replays
the table under paddle_compat and compares.

This module imports nothing but the standard library and numpy, so the oracle interpreter (Paddle
without torch) can run it.
"""
import math
import re

SETUP = """
import numpy as np
F = paddle.nn.functional
T = paddle.to_tensor
x23 = T([[1., 2., 3.], [4., 5., 6.]])
x3 = T([1., 2., 3.])
x4 = T([1., 2., 3., 4.])
i3 = T([1, 2, 3])
nan3 = T([1., float('nan'), 3.])
img = T(np.ones([1, 1, 4, 4], 'float32'))
w = T(np.ones([1, 1, 2, 2], 'float32'))
"""

def _static_case(body):
    return ("paddle.enable_static()\n"
            "try:\n"
            "    main, start = paddle.static.Program(), paddle.static.Program()\n"
            "    with paddle.static.program_guard(main, start):\n"
            "        x = paddle.static.data('x', [None, 3], 'float32')\n"
            "        z = paddle.static.data('z', [2, 3], 'float32')\n"
            "        y = x * 2\n"
            "    exe = paddle.static.Executor(paddle.CPUPlace())\n"
            "    exe.run(start)\n"
            + "".join("    " + line + "\n" for line in body.splitlines())
            + "finally:\n"
            "    paddle.disable_static()\n")


CASES = {
    # ---- creation ---------------------------------------------------------------------------
    "creation/zeros_negative": "paddle.zeros([-3, 2])",
    "creation/ones_negative": "paddle.ones([2, -5])",
    "creation/full_negative": "paddle.full([-2], 1.0)",
    "creation/linspace_negative_num": "paddle.linspace(0, 1, -3)",
    "creation/logspace_negative_num": "paddle.logspace(0, 1, -2)",
    "creation/empty_negative": "paddle.empty([2, -1])",
    "creation/arange_zero_step": "paddle.arange(0, 5, 0)",
    "creation/eye_negative": "paddle.eye(-2)",
    "creation/zeros_float_shape": "paddle.zeros([2.5, 2])",
    "creation/full_str_shape": "paddle.full('ab', 1.0)",
    "creation/empty_bad_dtype": "paddle.empty([2], dtype='int3')",
    # ---- to_tensor ----------------------------------------------------------------------------
    "to_tensor/int_2_70": "paddle.to_tensor(2**70)",
    "to_tensor/int_2_63": "paddle.to_tensor(2**63)",
    "to_tensor/list_2_63": "paddle.to_tensor([2**63])",
    "to_tensor/mixed_str": "paddle.to_tensor([1, 'a'])",
    "to_tensor/ragged": "paddle.to_tensor([[1, 2], [3]])",
    "to_tensor/bad_dtype": "paddle.to_tensor([1], dtype='foo')",
    "to_tensor/dict": "paddle.to_tensor({'a': 1})",
    "to_tensor/uint64_array": "out = paddle.to_tensor(np.array([1, 2], dtype='uint64'))",
    "to_tensor/stop_gradient_str": "paddle.to_tensor([1.], stop_gradient='no')",
    # ---- math -----------------------------------------------------------------------------------
    "math/add_broadcast": "paddle.add(x23, x4)",
    "math/multiply_broadcast": "paddle.multiply(x23, T([1., 2.]))",
    "math/operator_broadcast": "x23 - x4",
    "math/int_floordiv_zero": "i3 // T([0, 1, 1])",
    "math/int_mod_zero": "i3 % T([0, 1, 1])",
    "math/add_str": "paddle.add(x3, 'a')",
    "math/pow_str": "paddle.pow(x3, 'a')",
    "math/sum_axis_out_of_range": "paddle.sum(x23, axis=3)",
    "math/cumsum_axis_out_of_range": "paddle.cumsum(x3, axis=2)",
    "math/cumsum_negative_axis": "paddle.cumsum(x23, axis=-3)",
    "math/subtract_broadcast": "paddle.subtract(x23, x4)",
    "math/divide_broadcast": "paddle.divide(x23, x4)",
    "math/maximum_broadcast": "paddle.maximum(x23, x4)",
    "math/pow_broadcast": "paddle.pow(x23, x4)",
    "math/inplace_add_broadcast": "x23.add_(x4)",
    "math/int_divide_zero": "out = i3 / T([0, 1, 1])",
    "stat/sum_empty": "out = paddle.sum(T(np.zeros([0], 'float32')))",
    "stat/amax_empty": "paddle.amax(T(np.zeros([0], 'float32')))",
    "stat/argmax_empty": "paddle.argmax(T(np.zeros([0], 'float32')))",
    "math/clip_min_gt_max": "out = paddle.clip(x3, 3., 1.)",
    "math/scale_str": "paddle.scale(x3, scale='a')",
    # ---- manipulation ------------------------------------------------------------------------
    "manipulation/reshape_bad": "paddle.reshape(x23, [4, 2])",
    "manipulation/reshape_two_minus_one": "paddle.reshape(x23, [-1, -1])",
    "manipulation/concat_mismatch": "paddle.concat([x23, x4])",
    "manipulation/stack_mismatch": "paddle.stack([x3, x4])",
    "manipulation/transpose_bad_perm": "paddle.transpose(x23, [0, 0])",
    "manipulation/transpose_short_perm": "paddle.transpose(x23, [0])",
    "manipulation/index_select_oob": "paddle.index_select(x3, T([5]))",
    "manipulation/index_select_negative_oob": "paddle.index_select(x3, T([-5]))",
    "manipulation/index_select_axis1_oob": "paddle.index_select(x23, T([0, 3]), axis=1)",
    "manipulation/gather_negative_oob": "paddle.gather(x3, T([-7]))",
    "manipulation/gather_oob": "paddle.gather(x3, T([7]))",
    "manipulation/split_uneven": "paddle.split(x3, 2)",
    "manipulation/squeeze_axis_oob": "paddle.squeeze(x3, axis=4)",
    "manipulation/unsqueeze_axis_oob": "paddle.unsqueeze(x3, axis=5)",
    "manipulation/expand_bad": "paddle.expand(x3, [2, 4])",
    "manipulation/tile_negative": "paddle.tile(x3, [-1])",
    "manipulation/flatten_bad_axes": "paddle.flatten(x23, start_axis=1, stop_axis=0)",
    "manipulation/slice_bad_axes": "paddle.slice(x23, axes=[5], starts=[0], ends=[1])",
    # ---- search ---------------------------------------------------------------------------------
    "search/topk_k_too_large": "paddle.topk(x3, k=5)",
    "search/topk_k_zero": "paddle.topk(x3, k=-1)",
    "search/argmax_axis_oob": "paddle.argmax(x3, axis=3)",
    "search/where_broadcast": "paddle.where(x23 > 1, x23, x4)",
    "search/where_non_bool": "paddle.where(x3, x3, x3)",
    "search/sort_axis_oob": "paddle.sort(x3, axis=2)",
    "search/masked_select_broadcast": "paddle.masked_select(x23, T([True, False, True, False]))",
    # ---- logic ----------------------------------------------------------------------------------
    "logic/equal_broadcast": "paddle.equal(x23, x4)",
    "logic/logical_and_broadcast": "paddle.logical_and(x23 > 0, x4 > 0)",
    "logic/bitwise_and_float": "paddle.bitwise_and(x3, x3)",
    "logic/allclose_int": "paddle.allclose(i3, i3)",
    "logic/bool_multi": "bool(x3)",
    "logic/float_multi": "float(x3)",
    "logic/int_multi": "int(x3)",
    # ---- linalg ---------------------------------------------------------------------------------
    "linalg/matmul_0d": "paddle.matmul(T(2.), T(3.))",
    "linalg/matmul_mismatch": "paddle.matmul(x23, x23)",
    "linalg/dot_mismatch": "paddle.dot(x3, x4)",
    "linalg/inverse_1d": "paddle.inverse(x3)",
    "linalg/inverse_singular": "paddle.inverse(T([[1., 2.], [2., 4.]]))",
    "linalg/cholesky_not_pd": "paddle.linalg.cholesky(T([[1., 2.], [2., 1.]]))",
    "linalg/cross_bad_dim": "paddle.cross(x4, x4)",
    "linalg/bmm_2d": "paddle.bmm(x23, x23)",
    "linalg/norm_bad_p": "paddle.linalg.norm(x3, p='abc')",
    # ---- stat -----------------------------------------------------------------------------------
    "stat/max_empty": "paddle.max(T(np.zeros([0], 'float32')))",
    "stat/min_empty": "paddle.min(T(np.zeros([0], 'float32')))",
    "stat/mean_axis_oob": "paddle.mean(x23, axis=4)",
    "stat/std_axis_oob": "paddle.std(x23, axis=-4)",
    "stat/quantile_bad_q": "paddle.quantile(x3, q=1.5)",
    "stat/median_bad_mode": "paddle.median(x3, mode='foo')",
    # ---- nn.functional activation -----------------------------------------------------------------
    "activation/softmax_axis_str": "F.softmax(x3, axis='a')",
    "activation/softmax_axis_oob": "F.softmax(x3, axis=3)",
    "activation/relu_int": "F.relu(3)",
    "activation/gelu_list": "F.gelu([1., 2.])",
    "activation/leaky_relu_str": "F.leaky_relu(x3, negative_slope='a')",
    "activation/log_softmax_axis_oob": "F.log_softmax(x23, axis=2)",
    "activation/glu_odd": "F.glu(x3)",
    # ---- nn.functional conv ------------------------------------------------------------------------
    "conv/conv2d_stride0": "F.conv2d(img, w, stride=0)",
    "conv/conv2d_channel_mismatch": "F.conv2d(img, T(np.ones([1, 2, 2, 2], 'float32')))",
    "conv/conv2d_3d_input": "F.conv2d(T(np.ones([1, 4, 4], 'float32')), w)",
    "conv/conv2d_kernel_too_big": "F.conv2d(img, T(np.ones([1, 1, 5, 5], 'float32')))",
    "conv/conv2d_bad_padding": "F.conv2d(img, w, padding='foo')",
    "conv/conv1d_stride0": "F.conv1d(T(np.ones([1, 1, 4], 'float32')), T(np.ones([1, 1, 2], 'float32')), stride=0)",
    # ---- nn.functional pooling -----------------------------------------------------------------------
    "pooling/max_pool2d_kernel0": "F.max_pool2d(img, kernel_size=0)",
    "pooling/avg_pool2d_kernel0": "F.avg_pool2d(img, kernel_size=0)",
    "pooling/max_pool2d_stride0": "F.max_pool2d(img, kernel_size=2, stride=0)",
    "pooling/max_pool2d_3d_input": "F.max_pool2d(T(np.ones([1, 4, 4], 'float32')), kernel_size=2)",
    "pooling/max_pool2d_bad_padding": "F.max_pool2d(img, kernel_size=2, padding='foo')",
    "pooling/adaptive_avg_pool2d_3d": "F.adaptive_avg_pool2d(T(np.ones([4, 4], 'float32')), 2)",
    # ---- nn.functional loss --------------------------------------------------------------------------
    "loss/bce_input_gt_1": "F.binary_cross_entropy(T([1.5]), T([1.]))",
    "loss/bce_shape_mismatch": "F.binary_cross_entropy(T([0.5, 0.5]), T([1.]))",
    "loss/bce_input_lt_0": "F.binary_cross_entropy(T([-0.5]), T([1.]))",
    "loss/nll_label_negative": "F.nll_loss(F.log_softmax(x23), T([0, -1]))",
    "loss/nll_label_oob": "F.nll_loss(F.log_softmax(x23), T([0, 5]))",
    "loss/cross_entropy_label_oob": "F.cross_entropy(x23, T([0, 7]))",
    "loss/cross_entropy_cap_64": "out = F.cross_entropy(T([[0., 50., 100., 200.]]), T([0]))",
    "loss/softmax_ce_cap_64": "out = F.softmax_with_cross_entropy(T([[0., 50., 100., 200.]]), T([[0]]))",
    "loss/mse_shape_mismatch": "F.mse_loss(x3, x4)",
    "loss/l1_bad_reduction": "F.l1_loss(x3, x3, reduction='foo')",
    "loss/cross_entropy_bad_reduction": "F.cross_entropy(x23, T([0, 1]), reduction='foo')",
    # ---- nn.functional norm ----------------------------------------------------------------------------
    "norm/batch_norm_bad_channels": "F.batch_norm(x23, T([0., 0.]), T([1., 1.]))",
    "norm/layer_norm_bad_shape": "F.layer_norm(x23, [4])",
    "norm/normalize_axis_oob": "F.normalize(x23, axis=3)",
    "norm/batchnorm_one_sample": "bn = paddle.nn.BatchNorm1D(3); bn.train(); out = bn(T([[1., 2., 3.]]))",
    "norm/instance_norm_2d": "F.instance_norm(x23)",
    # ---- NaN / Inf behaviour (values) ------------------------------------------------------------------
    "nan/median": "out = paddle.median(nan3)",
    "nan/argmax": "out = paddle.argmax(nan3)",
    "nan/argmin": "out = paddle.argmin(nan3)",
    "nan/argmax_first": "out = paddle.argmax(T([float('nan'), 5., float('nan')]))",
    "nan/max": "out = paddle.max(nan3)",
    "nan/min": "out = paddle.min(nan3)",
    "nan/amax": "out = paddle.amax(nan3)",
    "nan/sum": "out = paddle.sum(nan3)",
    "nan/mean": "out = paddle.mean(nan3)",
    "nan/prod": "out = paddle.prod(nan3)",
    "nan/cumsum": "out = paddle.cumsum(nan3)",
    "nan/cummax": "out = paddle.cummax(nan3)[0]",
    "nan/logsumexp": "out = paddle.logsumexp(nan3)",
    "nan/std": "out = paddle.std(nan3)",
    "nan/var": "out = paddle.var(nan3)",
    "nan/nanmedian": "out = paddle.nanmedian(nan3)",
    "nan/quantile": "out = paddle.quantile(nan3, 0.5)",
    "nan/sort": "out = paddle.sort(nan3)",
    "nan/argsort": "out = paddle.argsort(nan3)",
    "nan/topk": "out = paddle.topk(nan3, 2)[0]",
    "nan/maximum": "out = paddle.maximum(nan3, x3)",
    "nan/minimum": "out = paddle.minimum(nan3, x3)",
    "nan/fmax": "out = paddle.fmax(nan3, x3)",
    "nan/equal": "out = paddle.equal(nan3, nan3)",
    "nan/not_equal": "out = paddle.not_equal(nan3, nan3)",
    "nan/less_than": "out = paddle.less_than(nan3, x3)",
    "nan/greater_equal": "out = paddle.greater_equal(nan3, x3)",
    "nan/isclose": "out = paddle.isclose(nan3, nan3)",
    "nan/isclose_equal_nan": "out = paddle.isclose(nan3, nan3, equal_nan=True)",
    "nan/allclose": "out = paddle.allclose(nan3, nan3)",
    "nan/equal_all": "out = paddle.equal_all(nan3, nan3)",
    "nan/clip": "out = paddle.clip(nan3, 0., 2.)",
    "nan/sign": "out = paddle.sign(nan3)",
    "nan/abs": "out = paddle.abs(nan3)",
    "nan/floor": "out = paddle.floor(nan3)",
    "nan/relu": "out = F.relu(nan3)",
    "nan/relu6": "out = F.relu6(nan3)",
    "nan/leaky_relu": "out = F.leaky_relu(nan3)",
    "nan/elu": "out = F.elu(nan3)",
    "nan/gelu": "out = F.gelu(nan3)",
    "nan/sigmoid": "out = F.sigmoid(nan3)",
    "nan/tanh": "out = F.tanh(nan3)",
    "nan/softmax": "out = F.softmax(nan3)",
    "nan/hardtanh": "out = F.hardtanh(nan3)",
    "nan/hardsigmoid": "out = F.hardsigmoid(nan3)",
    "nan/hardswish": "out = F.hardswish(nan3)",
    "nan/softplus": "out = F.softplus(nan3)",
    "nan/silu": "out = F.silu(nan3)",
    "nan/mish": "out = F.mish(nan3)",
    "nan/selu": "out = F.selu(nan3)",
    "nan/thresholded_relu": "out = F.thresholded_relu(nan3)",
    "nan/max_pool1d": "out = F.max_pool1d(nan3.reshape([1, 1, 3]), 2)",
    "inf/relu": "out = F.relu(T([float('inf'), -float('inf')]))",
    "inf/sigmoid": "out = F.sigmoid(T([float('inf'), -float('inf')]))",
    "inf/softmax": "out = F.softmax(T([float('inf'), 1.]))",
    "inf/argmax": "out = paddle.argmax(T([1., float('inf'), float('inf')]))",
    "inf/sign": "out = paddle.sign(T([float('inf'), -float('inf')]))",
    "inf/logsumexp": "out = paddle.logsumexp(T([float('inf'), 1.]))",
    # ---- in-place ops: parameters under no_grad, aliases, the autograd graph --------------------
    "inplace/param_no_grad_zero_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.zero_()\nout = lin.bias",
    "inplace/param_no_grad_add_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.add_(T([1., 2.]))\nout = lin.bias",
    "inplace/param_no_grad_scale_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.fill_(2.)\n    lin.bias.scale_(3.)\nout = lin.bias",
    "inplace/param_no_grad_clip_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.fill_(5.)\n    lin.bias.clip_(0., 1.)\nout = lin.bias",
    "inplace/param_no_grad_multiply_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.fill_(2.)\n    lin.bias.multiply_(T([3., 4.]))\nout = lin.bias",
    "inplace/param_no_grad_uniform_": "lin = paddle.nn.Linear(2, 2)\nwith paddle.no_grad():\n    lin.bias.uniform_(5., 6.)\nout = bool((lin.bias >= 5.).all()) and not lin.bias.stop_gradient",
    "inplace/param_no_grad_keeps_training": "lin = paddle.nn.Linear(2, 1)\nwith paddle.no_grad():\n    lin.weight.fill_(1.)\nlin(T([[1., 2.]])).sum().backward()\nout = lin.weight.grad",
    "inplace/param_grad_refused": "p = paddle.create_parameter([2], 'float32', name='pb')\np.zero_()",
    "inplace/alias_detach_sees_update": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\nd = y.detach()\ny.add_(T([1., 1., 1.]))\nout = d",
    "inplace/alias_reshape_sees_update": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\nr = y.reshape([3])\ny.scale_(2.)\nout = r",
    "inplace/alias_slice_sees_update": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\ns = y[0:2]\ny.zero_()\nout = s",
    "inplace/plain_alias_sees_update": "y = T([1., 2., 3.])\nd = y.detach()\ny.add_(T([1., 1., 1.]))\nout = d",
    "inplace/version_error": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\nz = y * y\ny.zero_()\nz.sum().backward()",
    "inplace/grad_through_add_": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\ny.add_(T([1., 1., 1.]))\ny.sum().backward()\nout = x.grad",
    "inplace/grad_through_multiply_": "x = T([1., 2., 3.], stop_gradient=False)\nw = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\ny.multiply_(w)\ny.sum().backward()\nout = paddle.concat([x.grad, w.grad])",
    "inplace/grad_through_scale_value": "x = T([1., 2., 3.], stop_gradient=False)\ny = x * 2\ny.scale_(3.)\nout = y",
    "inplace/pylayer_saved_output_scale_": (
        "class Sq(paddle.autograd.PyLayer):\n"
        "    @staticmethod\n"
        "    def forward(ctx, x):\n"
        "        y = x * 2\n"
        "        ctx.save_for_backward(y)\n"
        "        return y\n"
        "    @staticmethod\n"
        "    def backward(ctx, dy):\n"
        "        y, = ctx.saved_tensor()\n"
        "        return dy * y\n"
        "x = T([1., 2.], stop_gradient=False)\n"
        "y = Sq.apply(x)\n"
        "y.scale_(3.)\n"
        "y.sum().backward()\n"
        "out = x.grad"),
    "inplace/pylayer_returns_cast_same_dtype": (
        "class C(paddle.autograd.PyLayer):\n"
        "    @staticmethod\n"
        "    def forward(ctx, x):\n"
        "        return paddle.cast(x, x.dtype)\n"
        "    @staticmethod\n"
        "    def backward(ctx, dy):\n"
        "        return dy * 2\n"
        "x = T([1., 2.], stop_gradient=False)\n"
        "C.apply(x).sum().backward()\n"
        "out = x.grad"),
    # ---- framework: flags and exports -------------------------------------------------------------
    "framework/get_flags_unknown": "paddle.get_flags('FLAGS_nope')",
    "framework/set_flags_unknown": "paddle.set_flags({'FLAGS_nope': 1})",
    "framework/set_flags_not_dict": "paddle.set_flags([1])",
    "framework/get_flags_bad_type": "paddle.get_flags(3)",
    "framework/get_flags_default": "out = str(paddle.get_flags(['FLAGS_check_nan_inf', 'FLAGS_eager_delete_tensor_gb']))",
    "framework/set_then_get": "paddle.set_flags({'FLAGS_check_nan_inf': True})\nout = str(paddle.framework.get_flags('FLAGS_check_nan_inf'))\npaddle.set_flags({'FLAGS_check_nan_inf': False})",
    "framework/exports": "fw = paddle.framework\nout = [fw.ParamAttr is paddle.ParamAttr, fw.set_flags is paddle.set_flags, fw.no_grad is paddle.no_grad, fw.CPUPlace is paddle.CPUPlace, fw.in_dynamic_or_pir_mode(), fw.get_default_dtype()]",
    # ---- static graph: feeds, fetches, data declarations (legacy IR) ----------------------------
    "static/int_list_feed": _static_case("out = exe.run(main, feed={'x': [[1, 2, 3]]}, fetch_list=[y])[0].tolist()"),
    "static/bool_list_feed": _static_case("out = exe.run(main, feed={'x': [[True, False, True]]}, fetch_list=[y])[0].tolist()"),
    "static/float64_array_feed": _static_case("exe.run(main, feed={'x': np.ones([1, 3])}, fetch_list=[y])"),
    "static/feed_1d_open_batch": _static_case("out = exe.run(main, feed={'x': np.ones([3], 'float32')}, fetch_list=[y])[0].tolist()"),
    "static/feed_bad_rank": _static_case("exe.run(main, feed={'x': np.ones([3, 1], 'float32')}, fetch_list=[y])"),
    "static/feed_1d_fixed_shape": _static_case("exe.run(main, feed={'x': np.ones([1, 3], 'float32'), 'z': np.ones([6], 'float32')}, fetch_list=[z + 1])"),
    "static/unknown_fetch_name": _static_case("exe.run(main, feed={'x': np.ones([1, 3], 'float32')}, fetch_list=['nope'])"),
    "static/duplicate_data_other_shape": _static_case("with paddle.static.program_guard(main, start):\n    paddle.static.data('x', [None, 4], 'float32')"),
    "static/duplicate_data_same_shape": _static_case("with paddle.static.program_guard(main, start):\n    out = list(paddle.static.data('x', [None, 3], 'float32').shape)"),
    # ---- nn layers: constructors and calls ------------------------------------------------------
    "layer/linear_negative_features": "paddle.nn.Linear(-2, 3)",
    "layer/linear_wrong_input": "paddle.nn.Linear(4, 2)(x23)",
    "layer/conv2d_groups_mismatch": "paddle.nn.Conv2D(3, 4, 3, groups=2)",
    "layer/conv2d_zero_kernel": "paddle.nn.Conv2D(1, 1, 0)(img)",
    "layer/conv2d_wrong_channels": "paddle.nn.Conv2D(3, 2, 2)(img)",
    "layer/embedding_negative_num": "paddle.nn.Embedding(-1, 4)",
    "layer/embedding_out_of_range": "paddle.nn.Embedding(3, 2)(T([5]))",
    "layer/batchnorm_wrong_channels": "paddle.nn.BatchNorm2D(3)(img)",
    "layer/layernorm_wrong_shape": "paddle.nn.LayerNorm(5)(x23)",
    "layer/dropout_p_above_one": "paddle.nn.Dropout(1.5)",
    "layer/dropout_bad_mode": "paddle.nn.Dropout(0.5, mode='other')",
    "layer/sequential_bad_index": "paddle.nn.Sequential(paddle.nn.ReLU())[3]",
    "layer/layerlist_append_int": "paddle.nn.LayerList().append(3)",
    "layer/flatten_bad_axis": "paddle.nn.Flatten(3, 1)(x23)",
    "layer/upsample_no_size": "paddle.nn.Upsample()(img)",
    "layer/pixel_shuffle_indivisible": "paddle.nn.PixelShuffle(3)(img)",
    # ---- conv transpose, 3-D conv and pooling, unpooling -----------------------------------------
    "conv/conv2d_transpose_bad_output_size": "F.conv2d_transpose(img, w, output_size=[20, 20])",
    "conv/conv2d_transpose_output_padding": "F.conv2d_transpose(img, w, stride=2, output_padding=3)",
    "conv/conv3d_4d_input": "F.conv3d(img, T(np.ones([1, 1, 2, 2, 2], 'float32')))",
    "conv/conv1d_transpose_2d_input": "F.conv1d_transpose(x23, T(np.ones([2, 1, 2], 'float32')))",
    "pooling/max_pool3d_4d_input": "F.max_pool3d(img, 2)",
    "pooling/avg_pool3d_zero_kernel": "F.avg_pool3d(T(np.ones([1, 1, 2, 2, 2], 'float32')), 0)",
    "pooling/max_unpool2d_bad_indices": "F.max_unpool2d(img, T(np.zeros([1, 1, 3, 3], 'int64')), 2)",
    "pooling/adaptive_max_pool3d_4d": "F.adaptive_max_pool3d(img, 2)",
    "pooling/lp_pool2d_small_input": "out = F.lp_pool2d(img, 2, kernel_size=8)",
    "pooling/max_pool2d_window_larger": "out = F.max_pool2d(img, 8)",
    # ---- norms and pads ---------------------------------------------------------------------------
    "norm/group_norm_indivisible": "paddle.nn.GroupNorm(3, 4)",
    "norm/group_norm_wrong_channels": "paddle.nn.GroupNorm(1, 4)(img)",
    "norm/local_response_norm_3d": "F.local_response_norm(x23, 3)",
    "pad/pad_odd_length": "F.pad(img, [1, 1, 1])",
    "pad/pad_bad_mode": "F.pad(img, [1, 1, 1, 1], mode='wrap')",
    "pad/reflect_too_big": "F.pad(img, [5, 5, 5, 5], mode='reflect')",
    "pad/pad_bad_data_format": "F.pad(img, [1, 1, 1, 1], data_format='NHWCX')",
    # ---- recurrent and attention layers ------------------------------------------------------------
    "rnn/lstm_bad_direction": "paddle.nn.LSTM(4, 8, direction='sideways')",
    "rnn/lstm_wrong_input_size": "paddle.nn.LSTM(4, 8)(T(np.ones([2, 3, 5], 'float32')))",
    "rnn/gru_2d_input": "paddle.nn.GRU(3, 4)(x23)",
    "rnn/simple_rnn_bad_activation": "paddle.nn.SimpleRNN(4, 8, activation='gelu')",
    "rnn/lstm_cell_wrong_input": "paddle.nn.LSTMCell(4, 8)(x23)",
    "attention/mha_indivisible_heads": "paddle.nn.MultiHeadAttention(10, 3)",
    "attention/mha_wrong_embed": "m = paddle.nn.MultiHeadAttention(4, 2)\nm(T(np.ones([1, 2, 3], 'float32')))",
    "attention/encoder_layer_bad_activation": "paddle.nn.TransformerEncoderLayer(4, 2, 8, activation='tanhx')",
    "attention/sdpa_rank_2": "F.scaled_dot_product_attention(x23, x23, x23)",
    # ---- more losses ---------------------------------------------------------------------------------
    "loss/mse_rank_mismatch": "F.mse_loss(x23, x3)",
    "loss/l1_reduction_avg": "F.l1_loss(x3, x3, reduction='avg')",
    "loss/smooth_l1_shape_mismatch": "F.smooth_l1_loss(x23, x4)",
    "loss/kl_div_bad_reduction": "F.kl_div(x3, x3, reduction='avg')",
    "loss/ctc_float_labels": "F.ctc_loss(T(np.ones([4, 1, 3], 'float32')), T([[1., 2.]]), T([4], dtype='int64'), T([2], dtype='int64'))",
    "loss/margin_ranking_shape": "F.margin_ranking_loss(x3, x4, x3)",
    "loss/bce_logits_shape": "F.binary_cross_entropy_with_logits(x23, x3)",
    # ---- distribution -------------------------------------------------------------------------------
    "distribution/normal_negative_scale_sample": "out = paddle.distribution.Normal(0., -1.).log_prob(T([0.]))",
    "distribution/uniform_str": "paddle.distribution.Uniform('a', 1.)",
    "distribution/categorical_int_logits": "paddle.distribution.Categorical(T([1, 2]))",
    "distribution/bernoulli_prob_above_one": "out = paddle.distribution.Bernoulli(T([1.5])).log_prob(T([1.]))",
    "distribution/sample_shape_int": "paddle.distribution.Normal(0., 1.).sample(3)",
    "distribution/kl_unregistered": "paddle.distribution.kl_divergence(paddle.distribution.Normal(0., 1.), paddle.distribution.Categorical(T([0.5, 0.5])))",
    "distribution/beta_negative": "out = paddle.distribution.Beta(T([-1.]), T([1.])).mean",
    # ---- fft ---------------------------------------------------------------------------------------
    "fft/fft_bad_norm": "paddle.fft.fft(x3, norm='unit')",
    "fft/fft_zero_n": "paddle.fft.fft(x3, n=0)",
    "fft/fft_axis_out_of_range": "paddle.fft.fft(x3, axis=2)",
    "fft/rfft_complex": "paddle.fft.rfft(paddle.fft.fft(x3))",
    "fft/fft2_1d": "paddle.fft.fft2(x3)",
    "fft/fftfreq_zero": "paddle.fft.fftfreq(0)",
    # ---- random --------------------------------------------------------------------------------------
    "random/randint_low_ge_high": "paddle.randint(5, 2, [3])",
    "random/randint_float_shape": "paddle.randint(0, 5, [2.5])",
    "random/multinomial_negative": "paddle.multinomial(T([-1., 2.]))",
    "random/multinomial_too_many": "paddle.multinomial(T([0.5, 0.5]), 3)",
    "random/normal_negative_std": "out = paddle.normal(0., -1., [2]).shape",
    "random/uniform_min_gt_max": "out = paddle.uniform([2], min=2., max=1.).shape",
    "random/randperm_negative": "paddle.randperm(-3)",
    "random/bernoulli_int": "paddle.bernoulli(i3)",
    # ---- indexing -------------------------------------------------------------------------------------
    "indexing/index_out_of_range": "x3[5]",
    "indexing/too_many_indices": "x3[0, 1]",
    "indexing/float_index": "x3[1.5]",
    "indexing/bool_mask_wrong_shape": "x23[T([True, False, True])]",
    "indexing/setitem_shape_mismatch": "y = x23.clone(); y[0] = T([1., 2.])",
    "indexing/str_index": "x3['a']",
    # ---- optimizers and schedulers --------------------------------------------------------------------
    "optimizer/sgd_no_parameters": "paddle.optimizer.SGD(0.1)",
    "optimizer/adam_negative_lr": "paddle.optimizer.Adam(-0.1, parameters=paddle.nn.Linear(2, 2).parameters())",
    "optimizer/adam_bad_beta": "paddle.optimizer.Adam(0.1, beta1=1.5, parameters=paddle.nn.Linear(2, 2).parameters())",
    "optimizer/momentum_str_lr": "paddle.optimizer.Momentum('a', parameters=paddle.nn.Linear(2, 2).parameters())",
    "optimizer/step_decay_bad_gamma": "paddle.optimizer.lr.StepDecay(0.1, step_size=0)",
    "optimizer/piecewise_mismatch": "paddle.optimizer.lr.PiecewiseDecay([1, 2], [0.1])",
    "optimizer/clip_negative_norm": "out = paddle.nn.ClipGradByNorm(-1.0).clip_norm",
    # ---- io --------------------------------------------------------------------------------------------
    "io/dataloader_zero_batch": "paddle.io.DataLoader(paddle.io.TensorDataset([x23]), batch_size=0)",
    "io/dataloader_negative_workers": "paddle.io.DataLoader(paddle.io.TensorDataset([x23]), num_workers=-1)",
    "io/tensor_dataset_mismatch": "paddle.io.TensorDataset([x23, x3])",
    "io/random_split_bad_lengths": "paddle.io.random_split(range(5), [2, 2])",
    "io/batch_sampler_shuffle_str": "paddle.io.BatchSampler(range(4), batch_size=2, shuffle='yes')",
    "io/subset_out_of_range": "paddle.io.Subset(paddle.io.TensorDataset([x23]), [5])[0]",
    # ---- metric and amp ----------------------------------------------------------------------------------
    "metric/accuracy_bad_topk": "paddle.metric.Accuracy(topk=0)",
    "metric/accuracy_shape_mismatch": "paddle.metric.accuracy(x23, T([[1], [0], [1]]))",
    "metric/precision_update_shape": "m = paddle.metric.Precision()\nm.update(np.array([0.2, 0.8]), np.array([1]))",
    "amp/auto_cast_bad_level": "paddle.amp.auto_cast(level='O5').__enter__()",
    "amp/grad_scaler_bad_ratio": "out = paddle.amp.GradScaler(incr_ratio=0.5)._enable",
    "amp/decorate_bad_level": "paddle.amp.decorate(paddle.nn.Linear(2, 2), level='O3')",
    # ---- einsum, vision, text --------------------------------------------------------------------------
    "einsum/bad_equation": "paddle.einsum('ij,jk', x23)",
    "einsum/label_mismatch": "paddle.einsum('ij,jk->ik', x23, x23)",
    "vision/resize_bad_size": "paddle.vision.transforms.Resize(-1)",
    "vision/normalize_bad_std": "paddle.vision.transforms.normalize(np.ones([2, 2, 3], 'float32'), [0.5], [0.])",
    "vision/nms_bad_boxes": "paddle.vision.ops.nms(x3, 0.5)",
    "vision/resnet_bad_depth": "paddle.vision.models.ResNet(paddle.vision.models.resnet.BasicBlock, depth=7)",
    "text/viterbi_bad_lengths": "paddle.text.viterbi_decode(T(np.ones([1, 3, 2], 'float32')), T(np.ones([2, 2], 'float32')), T([5], dtype='int64'))",
    # ---- tensor methods ----------------------------------------------------------------------------------
    "tensor/astype_bad_dtype": "x3.astype('float7')",
    "tensor/reshape_two_minus_one": "x23.reshape([-1, -1])",
    "tensor/item_multi": "x3.item()",
    "tensor/numpy_grad_required": "t = T([1.], stop_gradient=False); out = (t * 2).numpy()",
    "tensor/backward_int": "T([1, 2]).backward()",
    "tensor/grad_of_int_leaf": "t = T([1, 2], stop_gradient=False)",
    # ---- misc tensor semantics -----------------------------------------------------------------------
    "tensor/stop_gradient_str": "t = T([1.]); t.stop_gradient = 'no'",
    "tensor/cast_same_dtype_new": "a = T([1.]); b = paddle.cast(a, a.dtype); b[0] = 5.; out = a",
}

FAMILIES = sorted({k.split("/")[0] for k in CASES})

_AT = re.compile(r"\s*\(at /[^)]*\)")


def first_line(msg):
    """The first non-empty line of an exception message, Paddle's C++ location removed."""
    for line in str(msg).splitlines():
        line = _AT.sub("", line).strip()
        if line:
            return line
    return ""


def _clean(v):
    if isinstance(v, list):
        return [_clean(e) for e in v]
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return repr(v)
    return v


def describe(value):
    """A JSON-able summary of `out`."""
    if hasattr(value, "numpy") and hasattr(value, "stop_gradient"):
        arr = value.numpy()
        return {"dtype": str(value.dtype).replace("paddle.", ""), "shape": list(value.shape),
                "values": _clean(arr.tolist())}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return {"py": _clean(value)}
    return {"py": str(value)}


def run_case(paddle, code):
    """Run one snippet; returns {"error": [class, first line]} or {"value": describe(out)}."""
    env = {"paddle": paddle}
    exec(SETUP, env)
    try:
        exec(code, env)
        return {"value": describe(env.get("out"))}
    except Exception as exc:  # noqa: BLE001 - the exception is the outcome being recorded
        return {"error": [type(exc).__name__, first_line(exc)]}
