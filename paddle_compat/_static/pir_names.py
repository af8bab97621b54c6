"""The table from the recorded (legacy) op types to Paddle 3.3.1's PIR operations (data only).

One Program, two views: the IR records legacy ops (`mul`, `elementwise_add`, `reduce_mean` with a
`dim` attribute...); Paddle's default PIR face shows the same computation as `pd_op.matmul`,
`pd_op.add`, `pd_op.full_int_array` + `pd_op.mean`. Each entry says, for one legacy type:

* `name`: the PIR operation name;
* `operands`: in PIR order, each a legacy input slot (`"X"`; `"?Slot"` = optional, printed as
  `<<NULL VALUE>>` when empty), or a value PIR builds from an attribute first:
  `("int_array", attr)` (a `pd_op.full_int_array`, int64 on the CPU), `("full", attr)` (a
  one-element float32 `pd_op.full` on the CPU), `("full_i32", attr)` / `("full_i64", attr)` /
  `("full_f64", attr)` (int32 / int64 / float64 ones), or
  `("combine", slot)` (a `builtin.combine` of a list slot), or `("forward", i)` (the forward op's
  operand i: a grad op reuses the forward's axis value);
* `results`: the legacy output slots that become PIR results (`"?Slot"` = a `<<NULL TYPE>>` when
  the legacy op left it empty; `"*Slot"` = the op returns one vector that a `builtin.split`
  unpacks into the slot's variables); default `("Out",)`;
* `attrs`: PIR attribute name -> the legacy attribute it comes from (`"@dtype:attr"` = a VarType
  code printed as a dtype name), a constant wrapped in `Const`, or a function of the legacy
  attributes (returning the value, or a `Const`);
* `sg`: `"inputs"` when PIR gives every result the inputs' stop_gradient (a result the legacy
  op marks non-differentiable, such as topk's indices, included); default: each variable's own.

An entry may instead be a function of the legacy attributes returning the entry (one legacy op
that PIR shows as one of two operations: tril_triu, split by sections or by number).

Recorded from the oracle (conformance/record/record_pir.py, goldens/pir.json); PIR prints the
attributes sorted by name, with `stop_gradient` among them, so no order is kept here.
"""

__all__ = ["Const", "OPS", "REGION_GRAD", "DTYPE_CODES", "TYPE_SUFFIX"]


class Const:
    """A PIR attribute whose value does not come from the legacy op."""
    __slots__ = ("value", "bare")

    def __init__(self, value, bare=False):
        self.value = value
        self.bare = bare        # printed without quotes (a dtype name such as Undefined)


# Legacy VarType codes -> dtype names (the inverse of ir.VARTYPE_CODES).
DTYPE_CODES = {0: "bool", 1: "int16", 2: "int32", 3: "int64", 4: "float16", 5: "float32",
               6: "float64", 20: "uint8", 21: "int8", 22: "bfloat16", 23: "complex64",
               24: "complex128"}

# How PIR spells an element type inside tensor<...>.
TYPE_SUFFIX = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
               "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8", "uint8": "u8",
               "bool": "b", "complex64": "c64", "complex128": "c128"}


def _pairs(paddings):
    """PIR shows symmetric 4-element paddings [top, bottom, left, right] as [top, left]."""
    p = [int(v) for v in (paddings or ())]
    if len(p) == 4 and p[0] == p[1] and p[2] == p[3]:
        return [p[0], p[2]]
    return p


_CONV_ATTRS = {"data_format": "data_format", "dilations": "dilations", "groups": "groups",
               "padding_algorithm": "padding_algorithm",
               "paddings": lambda a: _pairs(a.get("paddings")), "strides": "strides"}


def _op(name, operands=("X",), results=("Out",), attrs=None, sg=None):
    return {"name": name, "operands": tuple(operands), "results": tuple(results),
            "attrs": dict(attrs or {}), "sg": sg}


_BINARY = {"elementwise_add": "add", "elementwise_sub": "subtract", "elementwise_mul": "multiply",
           "elementwise_div": "divide", "elementwise_pow": "elementwise_pow",
           "elementwise_floordiv": "floor_divide", "elementwise_mod": "remainder",
           "elementwise_max": "maximum", "elementwise_min": "minimum",
           "less_than": "less_than", "less_equal": "less_equal", "greater_than": "greater_than",
           "greater_equal": "greater_equal", "equal": "equal", "not_equal": "not_equal",
           "logical_and": "logical_and", "logical_or": "logical_or", "logical_xor": "logical_xor",
           "bitwise_and": "bitwise_and", "bitwise_or": "bitwise_or"}

_UNARY = ("relu", "exp", "tanh", "sqrt", "abs", "square", "logical_not", "sigmoid", "log", "sin",
          "cos", "floor", "ceil", "rsqrt", "reciprocal", "silu", "assign", "softplus", "erf",
          "bitwise_not", "isnan", "isinf", "isfinite", "sign", "relu6")

OPS = {}
for _legacy, _pir in _BINARY.items():
    OPS[_legacy] = _op("pd_op." + _pir, ("X", "Y"))
for _name in _UNARY:
    OPS[_name] = _op("pd_op." + _name)

OPS.update({
    "mul": _op("pd_op.matmul", ("X", "Y"),
               attrs={"transpose_x": Const(False), "transpose_y": Const(False)}),
    "matmul_v2": _op("pd_op.matmul", ("X", "Y"),
                     attrs={"transpose_x": "trans_x", "transpose_y": "trans_y"}),
    "reduce_mean": _op("pd_op.mean", ("X", ("int_array", "dim")), attrs={"keepdim": "keep_dim"}),
    "reduce_sum": _op("pd_op.sum", ("X", ("int_array", "dim")),
                      attrs={"dtype": Const("Undefined", bare=True), "keepdim": "keep_dim"}),
    "reduce_max": _op("pd_op.max", ("X", ("int_array", "dim")), attrs={"keepdim": "keep_dim"}),
    "reduce_min": _op("pd_op.min", ("X", ("int_array", "dim")), attrs={"keepdim": "keep_dim"}),
    "reduce_prod": _op("pd_op.prod", ("X", ("int_array", "dim")),
                       attrs={"keepdim": "keep_dim", "reduce_all": "reduce_all"}),
    "scale": _op("pd_op.scale", ("X", ("full", "scale")),
                 attrs={"bias": "bias", "bias_after_scale": "bias_after_scale"}),
    "fill_constant": _op("pd_op.full", (), attrs={"dtype": "@dtype:dtype", "shape": "shape",
                                                   "value": "value"}),
    "uniform_random": _op("pd_op.uniform", (("int_array", "shape"), ("full", "min"),
                                            ("full", "max")),
                          attrs={"dtype": "@dtype:dtype", "seed": "seed"}),
    "gaussian_random": _op("pd_op.gaussian", (("int_array", "shape"),),
                           attrs={"dtype": "@dtype:dtype", "mean": "mean", "seed": "seed",
                                  "std": "std"}),
    "reshape2": _op("pd_op.reshape", ("X", ("int_array", "shape"))),
    "transpose2": _op("pd_op.transpose", attrs={"perm": "axis"}),
    "cast": _op("pd_op.cast", attrs={"dtype": "@dtype:out_dtype"}),
    "concat": _op("pd_op.concat", (("combine", "X"), ("full_i32", "axis"))),
    "sum": _op("pd_op.add_n", (("combine", "X"),)),
    "softmax": _op("pd_op.softmax", attrs={"axis": "axis"}),
    "log_softmax": _op("pd_op.log_softmax", attrs={"axis": "axis"}),
    "unsqueeze2": _op("pd_op.unsqueeze", ("X", ("int_array", "axes"))),
    "squeeze2": _op("pd_op.squeeze", ("X", ("int_array", "axes"))),
    "flatten_contiguous_range": _op("pd_op.flatten",
                                    attrs={"start_axis": "start_axis", "stop_axis": "stop_axis"}),
    "sgd": _op("pd_op.sgd_", ("Param", "LearningRate", "Grad", "?MasterParam"),
               ("ParamOut", "?MasterParamOut"), {"multi_precision": "multi_precision"}),
    "lookup_table_v2": _op("pd_op.embedding", ("Ids", "W"), attrs={
        "padding_idx": "padding_idx", "sparse": lambda a: bool(a.get("is_sparse", False))}),
    "slice": _op("pd_op.slice", ("Input", ("int_array", "starts"), ("int_array", "ends")),
                 attrs={"axes": "axes", "decrease_axis": "decrease_axis",
                        "infer_flags": "infer_flags"}),
    "stack": _op("pd_op.stack", (("combine", "X"),), ("Y",), {"axis": "axis"}),
    "clip": _op("pd_op.clip", ("X", ("full", "min"), ("full", "max"))),
    "softmax_with_cross_entropy": _op(
        "pd_op.cross_entropy_with_softmax", ("Logits", "Label"), ("Softmax", "Loss"),
        {"axis": "axis", "ignore_index": "ignore_index",
         "numeric_stable_mode": "numeric_stable_mode", "soft_label": "soft_label",
         "use_softmax": "use_softmax"}),
    # argmax/argmin over the flattened tensor (axis=None) pass axis 0 (the legacy op keeps -1);
    # "flat_axis" names no legacy attribute, so its `full` holds 0.
    "arg_max": lambda a: _op("pd_op.argmax", ("X", ("full_i64", "flat_axis" if a.get("flatten")
                                                    else "axis")),
                             attrs={"dtype": "@dtype:dtype", "flatten": "flatten",
                                    "keepdims": "keepdims"}),
    "arg_min": lambda a: _op("pd_op.argmin", ("X", ("full_i64", "flat_axis" if a.get("flatten")
                                                    else "axis")),
                             attrs={"dtype": "@dtype:dtype", "flatten": "flatten",
                                    "keepdims": "keepdims"}),
    "cumsum": _op("pd_op.cumsum", ("X", ("full_i32", "axis")),
                  attrs={"exclusive": "exclusive", "flatten": "flatten", "reverse": "reverse"}),
    "expand_v2": _op("pd_op.expand", ("X", ("int_array", "shape"))),
    "dropout": _op("pd_op.dropout", ("X", "?Seed", ("full", "dropout_prob")), ("Out", "Mask"),
                   {"fix_seed": "fix_seed", "is_test": "is_test",
                    "mode": "dropout_implementation", "seed": "seed"}),
    "gather": _op("pd_op.gather", ("X", "Index", ("full_i32", "axis"))),
    "where": _op("pd_op.where", ("Condition", "X", "Y")),
    "gelu": _op("pd_op.gelu", attrs={"approximate": "approximate"}),
    "leaky_relu": _op("pd_op.leaky_relu", attrs={"negative_slope": "alpha"}),
    # k as an attribute (a Variable k is not shown as the operand). PIR marks both results
    # differentiable when the input is, the int64 indices included.
    "top_k_v2": _op("pd_op.topk", ("X", ("full_i32", "k")), ("Out", "Indices"),
                    {"axis": "axis", "largest": "largest", "sorted": "sorted"}, sg="inputs"),
    "accuracy": _op("pd_op.accuracy", ("Out", "Indices", "Label"),
                    ("Accuracy", "Correct", "Total")),
    # Recorded from the oracle by printing one call of each API in PIR mode
    # (conformance/record/record_pir.py, case `ops_catalog_2`).
    "round": _op("pd_op.round", attrs={"decimals": "decimals"}),
    "pow": _op("pd_op.pow", attrs={"y": "factor"}),
    "mv": _op("pd_op.mv", ("X", "Vec")),
    "flip": _op("pd_op.flip", attrs={"axis": "axis"}),
    "roll": _op("pd_op.roll", ("X", ("int_array", "shifts")), attrs={"axis": "axis"}),
    "tile": _op("pd_op.tile", ("X", ("int_array", "repeat_times"))),
    "index_select": _op("pd_op.index_select", ("X", "Index"), attrs={"axis": "dim"}),
    "gather_nd": _op("pd_op.gather_nd", ("X", "Index")),
    "masked_select": _op("pd_op.masked_select", ("X", "Mask"), ("Y",)),
    "argsort": _op("pd_op.argsort", results=("Out", "Indices"),
                   attrs={"axis": "axis", "descending": "descending", "stable": "stable"}),
    "logsumexp": _op("pd_op.logsumexp", attrs={
        "axis": lambda a: list(a.get("axis") or []), "keepdim": "keepdim",
        "reduce_all": lambda a: bool(a.get("reduce_all")) or not a.get("axis")}),
    "cumprod": _op("pd_op.cumprod", attrs={"dim": "dim", "exclusive": Const(False),
                                           "reverse": Const(False)}),
    "trace": _op("pd_op.trace", ("Input",), attrs={"axis1": "axis1", "axis2": "axis2",
                                                   "offset": "offset"}),
    "diagonal": _op("pd_op.diagonal", ("Input",), attrs={"axis1": "axis1", "axis2": "axis2",
                                                         "offset": "offset"}),
    "tril_triu": lambda a: _op("pd_op.tril" if a.get("lower", True) else "pd_op.triu",
                               attrs={"diagonal": "diagonal"}),
    "diag_v2": _op("pd_op.diag", attrs={"offset": "offset", "padding_value": "padding_value"}),
    "shape": _op("pd_op.shape64", ("Input",)),
    "size": _op("pd_op.numel", ("Input",)),
    "unbind": _op("pd_op.unbind", results=("*Out",), attrs={"axis": "axis"}),
    "unstack": _op("pd_op.unstack", results=("*Y",), attrs={"axis": "axis", "num": "num"}),
    "expand_as_v2": _op("pd_op.expand_as", ("X", "Y"), attrs={"target_shape": "target_shape"}),
    "scatter": _op("pd_op.scatter", ("X", "Ids", "Updates"), attrs={"overwrite": "overwrite"}),
    "index_sample": _op("pd_op.index_sample", ("X", "Index")),
    "repeat_interleave": _op("pd_op.repeat_interleave", attrs={
        "axis": "dim", "output_size": "output_size", "repeats": "Repeats"}),
    "isnan_v2": _op("pd_op.isnan"),
    "isinf_v2": _op("pd_op.isinf"),
    "isfinite_v2": _op("pd_op.isfinite"),
    "increment": _op("pd_op.increment_", attrs={"value": "step"}),
    "lerp": _op("pd_op.lerp", ("X", "Y", "Weight")),
    "dist": _op("pd_op.dist", ("X", "Y"), attrs={"p": "p"}),
    "p_norm": _op("pd_op.p_norm", attrs={"asvector": "asvector", "axis": "axis",
                                         "epsilon": "epsilon", "keepdim": "keepdim",
                                         "porder": "porder"}),
    "mode": _op("pd_op.mode", results=("Out", "Indices"),
                attrs={"axis": "axis", "keepdim": "keepdim"}),
    "kthvalue": _op("pd_op.kthvalue", results=("Out", "Indices"),
                    attrs={"axis": "axis", "k": "k", "keepdim": "keepdim"}),
    "where_index": _op("pd_op.nonzero", ("Condition",)),
    "searchsorted": _op("pd_op.searchsorted", ("SortedSequence", "Values"),
                        attrs={"out_int32": "out_int32", "right": "right"}),
    "elementwise_fmax": _op("pd_op.fmax", ("X", "Y")),
    "elementwise_fmin": _op("pd_op.fmin", ("X", "Y")),
    "elementwise_heaviside": _op("pd_op.heaviside", ("X", "Y")),
    "randperm": _op("pd_op.randperm", (), attrs={"dtype": lambda a: Const(a["dtype"], True),
                                                 "n": "n"}),
    "randint": _op("pd_op.randint", (("int_array", "shape"),), attrs={
        "dtype": lambda a: Const(a["dtype"], True), "high": "high", "low": "low"}),
    "multinomial": _op("pd_op.multinomial", ("X", ("full_i32", "num_samples")),
                       attrs={"replacement": "replacement"}),
    "cross": _op("pd_op.cross", ("X", "Y"), attrs={"axis": "dim"}),
    "logcumsumexp": _op("pd_op.logcumsumexp", attrs={
        "axis": "axis", "exclusive": Const(False), "flatten": "flatten",
        "reverse": Const(False)}),
    "determinant": _op("pd_op.det", ("Input",)),
    "cholesky": _op("pd_op.cholesky", attrs={"upper": "upper"}),
    "qr": _op("pd_op.qr", results=("Q", "R"), attrs={"mode": "mode"}),
    "svd": _op("pd_op.svd", results=("U", "S", "VH"), attrs={"full_matrices": "full_matrices"}),
    "matrix_power": _op("pd_op.matrix_power", attrs={"n": "n"}),
    "meshgrid": _op("pd_op.meshgrid", (("combine", "X"),), ("*Out",)),
    "stanh": _op("pd_op.stanh", attrs={"scale_a": "scale_a", "scale_b": "scale_b"}),
    "addmm": _op("pd_op.addmm", ("Input", "X", "Y"), attrs={"alpha": "Alpha", "beta": "Beta"}),
    "unfold": _op("pd_op.unfold", results=("Y",), attrs={
        "dilations": "dilations", "kernel_sizes": "kernel_sizes", "paddings": "paddings",
        "strides": "strides"}),
    "isclose": _op("pd_op.isclose", ("Input", "Other", ("full_f64", "rtol"),
                                     ("full_f64", "atol")), attrs={"equal_nan": "equal_nan"}),
    "allclose": _op("pd_op.allclose", ("Input", "Other", ("full_f64", "rtol"),
                                       ("full_f64", "atol")), attrs={"equal_nan": "equal_nan"}),
    "elu": _op("pd_op.elu", attrs={"alpha": "alpha"}),
    "selu": _op("pd_op.selu", attrs={"alpha": "alpha", "scale": "scale"}),
    "celu": _op("pd_op.celu", attrs={"alpha": "alpha"}),
    "mish": _op("pd_op.mish", attrs={"lambda": "threshold"}),
    "thresholded_relu": _op("pd_op.thresholded_relu",
                            attrs={"threshold": "threshold", "value": "value"}),
    "softshrink": _op("pd_op.softshrink", attrs={"threshold": "lambda"}),
    "hard_shrink": _op("pd_op.hardshrink", attrs={"threshold": "threshold"}),
    "hard_swish": _op("pd_op.hardswish"),
    "hard_sigmoid": _op("pd_op.hardsigmoid", attrs={"offset": "offset", "slope": "slope"}),
    "brelu": _op("pd_op.hardtanh", attrs={"t_max": "t_max", "t_min": "t_min"}),
    "prelu": _op("pd_op.prelu", ("X", "Alpha"), attrs={"data_format": "data_format",
                                                      "mode": "mode"}),
    "pixel_shuffle": _op("pd_op.pixel_shuffle", attrs={"data_format": "data_format",
                                                       "upscale_factor": "upscale_factor"}),
    "one_hot_v2": _op("pd_op.one_hot", ("X", ("full_i32", "depth"))),
    "bincount": _op("pd_op.bincount", ("X", "?Weights", ("full_i32", "minlength"))),
    "conv2d": _op("pd_op.conv2d", ("Input", "Filter"), ("Output",), _CONV_ATTRS),
    "depthwise_conv2d": _op("pd_op.depthwise_conv2d", ("Input", "Filter"), ("Output",),
                            _CONV_ATTRS),
    "conv3d": _op("pd_op.conv3d", ("Input", "Filter"), ("Output",), _CONV_ATTRS),
    "conv2d_transpose": _op("pd_op.conv2d_transpose",
                            ("Input", "Filter", ("int_array", "output_size")), ("Output",),
                            dict(_CONV_ATTRS, output_padding="output_padding")),
    "pool2d": _op("pd_op.pool2d", ("X", ("int_array", "ksize")), attrs={
        "adaptive": "adaptive", "ceil_mode": "ceil_mode", "data_format": "data_format",
        "exclusive": "exclusive", "global_pooling": Const(False),
        "padding_algorithm": "padding_algorithm",
        "paddings": lambda a: _pairs(a.get("paddings")), "pooling_type": "pooling_type",
        "strides": "strides"}),
    "layer_norm": _op("pd_op.layer_norm", ("X", "?Scale", "?Bias"),
                      ("Y", "?Mean", "?Variance"),
                      {"begin_norm_axis": "begin_norm_axis", "epsilon": "epsilon"}, sg="inputs"),
    "instance_norm": _op("pd_op.instance_norm", ("X", "?Scale", "?Bias"),
                         ("Y", "?SavedMean", "?SavedVariance"), {"epsilon": "epsilon"},
                         sg="inputs"),
    "huber_loss": _op("pd_op.huber_loss", ("X", "Y"), ("Out", "Residual"), {"delta": "delta"}),
    "identity_loss": _op("pd_op.identity_loss", ("X",), ("Out",), {"reduction": "reduction"}),
    "kldiv_loss": _op("pd_op.kldiv_loss", ("X", "Target"), ("Loss",),
                      {"log_target": "log_target", "reduction": "reduction"}),
    "nll_loss": _op("pd_op.nll_loss", ("X", "Label", "?Weight"), ("Out", "?Total_weight"),
                    {"ignore_index": "ignore_index", "reduction": "reduction"}),
    "label_smooth": _op("pd_op.label_smooth", ("X", "?PriorDist"), attrs={"epsilon": "epsilon"}),
    "group_norm": _op("pd_op.group_norm", ("X", "?Scale", "?Bias"), ("Y", "?Mean", "?Variance"),
                      {"data_format": "data_layout", "epsilon": "epsilon", "groups": "groups"},
                      sg="inputs"),
    "interp_v2": lambda a: _op(
        f"pd_op.{a.get('mode', 'nearest')}_interp", ("X", "?OutSize", "?SizeTensor", "?Scale"),
        attrs={"align_corners": "align_corners", "align_mode": "align_mode",
               "data_format": lambda a: "NHWC" if a.get("channels_last") else "NCHW",
               "interp_method": "mode", "out_d": Const(-1),
               "out_h": lambda a: int(a["size"][-2]) if a.get("size") else -1,
               "out_w": lambda a: int(a["size"][-1]) if a.get("size") else -1,
               "scale": lambda a: [float(v) for v in (a.get("scale_factor") or ())]}),
    "empty": _op("pd_op.empty", (("int_array", "shape"),), attrs={
        "dtype": lambda a: Const(str(a.get("dtype") or "float32").replace("torch.", ""), True)}),
    "median_avg": _op("pd_op.median", results=("Out", "?MedianIndex"), attrs={
        "axis": lambda a: list(a.get("dim") or []), "keepdim": "keep_dim", "mode": "mode"}),
    # paddle.norm(x) over every axis is PIR's p_norm of the flattened tensor
    "frobenius_norm": lambda a: (
        _op("pd_op.p_norm", attrs={"asvector": Const(True), "axis": Const(-1),
                                   "epsilon": Const(1e-12), "keepdim": "keep_dim",
                                   "porder": Const(2.0)}) if a.get("reduce_all") else
        _op("pd_op.frobenius_norm", ("X", ("int_array", "dim")),
            attrs={"keepdim": "keep_dim", "reduce_all": "reduce_all"})),
    "split": lambda a: (_op("pd_op.split", ("X", ("int_array", "sections"), ("full_i32", "axis")),
                            ("*Out",)) if a.get("sections") else
                        _op("pd_op.split_with_num", ("X", ("full_i32", "axis")), ("*Out",),
                            {"num": "num"})),
    # Recorded from the oracle (case `ops_catalog_3`).
    "logit": _op("pd_op.logit", attrs={"eps": lambda a: float(a.get("eps") or 0.0)}),
    "gumbel_softmax": _op("pd_op.gumbel_softmax", attrs={"axis": "axis", "hard": "hard",
                                                         "temperature": "temperature"}),
    "cummax": _op("pd_op.cummax", results=("out", "indices"), attrs={
        "axis": "axis", "dtype": lambda a: Const(str(a.get("dtype", "int64")), True)}),
    "cummin": _op("pd_op.cummin", results=("out", "indices"), attrs={
        "axis": "axis", "dtype": lambda a: Const(str(a.get("dtype", "int64")), True)}),
    "renorm": _op("pd_op.renorm", attrs={"axis": "axis", "max_norm": "max_norm", "p": "p"}),
    "mean": _op("pd_op.mean_all"),
    "log_loss": _op("pd_op.log_loss", ("Predicted", "Labels"), ("Loss",),
                    attrs={"epsilon": "epsilon"}),
    "masked_fill": _op("pd_op.masked_fill", ("x", "mask", "value"), ("out",)),
    "put_along_axis": _op("pd_op.put_along_axis", ("Input", "Index", "Value"), ("Result",),
                          attrs={"axis": "Axis", "include_self": "include_self",
                                 "reduce": "Reduce"}),
    "index_add": _op("pd_op.index_add", ("X", "Index", "AddValue"), attrs={"axis": "axis"}),
    "scatter_nd_add": _op("pd_op.scatter_nd_add", ("X", "Index", "Updates")),
    "broadcast_tensors": _op("pd_op.broadcast_tensors", (("combine", "X"),), ("*Out",)),
    "multi_dot": _op("pd_op.multi_dot", (("combine", "X"),)),
    "eigvalsh": _op("pd_op.eigvalsh", results=("Eigenvalues", "Eigenvectors"),
                    attrs={"is_test": "is_test", "uplo": "UPLO"}),
    "lu": _op("pd_op.lu", results=("Out", "Pivots", "Infos"), attrs={"pivot": "pivot"}),
    "triangular_solve": _op("pd_op.triangular_solve", ("X", "Y"), attrs={
        "transpose": "transpose", "unitriangular": "unitriangular", "upper": "upper"}),
    "cholesky_solve": _op("pd_op.cholesky_solve", ("X", "Y"), attrs={"upper": "upper"}),
    "histogram": _op("pd_op.histogram", ("X", "?Weight"), attrs={
        "bins": "bins", "density": "density", "max": lambda a: float(a.get("max", 0)),
        "min": lambda a: float(a.get("min", 0))}),
    # Gradient ops (append_backward / gradients in PIR form).
    "relu_grad": _op("pd_op.relu_grad", ("Out", "Out@GRAD"), ("X@GRAD",)),
    "tanh_grad": _op("pd_op.tanh_grad", ("Out", "Out@GRAD"), ("X@GRAD",)),
    "exp_grad": _op("pd_op.exp_grad", ("Out", "Out@GRAD"), ("X@GRAD",)),
    "sigmoid_grad": _op("pd_op.sigmoid_grad", ("Out", "Out@GRAD"), ("X@GRAD",)),
    "square_grad": _op("pd_op.square_grad", ("X", "Out@GRAD"), ("X@GRAD",)),
    "mul_grad": _op("pd_op.matmul_grad", ("X", "Y", "Out@GRAD"), ("?X@GRAD", "?Y@GRAD"),
                    {"transpose_x": Const(False), "transpose_y": Const(False)}),
    "matmul_v2_grad": _op("pd_op.matmul_grad", ("X", "Y", "Out@GRAD"), ("?X@GRAD", "?Y@GRAD"),
                          {"transpose_x": "trans_x", "transpose_y": "trans_y"}),
    "reduce_mean_grad": _op("pd_op.mean_grad", ("X", "Out@GRAD", ("forward", 1)), ("X@GRAD",),
                            {"keepdim": "keep_dim", "reduce_all": Const(False)}),
    "reduce_sum_grad": _op("pd_op.sum_grad", ("X", "Out@GRAD", ("forward", 1)), ("X@GRAD",),
                           {"keepdim": "keep_dim", "reduce_all": Const(False)}),
    "scale_grad": _op("pd_op.scale", ("Out@GRAD", ("full", "scale")), ("X@GRAD",),
                      {"bias": Const(0.0), "bias_after_scale": "bias_after_scale"}),
    "softmax_grad": _op("pd_op.softmax_grad", ("Out", "Out@GRAD"), ("X@GRAD",),
                        {"axis": "axis"}),
})
# paddle.incubate's fused ops (recorded from the oracle: conformance/record/record_static_fused.py)
_QUANT_ATTRS = {"quant_max_bound": "quant_max_bound", "quant_min_bound": "quant_min_bound",
                "quant_round_type": "quant_round_type", "quant_scale": "quant_scale"}
OPS.update({
    "fused_rms_norm_quant": _op(
        "pd_op.fused_rms_norm_quant", ("x", "?bias", "?residual", "norm_weight", "?norm_bias"),
        ("out", "?residual_out", "inv_var"),
        {"begin_norm_axis": "begin_norm_axis", "epsilon": "epsilon", **_QUANT_ATTRS}),
    "fused_bias_residual_layernorm": _op(
        "pd_op.fused_bias_residual_layernorm",
        ("x", "?bias", "?residual", "?norm_weight", "?norm_bias"),
        ("out", "residual_out", "mean", "variance"),
        {"begin_norm_axis": "begin_norm_axis", "epsilon": "epsilon",
         "residual_alpha": "residual_alpha", **_QUANT_ATTRS}),
    "fused_softmax_mask": _op("pd_op.fused_softmax_mask", ("X", "Mask")),
    "fused_softmax_mask_upper_triangle": _op("pd_op.fused_softmax_mask_upper_triangle"),
    "fused_gemm_epilogue": _op("pd_op.fused_gemm_epilogue", ("X", "Y", "Bias"),
                               ("Out", "?ReserveSpace"),
                               {"activation": "activation", "trans_x": "trans_x",
                                "trans_y": "trans_y"}, sg="inputs"),
    "graph_khop_sampler": _op("pd_op.graph_khop_sampler", ("Row", "Col_Ptr", "X", "?Eids"),
                              ("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids"),
                              {"return_eids": "return_eids", "sample_sizes": "sample_sizes"}),
})
for _legacy, _pir in (("reduce_all", "all"), ("reduce_any", "any"), ("reduce_amax", "amax"),
                      ("reduce_amin", "amin")):
    OPS[_legacy] = _op("pd_op." + _pir, attrs={"axis": lambda a: list(a.get("dim") or []),
                                               "keepdim": "keep_dim"})
for _legacy, _pir in _BINARY.items():
    if _legacy.startswith("elementwise_"):
        OPS[_legacy + "_grad"] = _op("pd_op." + _pir + "_grad", ("X", "Y", "Out@GRAD"),
                                     ("?X@GRAD", "?Y@GRAD"), {"axis": Const(-1)})
del _legacy, _pir, _name

# Inside a loop's backward region PIR derives a grad op from the forward op itself: where the
# recorded grad sub-block has a plain op (a scale's gradient is a `scale`), the entry here names
# the PIR grad op of the forward legacy type (`("forward", i)`: the forward op's operand i,
# popped from the loop's stack).
REGION_GRAD = {
    "scale": _op("pd_op.scale", ("Out@GRAD", ("forward", 1)), ("X@GRAD",),
                 {"bias": Const(0.0), "bias_after_scale": "bias_after_scale"}),
}
