"""Record Paddle 3.3.1's paddle.sparse behaviour into conformance/goldens/sparse.json (read by
tests/test_sparse*.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_sparse.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test.
A sparse result is stored as its format, dtype, shape, stop_gradient, indices (COO) or crows/cols
(CSR), values and its printed text (`str(t)`); a dense one, an exception, a tuple or a Python
value as record_ops_math.describe stores them.

Not recorded, because Paddle 3.3.1 on CPU cannot run them: matmul, masked_matmul, mv and addmm
(GPU-only kernels: NotImplementedError "Not support CPU kernel"), attention (CUDA 11.8), the
gradients reaching a sparse leaf (Paddle 3.3.1 leaves `x.grad` None), cases that crash the
process (numpy() of a sparse tensor, transposing a COO tensor with dense dimensions), the
`_igemm` convolutions and SyncBatchNorm (no CPU kernel in Paddle 3.3.1), and cases
where Paddle's kernel gives nonsense (a transpose perm of the wrong length reads garbage, a CSR
sum over the last axis of a 3-D tensor, a list of axes summed over the first axis only, add of
uncoalesced tensors keeping duplicates, a submanifold convolution with a dilation or an even
kernel size changing the shape). tests/test_sparse_*.py checks those against numpy.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import (describe as describe_dense, eval_case,  # noqa: E402
                             expression_golden, write_golden)

SETUP = """
import numpy as np
T = paddle.to_tensor
S = paddle.sparse
F = paddle.sparse.nn.functional
a = T([[0, 0.5, 0], [0.25, 0, 0], [0, 0, -0.75]])
b = T([[0, 4., 5], [0, 0, 0], [6, 0, 0.]])
ac, bc = a.to_sparse_coo(2), b.to_sparse_coo(2)
ar, br = a.to_sparse_csr(), b.to_sparse_csr()
ai = T([[0, -1, 0], [2, 0, 3]]).to_sparse_coo(2)
d3 = T([[[0, 1., 0], [2, 0, 0]], [[0, 0, 3.], [0, 0, 0]]])
c3 = d3.to_sparse_csr()
h = d3.to_sparse_coo(2)
dup = S.sparse_coo_tensor([[0, 1, 1], [1, 0, 0]], [1., 2., 3.], [2, 2])
pos = T([[0, 4., 0], [9, 0, 0.25]]).to_sparse_coo(2)
posr = T([[0, 4., 0], [9, 0, 0.25]]).to_sparse_csr()
idx3 = [[0, 0, 0, 0], [0, 1, 2, 2], [1, 0, 2, 1], [2, 2, 0, 1]]
v3 = np.arange(8, dtype='float32').reshape(4, 2) / 4
x3 = S.sparse_coo_tensor(idx3, v3, [1, 3, 3, 3, 2])
w3 = T(np.linspace(-1, 1, 3 * 3 * 3 * 2 * 3).astype('float32').reshape(3, 3, 3, 2, 3))
bias = T([0.1, 0.2, 0.3])
x2 = S.sparse_coo_tensor([[0, 0, 0], [0, 1, 2], [1, 0, 2]], v3[:3], [1, 3, 3, 2])
w2 = T(np.linspace(-1, 1, 3 * 3 * 2 * 3).astype('float32').reshape(3, 3, 2, 3))
def WG(fn, x, w):
    # Paddle 3.3.1 crashes in this backward unless the sparse input needs grad too.
    x = S.sparse_coo_tensor(x.indices(), x.values(), x.shape, stop_gradient=False)
    w = paddle.to_tensor(w.numpy(), stop_gradient=False)
    out = fn(x, w)
    out.backward()
    return w.grad
def BN(x, training, **kw):
    layer = paddle.sparse.nn.BatchNorm(x.shape[-1], **kw)
    if not training:
        layer.eval()
    out = layer(x)
    return out, layer._mean, layer._variance
"""

CASES = {}


def _add(prefix, exprs):
    for k, v in exprs.items():
        CASES[f"{prefix}_{k}"] = v


# ---- creation ---------------------------------------------------------------------------------
_add("coo", {
    "basic": "S.sparse_coo_tensor([[0, 1, 2], [1, 2, 0]], [1., 2., 3.], [3, 3])",
    "infer_shape": "S.sparse_coo_tensor([[0, 1, 1], [1, 0, 0]], [1., 2., 3.])",
    "hybrid": "S.sparse_coo_tensor([[0, 1], [1, 2]], [[1., 2.], [3., 4.]], [3, 3, 2], "
              "stop_gradient=False)",
    "dtype": "S.sparse_coo_tensor([[0, 1]], [1., 2.], [2], dtype='float64')",
    "int_values": "S.sparse_coo_tensor([[0, 1]], [1, 2])",
    "np_input": "S.sparse_coo_tensor(np.array([[0, 2]]), np.array([1.5, 2.5], 'float32'), [4])",
    "indices_1d": "S.sparse_coo_tensor([0, 1], [1., 2.])",
    "nnz_mismatch": "S.sparse_coo_tensor([[0, 1]], [1., 2., 3])",
    "shape_small": "S.sparse_coo_tensor([[0, 1]], [1., 2.], [1])",
    "shape_ndim": "S.sparse_coo_tensor([[0, 1]], [1., 2.], [2, 2])",
    "float_indices": "S.sparse_coo_tensor([[0., 1]], [1., 2.], [2])",
})
_add("csr", {
    "basic": "S.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1, 2, 3, 4, 5], [3, 4])",
    "float": "S.sparse_csr_tensor([0, 1, 2], [1, 0], [1., 2.], [2, 2], stop_gradient=False)",
    "batched": "S.sparse_csr_tensor([0, 1, 2, 0, 1, 1], [1, 0, 1], [1., 2., 3.], [2, 2, 2])",
    "infer_batched": "S.sparse_csr_tensor([0, 1, 2, 0, 1, 1], [1, 0, 1], [1., 2., 3.])",
    "shape_1d": "S.sparse_csr_tensor([0, 1, 2], [1, 0], [1., 2.], [2])",
    "crows_len": "S.sparse_csr_tensor([0, 1], [1, 0], [1., 2.], [2, 2])",
    "cols_len": "S.sparse_csr_tensor([0, 1, 2], [1], [1., 2.], [2, 2])",
    "crows_batch": "S.sparse_csr_tensor([0, 1, 2, 0, 1], [1, 0, 1], [1., 2., 3], [2, 2, 2])",
    "not_1d": "S.sparse_csr_tensor([[0, 1, 2]], [1, 0], [1., 2.], [2, 2])",
    "crows0": "S.sparse_csr_tensor([1, 1, 2], [1, 0], [1., 2.], [2, 2])",
    "crows_last": "S.sparse_csr_tensor([0, 1, 3], [1, 0], [1., 2.], [2, 2])",
    "float_crows": "S.sparse_csr_tensor([0., 1, 2], [1, 0], [1., 2.], [2, 2])",
})
_add("method", {
    "to_coo": "a.to_sparse_coo(2)", "to_coo_hybrid": "a.to_sparse_coo(1)",
    "to_coo_3d": "h", "to_coo_1d": "T([1., 0, 2]).to_sparse_coo(1)",
    "to_coo_too_many": "a.to_sparse_coo(3)",
    "to_csr": "ar", "to_csr_3d": "c3", "to_csr_1d": "T([1., 0, 2]).to_sparse_csr()",
    "to_csr_single_batch": "T([[[1., 0], [0, 0]]]).to_sparse_csr()",
    "csr_to_coo": "ar.to_sparse_coo(2)", "coo_to_csr": "ac.to_sparse_csr()",
    "to_dense_coo": "ac.to_dense()", "to_dense_csr": "c3.to_dense()",
    "to_dense_hybrid": "h.to_dense()",
    "indices": "ac.indices()", "values": "ac.values()", "crows": "c3.crows()", "cols": "c3.cols()",
    "csr_values": "c3.values()",
    "indices_of_csr": "ar.indices()", "crows_of_coo": "ac.crows()",
    "nnz": "(ac.nnz(), c3.nnz(), h.nnz())",
    "flags": "(ac.is_sparse(), ac.is_sparse_coo(), ac.is_sparse_csr(), ar.is_sparse(), "
             "ar.is_sparse_coo(), ar.is_sparse_csr(), a.is_sparse())",
    "dims": "(h.sparse_dim(), h.dense_dim(), ac.sparse_dim(), ac.dense_dim())",
    "is_coalesced": "(ac.is_coalesced(), dup.is_coalesced())",
    "shape": "(ac.shape, c3.shape, h.shape)",
    "dtype": "(ac.dtype, c3.dtype)",
    "detach": "ac.detach()",
})

# ---- unary ------------------------------------------------------------------------------------
for fn in ("sin", "tan", "asin", "atan", "sinh", "asinh", "atanh", "tanh", "square", "log1p",
           "abs", "expm1", "neg", "deg2rad", "rad2deg", "isnan"):
    _add(fn, {"coo": f"S.{fn}(ac)", "csr": f"S.{fn}(ar)", "dense": f"S.{fn}(a)"})
_add("sqrt", {"coo": "S.sqrt(pos)", "csr": "S.sqrt(posr)", "neg": "S.sqrt(ac)",
              "int": "S.sqrt(T([[0, 1], [2, 0]]).to_sparse_coo(2))"})
_add("unary", {
    "hybrid_sin": "S.sin(h)", "dup_sin": "S.sin(dup)", "csr3_tanh": "S.tanh(c3)",
    "pow": "S.pow(ac, 2)", "pow_csr": "S.pow(posr, 0.5)", "pow_f64": "S.pow(S.cast(ac, value_dtype='float64'), 3)",
    "cast_values": "S.cast(ac, None, 'float64')", "cast_both": "S.cast(ac, 'int32', 'float64')",
    "cast_csr_index": "S.cast(ar, 'int32').crows()", "cast_csr_cols": "S.cast(ar, 'int32').cols()",
    "coalesce": "S.coalesce(dup)", "coalesce_sorted": "S.coalesce(ac)",
    "coalesce_csr": "S.coalesce(ar)",
    "transpose": "S.transpose(ac, [1, 0])", "transpose_csr": "S.transpose(ar, [1, 0])",
    "reshape": "S.reshape(ac, [9])", "reshape_3d": "S.reshape(ac, [1, -1, 3])",
    "reshape_csr": "S.reshape(ar, [1, 3, 3])", "reshape_bad": "S.reshape(ac, [4])",
    "sum": "S.sum(ac)", "sum_keep": "S.sum(ac, keepdim=True)", "sum_ax0": "S.sum(ac, 0)",
    "sum_ax1_keep": "S.sum(ac, 1, keepdim=True)", "sum_neg": "S.sum(ac, -1)",
    "sum_csr": "S.sum(ar)", "sum_csr_keep": "S.sum(ar, keepdim=True)",
    "sum_csr_last": "S.sum(ar, -1, keepdim=True)", "sum_csr_ax0": "S.sum(ar, 0)",
    "sum_dtype": "S.sum(ac, dtype='float64')", "sum_int": "S.sum(ai)",
    "sum_hybrid_dense": "S.sum(a.to_sparse_coo(1), 1)",
    "sum_hybrid_sparse": "S.sum(a.to_sparse_coo(1), 0)",
    "sum_values": "(S.sum(ac).indices(), S.sum(ac).values())",
    "slice": "S.slice(ac, [0, 1], [0, 0], [2, 2])",
    "slice_csr": "S.slice(ar, [0, 1], [1, 0], [3, 2])",
    "slice_neg": "S.slice(ac, [1], [-2], [100])",
    "slice_csr3": "S.slice(c3, [0, 2], [1, 1], [2, 3])",
})

# ---- binary -----------------------------------------------------------------------------------
for fn in ("add", "subtract", "multiply", "divide"):
    _add(fn, {"coo": f"S.{fn}(ac, bc)", "csr": f"S.{fn}(ar, br)",
              "mixed": f"S.{fn}(ac, br)", "shape": f"S.{fn}(ac, T([[1., 2]]).to_sparse_coo(2))",
              "dtype": f"S.{fn}(ac, T([[0, 1, 0], [2, 0, 0], [0, 0, 4]]).to_sparse_coo(2))"})
_add("binary", {
    "mul_scalar": "S.multiply(ac, 2)", "div_scalar": "S.divide(ac, 2)",
    "mul_scalar_csr": "S.multiply(ar, 2.5)", "div_scalar_csr": "S.divide(ar, 4)",
    "mul_hybrid": "S.multiply(a.to_sparse_coo(1), a.to_sparse_coo(1))",
    "div_hybrid": "S.divide(a.to_sparse_coo(1), a.to_sparse_coo(1))",
    "add_3d_csr": "S.add(c3, c3)",
    "mask_as": "S.mask_as(b, ac)", "mask_as_csr": "S.mask_as(b, ar)",
    "mask_as_3d": "S.mask_as(d3 * 2, c3)",
    "is_same_shape": "(S.is_same_shape(ac, b), S.is_same_shape(ac, c3), S.is_same_shape(a, b))",
})

# ---- sparse.nn.functional ---------------------------------------------------------------------
_add("act", {
    "relu": "F.relu(ac)", "relu_csr": "F.relu(ar)", "relu6": "F.relu6(S.multiply(ac, 10))",
    "leaky": "F.leaky_relu(ar, 0.1)", "leaky_default": "F.leaky_relu(ac)",
    "softmax": "F.softmax(ac)", "softmax_csr": "F.softmax(ar)", "softmax_csr3": "F.softmax(c3)",
    "softmax_rows": "F.softmax(T([[0, 1., 2], [3, 0, 4], [0, 0, 0]]).to_sparse_csr())",
    "softmax_hybrid": "F.softmax(h)",
    "relu_dense": "F.relu(a)",
    "layers": "(S.nn.ReLU()(ac), S.nn.ReLU6()(ac), S.nn.LeakyReLU(0.2)(ar), S.nn.Softmax()(ar))",
    "layer_repr": "(str(S.nn.ReLU()), str(S.nn.LeakyReLU(0.2)), str(S.nn.Softmax()), "
                  "str(S.nn.ReLU6()))",
})
_add("conv", {
    "subm3d": "F.subm_conv3d(x3, w3, bias, padding=1)",
    "subm3d_nobias": "F.subm_conv3d(x3, w3)",
    "conv3d_valid": "F.conv3d(x3, w3)",
    "conv3d_pad": "F.conv3d(x3, w3, bias, padding=1)",
    "conv3d_k2": "F.conv3d(x3, w3[:2, :2, :2], None)",
    "conv3d_stride": "F.conv3d(x3, w3, padding=1, stride=2)",
    "conv3d_pad_list": "F.conv3d(x3, w3[:1, :3, :2], padding=[0, 1, 0])",
    "subm2d": "F.subm_conv2d(x2, w2, bias, padding=1)",
    "conv2d": "F.conv2d(x2, w2, bias, padding=1)",
    "conv2d_stride": "F.conv2d(x2, w2, None, padding=1, stride=2)",
    "bad_format": "F.conv3d(x3, w3, data_format='NCDHW')",
    "bad_rank": "F.conv3d(x2, w3)",
    "grad_subm3d": "WG(lambda x, w: F.subm_conv3d(x, w, padding=1), x3, w3)",
    "grad_conv3d": "WG(lambda x, w: F.conv3d(x, w, padding=1), x3, w3)",
    "grad_conv2d": "WG(lambda x, w: F.conv2d(x, w, padding=1), x2, w2)",
    "layer_repr": "(str(S.nn.Conv3D(2, 3, 3)), str(S.nn.SubmConv3D(2, 3, 3, padding=1)), "
                  "str(S.nn.Conv2D(2, 3, [2, 3], stride=2)), str(S.nn.SubmConv2D(2, 3, 3)))",
    "layer_shapes": "(S.nn.Conv3D(2, 3, 3).weight.shape, S.nn.SubmConv2D(2, 4, [1, 3]).weight.shape, "
                    "S.nn.Conv3D(2, 3, 3).bias.shape)",
})
_add("pool", {
    "max_k2s1": "F.max_pool3d(x3, 2, 1)",
    "max_k3": "F.max_pool3d(x3, 3)",
    "max_pad": "F.max_pool3d(x3, 3, 2, padding=1)",
    "max_neg": "F.max_pool3d(S.sparse_coo_tensor(idx3, -v3, [1, 3, 3, 3, 2]), 3, 1)",
    "layer": "S.nn.MaxPool3D(2, 1)(x3)",
    "layer_repr": "str(S.nn.MaxPool3D(2, 1))",
})
_add("norm", {
    "bn_eval": "BN(x3, False)",
    "bn_train": "BN(x3, True)",
    "bn_train_momentum": "BN(x3, True, momentum=0.5, epsilon=1e-3)",
    "bn_2d": "BN(x2, True)",
    "bad_format": "S.nn.BatchNorm(2, data_format='NCDHW')(x3)",
})


def describe(value):
    """A JSON-able description; sparse tensors get their parts and printed text."""
    if hasattr(value, "is_sparse") and callable(value.is_sparse) and value.is_sparse():
        out = {"kind": "sparse", "dtype": str(value.dtype).replace("paddle.", ""),
               "shape": list(value.shape), "stop_gradient": bool(value.stop_gradient),
               "values": value.values().numpy().tolist(), "repr": str(value)}
        if value.is_sparse_coo():
            out["format"] = "coo"
            out["indices"] = value.indices().numpy().tolist()
        else:
            out["format"] = "csr"
            out["crows"] = value.crows().numpy().tolist()
            out["cols"] = value.cols().numpy().tolist()
        return out
    if isinstance(value, (list, tuple)):
        return {"kind": "seq", "items": [describe(v) for v in value]}
    if type(value).__name__ == "DataType" or type(value).__name__ == "DType" \
            or type(value).__name__ == "Size":
        return {"kind": "py", "value": str(value)}
    return describe_dense(value)


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr, describe)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("sparse", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
