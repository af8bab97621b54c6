"""paddle.jit.set_verbosity / paddle.jit.set_code_level (Paddle: jit/dy2static/logging_utils.py):
the levels of Paddle's dynamic-to-static translator log (how much it says while converting, and
which transformed source code it prints). As in Paddle, the environment variables
TRANSLATOR_VERBOSITY and TRANSLATOR_CODE_LEVEL give the initial values.

Differences from Paddle: paddle_compat's to_static traces the function instead of rewriting its
source, so there is no transformed code to print and no translator log; the levels are kept
(`get_verbosity()`, `get_code_level()`) and change nothing else."""
import os

__all__ = ["set_verbosity", "set_code_level", "get_verbosity", "get_code_level"]

_LEVELS = {"verbosity": None, "code_level": None}


def _check(level, also_to_stdout):
    if not isinstance(level, int):
        raise TypeError(f"Level is not an integer: {level}")
    assert isinstance(also_to_stdout, bool)


def set_verbosity(level=0, also_to_stdout=False):
    """paddle.jit.set_verbosity(level=0, also_to_stdout=False): the translator log's verbosity."""
    _check(level, also_to_stdout)
    _LEVELS["verbosity"] = level


def set_code_level(level=100, also_to_stdout=False):
    """paddle.jit.set_code_level(level=100, also_to_stdout=False): which transformed code is
    printed (see the module docstring: there is none in paddle_compat)."""
    _check(level, also_to_stdout)
    _LEVELS["code_level"] = level


def get_verbosity():
    """The verbosity set_verbosity (or TRANSLATOR_VERBOSITY, default 0) gave."""
    v = _LEVELS["verbosity"]
    return int(os.environ.get("TRANSLATOR_VERBOSITY", 0)) if v is None else v


def get_code_level():
    """The code level set_code_level (or TRANSLATOR_CODE_LEVEL, default -1) gave."""
    v = _LEVELS["code_level"]
    return int(os.environ.get("TRANSLATOR_CODE_LEVEL", -1)) if v is None else v
