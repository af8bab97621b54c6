"""paddle.version: the Paddle API version paddle_compat mirrors, and paddle_compat's own version.

Scripts that read `paddle.__version__` or `paddle.version.full_version` see 3.3.1, the Paddle release
whose behaviour paddle_compat reproduces. paddle_compat's own release is `compat_version`.
"""
from ._version import full_version, major, minor, patch, rc
istaged = True
commit = "paddle_compat"
with_mkl = "OFF"
compat_version = "0.2.0"
__version__ = full_version


def show():
    """paddle.version.show(): print the mirrored version and paddle_compat's own."""
    print(f"full_version: {full_version}\nmajor: {major}\nminor: {minor}\npatch: {patch}\n"
          f"rc: {rc}\npaddle_compat: {compat_version}")


def cuda():
    import torch
    return torch.version.cuda or "False"


def cudnn():
    import torch
    v = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    return str(v) if v else "False"

hip = None      # paddle_compat is not a ROCm build of Paddle (torch's own ROCm needs no flag here)


def cuda_archs():
    """paddle.version.cuda_archs(): the CUDA architectures the build targets; here torch's
    (`torch.cuda.get_arch_list()`, e.g. ['sm_80', 'sm_90']), [] without CUDA, as Paddle's CPU
    wheel answers."""
    import torch
    return list(torch.cuda.get_arch_list()) if torch.cuda.is_available() else []


def nccl():
    """paddle.version.nccl(): the NCCL version as a string ('0' without NCCL, as Paddle's CPU
    wheel answers); here torch's NCCL."""
    import torch
    try:
        v = torch.cuda.nccl.version() if torch.cuda.is_available() else None
    except (RuntimeError, AttributeError):
        v = None
    if not v:
        return "0"
    return str(v[0] * 1000 + v[1] * 100 + v[2]) if isinstance(v, tuple) else str(v)


def tensorrt():
    """paddle.version.tensorrt(): 'None' (paddle_compat has no TensorRT engine)."""
    return "None"


def xpu():
    """paddle.version.xpu(): 'False' (no Kunlun XPU support)."""
    return "False"


def xpu_xccl():
    """paddle.version.xpu_xccl(): 'False' (no Kunlun XPU support)."""
    return "False"


def xpu_xhpc():
    """paddle.version.xpu_xhpc(): 'False' (no Kunlun XPU support)."""
    return "False"


def xpu_xre():
    """paddle.version.xpu_xre(): 'False' (no Kunlun XPU support)."""
    return "False"


# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
