"""paddle.utils.cpp_extension (Paddle: utils/cpp_extension/): building custom C++/CUDA operators
against Paddle's C++ API (PD_BUILD_OP, paddle::Tensor). paddle_compat has no C++ API of Paddle's,
so an extension written for Paddle cannot be compiled here: load, setup, CppExtension and
CUDAExtension raise one clear error naming what to use instead (a torch C++ extension,
torch.utils.cpp_extension, whose functions take and return torch tensors, wrapped with
paddle_compat.from_torch / to_torch; or a paddle.autograd.PyLayer written in Python).
get_build_directory answers as Paddle does (it only names a directory)."""
import os

__all__ = ["load", "setup", "CppExtension", "CUDAExtension", "get_build_directory"]


def _unsupported(api):
    return NotImplementedError(
        f"paddle.utils.cpp_extension.{api} is not supported by paddle_compat: it compiles C++ "
        "against Paddle's C++ API (PD_BUILD_OP, paddle::Tensor), which paddle_compat does not "
        "have. Write the operator as a torch C++ extension (torch.utils.cpp_extension."
        f"{api if api != 'setup' else 'BuildExtension'}) and call it on paddle_compat.to_torch(x) "
        "/ paddle_compat.from_torch(y), or as a paddle.autograd.PyLayer in Python")


def load(name, sources, extra_cxx_cflags=None, extra_cuda_cflags=None, extra_ldflags=None,
         extra_include_paths=None, extra_library_paths=None, build_directory=None,
         verbose=False):
    """paddle.utils.cpp_extension.load(...): not supported; raises NotImplementedError (see the
    module docstring for what to use instead)."""
    raise _unsupported("load")


def setup(**attr):
    """paddle.utils.cpp_extension.setup(...): not supported; raises NotImplementedError."""
    raise _unsupported("setup")


def CppExtension(sources, *args, **kwargs):
    """paddle.utils.cpp_extension.CppExtension(...): not supported; raises NotImplementedError."""
    raise _unsupported("CppExtension")


def CUDAExtension(sources, *args, **kwargs):
    """paddle.utils.cpp_extension.CUDAExtension(...): not supported; raises
    NotImplementedError."""
    raise _unsupported("CUDAExtension")


def get_build_directory(verbose=False):
    """paddle.utils.cpp_extension.get_build_directory(): Paddle's extension build directory
    (PADDLE_EXTENSION_DIR, default ~/.cache/paddle_extensions), created when missing."""
    root = os.environ.get("PADDLE_EXTENSION_DIR")
    if root is None:
        root = os.path.join(os.path.expanduser("~"), ".cache", "paddle_extensions")
    os.makedirs(root, exist_ok=True)
    return root
