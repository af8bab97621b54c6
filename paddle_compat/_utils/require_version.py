"""paddle.utils.require_version (Paddle: base/framework.py's require_version): check that the
running Paddle version (3.3.1, the version paddle_compat mirrors) is in the range a script needs."""
import re

from .. import _version

__all__ = ["require_version"]

_FORMAT = r"\d+(\.\d+){0,3}"


def _cmp(a, b):
    for x, y in zip(a, b):
        if int(x) != int(y):
            return 1 if int(x) > int(y) else -1
    return 0


def require_version(min_version, max_version=None):
    """paddle.utils.require_version(min_version, max_version=None): raise Paddle's
    "VersionError: ..." Exception when 3.3.1 is below min_version or above max_version."""
    if not isinstance(min_version, str):
        raise TypeError("The type of 'min_version' in require_version must be str, but received "
                        f"{type(min_version)}.")
    if not isinstance(max_version, (str, type(None))):
        raise TypeError("The type of 'max_version' in require_version must be str or "
                        f"type(None), but received {type(max_version)}.")
    for name, value in (("min_version", min_version), ("max_version", max_version)):
        if value is None:
            continue
        m = re.match(_FORMAT, value)
        if m is None or m.group() != value:
            raise ValueError(f"The value of '{name}' in require_version must be in format "
                             "'\\d+(\\.\\d+){0,3}', like '1.5.2.0', but received " + value)
    installed = [_version.major, _version.minor, _version.patch, _version.rc]
    zero = ["0", "0", "0", "0"]
    low = min_version.split(".")
    low += zero[len(low):]
    full = _version.full_version
    if max_version is not None:
        high = max_version.split(".")
        high += zero[len(high):]
        if _cmp(installed, high) > 0 or _cmp(installed, low) < 0:
            raise Exception(f"VersionError: PaddlePaddle version in [{min_version}, "
                            f"{max_version}] required, but {full} installed.")
    elif _cmp(installed, low) < 0:
        raise Exception(f"VersionError: PaddlePaddle version {min_version} or higher is required, "
                        f"but {full} installed, please upgrade your PaddlePaddle to "
                        f"{min_version} or other higher version.")
