"""Record Paddle 3.3.1's CPU float32 results of kernels whose formula or order decides the last
bits (binary_cross_entropy_with_logits, softmax, cross_entropy, layer_norm, cumsum, ...), values
and gradients, as float.hex strings, for the tests of the modules that compute them.

    PADDLE_PY conformance/record/record_kernel_order.py

Cases have the form of record_matmul_order.py's (the same make_inputs / run_case): `call` is
evaluated with paddle, F, T (to_tensor), grads and the inputs a, b, c, d (numpy float32 normals)."""
import sys

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from record_matmul_order import record  # noqa: E402

LBL = "T((b > 0).astype('float32'))"
CASES = {
    "bce_logits_none": (400, [(37, 11), (37, 11)],
                        f"[F.binary_cross_entropy_with_logits(T(a * 3), {LBL}, reduction='none')]"),
    "bce_logits_mean": (401, [(64, 7), (64, 7)],
                        f"[F.binary_cross_entropy_with_logits(T(a * 3), {LBL})]"),
    "bce_logits_soft": (402, [(20, 9), (20, 9)],
                        "[F.binary_cross_entropy_with_logits(T(a * 5), T(abs(b) / 3), "
                        "reduction='sum')]"),
    "bce_logits_pos_weight": (403, [(37, 11), (37, 11), (11,)],
                              f"[F.binary_cross_entropy_with_logits(T(a * 3), {LBL}, "
                              "reduction='none', pos_weight=T(abs(c) + 0.5))]"),
    "bce_logits_grads": (404, [(37, 11), (37, 11), (37, 11)],
                         f"grads(lambda x: F.binary_cross_entropy_with_logits(x, {LBL}, "
                         "reduction='none'), [a * 3], c)"),
    "bce_logits_pos_weight_grads": (405, [(37, 11), (37, 11), (11,), (37, 11)],
                                    f"grads(lambda x: F.binary_cross_entropy_with_logits(x, {LBL},"
                                    " reduction='none', pos_weight=T(abs(c) + 0.5)), [a * 3], d)"),
    "bce_logits_layer": (406, [(16, 1), (16, 1)],
                         f"[paddle.nn.BCEWithLogitsLoss()(T(a * 2), {LBL})]"),
    "softmax": (410, [(37, 11)], "[F.softmax(T(a * 3))]"),
    "softmax_rows_of_100": (411, [(8, 100)], "[F.softmax(T(a * 3), axis=-1)]"),
    "softmax_3d": (412, [(3, 4, 5)], "[F.softmax(T(a * 3))]"),
    "softmax_small_rows": (413, [(16, 7)], "[paddle.nn.Softmax()(T(a * 3))]"),
    "softmax_grads": (414, [(37, 11), (37, 11)], "grads(lambda x: F.softmax(x), [a * 3], b)"),
    "softmax_grads_wide": (415, [(6, 40), (6, 40)], "grads(lambda x: F.softmax(x), [a * 3], b)"),
    "cross_entropy_none": (420, [(37, 11)], "[F.cross_entropy(T(a * 3), "
                           "T((abs(a[:, :1]) * 7).astype('int64') % 11), reduction='none')]"),
    "cross_entropy_mean": (421, [(64, 10)], "[F.cross_entropy(T(a * 3), "
                           "T((abs(a[:, :1]) * 7).astype('int64') % 10))]"),
    "cross_entropy_1d_label": (422, [(64, 10)], "[F.cross_entropy(T(a * 3), "
                               "T((abs(a[:, 0]) * 7).astype('int64') % 10), reduction='sum')]"),
    "cross_entropy_grads": (423, [(37, 11), (37, 1)],
                            "grads(lambda x: F.cross_entropy(x, T((abs(a[:, :1]) * 7)"
                            ".astype('int64') % 11), reduction='none'), [a * 3], b)"),
    "cross_entropy_mean_grads": (424, [(64, 10), (1,)],
                                 "grads(lambda x: F.cross_entropy(x, T((abs(a[:, :1]) * 7)"
                                 ".astype('int64') % 10)), [a * 3], b)"),
    "cross_entropy_ignore": (425, [(20, 6)], "grads(lambda x: F.cross_entropy(x, "
                             "T(((abs(a[:, :1]) * 7).astype('int64') % 7) - 1), ignore_index=-1),"
                             " [a * 3], a[:1, 0])"),
    "cross_entropy_weight": (426, [(30, 5), (5,)], "[F.cross_entropy(T(a * 3), "
                             "T((abs(a[:, :1]) * 7).astype('int64') % 5), weight=T(abs(b) + 0.1))]"),
    "cross_entropy_layer": (427, [(16, 4)], "[paddle.nn.CrossEntropyLoss()(T(a), "
                            "T((abs(a[:, :1]) * 9).astype('int64') % 4))]"),
    "layer_norm": (430, [(37, 11), (11,), (11,)], "[F.layer_norm(T(a * 2 + 1), [11], T(b), T(c))]"),
    "layer_norm_wide": (431, [(8, 100), (100,), (100,)],
                        "[F.layer_norm(T(a * 2 + 1), [100], T(b), T(c))]"),
    "layer_norm_no_affine": (432, [(16, 32)], "[F.layer_norm(T(a * 2 + 1), 32)]"),
    "layer_norm_short_rows": (433, [(5, 7), (7,), (7,)],
                              "[F.layer_norm(T(a), [7], T(b), T(c), epsilon=1e-3)]"),
    "layer_norm_2_axes": (434, [(2, 3, 12)], "[F.layer_norm(T(a * 2 + 1), [3, 12])]"),
    "layer_norm_layer": (435, [(4, 6, 20)], "[paddle.nn.LayerNorm(20)(T(a * 3))]"),
    "cumsum_rows": (440, [(37, 11)], "[paddle.cumsum(T(a * 3), axis=1)]"),
    "cumsum_cols": (441, [(37, 11)], "[paddle.cumsum(T(a * 3), axis=0)]"),
    "cumsum_flat": (442, [(407,)], "[paddle.cumsum(T(a * 3))]"),
    "cumsum_grads": (443, [(3, 4, 5), (3, 4, 5)],
                     "grads(lambda x: paddle.cumsum(x, axis=1), [a * 3], b)"),
    "cumsum_method": (444, [(50, 9)], "[T(a).cumsum(axis=-1)]"),
    # var: Paddle's CPU composite (mean, pow, sum, divide); cases where pow(d, 2) == d * d
    "var_cols": (450, [(37, 11)], "[paddle.var(T(a * 3 + 1), axis=0)]"),
    "var_all": (451, [(37, 11)], "[paddle.var(T(a * 3 + 1))]"),
    "var_two_axes": (452, [(3, 4, 5)], "[paddle.var(T(a * 3 + 1), axis=[0, 2])]"),
    "var_biased": (453, [(37, 11)], "[T(a * 3 + 1).var(axis=0, unbiased=False, keepdim=True)]"),
}


def main():
    record(CASES, "kernel_order", "kernel cases")


if __name__ == "__main__":
    main()
