"""paddle.static: Program, Executor, data, gradients, save/load (one recorded IR, shown in Paddle's PIR
form by default or its legacy form with FLAGS_enable_pir_api=0)."""
from .._static.ir import Program, Block, Variable, Parameter, Operator
from .._static.builder import (default_main_program, default_startup_program, device_guard,
                               program_guard, name_scope)
from .._base.framework import cpu_places, cuda_places
from .._static.layers import data, create_parameter, create_global_var
from .._static.executor import Executor
from .._static.verify import verify
from .._static.scope import Scope, global_scope, scope_guard
from .._static.backward import append_backward, gradients
from .._static.io import (save, load, save_inference_model, load_inference_model,
                          load_program_state, set_program_state, serialize_program,
                          deserialize_program, serialize_persistables, deserialize_persistables,
                          save_to_file, load_from_file, normalize_program)
from .._static.compiled import BuildStrategy, CompiledProgram
from .._place import CPUPlace, CUDAPlace, CUDAPinnedPlace
from ..framework import in_pir_mode
from .._static.py_func import py_func
from .input_spec import InputSpec
from .._static.control_flow import Print
from .._static.nn.metric import accuracy, auc, ctr_metric_bundle
from .._static.compiled import IpuCompiledProgram, IpuStrategy
from .._base.framework import ipu_shard_guard, set_ipu_shard, xpu_places
from .._param_attr import WeightNormParamAttr
from .._static.ema import ExponentialMovingAverage
from .._ops.indexing import static_setitem as setitem
from . import nn

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
