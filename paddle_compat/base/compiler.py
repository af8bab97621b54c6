"""paddle.base.compiler: CompiledProgram and BuildStrategy (the same classes as paddle.static's)
and the place lists."""
from .._static.compiled import BuildStrategy, CompiledProgram
from .._base.framework import cpu_places, cuda_places
from . import core, framework

__all__ = ["BuildStrategy", "CompiledProgram", "core", "cpu_places", "cuda_places", "framework"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
