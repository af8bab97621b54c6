"""The static graph: IR (ir.py), builder hook (builder.py), layers, Executor, backward, optimize,
clone, io, CompiledProgram. Importing this package installs the registry's static hook and the
optimizers' static minimize hook."""
from . import builder, optimize  # noqa: F401  (installs the hooks)
