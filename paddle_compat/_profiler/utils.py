"""paddle.profiler.RecordEvent and load_profiler_result (mirrors paddle/profiler/utils.py)."""
import time
from contextlib import ContextDecorator

import torch

from . import tracer

__all__ = ["RecordEvent", "load_profiler_result", "in_profiler_mode"]

_is_profiler_used = [False]


def in_profiler_mode():
    """Whether a Profiler has been started (and not stopped)."""
    return _is_profiler_used[0]


class RecordEvent(ContextDecorator):
    """paddle.profiler.RecordEvent(name, event_type=PythonUserDefined): a user-named time range,
    recorded while a Profiler is in a RECORD state; usable as `with`, as a decorator, or with
    begin()/end().

    Differences from Paddle: `event_type` is Paddle's TracerEventType name as a string
    ('PythonUserDefined', 'ProfileStep', ...); paddle_compat has no `core.TracerEventType`.
    The range is also opened as a torch.profiler.record_function."""

    def __init__(self, name, event_type=tracer.USER):
        self.name = name
        self.event_type = event_type
        self.event = None

    def __enter__(self):
        self.begin()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.end()

    def begin(self):
        """Record the time of beginning (nothing happens while no profiler is started)."""
        if not _is_profiler_used[0]:
            return
        fn = torch.profiler.record_function(self.name)
        fn.__enter__()
        self.event = (time.perf_counter_ns(), fn)

    def end(self):
        """Record the time of ending."""
        if self.event is None:
            return
        start, fn = self.event
        self.event = None
        fn.__exit__(None, None, None)
        rec = tracer.active()
        if rec is not None:
            rec.add(self.name, self.event_type, start, time.perf_counter_ns())


def load_profiler_result(filename):
    """paddle.profiler.load_profiler_result(filename): a saved profiler result, loaded back (its
    events, extra info, and summary through the loaded object's methods).

    Differences from Paddle: reads the files paddle_compat's Profiler.export writes (JSON in both
    formats, parsed with json: nothing in the file runs); Paddle's protobuf files are not readable
    and raise RuntimeError."""
    return tracer.ProfilerResult.load(filename)
