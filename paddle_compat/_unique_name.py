"""Paddle's unique-name generator (`paddle.utils.unique_name`), shared by nn Layers and the static graph.

`generate('fc')` -> 'fc_0', 'fc_1', ...; counters are per key. `guard(prefix_or_generator)` switches to a
fresh generator for its extent; `switch(new=None)` swaps generators and returns the old state.
"""
import contextlib
import itertools

__all__ = ["UniqueNameGenerator", "generate", "guard", "switch"]


class UniqueNameGenerator:
    """Per-key counters with an optional prefix: generate('fc') -> prefix + 'fc_<n>'."""

    def __init__(self, prefix=None):
        self.prefix = prefix or ""
        self.ids = {}

    def __call__(self, key):
        counter = self.ids.get(key)
        if counter is None:
            counter = self.ids[key] = itertools.count()
        return f"{self.prefix}{key}_{next(counter)}"


_generator = [UniqueNameGenerator()]


def generate(key):
    """paddle.utils.unique_name.generate(key): 'key_<n>' with a per-key counter."""
    return _generator[0](key)


def switch(new_generator=None, new_para_name_checker=None):
    """Swap the current generator (a fresh one when None); returns the old state as a tuple, as Paddle."""
    old = (_generator[0], None)
    if isinstance(new_generator, tuple):
        new_generator = new_generator[0]
    _generator[0] = new_generator if new_generator is not None else UniqueNameGenerator()
    return old


@contextlib.contextmanager
def guard(new_generator=None):
    """paddle.utils.unique_name.guard(prefix | generator | None): fresh names inside the block."""
    if isinstance(new_generator, (str, bytes)):
        new_generator = UniqueNameGenerator(new_generator.decode() if isinstance(new_generator, bytes)
                                            else new_generator)
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)
