"""paddle.inference: Paddle's C++ deployment engine (not provided: clear errors naming
paddle.jit.save / paddle.jit.load); its enums and version queries."""
from ._inference.wrapper import (Config, DataType, PlaceType, PrecisionType, Predictor,
                                 PredictorPool, Tensor, XpuConfig, _get_phi_kernel_name,
                                 convert_to_mixed_precision, create_predictor,
                                 get_num_bytes_of_data_type, get_trt_compile_version,
                                 get_trt_runtime_version, get_version)

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Predictor", "PredictorPool",
           "Tensor", "XpuConfig", "convert_to_mixed_precision", "create_predictor",
           "get_num_bytes_of_data_type", "get_trt_compile_version", "get_trt_runtime_version",
           "get_version"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
