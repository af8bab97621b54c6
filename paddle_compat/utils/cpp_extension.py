"""paddle.utils.cpp_extension: Paddle C++ operator builds (not supported; clear errors)."""
from .._utils.cpp_extension import (CppExtension, CUDAExtension, get_build_directory, load,
                                    setup)

__all__ = ["CppExtension", "CUDAExtension", "get_build_directory", "load", "setup"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
