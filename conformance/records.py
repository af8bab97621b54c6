"""THE conformance table: one record per Paddle API call (DESIGN "Conformance").

A record names the Paddle API, its inputs, what it is checked against and how. It is plain data plus
numpy: this module is imported both by paddle_compat's test runner and by the recorder running under
real Paddle (conformance/record/record_records.py), so it must not import torch or paddle_compat.

    R("paddle.matmul", x=T(2, 3), y=T(3, 4), transpose_x=False, grad="x y")

* positional values (`R(api, T(3), ...)`) are always passed positionally (varargs, `self`);
  keyword values are the API's named arguments, written in signature order. The runner calls the API
  in PaConvert's four styles: positional, keyword, shuffled keywords, defaults (only the arguments
  that have no default in the signature);
* inputs: `T` (float tensor from a seeded uniform draw), `I` (integer tensor), `B` (bool tensor),
  `V` (explicit values), `SPD` (symmetric positive definite matrix); a list of specs is a list of
  tensors; anything else is passed as is;
* reference: the golden recorded from Paddle 3.3.1 (conformance/goldens/records.json) for the
  forward outputs, the gradients of `sum(out * W)` (W a seeded weight per float output) with respect
  to the inputs named in `grad`, and the error cases; `ref=` adds a numpy formula (used by the
  hypothesis properties, whose drawn inputs have no golden); gradients of float64 inputs are also
  checked against finite differences in conformance/test_properties.py;
* `static=False` (with `why`) where the API does not exist in static mode or is not comparable there;
* `errors={"case": {arg: bad value}}`: the call with those arguments replaced (DROP removes one) must
  raise Paddle's exception class with Paddle's message;
* `xfail={"static" | "grad" | "forward" | "error:<case>" | "style:<style>": reason}`: declared,
  documented differences; the runner reports them as xfail and fails when they start passing;
* `out="self"` compares the (mutated) first argument, `out="shape_dtype"` only shape and dtype;
  `styles=` restricts the call styles (say why in a comment);
* `seed=`: `paddle.seed(seed)` before each call (random ops: streams are Paddle-exact on CPU);
* `dtypes=("float32", "float64")`: the record is run (and recorded) once per float dtype;
* `elsewhere=`: the API's conformance lives in another golden-backed test (named), counted by the
  coverage check instead of being duplicated here.
"""
import math
import zlib

import numpy as np

DROP = object()   # an error case value that removes the argument


class Spec:
    """A tensor input, generated identically under Paddle and paddle_compat from numpy."""
    kind = "spec"

    def __init__(self, shape, dtype, lo, hi, values=None):
        self.shape, self.dtype, self.lo, self.hi, self.values = tuple(shape), dtype, lo, hi, values

    def array(self, salt, dtype=None):
        dtype = dtype if (dtype and self.is_float) else self.dtype
        if self.values is not None:
            return np.array(self.values, dtype=dtype)
        rs = np.random.RandomState(zlib.crc32(salt.encode()) & 0x7FFFFFFF)
        return self.draw(rs, dtype)

    @property
    def is_float(self):
        return np.dtype(self.dtype).kind == "f"

    def draw(self, rs, dtype):
        return rs.uniform(self.lo, self.hi, self.shape).astype(dtype)

    def __repr__(self):
        return f"{type(self).__name__}{self.shape}:{self.dtype}"


class T(Spec):
    def __init__(self, *shape, dtype="float32", lo=-1.0, hi=1.0):
        super().__init__(shape, dtype, lo, hi)


class I(Spec):  # noqa: E742 - a one-letter spec name like T, B, V
    def __init__(self, *shape, lo=0, hi=3, dtype="int64"):
        super().__init__(shape, dtype, lo, hi)

    def draw(self, rs, dtype):
        return rs.randint(self.lo, self.hi, self.shape).astype(dtype)


class B(Spec):
    def __init__(self, *shape):
        super().__init__(shape, "bool", 0, 2)

    def draw(self, rs, dtype):
        return rs.randint(0, 2, self.shape).astype(bool)


class V(Spec):
    def __init__(self, values, dtype="float32"):
        super().__init__(np.shape(values), dtype, 0, 0, values)


class SPD(Spec):
    """A well-conditioned symmetric positive definite n x n matrix (cholesky, eigh, solve)."""
    def __init__(self, n, dtype="float32"):
        super().__init__((n, n), dtype, -1, 1)

    def draw(self, rs, dtype):
        a = rs.uniform(-1, 1, self.shape)
        return (a @ a.T + self.shape[0] * np.eye(self.shape[0])).astype(dtype)


class Record:
    __slots__ = ("api", "pos", "kw", "grad", "static", "why", "errors", "xfail", "seed", "dtypes",
                 "rtol", "atol", "ref", "name", "elsewhere", "out", "styles")

    @property
    def id(self):
        return self.api + (f"[{self.name}]" if self.name else "")

    def variants(self):
        """-> [(variant id, dtype or None)]: one per float dtype the record runs with."""
        if not self.dtypes:
            return [(self.id, None)]
        return [(f"{self.id}@{d}", d) for d in self.dtypes]

    def tensor_names(self):
        return [k for k, v in self.kw.items() if _has_spec(v)]

    def __repr__(self):
        return f"Record({self.id})"


def _has_spec(v):
    return isinstance(v, Spec) or (isinstance(v, (list, tuple)) and any(isinstance(e, Spec) for e in v))


def R(api, *pos, name="", grad="", static=True, why="", errors=None, xfail=None, seed=None,
      dtypes=None, rtol=1e-5, atol=1e-6, ref=None, out=None, styles=None, **kw):
    r = Record()
    r.api, r.pos, r.kw, r.name = api, pos, kw, name
    r.grad = tuple(grad.split()) if isinstance(grad, str) else tuple(grad)
    r.static, r.why, r.errors, r.xfail = static, why, dict(errors or {}), dict(xfail or {})
    r.seed, r.dtypes, r.rtol, r.atol, r.ref, r.out, r.elsewhere = seed, dtypes, rtol, atol, ref, out, None
    r.styles = styles     # None: all four call styles
    return r


def covered_elsewhere(api, where):
    r = R(api)
    r.elsewhere = where
    return r


def materialize(value, salt, dtype=None):
    """Spec -> numpy array (lists elementwise); other values unchanged."""
    if isinstance(value, Spec):
        return value.array(salt, dtype)
    if isinstance(value, (list, tuple)) and any(isinstance(e, Spec) for e in value):
        return [materialize(e, f"{salt}.{i}", dtype) for i, e in enumerate(value)]
    return value


def weights(shape, i, dtype):
    """The seeded weight W_i of output i: the backward seed is sum(out_i * W_i)."""
    return np.random.RandomState(1000 + i).uniform(0.5, 1.5, shape).astype(dtype)


RANDOM = "random op: static mode draws from the startup/program generator, compared in tests/test_random.py"
NO_STATIC_SETITEM = "Tensor.__setitem__ is an in-place dynamic-graph method; static uses paddle.static.setitem"
RECORDS = []


def add(*records):
    RECORDS.extend(records)


# ---- random (seeded streams are Paddle-exact; full streams live in tests/test_random.py) ---------
add(
    R("paddle.uniform", shape=[2, 3], dtype="float32", min=-1.0, max=2.0, seed=2023, static=False, why=RANDOM),
    R("paddle.randint", low=0, high=10, shape=[3, 4], seed=2023, static=False, why=RANDOM),
    R("paddle.randperm", n=7, seed=2023, static=False, why=RANDOM),
    R("paddle.randint_like", x=T(2, 3), low=0, high=5, seed=2023, static=False, why=RANDOM),
    R("paddle.normal", mean=0.0, std=2.0, shape=[2, 3], seed=2023, static=False, why=RANDOM),
    R("paddle.normal", name="tensors", mean=T(2, 3), std=T(2, 3, lo=0.5, hi=1.5), seed=2023,
      static=False, why=RANDOM),
    R("paddle.bernoulli", x=T(3, 4, lo=0, hi=1), seed=2023, static=False, why=RANDOM),
    R("paddle.multinomial", x=T(2, 5, lo=0.1, hi=1), num_samples=3, replacement=True, seed=2023,
      static=False, why=RANDOM),
    R("paddle.Tensor.exponential_", T(2, 3), lam=2.0, seed=2023, static=False, why=RANDOM),
    R("paddle.Tensor.normal_", T(2, 3), mean=1.0, std=0.5, seed=2023, static=False, why=RANDOM),
    R("paddle.Tensor.uniform_", T(2, 3), min=-2.0, max=2.0, seed=2023, static=False, why=RANDOM),
)

# ---- manipulation -------------------------------------------------------------------------------
add(
    R("paddle.reshape", x=T(2, 6), shape=[3, -1, 2], grad="x",
      ref=lambda x, shape: x.reshape(shape),
      errors={"two_minus_one": {"shape": [-1, -1]}}),
    R("paddle.transpose", x=T(2, 3, 4), perm=[2, 0, 1], grad="x",
      ref=lambda x, perm: x.transpose(perm)),
    R("paddle.concat", x=[T(2, 3), T(1, 3)], axis=0, grad="x",
      ref=lambda x, axis=0: np.concatenate(x, axis)),
    R("paddle.split", x=T(4, 6), num_or_sections=[2, -1, 1], axis=1, grad="x",
      errors={"not_divisible": {"num_or_sections": 4}}),
    R("paddle.stack", x=[T(2, 3), T(2, 3), T(2, 3)], axis=1, grad="x",
      ref=lambda x, axis=0: np.stack(x, axis)),
    R("paddle.unstack", x=T(3, 2, 4), axis=2, grad="x"),
    R("paddle.unbind", input=T(3, 4), axis=1, grad="input"),
    R("paddle.squeeze", x=T(1, 3, 1, 2), axis=[0, 2], grad="x"),
    R("paddle.unsqueeze", x=T(3, 2), axis=[0, 3], grad="x",
      ref=lambda x, axis: np.expand_dims(x, tuple(axis))),
    R("paddle.flatten", x=T(2, 3, 4, 2), start_axis=1, stop_axis=2, grad="x",
      errors={"start_after_stop": {"start_axis": 3, "stop_axis": 1}}),
    R("paddle.expand", x=T(1, 3), shape=[4, -1], grad="x",
      ref=lambda x, shape: np.broadcast_to(x, (shape[0], x.shape[1]))),
    R("paddle.expand_as", x=T(3, 1), y=T(2, 3, 4), grad="x"),
    R("paddle.tile", x=T(2, 3), repeat_times=[2, 1, 2], grad="x",
      ref=lambda x, repeat_times: np.tile(x, repeat_times)),
    R("paddle.flip", x=T(2, 3, 4), axis=[0, 2], grad="x", ref=lambda x, axis: np.flip(x, axis)),
    R("paddle.roll", x=T(3, 4), shifts=[1, -2], axis=[0, 1], grad="x",
      ref=lambda x, shifts, axis=None: np.roll(x, shifts, axis)),
    R("paddle.Tensor.__getitem__", T(4, 5), (slice(1, 3), -1), grad="", name="slice"),
    R("paddle.Tensor.__getitem__", T(4, 5), V([2, 0], "int64"), name="tensor_index"),
    R("paddle.slice", input=T(4, 5, 6), axes=[0, 2], starts=[1, -3], ends=[3, 100], grad="input",
      ref=lambda input, axes, starts, ends: input[1:3, :, -3:]),
    R("paddle.strided_slice", x=T(6, 8), axes=[0, 1], starts=[5, 1], ends=[0, 7], strides=[-2, 3],
      grad="x", ref=lambda x, axes, starts, ends, strides: x[5:0:-2, 1:7:3]),
    R("paddle.Tensor.__setitem__", T(3, 4), (slice(None), 1), 5.0, static=False, why=NO_STATIC_SETITEM,
      out="self"),
)

# ---- indexing / search --------------------------------------------------------------------------
add(
    R("paddle.gather", x=T(5, 3), index=V([3, 0, 3], "int64"), axis=0, grad="x",
      ref=lambda x, index, axis=0: np.take(x, index, axis)),
    R("paddle.gather_nd", x=T(3, 4, 2), index=V([[1, 2], [0, 3]], "int64"), grad="x"),
    R("paddle.scatter", x=T(4, 3), index=V([2, 0], "int64"), updates=T(2, 3), overwrite=True,
      grad="x updates"),
    R("paddle.scatter", name="accumulate", x=T(4, 3), index=V([2, 2, 0], "int64"), updates=T(3, 3),
      overwrite=False, grad="x updates"),
    R("paddle.scatter_nd_add", x=T(3, 4), index=V([[1, 1], [0, 2], [1, 1]], "int64"),
      updates=T(3), grad="x updates"),
    R("paddle.take_along_axis", arr=T(3, 4), indices=V([[0, 2, 1, 1]], "int64"), axis=0, grad="arr"),
    R("paddle.put_along_axis", arr=T(3, 4), indices=V([[2, 0, 1, 1]], "int64"), values=T(1, 4),
      axis=0, reduce="add", grad="arr values"),
    R("paddle.where", condition=B(3, 4), x=T(3, 4), y=T(3, 4), grad="x y",
      ref=lambda condition, x, y: np.where(condition, x, y)),
    R("paddle.nonzero", x=V([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]), as_tuple=False),
    R("paddle.masked_select", x=T(3, 4), mask=B(3, 4), grad="x",
      ref=lambda x, mask: x[mask]),
    R("paddle.index_select", x=T(4, 3), index=V([0, 3, 3], "int64"), axis=0, grad="x"),
    R("paddle.topk", x=T(3, 6), k=2, axis=1, largest=True, sorted=True, grad="x",
      errors={"k_too_big": {"k": 7}}),
    R("paddle.argsort", x=T(3, 5), axis=1, descending=True, stable=True),
    R("paddle.unique", x=V([3, 1, 2, 3, 1, 5], "int64"), return_index=True, return_inverse=True,
      return_counts=True),
)

# ---- linalg -------------------------------------------------------------------------------------
add(
    R("paddle.matmul", x=T(2, 3), y=T(4, 3), transpose_x=False, transpose_y=True, grad="x y",
      ref=lambda x, y, transpose_x=False, transpose_y=False: x @ (y.T if transpose_y else y),
      errors={"shape_mismatch": {"transpose_y": False}}),
    R("paddle.matmul", name="batched", x=T(2, 3, 4), y=T(4, 5), grad="x y", dtypes=("float32", "float64"),
      ref=lambda x, y: x @ y),
    R("paddle.bmm", x=T(2, 3, 4), y=T(2, 4, 2), grad="x y", ref=lambda x, y: x @ y),
    R("paddle.dot", x=T(5), y=T(5), grad="x y", ref=lambda x, y: np.dot(x, y)),
    R("paddle.linalg.vector_norm", x=T(3, 4), p=3.0, axis=1, keepdim=True, grad="x"),
    R("paddle.norm", x=T(3, 4), p="fro", axis=None, keepdim=False, grad="x",
      ref=lambda x, p=None, axis=None, keepdim=False: np.linalg.norm(x)),
    R("paddle.linalg.matrix_norm", x=T(2, 3, 4), p="fro", axis=[-2, -1], keepdim=False, grad="x"),
    R("paddle.dist", x=T(3, 4), y=T(3, 4), p=2, grad="x y"),
    R("paddle.cross", x=T(2, 3), y=T(2, 3), axis=1, grad="x y",
      ref=lambda x, y, axis=9: np.cross(x, y, axis=axis)),
    R("paddle.einsum", "ij,jk->ik", T(2, 3), T(3, 4), ref=lambda *a: np.einsum(*a)),
    R("paddle.linalg.inv", x=SPD(3), grad="x", dtypes=("float32", "float64"), rtol=1e-4,
      ref=lambda x: np.linalg.inv(x)),
    R("paddle.linalg.det", x=T(2, 3, 3), grad="x", rtol=1e-4, ref=lambda x: np.linalg.det(x)),
    R("paddle.linalg.solve", x=SPD(3), y=T(3, 2), grad="x y", rtol=1e-4,
      ref=lambda x, y: np.linalg.solve(x, y)),
    R("paddle.linalg.cholesky", x=SPD(3), upper=False, grad="x", rtol=1e-4,
      ref=lambda x, upper=False: np.linalg.cholesky(x)),
    R("paddle.linalg.qr", x=T(4, 3, dtype="float64"), mode="reduced", rtol=1e-6),
    R("paddle.linalg.svd", x=T(3, 3, dtype="float64"), full_matrices=False, rtol=1e-6),
    R("paddle.linalg.eigh", x=SPD(3, "float64"), UPLO="L", rtol=1e-6),
    R("paddle.linalg.matrix_power", x=T(3, 3), n=3, grad="x", rtol=1e-4,
      ref=lambda x, n: np.linalg.matrix_power(x, n)),
    R("paddle.linalg.pinv", x=T(4, 3, dtype="float64"), rcond=1e-15, hermitian=False, rtol=1e-6),
    covered_elsewhere("paddle.static.nn.fc", "tests/test_static_goldens.py (conformance/goldens/static.json)"),
    covered_elsewhere("paddle.incubate.identity_loss", "tests/test_incubate_ops.py "
                      "(conformance/goldens/incubate.json; static mode too)"),
    covered_elsewhere("paddle.nn.functional.sigmoid_focal_loss", "tests/test_nn_functional_loss.py "
                      "(conformance/goldens/nn_loss.json); its PIR static form in "
                      "tests/test_pir_printer.py"),
    covered_elsewhere("paddle.masked_fill", "tests/test_ops_search.py (conformance/goldens/"
                      "ops_manip.json); its PIR static form in tests/test_pir_printer.py"),
    covered_elsewhere("paddle.static.setitem", "tests/test_ops_indexing.py (static setitem, "
                      "legacy and PIR, against Paddle 3.3.1's values)"),
    # incubate fused ops and quant layers recorded in static mode by
    # conformance/record/record_static_fused.py (dynamic mode: goldens/incubate.json and
    # goldens/nn_quant_layers.json)
    covered_elsewhere("paddle.incubate.nn.functional.fused_layer_norm",
                      "tests/test_incubate_nn_functional.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.incubate.nn.functional.fused_rms_norm",
                      "tests/test_incubate_nn_functional.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.incubate.nn.functional.fused_matmul_bias",
                      "tests/test_incubate_nn_functional.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.incubate.softmax_mask_fuse",
                      "tests/test_incubate_ops.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.incubate.softmax_mask_fuse_upper_triangle",
                      "tests/test_incubate_ops.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.incubate.graph_khop_sampler",
                      "tests/test_incubate_ops.py (conformance/goldens/incubate.json, "
                      "static_fused.json)"),
    covered_elsewhere("paddle.nn.quant.quant_layers.FakeQuantAbsMax",
                      "tests/test_nn_quant_quant_layers.py (conformance/goldens/"
                      "nn_quant_layers.json, static_fused.json)"),
    covered_elsewhere("paddle.nn.quant.quant_layers.FakeQuantChannelWiseAbsMax",
                      "tests/test_nn_quant_quant_layers.py (conformance/goldens/"
                      "nn_quant_layers.json, static_fused.json)"),
    covered_elsewhere("paddle.nn.quant.quant_layers.FakeQuantMovingAverageAbsMax",
                      "tests/test_nn_quant_quant_layers.py (conformance/goldens/"
                      "nn_quant_layers.json, static_fused.json)"),
    covered_elsewhere("paddle.nn.quant.quant_layers.MovingAverageAbsMaxScale",
                      "tests/test_nn_quant_quant_layers.py (conformance/goldens/"
                      "nn_quant_layers.json, static_fused.json)"),
)

# ---- nn.functional ------------------------------------------------------------------------------
F = "paddle.nn.functional."
add(
    R(F + "relu", x=T(3, 4), grad="x", ref=lambda x: np.maximum(x, 0)),
    R(F + "gelu", x=T(3, 4), approximate=True, grad="x"),
    R(F + "softmax", x=T(3, 4), axis=0, grad="x", dtypes=("float32", "float64"),
      ref=lambda x, axis=-1: np.exp(x) / np.exp(x).sum(axis, keepdims=True)),
    R(F + "log_softmax", x=T(3, 4), axis=-1, grad="x"),
    R(F + "leaky_relu", x=T(3, 4), negative_slope=0.2, grad="x",
      ref=lambda x, negative_slope=0.01: np.where(x > 0, x, negative_slope * x)),
    R(F + "relu6", x=T(3, 4, lo=-2, hi=8), grad="x", ref=lambda x: np.clip(x, 0, 6)),
    R(F + "silu", x=T(3, 4), grad="x", ref=lambda x: x / (1 + np.exp(-x))),
    R(F + "elu", x=T(3, 4), alpha=0.5, grad="x"),
    R(F + "softplus", x=T(3, 4), beta=2, threshold=1, grad="x"),
    R(F + "hardsigmoid", x=T(3, 4, lo=-4, hi=4), slope=0.2, offset=0.5, grad="x"),
    R(F + "hardswish", x=T(3, 4, lo=-4, hi=4), grad="x"),
    R(F + "linear", x=T(2, 3), weight=T(3, 4), bias=T(4), grad="x weight bias",
      ref=lambda x, weight, bias=None: x @ weight + (0 if bias is None else bias)),
    # defaults style would train (random mask): left out
    R(F + "dropout", x=T(4, 5), p=0.5, training=False, grad="x", name="eval",
      styles=("positional", "keyword", "shuffled")),
    R(F + "dropout", x=T(4, 5), p=0.3, axis=None, training=True, seed=2023, static=False, why=RANDOM,
      name="train", grad="x"),
    R(F + "embedding", x=V([[0, 2], [3, 2]], "int64"), weight=T(4, 3), padding_idx=2, grad="weight"),
    R(F + "one_hot", x=V([0, 3, 1], "int64"), num_classes=4),
    R(F + "pad", x=T(1, 2, 3, 3), pad=[1, 0, 2, 1], mode="reflect", grad="x", name="reflect"),
    R(F + "pad", x=T(2, 3), pad=[1, 2, 0, 1], mode="constant", value=1.5, grad="x", name="constant"),
    R(F + "interpolate", x=T(1, 2, 3, 4), size=[6, 5], mode="bilinear", align_corners=False, grad="x"),
    R(F + "conv2d", x=T(1, 2, 5, 5), weight=T(4, 2, 3, 3), bias=T(4), stride=2, padding=1,
      grad="x weight bias", rtol=1e-4),
    R(F + "max_pool2d", x=T(1, 2, 5, 5), kernel_size=2, stride=2, padding=0, return_mask=True, grad="x"),
    R(F + "max_pool2d", x=T(1, 2, 5, 5), kernel_size=3, stride=1, padding=1, name="no_mask", grad="x"),
    R(F + "batch_norm", x=T(2, 3, 2, 2), running_mean=T(3), running_var=T(3, lo=0.5, hi=1.5),
      weight=T(3), bias=T(3), training=True, momentum=0.9, epsilon=1e-5, grad="x weight bias",
      rtol=1e-4),
    R(F + "layer_norm", x=T(2, 3, 4), normalized_shape=[3, 4], weight=T(12), bias=T(12),
      epsilon=1e-5, grad="x weight bias", rtol=1e-4),
    R(F + "normalize", x=T(3, 4), p=2, axis=1, grad="x"),
    R(F + "cross_entropy", input=T(4, 5), label=V([[1], [0], [4], [2]], "int64"), grad="input"),
    R(F + "cross_entropy", name="soft_weighted", input=T(4, 5), label=T(4, 5, lo=0, hi=1),
      soft_label=True, reduction="sum", grad="input",
      xfail={"grad": "soft labels that do not sum to 1: the gradient differs from Paddle's"}),
    R(F + "label_smooth", label=T(3, 4, lo=0, hi=1), epsilon=0.2, grad="label"),
    R(F + "nll_loss", input=T(4, 5, lo=-3, hi=0), label=V([1, 0, 4, 2], "int64"), reduction="sum",
      grad="input"),
    R(F + "mse_loss", input=T(3, 4), label=T(3, 4), reduction="mean", grad="input",
      ref=lambda input, label, reduction="mean": np.mean((input - label) ** 2)),
    R(F + "l1_loss", input=T(3, 4), label=T(3, 4), reduction="sum", grad="input",
      ref=lambda input, label, reduction="mean": np.abs(input - label).sum()),
    R(F + "binary_cross_entropy", input=T(3, 4, lo=0.05, hi=0.95), label=T(3, 4, lo=0, hi=1),
      reduction="mean", grad="input"),
    R(F + "binary_cross_entropy_with_logits", logit=T(3, 4), label=T(3, 4, lo=0, hi=1),
      weight=T(3, 4, lo=0.5, hi=1), reduction="mean", pos_weight=T(4, lo=1, hi=2), grad="logit"),
    R("paddle.metric.accuracy", input=T(4, 5, lo=0, hi=1), label=V([[1], [0], [4], [2]], "int64"), k=2),
    covered_elsewhere("paddle.metric.Accuracy.compute", "tests/test_metric.py (recorded Paddle goldens)"),
    covered_elsewhere("paddle.nn.LSTM", "tests/test_nn_layer_rnn.py (conformance/goldens/nn_rnn.json; "
                      "the fused `rnn` op behind LSTM, GRU and SimpleRNN)"),
    covered_elsewhere("paddle.nn.functional.scaled_dot_product_attention",
                      "tests/test_nn_functional_sdpa.py (conformance/goldens/nn_transformer.json)"),
    # the conv/pool/norm/pad/vision ops recorded by conformance/record/record_nn_conv.py
    covered_elsewhere("paddle.nn.SpectralNorm", "tests/test_nn_layer_norm.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.affine_grid", "tests/test_nn_functional_vision.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.alpha_dropout", "tests/test_nn_functional_common.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.bilinear", "tests/test_nn_functional_common.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.channel_shuffle", "tests/test_nn_functional_vision.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.conv3d", "tests/test_nn_functional_conv.py (values); "
                      "tests/test_static_goldens.py / test_pir_printer.py conv_program (recording)"),
    covered_elsewhere("paddle.nn.functional.conv2d_transpose", "tests/test_nn_functional_conv.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.fold", "tests/test_nn_functional_common.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.fractional_max_pool2d", "tests/test_nn_functional_pooling.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.grid_sample", "tests/test_nn_functional_vision.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.group_norm", "tests/test_nn_functional_norm.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.instance_norm", "tests/test_nn_functional_norm.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.local_response_norm", "tests/test_nn_functional_norm.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.max_unpool2d", "tests/test_nn_functional_pooling.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.pixel_shuffle", "tests/test_nn_functional_vision.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.pixel_unshuffle", "tests/test_nn_functional_vision.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.rms_norm", "tests/test_nn_functional_norm.py (Paddle 3.3.1 has no CPU kernel: checked against the formula)"),
    covered_elsewhere("paddle.nn.functional.temporal_shift", "tests/test_nn_functional_extension.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.unfold", "tests/test_nn_functional_common.py (conformance/goldens/nn_conv.json)"),
    covered_elsewhere("paddle.nn.functional.sequence_mask",
                      "tests/test_nn_functional_extension.py and the sequence_length cases of "
                      "tests/test_nn_layer_rnn.py"),
    covered_elsewhere("paddle.fft.fft", "tests/test_fft.py (conformance/goldens/fft.json: the fft_c2c / "
                      "fft_r2c / fft_c2r ops behind every paddle.fft function)"),
    covered_elsewhere("paddle.fft.irfft", "tests/test_fft.py (conformance/goldens/fft.json: the fft_c2c / "
                      "fft_r2c / fft_c2r ops behind every paddle.fft function)"),
    covered_elsewhere("paddle.fft.rfft", "tests/test_fft.py (conformance/goldens/fft.json: the fft_c2c / "
                      "fft_r2c / fft_c2r ops behind every paddle.fft function)"),
    covered_elsewhere("paddle.linalg.cholesky_solve", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.eig", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.eigvals", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.eigvalsh", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.householder_product", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.lstsq", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.lu", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.lu_solve", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.lu_unpack", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.matrix_exp", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.matrix_rank", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.multi_dot", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.slogdet", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.svdvals", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.linalg.triangular_solve", "tests/test_linalg.py (conformance/goldens/linalg.json)"),
    covered_elsewhere("paddle.signal.istft", "tests/test_signal.py (conformance/goldens/fft.json, signal cases)"),
    covered_elsewhere("paddle.signal.stft", "tests/test_signal.py (conformance/goldens/fft.json, signal cases)"),
)

# ---- math: elementwise, reductions, comparisons, creation ---------------------------------------
_UNARY = {   # name -> (low, high, numpy formula): domains keep gradients finite and away from kinks
    "abs": (-1, 1, np.abs), "acos": (-0.9, 0.9, np.arccos), "asin": (-0.9, 0.9, np.arcsin),
    "atan": (-2, 2, np.arctan), "ceil": (-3, 3, np.ceil), "cos": (-3, 3, np.cos),
    "cosh": (-2, 2, np.cosh), "erf": (-2, 2, None), "exp": (-2, 2, np.exp), "expm1": (-2, 2, np.expm1),
    "floor": (-3, 3, np.floor), "log": (0.1, 3, np.log), "log10": (0.1, 3, np.log10),
    "log1p": (-0.5, 3, np.log1p), "log2": (0.1, 3, np.log2), "neg": (-2, 2, np.negative),
    "reciprocal": (0.5, 3, np.reciprocal), "rsqrt": (0.2, 3, lambda x: 1 / np.sqrt(x)),
    "sigmoid": (-3, 3, lambda x: 1 / (1 + np.exp(-x))), "sign": (-2, 2, np.sign),
    "sin": (-3, 3, np.sin), "sinh": (-2, 2, np.sinh), "sqrt": (0.2, 3, np.sqrt),
    "square": (-2, 2, np.square), "tan": (-1, 1, np.tan), "tanh": (-2, 2, np.tanh),
}
for _n, (_lo, _hi, _f) in _UNARY.items():
    add(R("paddle." + _n, x=T(3, 4, lo=_lo, hi=_hi), grad="x", dtypes=("float32", "float64"),
          ref=(lambda f: (lambda x: f(x)))(_f) if _f else None))
add(R("paddle.trunc", input=T(3, 4, lo=-3, hi=3), grad="input", ref=lambda input: np.trunc(input)))

_BINARY = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "maximum": np.maximum, "minimum": np.minimum, "fmax": np.fmax, "fmin": np.fmin,
    "pow": None, "remainder": None, "floor_divide": None,
}
for _n, _f in _BINARY.items():
    _y = T(4, lo=0.5, hi=2) if _n in ("divide", "pow", "remainder", "floor_divide") else T(4)
    _x = T(3, 4, lo=0.5, hi=2) if _n == "pow" else T(3, 4, lo=-3, hi=3)
    add(R("paddle." + _n, x=_x, y=_y, grad="" if _n == "floor_divide" else "x y",
          ref=(lambda f: (lambda x, y: f(x, y)))(_f) if _f else None))
add(
    R("paddle.pow", name="scalar", x=T(3, 4, lo=0.5, hi=2), y=2.5, grad="x",
      ref=lambda x, y: np.power(x, y)),
    R("paddle.add", name="int_broadcast", x=I(2, 1, 3, lo=-5, hi=5), y=I(4, 1, lo=-5, hi=5)),
    R("paddle.divide", name="int", x=I(3, 4, lo=-9, hi=9), y=I(3, 4, lo=1, hi=4)),
    R("paddle.remainder", name="int", x=I(3, 4, lo=-9, hi=9), y=I(3, 4, lo=1, hi=4)),
    R("paddle.floor_divide", name="int", x=I(3, 4, lo=-9, hi=9), y=I(3, 4, lo=1, hi=4)),
)
for _n in ("equal", "not_equal", "greater_equal", "greater_than", "less_equal", "less_than"):
    add(R("paddle." + _n, x=I(3, 4, lo=0, hi=3), y=I(4, lo=0, hi=3)))
for _n in ("logical_and", "logical_or", "logical_xor"):
    add(R("paddle." + _n, x=B(3, 4), y=B(3, 4)))
for _n in ("bitwise_and", "bitwise_or", "bitwise_xor"):
    add(R("paddle." + _n, x=I(3, 4, lo=-8, hi=8, dtype="int32"), y=I(3, 4, lo=-8, hi=8, dtype="int32")))
add(
    R("paddle.logical_not", x=B(3, 4)),
    R("paddle.bitwise_not", x=I(3, 4, lo=-8, hi=8, dtype="int32")),
    R("paddle.equal_all", x=V([1, 2]), y=V([1, 2])),
    R("paddle.allclose", x=V([1.0, 2.0]), y=V([1.0, 2.000001]), rtol=1e-05, atol=1e-08),
    R("paddle.isclose", x=V([1.0, 2.0, float("nan")]), y=V([1.0, 2.1, float("nan")]), equal_nan=True),
    R("paddle.isfinite", x=V([1.0, float("inf"), float("nan")])),
    R("paddle.isinf", x=V([1.0, float("-inf"), float("nan")])),
    R("paddle.isnan", x=V([1.0, float("inf"), float("nan")])),
    R("paddle.is_empty", x=T(0, 3)),
)
for _n in ("sum", "mean", "max", "min", "amax", "amin", "prod", "logsumexp", "nansum", "nanmean"):
    add(R("paddle." + _n, x=T(3, 4, lo=0.5, hi=2), axis=1, keepdim=True, grad="x"))
add(
    R("paddle.sum", name="all_int", x=I(3, 4)),
    R("paddle.mean", name="tuple_axis", x=T(2, 3, 4), axis=[0, 2], grad="x",
      ref=lambda x, axis: x.mean(tuple(axis))),
    R("paddle.var", x=T(3, 4), axis=0, unbiased=True, keepdim=False, grad="x",
      ref=lambda x, axis, unbiased=True, keepdim=False: x.var(axis, ddof=1)),
    R("paddle.median", x=T(3, 5), axis=1, keepdim=False, grad="x"),
    R("paddle.all", x=B(3, 4), axis=1), R("paddle.any", x=B(3, 4), axis=0),
    R("paddle.argmax", x=T(3, 4), axis=1, keepdim=True), R("paddle.argmin", x=T(3, 4), axis=0),
    R("paddle.count_nonzero", x=V([[0.0, 1.0, 2.0], [0.0, 0.0, 3.0]]), axis=1),
    R("paddle.cumsum", x=T(3, 4), axis=1, grad="x", ref=lambda x, axis=None: np.cumsum(x, axis)),
    R("paddle.cumprod", x=T(3, 4, lo=0.5, hi=1.5), dim=0, grad="x",
      ref=lambda x, dim=None: np.cumprod(x, dim)),
    R("paddle.clip", x=T(3, 4, lo=-2, hi=2), min=-0.5, max=0.8, grad="x",
      ref=lambda x, min=None, max=None: np.clip(x, min, max)),
    R("paddle.round", x=V([-1.5, -0.5, 0.5, 1.5, 2.4999])),
    R("paddle.scale", x=T(3, 4), scale=2.0, bias=0.5, bias_after_scale=False, grad="x",
      ref=lambda x, scale=1.0, bias=0.0, bias_after_scale=True: (x + bias) * scale),
    R("paddle.stanh", x=T(3, 4), scale_a=0.5, scale_b=2.0, grad="x"),
    R("paddle.lerp", x=T(3, 4), y=T(3, 4), weight=T(3, 4, lo=0, hi=1), grad="x y weight",
      xfail={"grad": "Paddle 3.3.1 gives `weight` no gradient (None); paddle_compat computes it"}),
    R("paddle.increment", x=V([2.0]), value=3.0),
    R("paddle.add_n", inputs=[T(2, 3), T(2, 3), T(2, 3)], grad="inputs",
      ref=lambda inputs: sum(inputs)),
    R("paddle.cast", x=T(3, 4, lo=-3, hi=3), dtype="int32"),
    R("paddle.cast", name="grad", x=T(3, 4), dtype="float64", grad="x"),
    R("paddle.assign", x=T(3, 4), grad="x"),
    R("paddle.complex", real=T(2, 3), imag=T(2, 3)),
    R("paddle.diag", x=T(3), offset=1, padding_value=0, grad="x"),
    R("paddle.tril", x=T(4, 4), diagonal=-1, grad="x", ref=lambda x, diagonal=0: np.tril(x, diagonal)),
    R("paddle.meshgrid", T(3), T(2), grad=""),
    R("paddle.arange", start=1, end=7, step=2, dtype="float32"),
    R("paddle.linspace", start=0.0, stop=1.0, num=5, dtype="float32"),
    R("paddle.logspace", start=0.0, stop=2.0, num=3, base=10.0, dtype="float32"),
    R("paddle.eye", num_rows=3, num_columns=4, dtype="float32"),
    R("paddle.full", shape=[2, 3], fill_value=1.5, dtype="float32"),
    R("paddle.full_like", x=T(2, 3), fill_value=-2.0, dtype="float64"),
    R("paddle.empty", shape=[2, 3], dtype="float32", out="shape_dtype",
      static=False, why="uninitialised memory: only the shape and dtype are compared"),
    R("paddle.empty_like", x=T(2, 3), out="shape_dtype",
      static=False, why="uninitialised memory: only the shape and dtype are compared"),
    R("paddle.randn", shape=[2, 3], dtype="float64", seed=2023, static=False, why=RANDOM),
    covered_elsewhere("paddle.gaussian", "records paddle.randn and paddle.normal: Paddle 3.3.1 has "
                      "no public paddle.gaussian (OpDef gaussian_random's api names it)"),
    covered_elsewhere("paddle.elementwise_pow", "records paddle.pow: Paddle 3.3.1 has no public "
                      "paddle.elementwise_pow (the OpDef's api names the legacy op)"),
)


# ---- the less common ops of math.py, manipulation.py and tensor_patch.py ------------------------
_CPLX = V([1 + 2j, -3j, -2.5 + 0.5j, 4.0], "complex64")
_UNARY_EXTRA = {   # name -> (low, high, numpy formula or None); domains as in _UNARY
    "acosh": (1.1, 3, np.arccosh), "asinh": (-2, 2, np.arcsinh), "atanh": (-0.9, 0.9, np.arctanh),
    "erfinv": (-0.9, 0.9, None), "lgamma": (0.5, 3, np.vectorize(math.lgamma)),
    "gammaln": (0.5, 3, np.vectorize(math.lgamma)), "digamma": (0.5, 3, None),
    "deg2rad": (-180, 180, np.deg2rad), "rad2deg": (-3, 3, np.rad2deg), "i0": (-2, 2, np.i0),
    "i0e": (-2, 2, lambda x: np.i0(x) * np.exp(-np.abs(x))), "i1": (-2, 2, None),
    "i1e": (-2, 2, None), "sinc": (-2, 2, np.sinc), "frac": (-3, 3, lambda x: x - np.trunc(x)),
    "positive": (-2, 2, lambda x: +x), "negative": (-2, 2, np.negative),
}
for _n, (_lo, _hi, _f) in _UNARY_EXTRA.items():
    add(R("paddle." + _n, x=T(3, 4, lo=_lo, hi=_hi), grad="x", dtypes=("float32", "float64"),
          ref=(lambda f: (lambda x: f(x)))(_f) if _f else None))
_SPECIAL = V([-1.5, -0.0, 0.0, 2.0, float("-inf"), float("inf"), float("nan")])
add(
    R("paddle.sgn", x=T(3, 4, lo=-2, hi=2), grad="x", ref=lambda x: np.sign(x)),
    R("paddle.sgn", name="complex", x=_CPLX),
    R("paddle.signbit", x=_SPECIAL),
    R("paddle.isneginf", x=_SPECIAL), R("paddle.isposinf", x=_SPECIAL),
    R("paddle.isneginf", name="int", x=I(5, lo=-3, hi=3)),
    R("paddle.isreal", x=T(3)), R("paddle.isreal", name="complex", x=_CPLX),
    R("paddle.conj", x=T(3, 4), grad="x", ref=lambda x: np.conj(x)),
    R("paddle.conj", name="complex", x=_CPLX),
    R("paddle.angle", x=T(3, 4, lo=-2, hi=2), grad="x", ref=lambda x: np.angle(x)),
    R("paddle.angle", name="complex", x=_CPLX),
    R("paddle.real", x=_CPLX, errors={"float": {"x": np.ones(3, "float32")}}),
    R("paddle.imag", x=_CPLX, errors={"float": {"x": np.ones(3, "float32")}}),
    R("paddle.logit", x=T(3, 4, lo=0.05, hi=0.95), grad="x", ref=lambda x, eps=None: np.log(x / (1 - x))),
    R("paddle.logit", name="eps", x=T(3, 4, lo=0, hi=1), eps=0.2, grad="x"),
    R("paddle.polygamma", x=T(3, 4, lo=0.5, hi=3), n=1, grad="x", dtypes=("float32", "float64")),
    R("paddle.acosh", name="int", x=I(3, lo=1, hi=5)),
)
add(
    R("paddle.atan2", x=T(3, 4), y=T(3, 4), grad="x y", dtypes=("float32", "float64"),
      ref=lambda x, y: np.arctan2(x, y)),
    R("paddle.atan2", name="int", x=I(3, 4, lo=-3, hi=3), y=I(3, 4, lo=-3, hi=3)),
    R("paddle.hypot", x=T(3, 4), y=T(4), grad="x y", ref=lambda x, y: np.hypot(x, y)),
    R("paddle.logaddexp", x=T(3, 4, lo=-3, hi=3), y=T(3, 4, lo=-3, hi=3), grad="x y",
      ref=lambda x, y: np.logaddexp(x, y)),
    R("paddle.copysign", x=T(3, 4), y=T(3, 4), grad="x y", ref=lambda x, y: np.copysign(x, y)),
    # x holds zeros (where y is taken): not differentiable in x there, so x's gradient (0) is
    # checked by the second record, whose drawn x is never 0
    R("paddle.heaviside", x=V([[-1.0, 0.0, 2.0], [0.0, 3.0, -0.5]]), y=T(3), grad="y"),
    R("paddle.heaviside", name="grad_x", x=T(2, 3), y=T(2, 3), grad="x y"),
    R("paddle.nextafter", x=T(3, 4), y=T(3, 4), ref=lambda x, y: np.nextafter(x, y)),
    R("paddle.ldexp", x=T(3, 4), y=I(3, 4, lo=-3, hi=4, dtype="int32"), grad="x",
      ref=lambda x, y: np.ldexp(x, y)),
    R("paddle.gcd", x=I(3, 4, lo=-12, hi=12), y=I(3, 4, lo=-12, hi=12)),
    R("paddle.lcm", x=I(3, 4, lo=-12, hi=12, dtype="int32"), y=I(3, 4, lo=-12, hi=12, dtype="int32")),
    R("paddle.bitwise_left_shift", x=I(3, 4, lo=-8, hi=8, dtype="int32"),
      y=I(3, 4, lo=0, hi=5, dtype="int32"), is_arithmetic=True),
    R("paddle.bitwise_left_shift", name="logical", x=I(3, 4, lo=-8, hi=8, dtype="int32"),
      y=I(3, 4, lo=0, hi=5, dtype="int32"), is_arithmetic=False),
    R("paddle.bitwise_right_shift", x=I(3, 4, lo=-64, hi=64, dtype="int32"),
      y=I(3, 4, lo=0, hi=5, dtype="int32"), is_arithmetic=True),
    R("paddle.bitwise_right_shift", name="logical", x=I(3, 4, lo=-64, hi=64, dtype="int32"),
      y=I(3, 4, lo=0, hi=5, dtype="int32"), is_arithmetic=False),
    R("paddle.bitwise_right_shift", name="uint8", x=I(3, 4, lo=0, hi=255, dtype="uint8"),
      y=I(3, 4, lo=0, hi=5, dtype="uint8"), is_arithmetic=False),
)
add(
    R("paddle.nan_to_num", x=_SPECIAL, nan=0.5, posinf=10.0, neginf=None, grad="x"),
    R("paddle.nan_to_num", name="defaults", x=_SPECIAL, grad="x"),
    R("paddle.diff", x=T(3, 5), n=2, axis=1, prepend=T(3, 1), append=T(3, 2),
      grad="x prepend append"),
    R("paddle.diff", name="plain", x=T(3, 5), grad="x", ref=lambda x, n=1, axis=-1: np.diff(x, n, axis)),
    R("paddle.trace", x=T(3, 4, 5), offset=1, axis1=0, axis2=2, grad="x",
      ref=lambda x, offset=0, axis1=0, axis2=1: np.trace(x, offset, axis1, axis2)),
    R("paddle.diagonal", x=T(3, 4, 5), offset=-1, axis1=2, axis2=0, grad="x",
      ref=lambda x, offset=0, axis1=0, axis2=1: np.diagonal(x, offset, axis1, axis2)),
    R("paddle.kron", x=T(2, 3), y=T(3, 2), grad="x y", ref=lambda x, y: np.kron(x, y)),
    R("paddle.inner", x=T(2, 4), y=T(3, 4), grad="x y", ref=lambda x, y: np.inner(x, y)),
    R("paddle.mv", x=T(3, 4), vec=T(4), grad="x vec", ref=lambda x, vec: x @ vec),
    R("paddle.addmm", input=T(3, 2), x=T(3, 4), y=T(4, 2), beta=0.5, alpha=2.0, grad="input x y",
      ref=lambda input, x, y, beta=1.0, alpha=1.0: beta * input + alpha * (x @ y),
      errors={"shape_mismatch": {"y": np.ones((3, 2), "float32")}}),
    R("paddle.cummax", x=T(3, 4), axis=1, dtype="int64", grad="x"),
    R("paddle.cummax", name="flat_int32", x=V([[1.0, 3.0, 3.0], [2.0, 5.0, 0.0]]), dtype="int32"),
    R("paddle.cummin", x=T(3, 4), axis=0, dtype="int64", grad="x"),
    R("paddle.cummin", name="ties", x=V([[3.0, 1.0, 1.0, 0.5], [2.0, 2.0, 1.0, 1.0]]), axis=1),
    R("paddle.logcumsumexp", x=T(3, 4), axis=1, grad="x",
      ref=lambda x, axis=None: np.logaddexp.accumulate(x, axis)),
    R("paddle.logcumsumexp", name="flat", x=T(3, 4), grad="x",
      ref=lambda x: np.logaddexp.accumulate(x.reshape(-1))),
    R("paddle.quantile", x=T(3, 5), q=[0.25, 0.5], axis=1, keepdim=True, grad="x",
      errors={"q_range": {"q": 1.5}}),
    R("paddle.quantile", name="scalar_q_axes", x=T(2, 3, 4), q=0.3, axis=[0, 2], grad="x",
      ref=lambda x, q, axis=None: np.quantile(x, q, axis=tuple(axis))),
    R("paddle.mode", x=V([[1.0, 2.0, 2.0, 3.0], [3.0, 3.0, 1.0, 1.0], [4.0, 0.0, 4.0, 0.5]]),
      axis=-1, keepdim=False, grad="x"),
    R("paddle.kthvalue", x=T(3, 5), k=2, axis=1, keepdim=True, grad="x"),
    R("paddle.kthvalue", name="flat_ties", x=V([[2.0, 1.0, 2.0], [1.0, 1.0, 0.0]]), k=2),
    R("paddle.numel", x=T(3, 4)),
    R("paddle.shape", input=T(3, 4, 2), static=False,
      why="the legacy static graph's shape op is int32 (dynamic mode and PIR: int64); recorded "
          "in conformance/goldens/control_flow.json (while_slice_legacy_shape_int32)"),
)
add(
    R("paddle.repeat_interleave", x=T(2, 3), repeats=2, axis=1, grad="x",
      ref=lambda x, repeats, axis=None: np.repeat(x, repeats, axis)),
    R("paddle.repeat_interleave", name="tensor", x=T(2, 3), repeats=V([1, 0, 2], "int64"), axis=1,
      grad="x"),
    R("paddle.repeat_interleave", name="flat", x=T(2, 3), repeats=2, grad="x"),
    R("paddle.searchsorted", sorted_sequence=V([[1.0, 3.0, 5.0, 7.0], [2.0, 4.0, 6.0, 8.0]]),
      values=V([[3.0, 6.0, 9.0], [1.0, 4.0, 8.0]]), out_int32=False, right=True),
    R("paddle.searchsorted", name="int32", sorted_sequence=V([1.0, 3.0, 5.0]),
      values=V([[0.0, 3.0], [5.0, 6.0]]), out_int32=True),
    R("paddle.take", x=T(3, 4), index=V([[0, 5], [11, -1]], "int64"), mode="raise", grad="x",
      errors={"out_of_range": {"index": np.array([12], "int64")}}),
    R("paddle.take", name="wrap", x=T(3, 4), index=V([14, -13, 3], "int64"), mode="wrap", grad="x"),
    R("paddle.take", name="clip", x=T(3, 4), index=V([14, -13, 3], "int64"), mode="clip", grad="x"),
    R("paddle.tensordot", x=T(2, 3, 4), y=T(3, 4, 5), axes=2, grad="x y",
      ref=lambda x, y, axes=2: np.tensordot(x, y, axes)),
    R("paddle.tensordot", name="lists", x=T(2, 3, 4), y=T(4, 2, 5), axes=[[0, 2], [1, 0]], grad="x y",
      ref=lambda x, y, axes=2: np.tensordot(x, y, axes)),
    R("paddle.broadcast_tensors", input=[T(2, 1, 3), T(4, 1), T(3)], grad="input",
      errors={"dtypes": {"input": [np.ones(3, "float32"), np.ones(3, "float64")]}}),
    R("paddle.bincount", x=I(8, lo=0, hi=5), minlength=7),
    R("paddle.bincount", name="weights", x=I(8, lo=0, hi=5), weights=T(8), minlength=2,
      errors={"negative": {"x": np.array([1, -1], "int64"), "weights": DROP}}),
    R("paddle.index_add", x=T(4, 3), index=V([0, 2, 0], "int64"), axis=0, value=T(3, 3),
      grad="x value"),
    R("paddle.index_fill", x=T(4, 3), index=V([0, 2], "int64"), axis=1, value=2.5, grad="x"),
    R("paddle.isin", x=I(3, 4, lo=0, hi=7), test_x=V([1, 3, 5], "int64"), assume_unique=False,
      invert=True),
    R("paddle.diag_embed", input=T(2, 3), offset=1, dim1=0, dim2=2, grad="input",
      xfail={"grad": "Paddle 3.3.1's diag_embed has no gradient (None); paddle_compat computes it"}),
    R("paddle.view", x=T(2, 6), shape_or_dtype=[3, -1, 2], grad="x"),
    R("paddle.view", name="dtype", x=T(2, 6), shape_or_dtype="int32"),
    R("paddle.Tensor.fill_diagonal_", T(4, 3), value=2.0, offset=0, wrap=False, out="self",
      static=False, why="in-place dynamic-graph method"),
    R("paddle.Tensor.fill_diagonal_", T(7, 3), name="wrap_offset", value=-1.0, offset=1, wrap=True,
      out="self", static=False, why="in-place dynamic-graph method"),
)

# ---- paddle.vision.ops: detection ops with box-dependent shapes, recorded snippet by snippet -----
_VISION = "tests/test_vision_ops.py (conformance/goldens/vision_ops.json, values and gradients)"
add(*(covered_elsewhere("paddle.vision.ops." + name, _VISION) for name in (
    "nms", "roi_align", "roi_pool", "psroi_pool", "box_coder", "prior_box", "yolo_box", "yolo_loss",
    "deform_conv2d")))

# ---- Paddle 3.x tensor functions (issue 23): recorded case by case from Paddle 3.3.1 -------------
_TENSOR_API = ("tests/test_ops_<module>.py, test_compat_nn_*.py, test_ops_compat_softmax.py "
               "(conformance/goldens/tensor_api.json: values, dtypes, errors, gradients)")
add(*(covered_elsewhere(api, _TENSOR_API) for api in (
    "paddle.as_complex", "paddle.as_real", "paddle.as_strided", "paddle.baddbmm", "paddle.binomial",
    "paddle.block_diag", "paddle.cartesian_prod", "paddle.cdist", "paddle.column_stack",
    "paddle.combinations", "paddle.compat.nn.AvgPool1D", "paddle.compat.nn.AvgPool2D",
    "paddle.compat.nn.AvgPool3D", "paddle.compat.nn.MultiheadAttention",
    "paddle.compat.nn.functional.linear", "paddle.compat.nn.functional.pad",
    "paddle.compat.nn.functional.scaled_dot_product_attention", "paddle.compat.nn.functional.unfold",
    "paddle.crop", "paddle.cumulative_trapezoid", "paddle.diagflat", "paddle.diagonal_scatter",
    "paddle.dstack", "paddle.frexp", "paddle.gammainc", "paddle.gammaincc", "paddle.histogram",
    "paddle.histogram_bin_edges", "paddle.histogramdd", "paddle.index_put", "paddle.index_sample",
    "paddle.masked_scatter", "paddle.multigammaln", "paddle.multiplex", "paddle.nanmedian",
    "paddle.poisson", "paddle.polar", "paddle.reduce_as", "paddle.renorm", "paddle.scatter_add",
    "paddle.scatter_reduce", "paddle.select_scatter", "paddle.shard_index", "paddle.slice_scatter",
    "paddle.softmax", "paddle.standard_gamma", "paddle.tensor_split", "paddle.trapezoid",
    "paddle.unfold", "paddle.unique_consecutive", "paddle.vander")))


# ---- losses, decoding helpers, attention forms and paddle.text (helper nnloss, issue #20) --------
_LOSS = "tests/test_nn_functional_loss.py (conformance/goldens/nn_loss.json, values, gradients, errors)"
_FUNC = "conformance/goldens/nn_functional.json, replayed by the test of the function's module"
_CUDA = ("tests/test_nn_functional_flash_attention.py (CUDA-only in Paddle 3.3.1: checked against "
         "numpy attention)")
add(*(covered_elsewhere(F + name, _LOSS) for name in (
    "ctc_loss", "rnnt_loss", "hsigmoid_loss", "multi_label_margin_loss",
    "adaptive_log_softmax_with_loss")),
    covered_elsewhere(F + "margin_cross_entropy", "tests/test_nn_functional_loss.py (no CPU kernel "
                      "in Paddle 3.3.1: its error is recorded, values checked against numpy)"),
    *(covered_elsewhere(F + name, _FUNC) for name in ("gumbel_softmax", "swiglu", "gather_tree",
                                                      "class_center_sample")),
    *(covered_elsewhere(F + name, _CUDA) for name in (
        "flash_attn_varlen_qkvpacked", "flash_attention_v3_varlen", "flashmask_attention",
        "sparse_attention")),
    covered_elsewhere("paddle.text.viterbi_decode",
                      "tests/test_text_viterbi_decode.py (conformance/goldens/text.json)"))

def by_id():
    out = {}
    for r in RECORDS:
        for vid, _ in r.variants():
            if vid in out:
                raise RuntimeError(f"duplicate conformance record id {vid}: give one a name=")
            out[vid] = r
    return out
