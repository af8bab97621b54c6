"""Record paddle.vision.ops goldens from real Paddle 3.3.1.

Run with the oracle interpreter from the repository root:
    PADDLE_PY conformance/record/record_vision_ops.py
It rewrites conformance/goldens/vision_ops.json (and vision_ops_static.json, the STATIC_CASES
recorded in Paddle's legacy static graph; `--static-only` records just those). Each case is Python code run with `paddle`, `np`,
`ops` (paddle.vision.ops) and the HELPERS below in scope; it sets `out` (a Tensor, a list of
them, or plain data) and optionally `wrt` (tensors whose gradients of sum(out[0] * G) are
recorded, G a fixed random array). An exception is recorded as its class and message.
tests/test_vision_ops.py replays the same code under paddle_compat.
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GOLDEN = os.path.join(ROOT, "conformance", "goldens", "vision_ops.json")

HELPERS = """
def A(*shape, dtype='float32', lo=-1.0, hi=1.0, seed=0):
    return np.random.RandomState(seed).uniform(lo, hi, shape).astype(dtype)
def T(arr, stop_gradient=True):
    t = paddle.to_tensor(arr)
    t.stop_gradient = stop_gradient
    return t
def P(*shape, seed=0, lo=-1.0, hi=1.0, dtype='float32'):
    return T(A(*shape, seed=seed, lo=lo, hi=hi, dtype=dtype), False)
def BOXES(n, size=32.0, seed=1, minwh=1.0, maxwh=16.0):
    rs = np.random.RandomState(seed)
    xy = rs.uniform(0, size - maxwh, (n, 2))
    wh = rs.uniform(minwh, maxwh, (n, 2))
    return np.concatenate([xy, xy + wh], 1).astype('float32')
def I(values, dtype='int32'):
    return paddle.to_tensor(np.array(values, dtype=dtype))
"""

CASES = [
    # ---- nms ----
    ("nms_plain", "out = ops.nms(T(BOXES(40)), 0.3)"),
    ("nms_plain_low_threshold", "out = ops.nms(T(BOXES(40, seed=3)), 0.05)"),
    ("nms_scores", "out = ops.nms(T(BOXES(40)), 0.4, scores=T(A(40, seed=2, lo=0, hi=1)))"),
    ("nms_categories", "b = T(BOXES(40)); s = T(A(40, seed=2, lo=0, hi=1)); "
     "c = T(np.random.RandomState(4).randint(0, 3, 40).astype('int64')); "
     "out = ops.nms(b, 0.3, scores=s, category_idxs=c, categories=[0, 1, 2])"),
    ("nms_categories_subset_topk", "b = T(BOXES(40)); s = T(A(40, seed=2, lo=0, hi=1)); "
     "c = T(np.random.RandomState(4).randint(0, 3, 40).astype('int64')); "
     "out = ops.nms(b, 0.3, scores=s, category_idxs=c, categories=[0, 2], top_k=7)"),
    ("nms_touching_boxes", "out = ops.nms(T(np.array([[0, 0, 2, 2], [2, 0, 4, 2], [0, 0, 2, 2], "
     "[1, 1, 3, 3]], 'float32')), 0.1)"),
    ("nms_topk_too_big", "b = T(BOXES(5)); s = T(A(5, lo=0, hi=1)); c = T(np.zeros(5, 'int64'));"
     " out = ops.nms(b, 0.3, scores=s, category_idxs=c, categories=[0], top_k=6)"),
    ("nms_no_categories_list", "b = T(BOXES(5)); s = T(A(5, lo=0, hi=1)); "
     "c = T(np.zeros(5, 'int64')); out = ops.nms(b, 0.3, scores=s, category_idxs=c)"),
    # ---- roi_align ----
    ("roi_align_aligned", "x = P(2, 3, 16, 16); b = T(BOXES(5, size=30.0, seed=5)); "
     "out = ops.roi_align(x, b, I([2, 3]), 4, spatial_scale=0.5); wrt = [x]"),
    ("roi_align_not_aligned_ratio2", "x = P(2, 3, 16, 16, seed=1); b = T(BOXES(4, size=16.0)); "
     "out = ops.roi_align(x, b, I([1, 3]), (3, 2), sampling_ratio=2, aligned=False); wrt = [x]"),
    ("roi_align_outside", "x = P(1, 2, 8, 8, seed=2); "
     "b = T(np.array([[-4, -4, 3, 3], [5, 5, 12, 14], [2, 1, 2.5, 1.5], [-10, -10, -3, -3]], "
     "'float32')); out = ops.roi_align(x, b, I([4]), 2); wrt = [x]"),
    ("roi_align_int64_num", "x = P(2, 2, 8, 8, seed=3); b = T(BOXES(3, size=8.0, maxwh=5.0)); "
     "out = ops.roi_align(x, b, I([1, 2], 'int64'), 2, sampling_ratio=3)"),
    ("roi_align_layer", "x = P(1, 2, 8, 8, seed=3); b = T(BOXES(2, size=8.0, maxwh=5.0)); "
     "out = ops.RoIAlign((2, 3), spatial_scale=1.0)(x, b, I([2]), aligned=False)"),
    ("roi_align_bad_output_size", "out = ops.roi_align(P(1, 1, 4, 4), T(BOXES(1, size=4.0, "
     "maxwh=2.0)), I([1]), [2, 2])"),
    # ---- roi_pool ----
    ("roi_pool_basic", "x = P(2, 3, 16, 16); b = T(BOXES(5, size=30.0, seed=5)); "
     "out = ops.roi_pool(x, b, I([2, 3]), 3, spatial_scale=0.5); wrt = [x]"),
    ("roi_pool_rect", "x = P(1, 2, 10, 12, seed=4); b = T(np.array([[0, 0, 11, 9], [3.5, 2.5, 6.4,"
     " 8.6], [9, 8, 20, 20], [-5, -5, -1, -1]], 'float32')); "
     "out = ops.roi_pool(x, b, I([4]), (4, 3)); wrt = [x]"),
    ("roi_pool_layer", "x = P(1, 2, 8, 8, seed=3); b = T(BOXES(2, size=8.0, maxwh=5.0)); "
     "out = ops.RoIPool(2, 1.0)(x, b, I([2]))"),
    # ---- psroi_pool ----
    ("psroi_pool_basic", "x = P(2, 8, 12, 12); b = T(BOXES(5, size=22.0, seed=5)); "
     "out = ops.psroi_pool(x, b, I([2, 3]), 2, spatial_scale=0.5); wrt = [x]"),
    ("psroi_pool_rect", "x = P(1, 12, 9, 9, seed=2); b = T(np.array([[0, 0, 8, 8], [2.5, 3.5, 4.4,"
     " 4.6], [7, 7, 15, 15]], 'float32')); out = ops.psroi_pool(x, b, I([3]), (2, 3)); "
     "wrt = [x]"),
    ("psroi_pool_layer", "x = P(1, 8, 6, 6, seed=3); b = T(BOXES(2, size=6.0, maxwh=4.0)); "
     "out = ops.PSRoIPool(2)(x, b, I([2]))"),
    ("psroi_pool_zero_size", "out = ops.psroi_pool(P(1, 4, 4, 4), T(BOXES(1, size=4.0, "
     "maxwh=2.0)), I([1]), (0, 2))"),
    # ---- box_coder ----
    ("box_coder_encode_list", "p = T(BOXES(6, size=1.0, maxwh=0.4, minwh=0.1)); "
     "t = T(BOXES(4, size=1.0, seed=2, maxwh=0.4, minwh=0.1)); "
     "out = ops.box_coder(p, [0.1, 0.1, 0.2, 0.2], t, 'encode_center_size')"),
    ("box_coder_encode_tensor_unnormalized", "p = T(BOXES(6)); t = P(4, 4, seed=3, lo=0, hi=5);"
     " t = T(BOXES(4, seed=2)); v = T(A(6, 4, lo=0.1, hi=0.3)); "
     "out = ops.box_coder(p, v, t, 'encode_center_size', box_normalized=False)"),
    ("box_coder_decode_axis0", "p = T(BOXES(6)); v = T(A(6, 4, lo=0.1, hi=0.3)); "
     "t = P(3, 6, 4, seed=5); out = ops.box_coder(p, v, t, 'decode_center_size'); wrt = [t]"),
    ("box_coder_decode_axis1_list", "p = T(BOXES(3)); t = P(3, 6, 4, seed=5); "
     "out = ops.box_coder(p, [0.1, 0.1, 0.2, 0.2], t, 'decode_center_size', "
     "box_normalized=False, axis=1); wrt = [t]"),
    ("box_coder_decode_novar_grad_prior", "p = P(6, 4, seed=1, lo=0, hi=1); t = P(2, 6, 4, "
     "seed=5); out = ops.box_coder(p, [1.0, 1.0, 1.0, 1.0], t, 'decode_center_size'); "
     "wrt = [t, p]"),
    ("box_coder_bad_var", "out = ops.box_coder(T(BOXES(2)), 0.1, T(BOXES(2)))"),
    # ---- prior_box ----
    ("prior_box_basic", "out = ops.prior_box(P(1, 3, 4, 5), P(1, 3, 32, 40), min_sizes=[8.0], "
     "aspect_ratios=[1.0, 2.0], flip=True)"),
    ("prior_box_max_clip_steps", "out = ops.prior_box(P(2, 3, 3, 3), P(2, 3, 30, 30), "
     "min_sizes=[10.0, 20.0], max_sizes=[20.0, 40.0], aspect_ratios=[2.0, 3.0, 1.0], flip=True, "
     "clip=True, steps=[8.0, 12.0], offset=0.3, variance=[0.1, 0.2, 0.3, 0.4])"),
    ("prior_box_minmax_order", "out = ops.prior_box(P(1, 3, 2, 3), P(1, 3, 20, 30), "
     "min_sizes=7.0, max_sizes=[13.0], aspect_ratios=2.0, flip=False, "
     "min_max_aspect_ratios_order=True)"),
    ("prior_box_bad_steps", "out = ops.prior_box(P(1, 3, 2, 3), P(1, 3, 20, 30), min_sizes=[4.0],"
     " steps=[1.0, 2.0, 3.0])"),
    # ---- yolo_box ----
    ("yolo_box_basic", "x = P(2, 2 * 8, 4, 5, lo=-3, hi=3); s = I([[64, 80], [40, 48]]); "
     "out = ops.yolo_box(x, s, [10, 13, 16, 30], 3, 0.3, 16)"),
    ("yolo_box_noclip_scale", "x = P(1, 3 * 7, 3, 3, seed=2, lo=-3, hi=3); s = I([[96, 96]]); "
     "out = ops.yolo_box(x, s, [10, 13, 16, 30, 33, 23], 2, 0.01, 32, clip_bbox=False, "
     "scale_x_y=1.2)"),
    ("yolo_box_iou_aware", "x = P(1, 2 * 9, 3, 4, seed=4, lo=-3, hi=3); s = I([[60, 70]]); "
     "out = ops.yolo_box(x, s, [10, 13, 16, 30], 3, 0.2, 8, iou_aware=True, "
     "iou_aware_factor=0.4)"),
    ("yolo_box_bad_channels", "out = ops.yolo_box(T(A(1, 14, 2, 2)), I([[32, 32]]), [10, 13], 2,"
     " 0.01, 16)"),
    ("yolo_box_iou_aware_bad_channels", "out = ops.yolo_box(T(A(1, 7, 2, 2)), I([[32, 32]]), "
     "[10, 13], 2, 0.01, 16, iou_aware=True)"),
    ("psroi_pool_one_output_channel", "out = ops.psroi_pool(T(A(1, 4, 8, 8)), T(BOXES(2, "
     "size=8.0)), I([2]), 2)"),
    # ---- deform_conv2d ----
    ("deform_conv_v1", "x = P(1, 4, 7, 7); off = P(1, 2 * 9, 5, 5, seed=1, lo=-2, hi=2); "
     "w = P(6, 4, 3, 3, seed=2); b = P(6, seed=3); "
     "out = ops.deform_conv2d(x, off, w, b); wrt = [x, off, w, b]"),
    ("deform_conv_v2_groups", "x = P(2, 4, 6, 6); off = P(2, 2 * 2 * 9, 3, 3, seed=1, lo=-1.5, "
     "hi=1.5); m = P(2, 2 * 9, 3, 3, seed=4, lo=0, hi=1); w = P(4, 2, 3, 3, seed=2); "
     "out = ops.deform_conv2d(x, off, w, None, stride=2, padding=1, deformable_groups=2, "
     "groups=2, mask=m); wrt = [x, off, m, w]"),
    ("deform_conv_dilation_integer_offsets", "x = P(1, 2, 8, 8); "
     "off = T(np.round(A(1, 2 * 4, 8, 8, seed=1, lo=-2, hi=2))); w = P(3, 2, 2, 2, seed=2); "
     "out = ops.deform_conv2d(x, off, w, dilation=2, padding=[1, 1]); wrt = [x, w]"),
    ("deform_conv_offset_shape_mismatch", "out = ops.deform_conv2d(P(1, 2, 8, 8), "
     "P(1, 8, 6, 6), P(3, 2, 2, 2), dilation=2, padding=1)"),
    ("deform_conv_layer_seeded", "paddle.seed(11); layer = ops.DeformConv2D(3, 4, 3, padding=1);"
     " x = P(1, 3, 5, 5); off = P(1, 18, 5, 5, seed=1, lo=-1, hi=1); "
     "out = [layer.weight, layer.bias, layer(x, off)]"),
    # ---- matrix_nms ----
    ("matrix_nms_linear", "b = T(np.stack([BOXES(12, seed=1), BOXES(12, seed=2)]) / 32.0); "
     "s = T(A(2, 3, 12, seed=3, lo=0, hi=1)); "
     "out = list(ops.matrix_nms(b, s, 0.2, 0.3, nms_top_k=8, keep_top_k=10, return_index=True))"),
    ("matrix_nms_gaussian_unnormalized", "b = T(BOXES(15, seed=4)[None]); "
     "s = T(A(1, 4, 15, seed=5, lo=0, hi=1)); out = list(ops.matrix_nms(b, s, 0.1, 0.05, "
     "nms_top_k=-1, keep_top_k=-1, use_gaussian=True, gaussian_sigma=2.0, background_label=-1, "
     "normalized=False, return_index=True))"),
    ("matrix_nms_none_kept", "b = T(BOXES(4)[None]); s = T(A(1, 2, 4, lo=0, hi=0.1)); "
     "out = list(ops.matrix_nms(b, s, 0.5, 0.1, 10, 10, return_index=True))"),
    # ---- distribute_fpn_proposals ----
    ("distribute_fpn", "r = T(np.concatenate([BOXES(7, size=400.0, maxwh=300.0, seed=1), "
     "BOXES(5, size=400.0, maxwh=120.0, seed=2)])); multi, restore, nums = "
     "ops.distribute_fpn_proposals(r, 2, 5, 4, 224, rois_num=I([7, 5])); "
     "out = multi + [restore] + nums"),
    ("distribute_fpn_pixel_offset", "r = T(np.concatenate([BOXES(6, size=200.0, maxwh=150.0, "
     "minwh=1.0, seed=3), np.array([[5, 5, 4, 4]], 'float32')])); multi, restore, nums = "
     "ops.distribute_fpn_proposals(r, 1, 3, 2, 56, pixel_offset=True, rois_num=I([7])); "
     "out = multi + [restore] + nums"),
    ("distribute_fpn_one_level", "out = ops.distribute_fpn_proposals(T(BOXES(2)), 2, 2, 2, 224,"
     " rois_num=I([2]))"),
    # ---- generate_proposals ----
    ("generate_proposals_basic", "A_, H_, W_ = 3, 4, 5; "
     "anc = np.concatenate([BOXES(H_ * W_ * A_, size=64.0, maxwh=30.0, seed=6)], 0)"
     ".reshape(H_, W_, A_, 4); var = np.full((H_, W_, A_, 4), 0.5, 'float32'); "
     "out = list(ops.generate_proposals(T(A(2, A_, H_, W_, seed=7, lo=0, hi=1)), "
     "T(A(2, 4 * A_, H_, W_, seed=8, lo=-0.5, hi=0.5)), T(np.array([[60, 64], [50, 40]], "
     "'float32')), T(anc), T(var), pre_nms_top_n=40, post_nms_top_n=12, nms_thresh=0.5, "
     "min_size=2.0, return_rois_num=True))"),
    ("generate_proposals_pixel_offset_eta", "A_, H_, W_ = 2, 5, 5; "
     "anc = BOXES(H_ * W_ * A_, size=80.0, maxwh=40.0, seed=9).reshape(H_, W_, A_, 4); "
     "var = np.ones((H_, W_, A_, 4), 'float32'); "
     "out = list(ops.generate_proposals(T(A(1, A_, H_, W_, seed=10, lo=0, hi=1)), "
     "T(A(1, 4 * A_, H_, W_, seed=11, lo=-1, hi=1)), T(np.array([[70, 75]], 'float32')), "
     "T(anc), T(var), pre_nms_top_n=-1, post_nms_top_n=-1, nms_thresh=0.7, min_size=1.0, "
     "eta=0.8, pixel_offset=True, return_rois_num=True))"),
    ("generate_proposals_nothing_left", "anc = np.array([[[[0, 0, 1, 1]]]], 'float32'); "
     "out = list(ops.generate_proposals(T(A(1, 1, 1, 1, lo=0, hi=1)), T(np.zeros((1, 4, 1, 1),"
     " 'float32')), T(np.array([[10, 10]], 'float32')), T(anc), T(np.ones((1, 1, 1, 4), "
     "'float32')), min_size=5.0, return_rois_num=True))"),
    ("generate_proposals_needs_rois_num", "out = ops.generate_proposals(T(A(1, 1, 1, 1)), "
     "T(A(1, 4, 1, 1)), T(np.array([[10, 10]], 'float32')), T(A(1, 1, 1, 4)), "
     "T(A(1, 1, 1, 4)))"),
    # ---- yolo_loss ----
    ("yolo_loss_basic", "x = P(2, 2 * 8, 5, 5, seed=12, lo=-2, hi=2); "
     "gb = np.random.RandomState(13).uniform(0.1, 0.6, (2, 4, 4)).astype('float32'); "
     "gb[1, 3, 2:] = 0; gl = I(np.random.RandomState(14).randint(0, 3, (2, 4))); "
     "out = ops.yolo_loss(x, T(gb), gl, [10, 13, 16, 30, 33, 23, 30, 61], [1, 2], 3, 0.5, 8); "
     "wrt = [x]"),
    ("yolo_loss_score_nosmooth_scale", "x = P(1, 3 * 6, 4, 4, seed=15, lo=-2, hi=2); "
     "gb = np.random.RandomState(16).uniform(0.05, 0.9, (1, 5, 4)).astype('float32'); "
     "gb[0, 4] = gb[0, 3]; gl = I(np.random.RandomState(17).randint(0, 1, (1, 5))); "
     "gs = T(A(1, 5, seed=18, lo=0.3, hi=1)); out = ops.yolo_loss(x, T(gb), gl, "
     "[4, 5, 8, 9, 16, 12, 20, 30], [0, 1, 3], 1, 0.3, 4, gt_score=gs, use_label_smooth=False, "
     "scale_x_y=1.1); wrt = [x]"),
    # ---- read_file ----
    ("read_file_bytes", "path = os.path.join(TMP, 'rf.bin'); open(path, 'wb').write(bytes(range(7)) * 3);"
     " out = ops.read_file(path)"),
]


# Static mode (Paddle's legacy static graph, FLAGS_enable_pir_api=0): each snippet builds a fresh
# Program with D(name, array) feeding static.data of the array's shape (batch dim None) and sets
# `out`; the recorder runs the startup and main programs with an Executor and records the fetched
# values and the built variables' shapes. Written to vision_ops_static.json; every case runs in
# its own oracle process (Paddle 3.3.1's psroi_pool kernel crashes the process in static mode).
STATIC_HELPERS = """
FEED = {}
def D(name, arr, batch=True):
    FEED[name] = arr
    shape = [None] + list(arr.shape[1:]) if batch else list(arr.shape)
    return paddle.static.data(name, shape, str(arr.dtype))
"""

STATIC_CASES = [
    ("static_roi_align", "x = D('x', A(2, 3, 8, 8)); b = D('b', BOXES(5, size=16.0, seed=5)); "
     "n = D('n', np.array([2, 3], 'int32')); "
     "out = ops.roi_align(x, b, n, 3, spatial_scale=0.5, sampling_ratio=2)"),
    ("static_roi_align_layer", "x = D('x', A(1, 2, 8, 8, seed=1)); b = D('b', BOXES(3, size=8.0)); "
     "n = D('n', np.array([3], 'int32')); out = ops.RoIAlign((2, 3))(x, b, n, aligned=False)"),
    ("static_roi_pool", "x = D('x', A(2, 3, 8, 8)); b = D('b', BOXES(4, size=8.0, seed=2)); "
     "n = D('n', np.array([1, 3], 'int32')); out = ops.roi_pool(x, b, n, 2)"),
    ("static_roi_pool_layer", "x = D('x', A(1, 2, 8, 8, seed=3)); b = D('b', BOXES(3, size=8.0)); "
     "n = D('n', np.array([3], 'int32')); out = ops.RoIPool(3, spatial_scale=0.5)(x, b, n)"),
    ("static_psroi_pool_one_channel", "x = D('x', A(1, 4, 8, 8)); b = D('b', BOXES(2, size=8.0)); "
     "n = D('n', np.array([2], 'int32')); out = ops.psroi_pool(x, b, n, 2)"),
    ("static_psroi_pool", "x = D('x', A(2, 8, 8, 8)); b = D('b', BOXES(3, size=8.0)); "
     "n = D('n', np.array([1, 2], 'int32')); out = ops.PSRoIPool(2, 0.5)(x, b, n)"),
    ("static_nms", "b = D('b', BOXES(20)); out = ops.nms(b, 0.3)"),
    ("static_nms_scores", "b = D('b', BOXES(20)); s = D('s', A(20, seed=2, lo=0, hi=1)); "
     "out = ops.nms(b, 0.4, scores=s)"),
    ("static_nms_topk_unknown_count", "b = D('b', BOXES(6)); s = D('s', A(6, lo=0, hi=1)); "
     "c = D('c', np.zeros(6, 'int64')); "
     "out = ops.nms(b, 0.3, scores=s, category_idxs=c, categories=[0], top_k=2)"),
    ("static_nms_categories", "b = D('b', BOXES(20)); s = D('s', A(20, seed=3, lo=0, hi=1)); "
     "c = D('c', np.random.RandomState(4).randint(0, 3, 20).astype('int64')); "
     "out = ops.nms(b, 0.3, scores=s, category_idxs=c, categories=[0, 2])"),
    ("static_yolo_box", "x = D('x', A(2, 14, 3, 3)); im = D('im', np.array([[64, 48], [32, 32]], "
     "'int32')); out = ops.yolo_box(x, im, [10, 13, 16, 30], 2, 0.3, 16, scale_x_y=1.1)"),
    ("static_deform_conv2d", "x = D('x', A(1, 4, 7, 7)); o = D('o', A(1, 18, 5, 5, seed=1, lo=-2, "
     "hi=2)); w = D('w', A(3, 4, 3, 3, seed=2), batch=False); "
     "bias = D('bias', A(3, seed=3), batch=False); "
     "out = ops.deform_conv2d(x, o, w, bias=bias)"),
    ("static_deform_conv2d_v2_layer", "paddle.seed(5)\nx = D('x', A(1, 4, 6, 6)); "
     "o = D('o', A(1, 18, 6, 6, seed=1)); m = D('m', A(1, 9, 6, 6, seed=2, lo=0, hi=1)); "
     "out = ops.DeformConv2D(4, 2, 3, padding=1)(x, o, m)"),
]


def run_static_case(code, env):
    """One static case: {'out', 'shapes'} or {'error'} (in the current process; `paddle` is
    env's, so the tests replay it under paddle_compat)."""
    paddle = env["paddle"]
    scope = dict(env)
    exec(HELPERS, scope)
    exec(STATIC_HELPERS, scope)
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            exec(code, scope)
        out = scope["out"]
        fetch = list(out) if isinstance(out, (list, tuple)) else [out]
        shapes = [list(v.shape) for v in fetch]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(start)
        vals = exe.run(main, feed=scope["FEED"], fetch_list=fetch)
        data = [{"dtype": str(a.dtype), "shape": list(a.shape), "value": a.tolist()}
                for a in vals]
        return {"out": data, "shapes": shapes}
    except Exception as e:  # recorded as Paddle's error
        return {"error": [type(e).__name__, str(e)]}
    finally:
        paddle.disable_static()


def to_data(v):
    import numpy as np
    import paddle
    if isinstance(v, paddle.Tensor):
        a = v.numpy()
        return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.tolist()}
    if isinstance(v, (list, tuple)):
        return [to_data(e) for e in v]
    if isinstance(v, np.generic):
        return v.item()
    return v


def run_case(code, env):
    import numpy as np
    import paddle
    scope = dict(env)
    exec(HELPERS, scope)
    try:
        exec(code, scope)
    except Exception as e:  # recorded as Paddle's error
        return {"error": [type(e).__name__, str(e)]}
    out = scope["out"]
    res = {"out": to_data(out)}
    if "wrt" in scope:
        first = out[0] if isinstance(out, (list, tuple)) else out
        g = np.random.RandomState(99).uniform(-1, 1, first.shape).astype("float32")
        (first * paddle.to_tensor(g)).sum().backward()
        res["grads"] = [to_data(t.grad) for t in scope["wrt"]]
    return res


STATIC_GOLDEN = os.path.join(ROOT, "conformance", "goldens", "vision_ops_static.json")


def _record_static():
    import subprocess
    env = dict(os.environ, FLAGS_enable_pir_api="0", GLOG_minloglevel="2")
    data = {}
    for name, code in STATIC_CASES:
        child = subprocess.run([sys.executable, __file__, "--static-case", name], env=env,
                               capture_output=True, text=True)
        if child.returncode < 0:       # killed by a signal: Paddle's kernel crashed the process
            data[name] = {"code": code, "crash": f"signal {-child.returncode}"}
        else:
            data[name] = {"code": code, **json.loads(child.stdout.split("\n@@JSON@@")[-1])}
        print(name, next(k for k in ("error", "crash", "out") if k in data[name]), file=sys.stderr)
    with open(STATIC_GOLDEN, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")


def _static_child(name):
    import warnings
    warnings.simplefilter("ignore")
    import numpy as np
    import paddle
    import paddle.vision.ops as ops
    code = dict(STATIC_CASES)[name]
    res = run_static_case(code, {"paddle": paddle, "np": np, "ops": ops})
    sys.stdout.write("\n@@JSON@@" + json.dumps(res))


def main():
    if "--static-case" in sys.argv:
        return _static_child(sys.argv[sys.argv.index("--static-case") + 1])
    _record_static()
    if "--static-only" in sys.argv:
        return
    import tempfile
    import numpy as np
    import paddle
    import paddle.vision.ops as ops
    tmp = tempfile.mkdtemp()
    env = {"paddle": paddle, "np": np, "ops": ops, "os": os, "TMP": tmp}
    data = {}
    for name, code in CASES:
        data[name] = {"code": code, **run_case(code, env)}
        print(name, "error" if "error" in data[name] else "ok", file=sys.stderr)
    with open(GOLDEN, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    print("wrote", GOLDEN, os.path.getsize(GOLDEN), file=sys.stderr)


if __name__ == "__main__":
    main()
