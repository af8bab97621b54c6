"""The event collector behind paddle.profiler (Paddle's C++ `_Profiler` and `_ProfilerResult`).

Events are host (CPU) time ranges: `ProfileStep#n` steps, user `RecordEvent` ranges
(PythonUserDefined) and one `Operator` event per Paddle op run through the op registry
(`<op> dygraph`, as Paddle names its dygraph operator events), observed with
`registry.add_op_observer`. While recording, each range is also opened as a
`torch.profiler.record_function`, so a torch.profiler session running at the same time shows
Paddle's step and user ranges beside torch's own events.

A result is saved as a chrome tracing JSON in Paddle's layout (`traceEvents` with `ph: "X"` events
named `name[dur us]`, `pid`/`tid` 'pid(Python)' / 'pid(C++)', process and thread metadata,
`ExtraInfo`), written atomically; load_profiler_result rebuilds a result from such a file
(parsed with json, nothing in it runs).
"""
import json
import os
import re
import threading
import time

from .._atomic_file import atomic_write
from .._ops import registry

__all__ = ["Tracer", "ProfilerResult", "Event"]

# Paddle's TracerEventType names used here (paddle.base.core.TracerEventType).
PROFILE_STEP = "ProfileStep"
USER = "PythonUserDefined"
OPERATOR = "Operator"


class Event:
    """One host time range: name, Paddle event type, start/end in ns (perf_counter), thread."""

    __slots__ = ("name", "type", "start", "end", "tid")

    def __init__(self, name, type, start, end, tid):
        self.name, self.type, self.start, self.end, self.tid = name, type, start, end, tid


_ACTIVE = [None]     # the recording Tracer, if any (one profiler records at a time, as in Paddle)


def active():
    """The Tracer now recording, or None."""
    return _ACTIVE[0]


def op_name(op):
    """The name Paddle's dygraph operator events show: the public API's leaf ('matmul', 'log'),
    else the op type."""
    return op.api.rsplit(".", 1)[-1] if op.api else op.type


class Tracer:
    """Paddle's `_Profiler`: prepare() (nothing to set up on the host), start() (events begin to
    be collected), stop() -> ProfilerResult."""

    def __init__(self):
        self.events = []
        self.recording = False
        self._cpu0 = None

    def prepare(self):
        """Paddle warms its tracers up here; host-side collection needs nothing."""

    def start(self):
        self.events = []
        self.recording = True
        self._cpu0 = (time.process_time(), time.perf_counter(), _system_times())
        _ACTIVE[0] = self
        registry.add_op_observer(self._on_op)

    def _on_op(self, op, inputs, out, start, end):
        self.events.append(Event(f"{op_name(op)} dygraph", OPERATOR, start, end,
                                 threading.get_ident()))

    def add(self, name, type, start, end):
        if self.recording:
            self.events.append(Event(name, type, start, end, threading.get_ident()))

    def stop(self):
        if not self.recording:
            return None
        registry.remove_op_observer(self._on_op)
        self.recording = False
        if _ACTIVE[0] is self:
            _ACTIVE[0] = None
        cpu0, wall0, sys0 = self._cpu0
        wall = max(time.perf_counter() - wall0, 1e-9)
        process = (time.process_time() - cpu0) / wall / (os.cpu_count() or 1)
        sys1 = _system_times()
        if sys0 and sys1:
            busy = (sys1[0] - sys0[0])
            total = busy + (sys1[1] - sys0[1])
            system = busy / total if total > 0 else 0.0
        else:
            system = 0.0
        extra = {str(os.getpid()): threading.current_thread().name,
                 "Process Cpu Utilization": f"{process:f}",
                 "System Cpu Utilization": f"{system:f}"}
        return ProfilerResult(self.events, extra)


def _system_times():
    """(busy, idle) jiffies of all CPUs from /proc/stat, or None where it does not exist."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, idle


# perf_counter_ns -> the wall-clock microseconds chrome tracing shows (Paddle writes epoch us).
_EPOCH_OFFSET_NS = time.time_ns() - time.perf_counter_ns()


class ProfilerResult:
    """Paddle's `_ProfilerResult`: the collected events and extra info; save(path, format)."""

    def __init__(self, events, extra_info):
        self.events = list(events)
        self.extra_info = dict(extra_info)

    def get_data(self):
        """The events (a list of Event)."""
        return self.events

    def get_extra_info(self):
        return self.extra_info

    def chrome_trace(self):
        """The chrome tracing document, in Paddle's layout."""
        pid = os.getpid()
        base = min((e.start for e in self.events), default=0)
        threads = {}
        trace = []
        for e in sorted(self.events, key=lambda e: (e.type != PROFILE_STEP, e.start)):
            side = "C++" if e.type == OPERATOR else "Python"
            tid = f"{threads.setdefault(e.tid, len(threads) and e.tid or pid)}({side})"
            dur = (e.end - e.start) / 1e3
            trace.append({
                "name": f"{e.name}[{dur:.3f} us]", "pid": pid, "tid": tid,
                "ts": (e.start + _EPOCH_OFFSET_NS) // 1000, "dur": dur, "ph": "X",
                "cat": e.type, "cname": "thread_state_runnable",
                "args": {"start_time": f"{(e.start - base) / 1e3:.3f} us",
                         "end_time": f"{(e.end - base) / 1e3:.3f} us"}})
        sides = sorted({t["tid"] for t in trace})
        for tid in sides:
            trace.append({"name": "process_name", "pid": pid, "tid": tid, "ph": "M",
                          "args": {"name": f"Process {pid} (CPU)"}})
        for tid in sides:
            trace.append({"name": "thread_name", "pid": pid, "tid": tid, "ph": "M",
                          "args": {"name": f"thread {tid.split('(')[0]}:"
                                           f"{threading.current_thread().name}({tid.split('(')[1]}"}})
        trace.append({"name": "process_sort_index", "pid": pid, "tid": pid, "ph": "M",
                      "args": {"sort_index": pid}})
        for i, tid in enumerate(sides):
            trace.append({"name": "thread_sort_index", "pid": pid, "tid": tid, "ph": "M",
                          "args": {"sort_index": 2 * pid + i}})
        trace.append({})
        return {"displayTimeUnit": "ms", "schemaVersion": "1.0.2", "span_index": "0",
                "traceEvents": trace, "ExtraInfo": self.extra_info}

    def save(self, path, format="json"):
        """Write the result to `path` (atomically): 'json' chrome tracing; 'pb' the same document
        (paddle_compat has no protobuf dependency; see load_profiler_result)."""
        if format not in ("json", "pb"):
            raise ValueError(f"format should be 'json' or 'pb', but got {format!r}")
        if os.path.dirname(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
        data = json.dumps(self.chrome_trace(), indent=1).encode("utf-8")
        with atomic_write(path, "wb") as f:
            f.write(data)

    @classmethod
    def load(cls, path):
        """Rebuild a result from a saved chrome trace (its "X" events: name, category, start and
        duration; times to the microsecond of the `ts` field)."""
        with open(path, "rb") as f:
            try:
                doc = json.loads(f.read().decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                doc = None
        if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
            raise RuntimeError(f"{path} is not a profiler result written by paddle_compat "
                               "(Paddle's own protobuf results cannot be read)")
        events = []
        for d in doc["traceEvents"]:
            if isinstance(d, dict) and d.get("ph") == "X":
                start = int(d["ts"]) * 1000 - _EPOCH_OFFSET_NS
                name = re.sub(r"\[[0-9.]+ us\]$", "", d["name"])
                events.append(Event(name, d["cat"], start, start + round(float(d["dur"]) * 1000),
                                    str(d["tid"]).split("(")[0]))
        return cls(events, doc.get("ExtraInfo", {}))
