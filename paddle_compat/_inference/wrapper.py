"""paddle.inference (Paddle: inference/wrapper.py and the C++ predictor it binds): Paddle's
deployment engine (Config, create_predictor, Predictor, ...), which runs a saved inference program
(.pdmodel/.json + .pdiparams) with Paddle's C++ runtime. paddle_compat has no such runtime and
cannot read Paddle's program files, so the engine's classes and functions raise one clear error
naming what to use instead: `paddle.jit.save(layer, path, input_spec)` then
`paddle.jit.load(path)` (a Layer to call), or `paddle.onnx.export` for an ONNX runtime.
The enums (DataType, PlaceType, PrecisionType) and the version queries are real."""
import enum

from .._version import full_version

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Predictor", "PredictorPool",
           "Tensor", "XpuConfig", "_get_phi_kernel_name", "convert_to_mixed_precision",
           "create_predictor", "get_num_bytes_of_data_type", "get_trt_compile_version",
           "get_trt_runtime_version", "get_version"]


def _unsupported(api):
    return NotImplementedError(
        f"paddle.inference.{api} is not supported by paddle_compat: Paddle's inference engine "
        "runs Paddle's saved program files with its C++ runtime, which paddle_compat does not "
        "have. Use paddle.jit.save(layer, path, input_spec) and paddle.jit.load(path) (a Layer "
        "you call with Tensors), or paddle.onnx.export for an ONNX runtime")


class DataType(enum.IntEnum):
    """paddle.inference.DataType: the engine's tensor data types (Paddle's values)."""
    FLOAT64 = 7
    FLOAT32 = 0
    FLOAT16 = 5
    BFLOAT16 = 8
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    BOOL = 6

    def __repr__(self):
        return f"<PaddleDType.{self.name}: {self.value}>"


class PlaceType(enum.IntEnum):
    """paddle.inference.PlaceType: where the engine runs (Paddle's values)."""
    UNK = -1
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM = 4


class PrecisionType(enum.IntEnum):
    """paddle.inference.PrecisionType: the engine's compute precision (Paddle's values)."""
    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3

    def __str__(self):
        return f"Precision.{self.name}"


_NUM_BYTES = {DataType.FLOAT64: 8, DataType.FLOAT32: 4, DataType.FLOAT16: 2, DataType.BFLOAT16: -1,
              DataType.INT64: 8, DataType.INT32: 4, DataType.UINT8: 1, DataType.INT8: 1,
              DataType.BOOL: 1}
# Paddle's legacy op type -> phi kernel name, for the types whose names differ
_PHI_NAMES = {"elementwise_add": "add", "elementwise_sub": "subtract",
              "elementwise_mul": "multiply", "elementwise_div": "divide",
              "elementwise_max": "maximum", "elementwise_min": "minimum",
              "elementwise_pow": "elementwise_pow", "elementwise_mod": "remainder",
              "elementwise_floordiv": "floor_divide", "matmul_v2": "matmul",
              "reduce_sum": "sum", "reduce_mean": "mean", "reduce_max": "max", "reduce_min": "min",
              "reduce_prod": "prod", "fill_constant": "full", "gaussian_random": "gaussian",
              "uniform_random": "uniform", "lookup_table_v2": "embedding",
              "softmax_with_cross_entropy": "cross_entropy_with_softmax",
              "transpose2": "transpose", "reshape2": "reshape", "flatten_contiguous_range":
              "flatten", "squeeze2": "squeeze", "unsqueeze2": "unsqueeze", "top_k_v2": "topk",
              "arg_max": "argmax", "arg_min": "argmin", "where_index": "nonzero",
              "expand_v2": "expand", "expand_as_v2": "expand_as", "hard_swish": "hardswish",
              "hard_sigmoid": "hardsigmoid", "depthwise_conv2d": "depthwise_conv2d",
              "sync_batch_norm": "sync_batch_norm", "batch_norm": "batch_norm"}


def get_num_bytes_of_data_type(dtype):
    """paddle.inference.get_num_bytes_of_data_type(dtype): bytes per element of a DataType (-1
    for BFLOAT16, as Paddle 3.3.1 answers)."""
    return _NUM_BYTES[DataType(int(dtype))]


def get_version():
    """paddle.inference.get_version(): the engine's version text (Paddle's layout)."""
    return f"version: {full_version}\ncommit: paddle_compat\nbranch: HEAD\n"


def get_trt_compile_version():
    """paddle.inference.get_trt_compile_version(): (0, 0, 0), no TensorRT (as Paddle's CPU
    wheel)."""
    return (0, 0, 0)


def get_trt_runtime_version():
    """paddle.inference.get_trt_runtime_version(): (0, 0, 0), no TensorRT."""
    return (0, 0, 0)


def _get_phi_kernel_name(op_type):
    """paddle.inference._get_phi_kernel_name(op_type): the phi kernel of a legacy op type
    ('elementwise_add' -> 'add'); other types keep their name."""
    return _PHI_NAMES.get(op_type, op_type)


def convert_to_mixed_precision(model_file, params_file, mixed_model_file, mixed_params_file,
                               mixed_precision, backend, keep_io_types=True, black_list=None,
                               **kwargs):
    """paddle.inference.convert_to_mixed_precision(...): not supported (it rewrites Paddle's
    program files); raises NotImplementedError. Use paddle.amp.decorate / auto_cast instead."""
    raise _unsupported("convert_to_mixed_precision")


def create_predictor(config):
    """paddle.inference.create_predictor(config): not supported; raises NotImplementedError."""
    raise _unsupported("create_predictor")


def _unsupported_class(name):
    def __init__(self, *args, **kwargs):
        raise _unsupported(name)
    doc = (f"paddle.inference.{name}: part of Paddle's C++ inference engine; constructing it "
           "raises NotImplementedError naming paddle.jit.save / paddle.jit.load.")
    return type(name, (), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


Config = _unsupported_class("Config")
Predictor = _unsupported_class("Predictor")
PredictorPool = _unsupported_class("PredictorPool")
Tensor = _unsupported_class("Tensor")
XpuConfig = _unsupported_class("XpuConfig")
