"""paddle.utils.deprecated (Paddle: utils/deprecated.py): the decorator Paddle marks its
deprecated APIs with, and the VisibleDeprecationWarning it warns with."""
import functools
import inspect
import sys
import warnings

from .._version import full_version

__all__ = ["deprecated", "VisibleDeprecationWarning"]


class VisibleDeprecationWarning(UserWarning):
    """A deprecation warning that Python shows outside __main__ too (a UserWarning)."""


def _parse_version(version):
    return [int(part) for part in version.split(".") if part.isdigit()]


def deprecated(update_to="", since="", reason="", level=0):
    """paddle.utils.deprecated(update_to='', since='', reason='', level=0): a decorator marking a
    function deprecated: the warning text is put in front of its docstring; level 1 also warns
    (VisibleDeprecationWarning) at each call when the running version is `since` or newer; level 2
    raises RuntimeError at each call instead."""
    def decorator(func):
        assert isinstance(update_to, str), 'type of "update_to" must be str.'
        assert isinstance(since, str), 'type of "since" must be str.'
        assert isinstance(reason, str), 'type of "reason" must be str.'
        assert isinstance(level, int) and 0 <= level < 3, (
            'type of "level" must be int and must be one of 0, 1, 2. But '
            f'received: {level}.')
        _since, _update_to, _reason = since.strip(), update_to.strip(), reason.strip()
        msg = f'API "{func.__module__}.{func.__name__}" is deprecated'
        if _since:
            msg += f" since {_since}"
        msg += ", and will be removed in future versions."
        if _update_to:
            assert _update_to.startswith("paddle."), (
                f'Argument update_to must start with "paddle.", your value is "{update_to}"')
            msg += f' Please use "{_update_to}" instead.'
        if _reason:
            msg += f"\n    Reason: {_reason}"
        if func.__doc__:
            func.__doc__ = "\n\nWarning:\n    " + msg + "\n\n" + inspect.cleandoc(func.__doc__)
        if level == 0:
            return func

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if level == 2:
                raise RuntimeError(
                    f'API "{func.__module__}.{func.__name__}" has been deprecated.')
            text = (f"\nWarning:\n{msg} " if sys.platform.lower() == "win32"
                    else f"\033[93m\nWarning:\n{msg} \033[0m")
            current = _parse_version(full_version) + [0] * 4
            wanted = _parse_version(since) + [0] * 4
            if not _since or current[:4] >= wanted[:4]:
                warnings.warn(text, category=VisibleDeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)
        return wrapper
    return decorator
