"""paddle.sysconfig (Paddle: sysconfig.py): where the C++ headers and libraries for building
extensions live. paddle_compat builds no C++ against Paddle; its extensions are torch's, so these
name torch's include and library directories (torch.utils.cpp_extension's)."""
import os

import torch

__all__ = ["get_include", "get_lib"]


def get_include():
    """paddle.sysconfig.get_include(): the directory of the C++ headers for extensions (torch's
    `include` directory here).

    Differences from Paddle: Paddle names its own `paddle/include`; paddle_compat has no C++ API
    of Paddle's, and torch's headers are what an extension for it compiles against."""
    return os.path.join(os.path.dirname(torch.__file__), "include")


def get_lib():
    """paddle.sysconfig.get_lib(): the directory of the shared libraries for extensions (torch's
    `lib` directory here; see get_include)."""
    return os.path.join(os.path.dirname(torch.__file__), "lib")
