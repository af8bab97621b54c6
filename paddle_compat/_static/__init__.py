"""The static graph: IR (ir.py), builder hook (builder.py), layers, Executor, backward, optimize,
clone, io, CompiledProgram. Importing this package installs the registry's static hook (`_ops.registry.StaticSide`: the
recorder, tmp_<n> output naming, `Variable <op> number`) and the optimizers' static minimize hook."""
from . import builder, math_op_patch, optimize  # noqa: F401  (installs the hooks)
