"""paddle.set_flags / paddle.get_flags (Paddle: base/framework.py), on the table of Paddle 3.3.1's
public flags (`_flags_table.py`, recorded from Paddle).

Differences from Paddle: the flags are kept and read back as in Paddle, but apart from those
paddle_compat reads itself they do not change its behaviour (they tune Paddle's C++ runtime).
"""
from ._flags_table import DEFAULTS
from ._mode import STATE

__all__ = ["set_flags", "get_flags"]

_VALUES = dict(DEFAULTS)
# Paddle's C++ flag starts from the environment variable, as the static face does (_mode.py);
# set_flags changes the flag, not the face already chosen (Paddle's use_pir_api()).
_VALUES["FLAGS_enable_pir_api"] = STATE.pir


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
