"""paddle.profiler: performance profiling (explicit re-exports, no logic)."""
from .._profiler.profiler import (Profiler, ProfilerState, ProfilerTarget, SummaryView,
                                  export_chrome_tracing, export_protobuf, make_scheduler)
from .._profiler.profiler_statistic import SortedKeys
from .._profiler.utils import RecordEvent, load_profiler_result

__all__ = ["ProfilerState", "ProfilerTarget", "make_scheduler", "export_chrome_tracing",
           "export_protobuf", "Profiler", "RecordEvent", "load_profiler_result", "SortedKeys",
           "SummaryView"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
