"""Record goldens for manipulation / indexing / search / linalg ops from real Paddle.

Run with the oracle interpreter (Paddle 3.3.1, CPU):
    PADDLE_PY conformance/record/record_ops_manip.py
It rewrites conformance/goldens/ops_manip.json. Each case is a Python expression evaluated with
`paddle` and `np` in scope (setup statements may precede it, separated by ';' lines in `setup`);
the same text is evaluated under paddle_compat by tests/test_ops_*.py, so the goldens hold both
the code and Paddle's answer: values, shape and dtype, or the exception class and message.
"""
import json
import os
import re
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")
os.environ.setdefault("GLOG_minloglevel", "3")

SETUP = """
def Z(shape, dtype='float32'):
    return paddle.to_tensor(np.zeros(shape, dtype))
def O(shape, dtype='float32'):
    return paddle.to_tensor(np.ones(shape, dtype))
def AR(n):
    return paddle.to_tensor(np.arange(n))
def EYE(n):
    return paddle.to_tensor(np.eye(n, dtype='float32'))
x = paddle.to_tensor(np.arange(24).reshape([2, 3, 4]))
f64 = paddle.to_tensor([[3., 1., 2.], [0., 5., 5.]], dtype='float64')
f2 = paddle.to_tensor([[6., 2., 4.], [0., 10., 10.]])
f0 = paddle.to_tensor(np.zeros([2, 3], 'float32'))
f = paddle.to_tensor([[3., 1., 2.], [0., 5., 5.]])
a = paddle.to_tensor([[4., 1.], [1., 3.]])
m = paddle.to_tensor([[True, False, True], [False, True, True]])
"""

# (topic, name, expression). The expression may use the SETUP names.
CASES = [
    # ---- manipulation ----
    ("manip", "reshape_zero_copy", "paddle.reshape(x, [0, -1])"),
    ("manip", "reshape_tensor_elem", "paddle.reshape(x, [paddle.to_tensor(4), -1])"),
    ("manip", "reshape_tensor_shape", "paddle.reshape(x, paddle.to_tensor([4, 6]))"),
    ("manip", "reshape_err_divisible", "paddle.reshape(x, [5, -1])"),
    ("manip", "reshape_err_two_unknown", "paddle.reshape(x, [-1, -1])"),
    ("manip", "reshape_err_type", "paddle.reshape(x, 'a')"),
    ("manip", "reshape_method", "x.reshape([4, 6])"),
    ("manip", "transpose", "paddle.transpose(x, [2, 0, 1])"),
    ("manip", "transpose_neg", "paddle.transpose(x, [-1, 0, 1])"),
    ("manip", "transpose_short_perm", "paddle.transpose(x, [1, 0])"),
    ("manip", "transpose_err_long", "paddle.transpose(x, [0, 1, 2, 3])"),
    ("manip", "transpose_err_dup", "paddle.transpose(x, [0, 0, 1])"),
    ("manip", "concat", "paddle.concat([f, f], axis=-1)"),
    ("manip", "concat_axis0", "paddle.concat([f, f2])"),
    ("manip", "concat_err_dtype", "paddle.concat([f, O([2, 3], 'float64')])"),
    ("manip", "concat_err_shape", "paddle.concat([f, O([3, 3])], axis=1)"),
    ("manip", "split_num", "paddle.split(x, 2, axis=2)"),
    ("manip", "split_sections_minus1", "paddle.split(x, [1, -1], axis=1)"),
    ("manip", "split_neg_axis", "paddle.split(x, [2, 1, 1], axis=-1)"),
    ("manip", "split_err_num", "paddle.split(x, 5, axis=1)"),
    ("manip", "split_err_sum", "paddle.split(x, [1, 1], axis=1)"),
    ("manip", "chunk", "paddle.chunk(x, 2, axis=2)"),
    ("manip", "chunk_err", "paddle.chunk(x, 5, axis=2)"),
    ("manip", "squeeze_axis_not1", "paddle.squeeze(Z([1, 3, 1]), axis=1)"),
    ("manip", "squeeze_list", "paddle.squeeze(Z([1, 3, 1]), axis=[0, 2])"),
    ("manip", "squeeze_all", "paddle.squeeze(Z([1, 3, 1]))"),
    ("manip", "squeeze_err_axis", "paddle.squeeze(Z([1, 3, 1]), axis=5)"),
    ("manip", "unsqueeze_list", "paddle.unsqueeze(Z([3]), axis=[0, 2])"),
    ("manip", "unsqueeze_neg", "paddle.unsqueeze(Z([3]), axis=[0, -1])"),
    ("manip", "unsqueeze_err", "paddle.unsqueeze(Z([3]), axis=5)"),
    ("manip", "flatten_mid", "paddle.flatten(x, 1, 2)"),
    ("manip", "flatten_all", "paddle.flatten(x)"),
    ("manip", "flatten_0d", "paddle.flatten(paddle.to_tensor(1.0))"),
    ("manip", "flatten_err", "paddle.flatten(x, 2, 1)"),
    ("manip", "stack", "paddle.stack([f, f], axis=1)"),
    ("manip", "stack_neg", "paddle.stack([f, f], axis=-1)"),
    ("manip", "unstack", "paddle.unstack(f, axis=1)"),
    ("manip", "unbind", "paddle.unbind(f, axis=0)"),
    ("manip", "expand_minus1", "paddle.expand(O([1, 3]), [2, -1])"),
    ("manip", "expand_err", "paddle.expand(O([2, 3]), [3, 3])"),
    ("manip", "expand_as", "paddle.expand_as(O([3]), f)"),
    ("manip", "broadcast_to", "paddle.broadcast_to(paddle.to_tensor([1, 2, 3]), [2, 3])"),
    ("manip", "tile", "paddle.tile(paddle.to_tensor([1, 2, 3]), [2, 2])"),
    ("manip", "tile_fewer", "paddle.tile(f, [2])"),
    ("manip", "flip", "paddle.flip(x, [0, 2])"),
    ("manip", "flip_int", "paddle.flip(x, 1)"),
    ("manip", "roll_flat", "paddle.roll(AR(6).reshape([2, 3]), 1)"),
    ("manip", "roll_axes", "paddle.roll(AR(6).reshape([2, 3]), [1, 1], [0, 1])"),
    # ---- indexing ops ----
    ("index", "slice", "paddle.slice(x, [0, 2], [1, -3], [2, 100])"),
    ("index", "strided_slice_neg", "paddle.strided_slice(x, [2], [3], [0], [-1])"),
    ("index", "strided_slice_step2", "paddle.strided_slice(x, [1, 2], [0, -1], [3, -5], [2, -2])"),
    ("index", "gather_axis1", "paddle.gather(x, paddle.to_tensor([1, 0]), axis=1)"),
    ("index", "gather_0d", "paddle.gather(AR(5), paddle.to_tensor(2))"),
    ("index", "gather_2d_index_n1", "paddle.gather(f, paddle.to_tensor([[1], [0]]))"),
    ("index", "gather_err_2d", "paddle.gather(x, paddle.to_tensor([[1, 0]]), axis=1)"),
    ("index", "gather_nd", "paddle.gather_nd(x, paddle.to_tensor([[1, 0], [0, 2]]))"),
    ("index", "gather_nd_full", "paddle.gather_nd(x, paddle.to_tensor([[1, 0, 3], [0, 2, 1]]))"),
    ("index", "scatter_accumulate", "paddle.scatter(O([3, 2]), paddle.to_tensor([1, 1]), "
                                    "paddle.to_tensor([[1., 2.], [3., 4.]]), overwrite=False)"),
    ("index", "scatter_overwrite", "paddle.scatter(O([3, 2]), paddle.to_tensor([2, 0]), "
                                   "paddle.to_tensor([[1., 2.], [3., 4.]]))"),
    ("index", "scatter_nd_add", "paddle.scatter_nd_add(O([3, 2]), paddle.to_tensor([[1], "
                                "[1]]), paddle.to_tensor([[1., 2.], [3., 4.]]))"),
    ("index", "take_along_axis", "paddle.take_along_axis(f, paddle.to_tensor([[0], [2]]), axis=1)"),
    ("index", "put_along_axis", "paddle.put_along_axis(f, paddle.to_tensor([[0], [2]]), 9., axis=1)"),
    ("index", "put_along_axis_add", "paddle.put_along_axis(f, paddle.to_tensor([[0], [2]]), 9., "
                                    "axis=1, reduce='add')"),
    # ---- getitem ----
    ("index", "gi_int_0d", "x[1, 2, 3]"),
    ("index", "gi_int", "x[1]"),
    ("index", "gi_neg_step", "x[-1, ::-2]"),
    ("index", "gi_ellipsis_none", "x[..., None, 1]"),
    ("index", "gi_two_lists", "x[[0, 1], [1, 2]]"),
    ("index", "gi_slice_list", "x[:, [0, 2]]"),
    ("index", "gi_bool_tensor", "x[paddle.to_tensor([True, False])]"),
    ("index", "gi_tensor_0d", "x[paddle.to_tensor(1)]"),
    ("index", "gi_tensor_1", "x[paddle.to_tensor([1])]"),
    ("index", "gi_int_then_list", "x[0, :, [1, 2]]"),
    ("index", "gi_int_list_adjacent", "x[:, 1, [0, 1]]"),
    ("index", "gi_lists_split", "x[[0, 1], :, [1, 2]]"),
    ("index", "gi_bool_list", "x[[True, False]]"),
    ("index", "gi_tuple", "x[(0, 1)]"),
    ("index", "gi_list", "x[[0, 1]]"),
    ("index", "gi_nested_list", "x[[[0, 1], [1, 0]]]"),
    ("index", "gi_ndarray", "x[np.array([0, 1])]"),
    ("index", "gi_neg_step_mid", "x[:, ::-1, 1]"),
    ("index", "gi_none_ellipsis_none", "x[None, ..., 0, None]"),
    ("index", "gi_empty_slice", "x[1:1]"),
    ("index", "gi_slice_past_end", "x[5:]"),
    ("index", "gi_err_int", "x[2]"),
    ("index", "gi_err_int_axis1", "x[0, 5]"),
    ("index", "gi_err_float", "x[1.5]"),
    ("index", "gi_err_str", "x['a']"),
    ("index", "gi_err_too_many", "x[0, 0, 0, 0]"),
    ("index", "gi_err_step0", "x[0:5:0]"),
    ("index", "gi_err_two_ellipsis", "x[..., ...]"),
    # ---- setitem (statements then result) ----
    ("index", "si_row_scalar", "[y := Z([2, 3]), y.__setitem__(0, 1), y][-1]"),
    ("index", "si_col_tensor", "[y := Z([2, 3]), "
                               "y.__setitem__((slice(None), 1), paddle.to_tensor([5., 6.])), y][-1]"),
    ("index", "si_ndarray", "[y := Z([2, 3]), y.__setitem__(0, np.array([1, 2, 3])), y][-1]"),
    ("index", "si_cast_int", "[y := Z([2, 3], 'int64'), y.__setitem__((0, 0), 2.7), y][-1]"),
    ("index", "si_lists", "[y := Z([2, 3]), y.__setitem__(([0, 1], [1, 2]), 7.), y][-1]"),
    ("index", "si_neg_step", "[y := AR(6).reshape([2, 3]), "
                             "y.__setitem__((slice(None), slice(None, None, -1)), "
                             "paddle.to_tensor([7, 8, 9])), y][-1]"),
    ("index", "si_none", "[y := Z([2, 3]), y.__setitem__((None, 0), 5), y][-1]"),
    ("index", "si_ellipsis", "[y := Z([2, 3]), "
                             "y.__setitem__(Ellipsis, paddle.to_tensor([1., 2., 3.])), y][-1]"),
    ("index", "si_extra_dim", "[y := Z([2, 3]), "
                              "y.__setitem__(0, paddle.to_tensor([[1., 2., 3.]])), y][-1]"),
    ("index", "si_int_value_float", "[y := Z([2, 3]), "
                                    "y.__setitem__(0, paddle.to_tensor([1, 2, 3])), y][-1]"),
    ("index", "si_bool_mask", "[y := Z([2, 3]), y.__setitem__(paddle.to_tensor([True, "
                              "False]), paddle.to_tensor([1., 2., 3.])), y][-1]"),
    ("index", "si_0d_value", "[y := Z([2, 3]), y.__setitem__((0, 1), paddle.to_tensor(4.)), y][-1]"),
    ("index", "si_view_row", "[y := Z([2, 3]), z := y[0], z.__setitem__(1, 9.), y][-1]"),
    ("index", "si_view_col", "[y := Z([2, 3]), z := y[:, 1], z.__setitem__(1, 9.), y][-1]"),
    ("index", "si_err_shape", "[y := Z([2, 3]), y.__setitem__(0, O([2])), y][-1]"),
    ("index", "si_err_list_value", "[y := Z([2, 3]), y.__setitem__(0, [1., 2., 3.]), y][-1]"),
    ("index", "si_err_index", "[y := Z([2, 3]), y.__setitem__(5, 1.), y][-1]"),
    ("index", "si_err_leaf", "[y := Z([2, 3]), setattr(y, 'stop_gradient', False), "
                             "y.__setitem__(0, 1.), y][-1]"),
    # ---- search ----
    ("search", "topk", "paddle.topk(f, 2)"),
    ("search", "topk_axis0_smallest", "paddle.topk(f, 1, axis=0, largest=False)"),
    ("search", "topk_tensor_k", "paddle.topk(f, paddle.to_tensor(1))"),
    ("search", "topk_err_k", "paddle.topk(f, 5)"),
    ("search", "topk_err_k0", "paddle.topk(f, 0)"),
    ("search", "sort_desc", "paddle.sort(f, descending=True)"),
    ("search", "sort_err_axis", "paddle.sort(f, axis=3)"),
    ("search", "argsort_axis0_desc", "paddle.argsort(f, axis=0, descending=True, stable=True)"),
    ("search", "argsort_stable", "paddle.argsort(paddle.to_tensor([2, 1, 2, 1]), stable=True)"),
    ("search", "unique_all", "paddle.unique(paddle.to_tensor([3, 1, 1, 2]), return_index=True, "
                             "return_inverse=True, return_counts=True)"),
    ("search", "unique_int32", "paddle.unique(paddle.to_tensor([3, 1, 1, 2]), return_index=True, "
                               "dtype='int32')"),
    ("search", "unique_axis", "paddle.unique(paddle.to_tensor([[1, 2], [1, 2], [0, 1]]), axis=0, "
                              "return_inverse=True)"),
    ("search", "unique_2d_flat", "paddle.unique(paddle.to_tensor([[2., 1.], [2., 3.]]))"),
    ("search", "nonzero", "paddle.nonzero(f)"),
    ("search", "nonzero_tuple", "paddle.nonzero(f, as_tuple=True)"),
    ("search", "nonzero_tuple_1d", "paddle.nonzero(paddle.to_tensor([0., 2.]), as_tuple=True)"),
    ("search", "nonzero_err_0d", "paddle.nonzero(paddle.to_tensor(3.))"),
    ("search", "where_1arg", "paddle.where(m)"),
    ("search", "where_broadcast", "paddle.where(m, f, Z([3]))"),
    ("search", "where_scalar", "paddle.where(m, f, 0.5)"),
    ("search", "where_two_scalars_int", "paddle.where(m, 1, 2)"),
    ("search", "where_promote", "paddle.where(m, f, f64)"),
    ("search", "where_err_promote", "paddle.where(m, 1, 0.5)"),
    ("search", "where_err_cond", "paddle.where(f, f, f)"),
    ("search", "where_err_one", "paddle.where(m, f)"),
    ("search", "masked_select", "paddle.masked_select(f, m)"),
    ("search", "masked_select_bcast", "paddle.masked_select(f, paddle.to_tensor([True, False, True]))"),
    ("search", "masked_fill", "paddle.masked_fill(f, m, 9.)"),
    ("search", "masked_fill_int", "paddle.masked_fill(paddle.to_tensor([1, 2, 3]), "
                                  "paddle.to_tensor([False, True, True]), 2.5)"),
    ("search", "masked_fill_tensor", "paddle.masked_fill(f, m, paddle.to_tensor(7.))"),
    ("search", "index_select", "paddle.index_select(f, paddle.to_tensor([1, 0]), axis=1)"),
    ("search", "index_select_err", "paddle.index_select(f, paddle.to_tensor([0.5]))"),
    # ---- linalg ----
    ("linalg", "matmul_ty", "paddle.matmul(f, f, transpose_y=True)"),
    ("linalg", "matmul_vec", "paddle.matmul(O([3]), O([3]))"),
    ("linalg", "matmul_bvec", "paddle.matmul(O([2, 3, 4]), O([4]))"),
    ("linalg", "matmul_vecb", "paddle.matmul(O([4]), O([2, 4, 3]))"),
    ("linalg", "matmul_err", "paddle.matmul(f, f)"),
    ("linalg", "matmul_err_dtype", "paddle.matmul(f, O([3], 'float64'))"),
    ("linalg", "mm", "paddle.mm(f, f.t())"),
    ("linalg", "bmm", "paddle.bmm(O([2, 2, 3]), O([2, 3, 1]))"),
    ("linalg", "bmm_err", "paddle.bmm(f, f)"),
    ("linalg", "dot", "paddle.dot(paddle.to_tensor([1., 2., 3.]), paddle.to_tensor([4., 5., 6.]))"),
    ("linalg", "dot_2d", "paddle.dot(f, f)"),
    ("linalg", "dot_err", "paddle.dot(O([3]), O([4]))"),
    ("linalg", "outer", "paddle.outer(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 2., 3.]))"),
    ("linalg", "t", "paddle.t(f)"),
    ("linalg", "t_1d", "paddle.t(O([3]))"),
    ("linalg", "t_err", "paddle.t(O([2, 3, 4]))"),
    ("linalg", "norm_default", "paddle.norm(f)"),
    ("linalg", "norm_p1_flat", "paddle.norm(f, p=1)"),
    ("linalg", "norm_axis1", "paddle.norm(f, axis=1)"),
    ("linalg", "norm_fro_axis1", "paddle.norm(f, p='fro', axis=1)"),
    ("linalg", "norm_p2_mat", "paddle.norm(f, p=2, axis=[0, 1])"),
    ("linalg", "norm_p1_mat", "paddle.norm(f, p=1, axis=[0, 1])"),
    ("linalg", "norm_inf_mat", "paddle.norm(f, p=float('inf'), axis=[0, 1])"),
    ("linalg", "norm_p0", "paddle.norm(f, p=0)"),
    ("linalg", "norm_neginf_axis", "paddle.norm(f, p=-float('inf'), axis=1)"),
    ("linalg", "norm_p3_keepdim", "paddle.norm(f, p=3, axis=1, keepdim=True)"),
    ("linalg", "norm_fro_keepdim", "paddle.norm(f, p='fro', axis=[0, 1], keepdim=True)"),
    ("linalg", "norm_nuc", "paddle.norm(f, p='nuc')"),
    ("linalg", "norm_err_p", "paddle.norm(f, p='abc')"),
    ("linalg", "norm_err_axis", "paddle.norm(f, axis=[0, 2])"),
    ("linalg", "linalg_norm_p1", "paddle.linalg.norm(f, p=1)"),
    ("linalg", "dist_p2", "paddle.dist(f, Z([3]))"),
    ("linalg", "dist_p0", "paddle.dist(f, f0, p=0)"),
    ("linalg", "dist_inf", "paddle.dist(f, f0, p=float('inf'))"),
    ("linalg", "dist_neginf", "paddle.dist(f, f0, p=-float('inf'))"),
    ("linalg", "cross", "paddle.cross(EYE(3), O([3, 3]))"),
    ("linalg", "cross_axis", "paddle.cross(paddle.to_tensor([[1., 0.], [0., 1.], [0., 0.]]), "
                             "paddle.to_tensor([[0., 0.], [1., 0.], [0., 1.]]), axis=0)"),
    ("linalg", "cross_err", "paddle.cross(O([2, 2]), O([2, 2]))"),
    ("linalg", "einsum", "paddle.einsum('ij,kj->ik', f, f)"),
    ("linalg", "einsum_trace", "paddle.einsum('ii', a)"),
    ("linalg", "einsum_outer", "paddle.einsum('i,j', O([2]), O([3]))"),
    ("linalg", "inv", "paddle.linalg.inv(a)"),
    ("linalg", "inverse", "paddle.inverse(a)"),
    ("linalg", "inv_err", "paddle.linalg.inv(Z([2, 2]))"),
    ("linalg", "det", "paddle.linalg.det(a)"),
    ("linalg", "solve", "paddle.linalg.solve(a, paddle.to_tensor([[1.], [2.]]))"),
    ("linalg", "solve_vec", "paddle.linalg.solve(a, paddle.to_tensor([1., 2.]))"),
    ("linalg", "cholesky", "paddle.linalg.cholesky(a)"),
    ("linalg", "cholesky_upper", "paddle.linalg.cholesky(a, upper=True)"),
    ("linalg", "qr_r", "paddle.to_tensor(np.abs(paddle.linalg.qr(f, mode='r').numpy()))"),
    ("linalg", "svd_s", "paddle.linalg.svd(f)[1]"),
    ("linalg", "svd_shapes_full", "[t.shape for t in paddle.linalg.svd(f, full_matrices=True)]"),
    ("linalg", "qr_shapes_complete", "[t.shape for t in paddle.linalg.qr(f, mode='complete')]"),
    ("linalg", "eigh_values", "paddle.linalg.eigh(a)[0]"),
    ("linalg", "eigh_err", "paddle.linalg.eigh(a, UPLO='X')"),
    ("linalg", "matrix_power_neg", "paddle.linalg.matrix_power(a, -2)"),
    ("linalg", "matrix_power_3", "paddle.linalg.matrix_power(a, 3)"),
    ("linalg", "pinv", "paddle.linalg.pinv(f)"),
]

_AT = re.compile(r"\s*\(at /[^)]*\)")
_PTR = re.compile(r"0x[0-9a-fA-F]+")


def normalize_message(text):
    """Drop Paddle's C++ source locations and pointer values; keep the rest verbatim."""
    text = _PTR.sub("0x?", _AT.sub("", str(text)))
    return re.sub(r"generated_tensor_\d+", "generated_tensor_?", text).strip()


def encode(value):
    """A result -> JSON: tensors with shape/dtype/values, containers recursively."""
    if hasattr(value, "numpy") and hasattr(value, "stop_gradient"):   # a Tensor of either library
        arr = value.numpy()
        return {"kind": "tensor", "shape": list(value.shape), "dtype": str(value.dtype).split(".")[-1],
                "values": np.asarray(arr).tolist()}
    if isinstance(value, (list, tuple)):
        return {"kind": type(value).__name__ if type(value) in (list, tuple) else "tuple",
                "items": [encode(v) for v in value]}
    if isinstance(value, (int, float, bool, str)) or value is None:
        return {"kind": "py", "value": value}
    if hasattr(value, "__iter__"):   # paddle.Size and friends
        return {"kind": "py", "value": list(value)}
    return {"kind": "py", "value": repr(value)}


def run_case(paddle, expr):
    env = {"paddle": paddle, "np": np}
    exec(SETUP, env)
    try:
        return {"result": encode(eval(expr, env))}
    except Exception as e:   # the exception itself is the recorded behaviour
        return {"error": type(e).__name__, "message": normalize_message(e)}


def main():
    import paddle
    out = {"paddle_version": paddle.__version__, "setup": SETUP, "cases": []}
    for topic, name, expr in CASES:
        rec = {"topic": topic, "name": name, "expr": expr}
        rec.update(run_case(paddle, expr))
        out["cases"].append(rec)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                        "ops_manip.json")
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=False)
        fh.write("\n")
    print(f"wrote {len(out['cases'])} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()


# ---- used by tests/test_ops_*.py to replay the goldens under paddle_compat ---------------------
GOLDEN_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                           "ops_manip.json")


def load_cases(topic):
    """The recorded cases of one topic ('manip', 'index', 'search', 'linalg')."""
    with open(GOLDEN_PATH) as fh:
        data = json.load(fh)
    return [c for c in data["cases"] if c["topic"] == topic]


def assert_same(expected, actual, path="result"):
    """Compare an encoded paddle_compat result with the recorded Paddle one."""
    assert expected["kind"] == actual["kind"], f"{path}: kind {actual['kind']} != {expected['kind']}"
    if expected["kind"] == "tensor":
        assert actual["shape"] == expected["shape"], f"{path}: shape {actual['shape']} != " \
                                                     f"{expected['shape']}"
        assert actual["dtype"] == expected["dtype"], f"{path}: dtype {actual['dtype']} != " \
                                                     f"{expected['dtype']}"
        np.testing.assert_allclose(np.asarray(actual["values"], dtype=float),
                                   np.asarray(expected["values"], dtype=float),
                                   rtol=1e-5, atol=1e-5, err_msg=path)
    elif expected["kind"] in ("list", "tuple"):
        assert len(actual["items"]) == len(expected["items"]), f"{path}: length differs"
        for i, (e, a) in enumerate(zip(expected["items"], actual["items"])):
            assert_same(e, a, f"{path}[{i}]")
    else:
        assert actual["value"] == expected["value"], f"{path}: {actual['value']} != " \
                                                     f"{expected['value']}"


def replay(case, deviations=None):
    """Run one recorded case under paddle_compat and compare. `deviations` maps a case name to
    'message-prefix' (only the first line of the message must match) or 'class-only' (only the
    exception class): documented differences."""
    import paddle_compat
    got = run_case(paddle_compat, case["expr"])
    if "error" in case:
        assert "error" in got, f"expected {case['error']}: {case['message']}, got a result"
        assert got["error"] == case["error"], (got["error"], got["message"])
        exp, msg = case["message"], got["message"]
        mode = (deviations or {}).get(case["name"])
        if mode == "class-only":
            return
        if mode == "message-prefix":
            exp, msg = exp.split("\n")[0], msg.split("\n")[0]
        assert msg == exp, f"\nexpected: {exp!r}\n     got: {msg!r}"
    else:
        assert "result" in got, f"unexpected {got.get('error')}: {got.get('message')}"
        assert_same(case["result"], got["result"])
