"""paddle.fluid: the legacy (Paddle 1.x / early 2.x) names that old static-graph programs use, as a
thin alias over paddle.static, paddle.optimizer and the op registry. `import paddle.fluid as fluid`
works (Paddle 3.3.1 itself no longer has this module).

Covered: `fluid.data`, `fluid.Program`, `fluid.program_guard`, `fluid.default_main_program`,
`fluid.default_startup_program`, `fluid.Executor`, `fluid.CPUPlace`, `fluid.CUDAPlace`,
`fluid.global_scope`, `fluid.scope_guard`, `fluid.ParamAttr`, `fluid.layers.*` (fc, py_func,
cross_entropy, mean, reduce_mean, accuracy, reshape, softmax_with_cross_entropy, data, relu,
softmax, tanh, sigmoid) and `fluid.optimizer.*` (SGD, Momentum, Adam and their `*Optimizer`
spellings). Any other `fluid.X` raises AttributeError naming its Paddle 3 replacement where known.
"""
from .._static.builder import default_main_program, default_startup_program, program_guard
from .._static.executor import Executor
from .._static.ir import Program, Variable
from .._static.scope import global_scope, scope_guard
from .._place import CPUPlace, CUDAPlace, CUDAPinnedPlace
from .._param_attr import ParamAttr
from .._static.layers import data as _static_data
from . import layers, optimizer

__all__ = ["data", "Program", "program_guard", "default_main_program", "default_startup_program",
           "Executor", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "global_scope", "scope_guard",
           "ParamAttr", "Variable", "layers", "optimizer"]

_REPLACEMENTS = {"dygraph": "paddle (dynamic mode is the default) and paddle.nn",
                 "io": "paddle.static.save / paddle.static.load / paddle.io",
                 "initializer": "paddle.nn.initializer", "regularizer": "paddle.regularizer",
                 "core": "paddle.static / paddle.framework", "embedding": "paddle.static.nn.embedding",
                 "clip": "paddle.nn.ClipGradByNorm and friends",
                 "CompiledProgram": "paddle.static.CompiledProgram"}


def data(name, shape, dtype="float32", lod_level=0):
    """fluid.data(name, shape, dtype='float32', lod_level=0): paddle.static.data (None/-1 dims are
    dynamic; the feed's shape and dtype are checked)."""
    return _static_data(name, shape, dtype, lod_level)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    hint = _REPLACEMENTS.get(name)
    raise AttributeError(f"paddle.fluid.{name} is not part of paddle_compat's legacy fluid alias"
                         + (f"; use {hint} instead" if hint else
                            "; use its paddle.static / paddle.nn / paddle.optimizer equivalent"))
