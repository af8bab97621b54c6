"""The table from the recorded (legacy) op types to Paddle 3.3.1's PIR operations (data only).

One Program, two views: the IR records legacy ops (`mul`, `elementwise_add`, `reduce_mean` with a
`dim` attribute...); Paddle's default PIR face shows the same computation as `pd_op.matmul`,
`pd_op.add`, `pd_op.full_int_array` + `pd_op.mean`. Each entry says, for one legacy type:

* `name`: the PIR operation name;
* `operands`: in PIR order, each a legacy input slot (`"X"`; `"?Slot"` = optional, printed as
  `<<NULL VALUE>>` when empty), or a value PIR builds from an attribute first:
  `("int_array", attr)` (a `pd_op.full_int_array`, int64 on the CPU), `("full", attr)` (a
  one-element float32 `pd_op.full` on the CPU), `("full_i32", attr)` / `("full_i64", attr)`
  (int32 / int64 ones), or
  `("combine", slot)` (a `builtin.combine` of a list slot), or `("forward", i)` (the forward op's
  operand i: a grad op reuses the forward's axis value);
* `results`: the legacy output slots that become PIR results (`"?Slot"` = a `<<NULL TYPE>>` when
  the legacy op left it empty; `"*Slot"` = the op returns one vector that a `builtin.split`
  unpacks into the slot's variables); default `("Out",)`;
* `attrs`: PIR attribute name -> the legacy attribute it comes from (`"@dtype:attr"` = a VarType
  code printed as a dtype name), or a constant wrapped in `Const`;
* `sg`: `"inputs"` when PIR gives every result the inputs' stop_gradient (a result the legacy
  op marks non-differentiable, such as topk's indices, included); default: each variable's own.

Recorded from the oracle (conformance/record/record_pir.py, goldens/pir.json); PIR prints the
attributes sorted by name, with `stop_gradient` among them, so no order is kept here.
"""

__all__ = ["Const", "OPS", "DTYPE_CODES", "TYPE_SUFFIX"]


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
                       attrs={"keepdim": "keep_dim", "reduce_all": Const(False)}),
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
    "lookup_table_v2": _op("pd_op.embedding", ("Ids", "W"),
                           attrs={"padding_idx": "padding_idx", "sparse": "is_sparse"}),
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
    "arg_max": _op("pd_op.argmax", ("X", ("full_i64", "axis")),
                   attrs={"dtype": "@dtype:dtype", "flatten": "flatten", "keepdims": "keepdims"}),
    "arg_min": _op("pd_op.argmin", ("X", ("full_i64", "axis")),
                   attrs={"dtype": "@dtype:dtype", "flatten": "flatten", "keepdims": "keepdims"}),
    "cumsum": _op("pd_op.cumsum", ("X", ("full_i32", "axis")),
                  attrs={"exclusive": "exclusive", "flatten": "flatten", "reverse": "reverse"}),
    "expand_v2": _op("pd_op.expand", ("X", ("int_array", "shape"))),
    "split": _op("pd_op.split_with_num", ("X", ("full_i32", "axis")), ("*Out",),
                 {"num": "num"}),
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
for _legacy, _pir in _BINARY.items():
    if _legacy.startswith("elementwise_"):
        OPS[_legacy + "_grad"] = _op("pd_op." + _pir + "_grad", ("X", "Y", "Out@GRAD"),
                                     ("?X@GRAD", "?Y@GRAD"), {"axis": Const(-1)})
del _legacy, _pir, _name
