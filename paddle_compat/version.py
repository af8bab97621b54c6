"""paddle.version: the Paddle API version paddle_compat mirrors, and paddle_compat's own version.

Scripts that read `paddle.__version__` or `paddle.version.full_version` see 3.3.1, the Paddle release
whose behaviour paddle_compat reproduces. paddle_compat's own release is `compat_version`.
"""
full_version = "3.3.1"
major = "3"
minor = "3"
patch = "1"
rc = "0"
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

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
