"""Layer helpers: Paddle's class-name -> name-scope rule, repr indentation, hook handles."""
import itertools
import re

__all__ = ["camel_to_snake", "addindent", "HookRemoveHelper"]

_first_cap_re = re.compile("(.)([A-Z][a-z]+)")
_all_cap_re = re.compile("([a-z])([A-Z])")


def camel_to_snake(name):
    return _all_cap_re.sub(r"\1_\2", _first_cap_re.sub(r"\1_\2", name)).lower()


def addindent(string, indent):
    lines = string.split("\n")
    if len(lines) == 1:
        return string
    return lines[0] + "\n" + "\n".join(" " * indent + line for line in lines[1:])


class HookRemoveHelper:
    """Returned by register_forward_*_hook; `.remove()` unregisters the hook."""

    _next_id = itertools.count()

    def __init__(self, hooks, extra_hook_dict=None):
        self._hooks_ref = hooks
        self._hook_id = next(HookRemoveHelper._next_id)
        self._extra = extra_hook_dict if isinstance(extra_hook_dict, list) else \
            ([extra_hook_dict] if extra_hook_dict is not None else [])

    def remove(self):
        for d in [self._hooks_ref] + self._extra:
            d.pop(self._hook_id, None)
