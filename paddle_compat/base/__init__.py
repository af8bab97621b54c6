"""paddle.base (Paddle's former `fluid`): the legacy static-graph framework, over the same pieces
as paddle.static. `paddle.fluid` is this very module (old scripts' `import paddle.fluid as fluid`).

Differences from Paddle: it holds what Python code and Paddle's own tests reach in Paddle 3.3.1's
`paddle.base` (framework, core, executor, backward, dygraph, unique_name, param_attr,
initializer, layers, the places and the mode switches) plus fluid's `data` (with fluid's static
default, see `paddle_compat/_base/dygraph.py`) and `optimizer` (the legacy optimizer spellings),
which Paddle 3.3.1 no longer has here. A name Paddle 3.3.1 has in `paddle.base` and paddle_compat
does not provide raises the census's "not provided yet" error.
"""
from .._place import CPUPlace, CUDAPinnedPlace, CUDAPlace, is_compiled_with_cuda
from .._param_attr import ParamAttr
# Paddle 3.3.1's base.Tensor is core.DenseTensor (fluid's LoDTensor), not paddle.Tensor.
from .._static.dense_tensor import DenseTensor as Tensor
from .._static.ir import Program, Variable
from .._static.builder import (default_main_program, default_startup_program, device_guard,
                               name_scope, program_guard)
from .._base.framework import cpu_places, cuda_places
from .._static.executor import Executor
from .._static.scope import Scope, global_scope, scope_guard
from .._static.backward import append_backward, gradients
from .._static.compiled import BuildStrategy, CompiledProgram
from .._static.data_feeder import DataFeeder
from .._base.dygraph import data, disable_dygraph, enable_dygraph
from .._base.dygraph import disable_dygraph as disable_imperative
from .._base.dygraph import enable_dygraph as enable_imperative
from .._base.framework import in_dygraph_mode, in_dynamic_or_pir_mode
from .._base.lod_tensor import create_lod_tensor
from .._flags import get_flags, set_flags
from ..framework import in_pir_mode
from . import (backward, compiler, core, dygraph, executor, framework, initializer, layers,
               optimizer, param_attr, unique_name)
from . import libpaddle

__all__ = ["BuildStrategy", "DataFeeder", "CPUPlace", "CUDAPinnedPlace", "CUDAPlace", "CompiledProgram",
           "is_compiled_with_cuda", "cpu_places", "cuda_places", "device_guard",
           "Executor", "ParamAttr", "Program", "Scope", "Tensor", "Variable", "append_backward",
           "backward", "compiler", "core", "data", "default_main_program", "default_startup_program",
           "disable_dygraph", "disable_imperative", "dygraph", "enable_dygraph",
           "enable_imperative", "executor", "framework", "global_scope", "gradients",
           "in_dygraph_mode", "in_dynamic_or_pir_mode", "in_pir_mode", "initializer", "layers",
           "libpaddle",
           "name_scope", "optimizer", "param_attr", "program_guard", "scope_guard",
           "unique_name", "create_lod_tensor", "get_flags", "set_flags"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
