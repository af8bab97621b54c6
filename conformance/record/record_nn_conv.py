"""Record goldens for paddle.nn convolution, pooling, normalisation, padding, shape and dropout
layers and functionals (Paddle: nn/functional/{conv,pooling,norm,common,vision}.py and
nn/layer/{conv,pooling,norm,common,vision}.py) from real Paddle.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_conv.py
It rewrites conformance/goldens/nn_conv.json. Cases use record_nn's HELPERS and run_case (`out`,
optional `wrt` for gradients of sum(out[0] * G)). A case's name starts with the module it tests
(`conv.`, `pooling.`, `norm.`, `common.`, `vision.`, `extension.` for the functionals,
`layer_conv.`, `layer_pooling.`, ... for the layers); tests/test_nn_functional_<module>.py and
tests/test_nn_layer_<module>.py replay their own. `init_` in a name marks seeded initial weights,
compared bit for bit.
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

X4 = "x = P(2, 3, 5, 5); "
X5 = "x = P(1, 2, 4, 5, 3); "
CONV = [
    ("conv.conv3d", X5 + "w = P(4, 2, 3, 2, 2, seed=1); b = P(4, seed=2); out = F.conv3d(x, w, b, stride=[1, 2, 1], padding=1); wrt = [x, w, b]"),
    ("conv.conv3d_groups_ndhwc", "x = P(1, 3, 4, 4, 4); w = P(4, 2, 2, 2, 2, seed=1); out = F.conv3d(x, w, groups=2, dilation=[1, 2, 1], data_format='NDHWC'); wrt = [x, w]"),
    ("conv.conv3d_asym_same", X5 + "w = P(3, 2, 2, 3, 2, seed=1); out = [F.conv3d(x, w, padding=[0, 1, 1, 0, 2, 1]), F.conv3d(x, w, padding='SAME', stride=2)]; wrt = [x, w]"),
    ("conv.conv2d_same_dilation", "x = P(1, 2, 6, 6); w = P(2, 2, 3, 3, seed=1); out = F.conv2d(x, w, padding='SAME', dilation=2); wrt = [x]"),
    ("conv.conv3d_err_groups", X5 + "out = F.conv3d(x, P(4, 2, 3, 3, 3, seed=1), groups=3)"),
    ("conv.conv3d_err_filters", "x = P(1, 4, 3, 3, 3); out = F.conv3d(x, P(3, 2, 1, 1, 1, seed=1), groups=2)"),
    ("conv.conv3d_err_format", X5 + "out = F.conv3d(x, P(4, 2, 3, 3, 3, seed=1), data_format='NCHW')"),
    ("conv.conv3d_err_dim", "out = F.conv3d(P(2, 3, 4, 4), P(4, 3, 3, 3, 3, seed=1))"),
    ("conv.conv2d_transpose", "x = P(2, 3, 4, 4); w = P(3, 2, 3, 3, seed=1); b = P(2, seed=2); out = F.conv2d_transpose(x, w, b, stride=2, padding=1); wrt = [x, w, b]"),
    ("conv.conv2d_transpose_output_padding", "x = P(1, 2, 3, 4); w = P(2, 3, 3, 2, seed=1); out = F.conv2d_transpose(x, w, stride=[2, 3], padding=[1, 0], output_padding=[1, 2]); wrt = [x, w]"),
    ("conv.conv2d_transpose_output_size", "x = P(1, 2, 3, 3); w = P(2, 2, 3, 3, seed=1); out = F.conv2d_transpose(x, w, stride=2, output_size=[8, 7]); wrt = [x, w]"),
    ("conv.conv2d_transpose_asym", "x = P(1, 2, 3, 3); w = P(2, 2, 3, 3, seed=1); out = F.conv2d_transpose(x, w, stride=2, padding=[0, 2, 1, 0]); wrt = [x, w]"),
    ("conv.conv2d_transpose_same_valid", "x = P(1, 2, 4, 4); w = P(2, 3, 3, 3, seed=1); out = [F.conv2d_transpose(x, w, stride=2, padding='SAME', dilation=2), F.conv2d_transpose(x, w, stride=2, padding='VALID')]; wrt = [x, w]"),
    ("conv.conv2d_transpose_groups_dilation_nhwc", "x = P(1, 3, 3, 4); w = P(4, 1, 2, 2, seed=1); out = F.conv2d_transpose(x, w, groups=2, dilation=2, data_format='NHWC'); wrt = [x, w]"),
    ("conv.conv2d_transpose_depthwise", "x = P(1, 3, 3, 3); w = P(3, 1, 3, 3, seed=1); out = F.conv2d_transpose(x, w, groups=3, stride=2); wrt = [x, w]"),
    ("conv.conv2d_transpose_big_output_padding_dilation", "x = P(1, 1, 3, 3); w = P(1, 1, 2, 2, seed=1); out = F.conv2d_transpose(x, w, stride=1, dilation=3, output_padding=2); wrt = [x, w]"),
    ("conv.conv1d_transpose", "x = P(2, 3, 5); w = P(3, 2, 3, seed=1); b = P(2, seed=2); out = [F.conv1d_transpose(x, w, b, stride=2, padding=1, output_padding=1), F.conv1d_transpose(x, w, stride=2, output_size=12)]; wrt = [x, w, b]"),
    ("conv.conv1d_transpose_nlc_groups", "x = P(1, 5, 4); w = P(4, 1, 3, seed=1); out = F.conv1d_transpose(x, w, groups=2, dilation=2, data_format='NLC'); wrt = [x, w]"),
    ("conv.conv3d_transpose", "x = P(1, 2, 2, 3, 2); w = P(2, 3, 2, 2, 3, seed=1); b = P(3, seed=2); out = F.conv3d_transpose(x, w, b, stride=[2, 1, 2], padding=[1, 0, 1], output_padding=[1, 0, 0]); wrt = [x, w, b]"),
    ("conv.conv3d_transpose_output_size_ndhwc", "x = P(1, 2, 2, 2, 2); w = P(2, 2, 2, 2, 2, seed=1); out = F.conv3d_transpose(x, w, stride=2, output_size=[5, 4, 5], data_format='NDHWC'); wrt = [x]"),
    ("conv.conv_transpose_err_output_size_big", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), stride=2, output_size=[11, 9])"),
    ("conv.conv_transpose_err_output_size_small", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), stride=2, output_size=[8, 9])"),
    ("conv.conv_transpose_err_output_padding", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), stride=2, output_padding=2)"),
    ("conv.conv_transpose_err_both", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), output_size=[7, 7], output_padding=1)"),
    ("conv.conv_transpose_err_groups", "out = F.conv2d_transpose(P(1, 3, 4, 4), P(3, 3, 3, 3, seed=1), groups=2)"),
    ("conv.conv_transpose_err_groups_zero", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), groups=0)"),
    ("conv.conv_transpose_err_format", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, 3, seed=1), data_format='NCL')"),
    ("conv.conv_transpose_err_dim", "out = F.conv2d_transpose(P(2, 4, 4), P(2, 3, 3, 3, seed=1))"),
    ("conv.conv_transpose_err_weight_dim", "out = F.conv2d_transpose(P(1, 2, 4, 4), P(2, 3, 3, seed=1))"),
    ("conv.conv1d_transpose_err_output_padding", "out = F.conv1d_transpose(P(1, 2, 4), P(2, 3, 3, seed=1), stride=1, output_padding=2)"),
    ("conv.conv3d_transpose_err_format", "out = F.conv3d_transpose(P(1, 2, 2, 2, 2), P(2, 3, 3, 3, 3, seed=1), data_format='NCHW')"),
    # layers
    ("layer_conv.init_conv3d", "SEED(31); c = nn.Conv3D(2, 3, [2, 3, 2]); out = [c.weight, c.bias]"),
    ("layer_conv.init_conv2d_transpose", "SEED(32); c = nn.Conv2DTranspose(3, 4, 3, groups=1); out = [c.weight, c.bias]"),
    ("layer_conv.init_conv1d_transpose_groups", "SEED(33); out = nn.Conv1DTranspose(4, 6, 3, groups=2).weight"),
    ("layer_conv.init_conv3d_transpose", "SEED(34); out = nn.Conv3DTranspose(2, 2, 2).weight"),
    ("layer_conv.conv3d_fwd", "SEED(35); c = nn.Conv3D(2, 3, 2, padding=1, padding_mode='reflect'); x = P(1, 2, 3, 3, 3); out = c(x); wrt = [x, c.weight, c.bias]"),
    ("layer_conv.conv2d_transpose_fwd", "SEED(36); c = nn.Conv2DTranspose(2, 3, 3, stride=2, padding=1, output_padding=1); x = P(1, 2, 3, 3); out = [c(x), c(x, output_size=[6, 5])]; wrt = [x, c.weight, c.bias]"),
    ("layer_conv.conv1d_transpose_fwd", "SEED(37); c = nn.Conv1DTranspose(2, 2, 3, stride=2, data_format='NLC'); x = P(1, 4, 2); out = c(x); wrt = [x, c.weight]"),
    ("layer_conv.conv3d_transpose_fwd", "SEED(38); c = nn.Conv3DTranspose(2, 2, 2, stride=2, bias_attr=False); x = P(1, 2, 2, 2, 2); out = [c(x), c.bias is None]; wrt = [x, c.weight]"),
    ("layer_conv.conv_reprs", "out = [str(nn.Conv3D(2, 3, 3, stride=2)), str(nn.Conv2DTranspose(2, 3, 3, stride=2, output_padding=1)), str(nn.Conv1DTranspose(2, 4, 3, groups=2, data_format='NLC')), str(nn.Conv3DTranspose(2, 2, [1, 2, 3], padding=1, dilation=2))]"),
    ("layer_conv.conv_aliases", "out = [nn.Conv1d is nn.Conv1D, nn.Conv2d is nn.Conv2D, nn.Conv3d is nn.Conv3D]"),
]

POOL = [
    ("pooling.max_pool3d", X5 + "out = F.max_pool3d(x, 2, stride=[1, 2, 1], padding=1); wrt = [x]"),
    ("pooling.max_pool3d_mask", X5 + "out = F.max_pool3d(x, [2, 2, 3], return_mask=True, ceil_mode=True)"),
    ("pooling.max_pool3d_ndhwc", "x = P(1, 3, 4, 4, 2); out = F.max_pool3d(x, 2, data_format='NDHWC'); wrt = [x]"),
    ("pooling.avg_pool3d", X5 + "out = [F.avg_pool3d(x, 2, padding=1), F.avg_pool3d(x, 3, stride=2, padding=1, exclusive=False, ceil_mode=True), F.avg_pool3d(x, 2, divisor_override=3)]; wrt = [x]"),
    ("pooling.adaptive_avg_pool3d", X5 + "out = [F.adaptive_avg_pool3d(x, [2, 3, 2]), F.adaptive_avg_pool3d(x, [None, 2, 1])]; wrt = [x]"),
    ("pooling.adaptive_max_pool1d", "x = P(2, 3, 7); out = F.adaptive_max_pool1d(x, 3, return_mask=True); wrt = [x]"),
    ("pooling.adaptive_max_pool3d", X5 + "out = F.adaptive_max_pool3d(x, [2, 2, 2], return_mask=True); wrt = [x]"),
    ("pooling.max_pool_small_input", "x = P(1, 2, 3, 3); out = [F.max_pool2d(x, 5), F.max_pool2d(x, 4, stride=1, padding=1), F.max_pool1d(P(1, 2, 3), 5)]; wrt = [x]"),
    ("pooling.avg_pool_small_input", "x = P(1, 2, 3, 3); out = [F.avg_pool2d(x, 5), F.avg_pool2d(x, 5, exclusive=False), F.avg_pool2d(x, 5, stride=1, padding=2, exclusive=False)]; wrt = [x]"),
    ("pooling.max_pool3d_small_input", "x = P(1, 1, 2, 3, 3); out = F.max_pool3d(x, 4, return_mask=True)"),
    ("pooling.avg_pool2d_ceil_noexcl", "x = P(1, 1, 5, 5); out = [F.avg_pool2d(x, 2, stride=2, padding=1, ceil_mode=True, exclusive=False), F.avg_pool2d(x, 4, stride=3, padding=1, ceil_mode=True, exclusive=False)]; wrt = [x]"),
    ("pooling.avg_pool2d_asym_noexcl", "x = P(1, 1, 5, 5); out = F.avg_pool2d(x, 2, stride=2, padding=[0, 1, 1, 0], exclusive=False); wrt = [x]"),
    ("pooling.max_pool2d_ceil_mask", "x = P(1, 1, 5, 5); out = F.max_pool2d(x, 2, stride=2, ceil_mode=True, return_mask=True)"),
    ("pooling.max_pool2d_asym", "x = P(1, 2, 5, 6); out = F.max_pool2d(x, 2, padding=[1, 0, 0, 1]); wrt = [x]"),
    ("pooling.pool_same", "x = P(1, 2, 5, 6); out = [F.max_pool2d(x, 3, stride=2, padding='SAME'), F.avg_pool2d(x, 3, stride=2, padding='SAME')]; wrt = [x]"),
    ("pooling.same_with_mask", "x = P(1, 1, 5, 5); a, m = F.max_pool2d(x, 2, stride=2, padding='SAME', return_mask=True); out = [a, m, F.max_pool3d(P(1, 1, 5, 5, 5), 2, stride=2, padding='SAME', return_mask=True)[0], F.max_pool1d(P(1, 1, 5), 2, stride=2, padding='SAME', return_mask=True)[1]]; wrt = [x]"),
    ("pooling.err_valid_ceil", "out = F.max_pool2d(P(1, 1, 4, 4), 2, padding='VALID', ceil_mode=True)"),
    ("pooling.err_mask_asym", "out = F.max_pool2d(P(1, 1, 4, 4), 2, padding=[0, 1, 0, 1], return_mask=True)"),
    ("pooling.err_mask_nhwc", "out = F.max_pool2d(P(1, 4, 4, 1), 2, return_mask=True, data_format='NHWC')"),
    ("pooling.err_format_3d", "out = F.max_pool3d(P(1, 1, 2, 2, 2), 2, data_format='NCHW')"),
    ("pooling.lp_pool2d", "x = P(1, 2, 5, 5, lo=0.1, hi=2.0); out = [F.lp_pool2d(x, 2, 2), F.lp_pool2d(x, 3.0, 3, stride=2, padding=1), F.lp_pool2d(x, 1, 2, ceil_mode=True)]; wrt = [x]"),
    ("pooling.lp_pool2d_negative", "x = P(1, 1, 4, 4); out = [F.lp_pool2d(x, 2, 2), F.lp_pool2d(x, 1, 2)]; wrt = [x]"),
    ("pooling.lp_pool2d_inf_nhwc", "x = P(1, 4, 4, 2); out = F.lp_pool2d(x, float('inf'), 2, data_format='NHWC')"),
    ("pooling.lp_pool1d", "x = P(2, 3, 7, lo=0.1, hi=2.0); out = [F.lp_pool1d(x, 2, 3), F.lp_pool1d(x, 4, 2, stride=1, padding=1)]; wrt = [x]"),
    ("pooling.lp_pool_err_norm", "out = F.lp_pool2d(P(1, 1, 4, 4), 0, 2)"),
    ("pooling.lp_pool_err_dim", "out = F.lp_pool1d(P(1, 4, 4, 1), 2, 2)"),
    ("pooling.max_unpool2d", "x = P(1, 2, 4, 4); y, m = F.max_pool2d(x, 2, return_mask=True); y.stop_gradient = False; out = [F.max_unpool2d(y, m, 2), F.max_unpool2d(y, m, 2, output_size=[5, 5]), F.max_unpool2d(y, m, 2, output_size=[1, 2, 5, 5])]; wrt = [y]"),
    ("pooling.max_unpool1d", "x = P(1, 2, 6); y, m = F.max_pool1d(x, 2, return_mask=True); y.stop_gradient = False; out = F.max_unpool1d(y, m, 2); wrt = [y]"),
    ("pooling.max_unpool3d", "x = P(1, 1, 4, 4, 2); y, m = F.max_pool3d(x, 2, return_mask=True); y.stop_gradient = False; out = F.max_unpool3d(y, m, 2, stride=2); wrt = [y]"),
    ("pooling.max_unpool2d_padding", "x = P(1, 1, 5, 5); y, m = F.max_pool2d(x, 3, stride=2, padding=1, return_mask=True); out = [F.max_unpool2d(y, m, 3, stride=2, padding=1), m]"),
    ("pooling.max_unpool_err_size", "x = P(1, 2, 4, 4); y, m = F.max_pool2d(x, 2, return_mask=True); out = F.max_unpool2d(y, m, 2, output_size=[7, 7])"),
    ("pooling.max_unpool_err_len", "x = P(1, 2, 4, 4); y, m = F.max_pool2d(x, 2, return_mask=True); out = F.max_unpool2d(y, m, 2, output_size=[4])"),
    ("pooling.max_unpool_err_dim", "out = F.max_unpool2d(P(2, 4, 4), I([[1]]), 2)"),
    ("pooling.max_unpool_err_format", "x = P(1, 2, 4, 4); y, m = F.max_pool2d(x, 2, return_mask=True); out = F.max_unpool2d(y, m, 2, data_format='NHWC')"),
    ("pooling.fractional_max_pool2d", "x = P(1, 2, 7, 9); out = F.fractional_max_pool2d(x, [5, 4], random_u=0.3, return_mask=True); wrt = [x]"),
    ("pooling.fractional_max_pool2d_kernel", "x = P(1, 2, 7, 9); out = [F.fractional_max_pool2d(x, 3, kernel_size=2, random_u=0.6), F.fractional_max_pool2d(x, [None, 4], random_u=0.5)]; wrt = [x]"),
    ("pooling.fractional_max_pool3d", "x = P(1, 1, 5, 6, 7); out = F.fractional_max_pool3d(x, [3, 4, 3], random_u=0.45, return_mask=True); wrt = [x]"),
    ("pooling.fractional_intervals", "n = 10; inc = T(np.tile(np.arange(n, dtype='float32'), (1, 1, 2, 1))); inc3 = T(np.tile(np.arange(n, dtype='float32'), (1, 1, 3, 1)) + np.arange(3, dtype='float32')[:, None] * 10); out = [[F.fractional_max_pool2d(v, [1, o], random_u=u, return_mask=True)[1] for v in (inc[:, :, :, :m], -inc[:, :, :, :m])] for m, o, u in ((8, 5, 0.92005408), (9, 4, 0.1), (10, 7, 0.77), (10, 3, 0.999), (7, 7, 0.5), (10, 1, 0.3))] + [[F.fractional_max_pool2d(v, [2, o], kernel_size=[1, k], random_u=u, return_mask=True)[1] for v in (inc3[:, :, :, :m], -inc3[:, :, :, :m])] for m, o, k, u in ((10, 4, 3, 0.9), (9, 5, 2, 0.01), (8, 3, 4, 0.55))]"),
    ("pooling.fractional_seeded", "SEED(5); x = P(1, 1, 8, 8); y = P(1, 1, 9, 10, 4); out = [F.fractional_max_pool2d(x, 5), F.fractional_max_pool3d(y, [4, 3, 2], return_mask=True)]"),
    ("pooling.fractional_err_u", "out = F.fractional_max_pool2d(P(1, 1, 4, 4), 2, random_u=1.5)"),
    # layers
    ("layer_pooling.pool3d_layers", X5 + "out = [nn.MaxPool3D(2)(x), nn.AvgPool3D(2, 1, padding=1)(x), nn.AdaptiveAvgPool3D(2)(x), nn.AdaptiveMaxPool3D([1, 2, 2])(x)]; wrt = [x]"),
    ("layer_pooling.pool_layers_more", "x = P(1, 2, 6); y = P(1, 2, 5, 5); out = [nn.AdaptiveMaxPool1D(3)(x), nn.LPPool1D(2, 2)(x), nn.LPPool2D(3, 2, stride=1)(y), nn.AdaptiveMaxPool2D(2, return_mask=True)(y)[1]]; wrt = [x]"),
    ("layer_pooling.unpool_layers", "x = P(1, 1, 4, 4); y, m = nn.MaxPool2D(2, return_mask=True)(x); out = [nn.MaxUnPool2D(2)(y, m), nn.MaxUnPool1D(2)(*F.max_pool1d(P(1, 1, 4), 2, return_mask=True)), nn.MaxUnPool3D(2)(*F.max_pool3d(P(1, 1, 2, 2, 2), 2, return_mask=True))]"),
    ("layer_pooling.fractional_layers", "x = P(1, 1, 6, 6); out = [nn.FractionalMaxPool2D(4, random_u=0.3)(x), nn.FractionalMaxPool3D(2, random_u=0.7)(P(1, 1, 4, 4, 4))]"),
    ("layer_pooling.pool_reprs", "out = [str(nn.MaxPool3D(2, 1)), str(nn.AvgPool3D(2)), str(nn.AdaptiveAvgPool3D(2)), str(nn.AdaptiveMaxPool3D(2)), str(nn.AdaptiveMaxPool1D(2)), str(nn.LPPool1D(2, 3)), str(nn.LPPool2D(2, 3, 1)), str(nn.MaxUnPool1D(2)), str(nn.MaxUnPool2D(2)), str(nn.MaxUnPool3D(2)), str(nn.FractionalMaxPool2D(3)), str(nn.FractionalMaxPool3D(3))]"),
    ("layer_pooling.pool_aliases", "out = [nn.AdaptiveMaxPool1d is nn.AdaptiveMaxPool1D, nn.AdaptiveMaxPool2d is nn.AdaptiveMaxPool2D, nn.AdaptiveMaxPool3d is nn.AdaptiveMaxPool3D, nn.LPPool1d is nn.LPPool1D, nn.LPPool2d is nn.LPPool2D]"),
]

NORM = [
    ("norm.group_norm", "x = P(2, 6, 3, 2); w = P(6, seed=1); b = P(6, seed=2); out = [F.group_norm(x, 3, weight=w, bias=b), F.group_norm(x, 2, 1e-3)]; wrt = [x, w, b]"),
    ("norm.group_norm_weight_or_bias_only", "x = P(2, 4, 3); w = P(4, seed=1); b = P(4, seed=2); out = [F.group_norm(x, 2, weight=w, data_format='NCL'), F.group_norm(x, 2, bias=b, data_format='NCL')]; wrt = [x, w]"),
    ("norm.group_norm_torch_order", "x = P(2, 4, 3); w = P(4, seed=1); b = P(4, seed=2); out = [F.group_norm(x, 2, w, b, 1e-3), F.group_norm(x, 2, w, b)]; wrt = [x, w, b]"),
    ("norm.group_norm_nhwc", "x = P(2, 3, 4, 6); out = F.group_norm(x, 2, data_format='NHWC'); wrt = [x]"),
    ("norm.group_norm_ncl", "x = P(2, 4, 5); out = F.group_norm(x, 4, data_format='NCL'); wrt = [x]"),
    ("norm.group_norm_err_groups", "out = F.group_norm(P(2, 6, 3), 4, data_format='NCL')"),
    ("norm.group_norm_err_format", "out = F.group_norm(P(2, 6, 3), 2, data_format='NWC')"),
    ("norm.instance_norm", "x = P(2, 3, 4, 5); w = P(3, seed=1); b = P(3, seed=2); out = [F.instance_norm(x, weight=w, bias=b), F.instance_norm(x, eps=1e-2)]; wrt = [x, w, b]"),
    ("norm.instance_norm_3d_1d", "out = [F.instance_norm(P(2, 3, 2, 3, 2)), F.instance_norm(P(2, 3, 6)), F.instance_norm(P(2, 3))]"),
    ("norm.local_response_norm", "x = P(2, 6, 3, 3); out = [F.local_response_norm(x, 3), F.local_response_norm(x, 4, alpha=0.1, beta=0.5, k=2.0)]; wrt = [x]"),
    ("norm.local_response_norm_nhwc_3d_5d", "out = [F.local_response_norm(P(2, 3, 3, 5), 3, data_format='NHWC'), F.local_response_norm(P(2, 5, 4), 2, alpha=0.5), F.local_response_norm(P(1, 4, 2, 2, 2), 3, alpha=0.3, data_format='NCDHW'), F.local_response_norm(P(1, 4, 2, 5), 2, alpha=0.5, data_format='NLC')]"),
    ("norm.local_response_norm_err_dim", "out = F.local_response_norm(P(2, 3), 3)"),
    ("norm.local_response_norm_err_format", "out = F.local_response_norm(P(2, 3, 3), 3, data_format='NCWH')"),
    # layers
    ("layer_norm.init_group_norm", "m = nn.GroupNorm(2, 4); out = [m.weight, m.bias, [p.name for p in m.parameters()]]"),
    ("layer_norm.group_norm_fwd", "SEED(44); m = nn.GroupNorm(2, 4, weight_attr=nn.initializer.Uniform(0.5, 1.5)); x = P(2, 4, 3, 3); out = m(x); wrt = [x, m.bias]"),
    ("layer_norm.group_norm_affine_false", "m = nn.GroupNorm(2, 4, affine=False); out = [m.weight is None, m.bias is None, m(P(1, 4, 2))]"),
    ("layer_norm.instance_norm_layers", "a = nn.InstanceNorm1D(3); b = nn.InstanceNorm2D(3, weight_attr=False, bias_attr=False); c = nn.InstanceNorm3D(3); x = P(2, 3, 4, 4); out = [a(P(2, 3, 5)), b(x), c(P(1, 3, 2, 2, 3)), [n for n, _ in a.named_parameters()], b.scale is None]; wrt = [x]"),
    ("layer_norm.instance_norm_err_dim", "out = nn.InstanceNorm2D(3)(P(2, 3, 4))"),
    ("layer_norm.instance_norm_err_attr", "out = nn.InstanceNorm2D(3, weight_attr=False)"),
    ("layer_norm.lrn_layer", "m = nn.LocalResponseNorm(3, alpha=0.2); x = P(1, 4, 2, 2); out = [m(x), str(m), str(nn.LocalResponseNorm(2, data_format='NHWC', name='lrn'))]; wrt = [x]"),
    ("layer_norm.batch_norm3d", "bn = nn.BatchNorm3D(2); x = P(2, 2, 2, 3, 2); out = [bn(x), bn._mean, bn._variance]; wrt = [x, bn.weight]"),
    ("layer_norm.batch_norm3d_err", "out = nn.BatchNorm3D(2)(P(2, 2, 3, 3))"),
    ("layer_norm.init_spectral_norm", "SEED(41); m = nn.SpectralNorm([3, 4], dim=1, power_iters=2); out = [m.weight_u, m.weight_v, m.weight_u.stop_gradient]"),
    ("layer_norm.spectral_norm_fwd", "SEED(42); m = nn.SpectralNorm([2, 3, 4], dim=0, power_iters=3); w = P(2, 3, 4); out = [m(w), m.weight_u]; wrt = [w]"),
    ("layer_norm.spectral_norm_dim1", "SEED(43); m = nn.SpectralNorm([2, 3, 2], dim=1, power_iters=1, eps=1e-6); w = P(2, 3, 2); out = m(w); wrt = [w]"),
    ("layer_norm.spectral_norm_err_dim", "out = nn.SpectralNorm([2, 3], dim=2)"),
    ("layer_norm.norm_reprs", "out = [str(nn.GroupNorm(2, 4)), str(nn.InstanceNorm1D(3)), str(nn.InstanceNorm3D(2, epsilon=1e-3)), str(nn.BatchNorm3D(2)), str(nn.SyncBatchNorm(3)), str(nn.SpectralNorm([2, 2]))]"),
    ("layer_norm.sync_batch_norm_convert", "m = nn.Sequential(nn.Conv2D(2, 2, 1), nn.BatchNorm2D(2), nn.Sequential(nn.BatchNorm1D(2))); s = nn.SyncBatchNorm.convert_sync_batchnorm(m); out = [type(s[1]).__name__, type(s[2][0]).__name__, s[1].weight is m[1].weight, s[1]._mean is m[1]._mean, list(s.state_dict().keys())]"),
]
COMMON = [
    ("common.pad_modes_nchw", "x = P(1, 2, 3, 4); out = [F.pad(x, [1, 2, 0, 1], mode=m) for m in ('constant', 'reflect', 'replicate', 'circular')]; wrt = [x]"),
    ("common.pad_ncdhw_ndhwc", "x = P(1, 2, 2, 3, 3); out = [F.pad(x, [1, 0, 0, 1, 1, 1], mode='reflect'), F.pad(x, [1, 1, 0, 1, 0, 1], mode='replicate', data_format='NDHWC'), F.pad(x, [1, 0, 1, 0, 1, 0], value=2.0)]; wrt = [x]"),
    ("common.pad_nlc_circular", "x = P(2, 5, 3); out = F.pad(x, [2, 1], mode='circular', data_format='NLC'); wrt = [x]"),
    ("common.pad_all_axes_4d", "x = P(1, 2, 3, 2); out = [F.pad(x, [0, 1, 1, 0, 2, 0, 0, 1]), F.pad(x, [0, 1, 1, 0, 2, 0, 0, 1], pad_from_left_axis=False), F.pad(x, [1, 1, 0, 2, 1, 0])]; wrt = [x]"),
    ("common.zeropad2d", "x = P(1, 2, 3, 3); out = [F.zeropad2d(x, [1, 0, 2, 1]), F.zeropad2d(P(1, 3, 3, 2), [0, 1, 1, 0], data_format='NHWC')]; wrt = [x]"),
    ("common.pad_err_mode", "out = F.pad(P(1, 2, 3), [1, 1], mode='wrap')"),
    ("common.pad_err_format", "out = F.pad(P(1, 2, 3, 3), [1, 1, 1, 1], mode='reflect', data_format='NCL')"),
    ("common.unfold", "x = P(2, 3, 5, 4); out = [F.unfold(x, 2), F.unfold(x, [2, 3], strides=2, paddings=1, dilations=[1, 2]), F.unfold(x, 3, paddings=[1, 0, 2, 1])]; wrt = [x]"),
    ("common.unfold_err_dim", "out = F.unfold(P(2, 3, 5), 2)"),
    ("common.unfold_err_paddings", "out = F.unfold(P(2, 3, 5, 5), 2, paddings=[1, 2, 3])"),
    ("common.fold", "x = P(2, 12, 9); out = [F.fold(x, [4, 4], 2), F.fold(P(1, 4, 12, seed=2), [5, 6], [2, 2], strides=[2, 2], paddings=[1, 1])]; wrt = [x]"),
    ("common.fold_four_paddings_dilation", "x = P(1, 4, 8); out = F.fold(x, [3, 4], 2, paddings=[1, 0, 1, 0], dilations=[1, 2]); wrt = [x]"),
    ("common.fold_err_inconsistent", "out = F.fold(P(1, 4, 8), [3, 4], 2, paddings=[1, 0, 0, 1], dilations=[1, 2])"),
    ("common.fold_err_blocks", "out = F.fold(P(1, 4, 6), [3, 4], 2, paddings=[1, 0, 0, 1], dilations=[1, 2])"),
    ("common.bilinear", "x1 = P(3, 4); x2 = P(3, 5, seed=1); w = P(2, 4, 5, seed=2); b = P(1, 2, seed=3); out = [F.bilinear(x1, x2, w, b), F.bilinear(x1, x2, w)]; wrt = [x1, x2, w, b]"),
    ("common.alpha_dropout", "SEED(51); x = P(3, 4); out = [F.alpha_dropout(x, 0.3), F.alpha_dropout(x, 0.3, training=False), F.alpha_dropout(x, 1.0)]; wrt = [x]"),
    ("common.feature_alpha_dropout", "SEED(52); x = P(2, 3, 2, 2); out = F.feature_alpha_dropout(x, 0.4); wrt = [x]"),
    ("common.alpha_dropout_err", "out = F.alpha_dropout(P(2, 2), 1.5)"),
    ("common.alpha_dropout_err_type", "out = F.alpha_dropout(P(2, 2), '0.5')"),
    ("common.feature_alpha_dropout_err_dim", "out = F.feature_alpha_dropout(P(4), 0.5)"),
    ("common.dropout2d_3d", "SEED(53); x = P(2, 3, 2, 2); y = P(2, 2, 2, 2, 2, seed=1); out = [F.dropout2d(x, 0.5), F.dropout3d(y, 0.5), F.dropout2d(P(2, 2, 2, 3, seed=2), 0.5, data_format='NHWC'), F.dropout2d(x, 0.5, training=False)]; wrt = [x]"),
    ("common.dropout1d", "SEED(54); x = P(2, 4, 3); out = [F.dropout1d(x, 0.5), F.dropout1d(P(4, 3, seed=1), 0.5)]; wrt = [x]"),
    ("common.dropout2d_err", "out = F.dropout2d(P(2, 3, 4), 0.5)"),
    ("common.dropout3d_err_format", "out = F.dropout3d(P(1, 2, 2, 2, 2), 0.5, data_format='NCHW')"),
    ("common.dropout1d_err", "out = F.dropout1d(P(2, 3, 4, 5), 0.5)"),
    ("common.interp_align_mode1", "x = P(1, 2, 3, 4); out = [F.interpolate(x, size=[5, 7], mode='bilinear', align_mode=1), F.interpolate(x, scale_factor=2, mode='bilinear', align_mode=1), F.interpolate(x, scale_factor=[0.5, 1.5], mode='bilinear', align_mode=1)]; wrt = [x]"),
    ("common.interp_align_mode1_linear_trilinear", "out = [F.interpolate(P(1, 2, 5), size=[8], mode='linear', align_mode=1, data_format='NCW'), F.interpolate(P(1, 1, 2, 3, 3), size=[3, 4, 5], mode='trilinear', align_mode=1)]"),
    ("common.interp_antialias", "x = P(1, 2, 6, 8); out = [F.interpolate(x, size=[3, 5], mode='bilinear', antialias=True), F.interpolate(x, size=[4, 3], mode='bicubic', antialias=True)]; wrt = [x]"),
    ("common.interp_antialias_err", "out = F.interpolate(P(1, 1, 4, 4), size=[2, 2], mode='nearest', antialias=True)"),
    ("common.embedding_max_norm", "w = T(A(5, 3, lo=-2, hi=2)); out = [F.embedding(I([[0, 2], [2, 4]]), w, max_norm=1.0), w]"),
    ("common.embedding_max_norm_p1", "w = T(A(5, 3, lo=-2, hi=2)); out = [F.embedding(I([1, 3]), w, max_norm=1.5, norm_type=1.0), w]"),
    ("common.embedding_scale_grad_by_freq", "w = P(4, 3); out = F.embedding(I([[0, 2, 2], [1, 2, 3]]), w, scale_grad_by_freq=True); wrt = [w]"),
    ("common.embedding_layer_freq", "SEED(55); e = nn.Embedding(4, 2, scale_grad_by_freq=True, max_norm=0.5); out = e(I([1, 1, 3])); wrt = [e.weight]"),
    # layers
    ("layer_common.pad_layers", "x = P(1, 2, 3, 4); y = P(1, 2, 3); z = P(1, 1, 2, 3, 3); out = [nn.ZeroPad2D([1, 0, 2, 1])(x), nn.ConstantPad2D(1, 2.5)(x), nn.ReflectionPad2D([1, 2, 1, 0])(x), nn.ReplicationPad2D(2)(x), nn.CircularPad2D([1, 1, 0, 2])(x), nn.ZeroPad1D(2)(y), nn.ConstantPad1D([1, 0], -1.0)(y), nn.ReflectionPad1D([2, 1])(y), nn.ReplicationPad1D(1)(y), nn.CircularPad1D([0, 2])(y), nn.Pad3D(1)(z), nn.ZeroPad3D([1, 0, 0, 1, 1, 0])(z), nn.ConstantPad3D(1, 0.5)(z), nn.ReflectionPad3D(1)(z), nn.ReplicationPad3D([0, 1, 1, 0, 1, 1])(z), nn.CircularPad3D(1)(z), nn.Pad3D([1, 0, 1, 0, 0, 1], mode='reflect', data_format='NDHWC')(P(1, 2, 3, 3, 2))]; wrt = [x]"),
    ("layer_common.pad_reprs", "out = [str(nn.ZeroPad2D([1, 2, 3, 4])), str(nn.Pad3D(1)), str(nn.ConstantPad1D((1, 2), 3.0)), str(nn.ReflectionPad3D(2, data_format='NDHWC')), str(nn.CircularPad1D(1, name='c')), str(nn.ReplicationPad2D(1))]"),
    ("layer_common.pad_aliases", "out = [nn.ZeroPad2d is nn.ZeroPad2D, nn.ConstantPad3d is nn.ConstantPad3D, nn.ReflectionPad1d is nn.ReflectionPad1D, nn.ReplicationPad2d is nn.ReplicationPad2D, nn.CircularPad3d is nn.CircularPad3D, nn.ZeroPad1d is nn.ZeroPad1D, nn.UpsamplingNearest2d is nn.UpsamplingNearest2D, nn.UpsamplingBilinear2d is nn.UpsamplingBilinear2D, nn.AdaptiveAvgPool2d is nn.AdaptiveAvgPool2D, nn.MaxUnpool2d is nn.MaxUnPool2D, nn.Module is nn.Layer, nn.ModuleList is nn.LayerList, nn.ModuleDict is nn.LayerDict]"),
    ("layer_container.parameter_dict", "SEED(59); d = nn.ParameterDict({'a': paddle.create_parameter([2], 'float32'), 'b': paddle.create_parameter([1, 2], 'float32')}); d.update([('c', paddle.create_parameter([3], 'float32', is_bias=True))]); d['a'] = paddle.create_parameter([2], 'float32'); m = nn.Layer(); m.p = d; out = [list(d), len(d), d['c'], list(m.state_dict().keys()), [p.shape for p in m.parameters()]]"),
    ("layer_container.parameter_dict_err", "out = nn.ParameterDict([('a', paddle.create_parameter([2], 'float32'), 1)])"),
    ("layer_common.init_bilinear", "SEED(56); m = nn.Bilinear(3, 4, 2); out = [m.weight, m.bias, str(m)]"),
    ("layer_common.bilinear_fwd", "SEED(57); m = nn.Bilinear(3, 2, 4); x1 = P(2, 3); x2 = P(2, 2, seed=1); out = m(x1, x2); wrt = [x1, x2, m.weight, m.bias]"),
    ("layer_common.unflatten", "m = nn.Unflatten(1, [2, 3]); x = P(2, 6, 2); out = [m(x), nn.Unflatten(-1, (2, 1))(x), str(m)]; wrt = [x]"),
    ("layer_common.upsampling", "x = P(1, 2, 2, 3); out = [nn.UpsamplingNearest2D(scale_factor=2)(x), nn.UpsamplingBilinear2D(size=[3, 5])(x), nn.UpsamplingBilinear2D(4)(x), str(nn.UpsamplingNearest2D(size=3)), str(nn.UpsamplingBilinear2D(scale_factor=2, data_format='NHWC'))]; wrt = [x]"),
    ("layer_common.fold_unfold", "x = P(1, 2, 4, 4); u = nn.Unfold([2, 2], strides=2); f = nn.Fold([4, 4], [2, 2], strides=2); out = [f(u(x)), str(u), str(f)]; wrt = [x]"),
    ("layer_common.dropout_layers", "SEED(58); x = P(2, 3, 2, 2); a = nn.AlphaDropout(0.2); fa = nn.FeatureAlphaDropout(0.3); d2 = nn.Dropout2D(0.5); d3 = nn.Dropout3D(0.5); out = [a(x), fa(x), d2(x), d3(P(1, 2, 2, 2, 2)), str(a), str(fa), str(d2), str(d3)]; a.eval(); out.append(a(x))"),
]
VISION = [
    ("vision.pixel_shuffle", "x = P(2, 8, 2, 3); out = [F.pixel_shuffle(x, 2), F.pixel_shuffle(P(1, 2, 3, 9), 3, data_format='NHWC')]; wrt = [x]"),
    ("vision.pixel_unshuffle", "x = P(2, 2, 4, 6); out = [F.pixel_unshuffle(x, 2), F.pixel_unshuffle(P(1, 4, 6, 1), 2, data_format='NHWC')]; wrt = [x]"),
    ("vision.channel_shuffle", "x = P(2, 6, 2, 2); out = [F.channel_shuffle(x, 3), F.channel_shuffle(P(1, 2, 2, 4), 2, data_format='NHWC')]; wrt = [x]"),
    ("vision.pixel_shuffle_err", "out = F.pixel_shuffle(P(1, 3, 2, 2), 2)"),
    ("vision.pixel_shuffle_err_type", "out = F.pixel_shuffle(P(1, 4, 2, 2), 2.0)"),
    ("vision.pixel_shuffle_err_format", "out = F.pixel_shuffle(P(1, 4, 2, 2), 2, data_format='NCL')"),
    ("vision.pixel_unshuffle_errs", "out = F.pixel_unshuffle(P(1, 4, 2), 2)"),
    ("vision.pixel_unshuffle_err_factor", "out = F.pixel_unshuffle(P(1, 4, 2, 2), 0)"),
    ("vision.channel_shuffle_err", "out = F.channel_shuffle(P(1, 4, 2, 2), 3)"),
    ("vision.channel_shuffle_err_groups", "out = F.channel_shuffle(P(1, 4, 2, 2), -1)"),
    ("vision.affine_grid", "theta = P(2, 2, 3); out = [F.affine_grid(theta, [2, 1, 3, 4]), F.affine_grid(theta, [2, 3, 2, 5], align_corners=False)]; wrt = [theta]"),
    ("vision.affine_grid_3d", "theta = P(1, 3, 4); out = F.affine_grid(theta, [1, 1, 2, 3, 2]); wrt = [theta]"),
    ("vision.affine_grid_err", "out = F.affine_grid(np.ones([1, 2, 3], 'float32'), [1, 1, 2, 2])"),
    ("vision.grid_sample", "x = P(1, 2, 4, 5); g = P(1, 3, 2, 2, seed=1, lo=-1.2, hi=1.2); out = [F.grid_sample(x, g), F.grid_sample(x, g, align_corners=False), F.grid_sample(x, g, padding_mode='border'), F.grid_sample(x, g, padding_mode='reflection', align_corners=False), F.grid_sample(x, g, mode='nearest')]; wrt = [x, g]"),
    ("vision.grid_sample_3d", "x = P(1, 1, 3, 3, 4); g = P(1, 2, 2, 2, 3, seed=1); out = F.grid_sample(x, g); wrt = [x, g]"),
    ("vision.grid_sample_err_mode", "out = F.grid_sample(P(1, 1, 3, 3), P(1, 2, 2, 2), mode='bicubic')"),
    ("vision.grid_sample_err_pad", "out = F.grid_sample(P(1, 1, 3, 3), P(1, 2, 2, 2), padding_mode='const')"),
    ("extension.temporal_shift", "x = P(6, 4, 2, 2); out = [F.temporal_shift(x, 3), F.temporal_shift(x, 2, shift_ratio=0.4), F.temporal_shift(P(4, 2, 2, 8), 2, 0.25, data_format='NHWC')]; wrt = [x]"),
    ("extension.temporal_shift_err", "out = F.temporal_shift(P(6, 4, 2, 2), 3, data_format='NCL')"),
    ("extension.temporal_shift_err_ratio", "out = F.temporal_shift(P(6, 4, 2, 2), 3, shift_ratio=0.5)"),
    # layers
    ("layer_vision.vision_layers", "x = P(1, 8, 2, 2); out = [nn.PixelShuffle(2)(x), nn.PixelUnshuffle(2)(P(1, 2, 4, 4)), nn.ChannelShuffle(4)(x), str(nn.PixelShuffle(2)), str(nn.PixelUnshuffle(3, data_format='NHWC')), str(nn.ChannelShuffle(2, name='cs'))]; wrt = [x]"),
    ("layer_vision.vision_layer_errs", "out = nn.ChannelShuffle(0)"),
    ("layer_vision.vision_layer_errs_format", "out = nn.PixelShuffle(2, data_format='NCDHW')"),
]


def cases():
    return CONV + POOL + NORM + COMMON + VISION


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    only = sys.argv[1:]
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_conv.json")
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    if only and os.path.exists(path):
        with open(path) as f:
            goldens = json.load(f)
    for name, code in cases():
        if only and not any(name.startswith(o) for o in only):
            continue
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    names = {n for n, _ in cases()}
    goldens["cases"] = {k: v for k, v in goldens["cases"].items() if k in names}
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(f"wrote {len(goldens['cases'])} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
