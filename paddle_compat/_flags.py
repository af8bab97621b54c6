"""paddle.set_flags / paddle.get_flags (Paddle: base/framework.py), on the table of Paddle 3.3.1's
public flags (`_flags_table.py`, recorded from Paddle).

FLAGS_paddle_num_threads sizes the CPU math thread pool at start-up, as in Paddle: Paddle's CPU
kernels run on that many threads (default 1, or the environment variable), so torch's intra-op
pool is set to it when paddle_compat is imported. One thread also keeps results independent of
the machine (torch splits a reduction across its threads) and avoids the stalls of an OpenMP
pool on a busy machine: a 64x128 @ 128x256 linear took 27 ms with torch's two threads on a
2-core machine running other work, 0.34 ms with one (Paddle: 0.39 ms).

Differences from Paddle: the flags are kept and read back as in Paddle, but apart from those
paddle_compat reads itself they do not change its behaviour (they tune Paddle's C++ runtime).
When OMP_NUM_THREADS or MKL_NUM_THREADS is set and FLAGS_paddle_num_threads is not, torch's pool
is left as those variables sized it.
"""
import os

import torch

from ._flags_table import DEFAULTS
from ._mode import STATE

__all__ = ["set_flags", "get_flags"]

_VALUES = dict(DEFAULTS)
# Paddle's C++ flag starts from the environment variable, as the static face does (_mode.py);
# set_flags changes the flag, not the face already chosen (Paddle's use_pir_api()).
_VALUES["FLAGS_enable_pir_api"] = STATE.pir


def _start_cpu_threads():
    raw = os.environ.get("FLAGS_paddle_num_threads")
    if raw is None:
        if "OMP_NUM_THREADS" in os.environ or "MKL_NUM_THREADS" in os.environ:
            return                      # the user sized the pool; Paddle would use 1
        threads = DEFAULTS["FLAGS_paddle_num_threads"]
    else:
        try:
            threads = int(raw)
        except ValueError:
            return
        if threads < 1:
            return
        _VALUES["FLAGS_paddle_num_threads"] = threads
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


_start_cpu_threads()


def _cast(name, value):
    default = DEFAULTS[name]
    kind = type(default)
    if kind is bool:
        if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
            return bool(value)
    elif kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif isinstance(value, str):
        return value
    raise RuntimeError(f"Unable to cast Python instance of type {type(value)} to C++ type '?' "
                       "(#define PYBIND11_DETAILED_ERROR_MESSAGES or compile in debug mode for "
                       "details)")


def set_flags(flags):
    """paddle.set_flags(flags): set the values of flags, `{'FLAGS_name': value}`.

    Differences from Paddle: the values are kept (get_flags reads them back) but do not tune a C++
    runtime, which paddle_compat does not have.
    """
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    for name, value in flags.items():
        if name not in DEFAULTS:
            raise ValueError(f"Flag {name} cannot set its value through this function.")
        _VALUES[name] = _cast(name, value)


def get_flags(flags):
    """paddle.get_flags(flags): `{name: value}` for a flag name or a list/tuple of them."""
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for name in flags:
        if name not in DEFAULTS:
            raise ValueError(f"Flag {name} cannot get its value through this function.")
        out[name] = _VALUES[name]
    return out
