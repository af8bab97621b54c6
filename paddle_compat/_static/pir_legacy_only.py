"""The legacy-only static APIs that Paddle 3.3.1 keeps but that fail in its default PIR mode (data,
recorded from the oracle: conformance/record/record_pir.py, case `legacy_only_in_pir`).

These layers still build legacy `Operator`s through `LayerHelper.append_op`; given PIR Values,
Paddle raises `TypeError: The type of '%X' in operator batch_norm should be one of [str, bytes,
Variable]. but received : Value(...)` after it has created their parameters, or asserts up front
(`conv2d`), or, for `create_global_var`, fails inside `full` on the legacy dtype. paddle_compat
records one IR and could run them, but a script written against Paddle 3.3.1 meets Paddle's
failure, so in PIR mode they fail the same way, at the same point (parameters already created).
"""
from .._mode import STATE
from . import scalar_errors as _scalar_errors

__all__ = ["LEGACY_ONLY", "reject_in_pir", "shadow_data_var", "weight_norm_failure"]

# api -> (exception class, message; {value} is the input Value's text)
LEGACY_ONLY = {
    "batch_norm": (TypeError, "The type of '%X' in operator batch_norm should be one of [str, "
                              "bytes, Variable]. but received : {value}"),
    "embedding": (TypeError, "The type of '%Ids' in operator lookup_table_v2 should be one of "
                             "[str, bytes, Variable]. but received : {value}"),
    "layer_norm": (TypeError, "The type of '%X' in operator layer_norm should be one of [str, "
                              "bytes, Variable]. but received : {value}"),
    "instance_norm": (TypeError, "The type of '%X' in operator instance_norm should be one of "
                                 "[str, bytes, Variable]. but received : {value}"),
    "group_norm": (TypeError, "The type of '%X' in operator group_norm should be one of [str, "
                              "bytes, Variable]. but received : {value}"),
    "prelu": (TypeError, "The type of '%X' in operator prelu should be one of [str, bytes, "
                         "Variable]. but received : {value}"),
    "conv3d": (TypeError, "The type of '%Input' in operator conv3d should be one of [str, bytes, "
                          "Variable]. but received : {value}"),
    "row_conv": (TypeError, "The type of '%X' in operator row_conv should be one of [str, bytes, "
                            "Variable]. but received : {value}"),
    "nce": (TypeError, "The type of '%Input' in operator nce should be one of [str, bytes, "
                       "Variable]. but received : {value}"),
    "bilinear_tensor_product": (TypeError, "The type of '%X' in operator bilinear_tensor_product "
                                           "should be one of [str, bytes, Variable]. but "
                                           "received : {value}"),
    # Paddle's sparse_embedding tests `input.size == 0`, a Value in PIR mode.
    "sparse_embedding": (TypeError, _scalar_errors.PIR["bool"].replace("{", "{{").replace("}", "}}")),
    "conv2d": (AssertionError, "paddle.static.nn.conv2d is not supported in pir mode, please set "
                               "the environment variable FLAGS_enable_pir_api=0 to switch old "
                               "static mode."),
    "CompiledProgram": (TypeError, "The type of program_to_graph parameter is wrong, expected "
                                   "Graph or Program, but received <class "
                                   "'paddle.base.libpaddle.pir.Program'>"),
    "conv2d_transpose": (TypeError, "Input of conv2d_transpose must be Tensor"),
    "deform_conv2d": (TypeError, "The type of 'mask' in deformable_conv must be (<class "
                                 "'paddle.base.framework.Variable'>, <class 'NoneType'>), but "
                                 "received <class 'paddle.base.libpaddle.pir.Value'>. "),
    # paddle.static's program (de)serialization reads the legacy ProgramDesc (`program.desc`,
    # `var.desc`), which PIR programs and values do not have.
    "serialize_program": (AttributeError, "'paddle.base.libpaddle.pir.Program' object has no "
                                          "attribute 'desc'"),
    "serialize_persistables": (AttributeError, "'paddle.base.libpaddle.pir.Value' object has no "
                                               "attribute 'desc'"),
    "deserialize_persistables": (TypeError, "program type must be `base.Program`, but received "
                                            "`<class 'paddle.base.libpaddle.pir.Program'>`"),
    # WeightNormParamAttr's parameters are legacy Parameters that its initializer cannot write
    # in PIR mode; the message depends on the initializer (weight_norm_failure below).
    "WeightNormParamAttr": (TypeError, "{value}"),
    "conv3d_transpose": (TypeError, "Input of conv3d_transpose must be Tensor"),
    "create_global_var": (TypeError, "(InvalidType) full: argument (position 3) must be one of "
                                     "paddle::DataType, but got paddle.base.libpaddle.VarType"),
}


_PIR_OUT = ("The type of 'Out' in {} must be (<class 'paddle.base.libpaddle.pir.Value'>, "
            "<class 'paddle.pir.core.ParameterMeta'>), but received <class "
            "'paddle.base.framework.Parameter'>. ")
# initializer class -> Paddle 3.3.1's failure for a WeightNormParamAttr parameter in PIR mode
_WEIGHT_NORM_INIT = {
    "Constant": "(InvalidType) full: argument (position 3) must be one of paddle::DataType, but "
                "got paddle.base.libpaddle.VarType",
    "Normal": _PIR_OUT.format("gaussian_random"),
    "Uniform": _PIR_OUT.format("uniform_random"),
    "XavierNormal": _PIR_OUT.format("xavier_init"),
    "XavierUniform": _PIR_OUT.format("xavier_init"),
}
_WEIGHT_NORM_OTHER = "(InvalidType) divide(): argument (position 1) must be Value, but got Parameter"


def weight_norm_failure(initializer):
    """The message Paddle 3.3.1 raises (TypeError) for a WeightNormParamAttr parameter in PIR
    mode, by its initializer (None: the weight default, Xavier)."""
    if initializer is None:
        return _WEIGHT_NORM_INIT["XavierUniform"]
    for cls in type(initializer).__mro__:
        if cls.__name__ in _WEIGHT_NORM_INIT:
            return _WEIGHT_NORM_INIT[cls.__name__]
    return _WEIGHT_NORM_OTHER


def reject_in_pir(api, value=None):
    """Raise Paddle 3.3.1's PIR-mode failure of the legacy-only `api` (nothing in legacy mode)."""
    if not STATE.pir:
        return
    cls, message = LEGACY_ONLY[api]
    raise cls(message.format(value=value))


def shadow_data_var(block, name):
    """PIR mode: a second `static.data(name)` in one program is a second value (its own
    `pd_op.data`), while the recorded IR keys variables by name. The earlier variable moves to a
    hidden name (its ops follow it) and keeps showing `name` to scripts and in the PIR text; the
    new one takes the name, so feeds and fetches by name reach the newest, as a script expects."""
    from .. import _unique_name
    old = block.vars[name]
    block._rename_var(name, _unique_name.generate(name + "@shadowed"))
    old._pir_name = name
