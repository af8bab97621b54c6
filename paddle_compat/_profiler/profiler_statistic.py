"""Profiler.summary's tables (mirrors paddle/profiler/profiler_statistic.py's _build_table):
Paddle's column widths, titles, time formatting, sort keys and notes, computed from the host
events of tracer.ProfilerResult."""
import collections
from enum import Enum

from . import tracer

__all__ = ["SortedKeys", "build_table"]


class SortedKeys(Enum):
    """How Profiler.summary sorts its rows: CPU / GPU total, average, max or min time."""
    CPUTotal = 0
    CPUAvg = 1
    CPUMax = 2
    CPUMin = 3
    GPUTotal = 4
    GPUAvg = 5
    GPUMax = 6
    GPUMin = 7


_SPACING = 2

_OVERVIEW_NOTE = (
    "Note:\nIn this table, We sum up all collected events in terms of event type.\n"
    "The time of events collected on host are presented as CPU Time, and as GPU Time if on "
    "device.\n"
    "Events with different types may overlap or inclusion, e.g. Operator includes OperatorInner, "
    "so the sum of ratios is not 100%.\n"
    "The time of events in the same type with overlap will not calculate twice, and all time is "
    "summed after merged.\n"
    "Example:\nThread 1:\n  Operator: |___________|     |__________|\n"
    "Thread 2:\n  Operator:   |____________|     |___|\n"
    "After merged:\n  Result:   |______________|  |__________|\n")

_DEVICE_NOTE = (
    "Note:\nCPU(Process) Utilization = Current process CPU time over all cpu cores / elapsed "
    "time, so max utilization can be reached 100% * number of cpu cores.\n"
    "CPU(System) Utilization = All processes CPU time over all cpu cores(busy time) / (busy time "
    "+ idle time).\n"
    "GPU Utilization = Current process GPU time / elapsed time.")


class _Table:
    def __init__(self):
        self.fmt, self.sep, self.length = "", "", -_SPACING

    def column(self, width):
        self.fmt += "{: <" + str(width) + "}" + " " * _SPACING
        self.sep += "-" * width + " " * _SPACING
        self.length += width + _SPACING

    def row(self, values):
        return self.fmt.format(*values)


def _title(width, text):
    half = (width - len(text)) // 2
    return "-" * half + text + "-" * (width - len(text) - half)


def _time(ns, unit):
    if ns == float("inf"):
        return "-"
    div = {"s": 1e9, "ms": 1e6, "us": 1e3}.get(unit, 1)
    return f"{float(ns) / div:.2f}"


def _ratio(r):
    return f"{r * 100:.2f}"


def _merged_sum(ranges):
    """Total length of a set of [start, end) ranges, overlaps counted once (Paddle merges them)."""
    total, cur_s, cur_e = 0, None, None
    for s, e in sorted(ranges):
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


class _Item:
    __slots__ = ("call", "cpu_time", "max_cpu_time", "min_cpu_time")

    def __init__(self):
        self.call, self.cpu_time = 0, 0
        self.max_cpu_time, self.min_cpu_time = 0, float("inf")

    def add(self, dur):
        self.call += 1
        self.cpu_time += dur
        self.max_cpu_time = max(self.max_cpu_time, dur)
        self.min_cpu_time = min(self.min_cpu_time, dur)

    @property
    def avg_cpu_time(self):
        return self.cpu_time / self.call if self.call else 0


def _sorted(items, sorted_by):
    key = {SortedKeys.CPUAvg: lambda kv: kv[1].avg_cpu_time,
           SortedKeys.CPUMax: lambda kv: kv[1].max_cpu_time}.get(sorted_by)
    if sorted_by == SortedKeys.CPUMin:
        return sorted(items.items(), key=lambda kv: kv[1].min_cpu_time)
    if key is None:       # CPUTotal, and the GPU keys (all GPU times are 0 here: stable order)
        key = lambda kv: kv[1].cpu_time    # noqa: E731
    return sorted(items.items(), key=key, reverse=True)


def _zero_gpu():
    return "0.00 / 0.00 / 0.00 / 0.00 / 0.00"


def build_table(result, sorted_by=SortedKeys.CPUTotal, time_unit="ms", views=None,
                view_enum=None):
    """The summary text of a ProfilerResult, in Paddle's layout."""
    events = result.get_data()
    out = []

    def append(s):
        out.append(s)
        out.append("\n")

    def wanted(view):
        return views is None or view_enum[view] in views

    total_time = _merged_sum([(e.start, e.end) for e in events if e.type == tracer.PROFILE_STEP])

    if wanted("DeviceView"):
        t = _Table()
        t.column(30)
        t.column(20)
        append(_title(t.length, "Device Summary"))
        append(t.sep)
        append(t.row(["Device", "Utilization (%)"]))
        append(t.sep)
        extra = result.get_extra_info()
        append(t.row(["CPU(Process)", _ratio(float(extra.get("Process Cpu Utilization", 0)))]))
        append(t.row(["CPU(System)", _ratio(float(extra.get("System Cpu Utilization", 0)))]))
        append(t.sep)
        append(_DEVICE_NOTE)
        append("-" * t.length)
        append("")
        append("")
        if total_time == 0:
            return "".join(out)

    if wanted("OverView") and total_time:
        t = _Table()
        for _ in range(4):
            t.column(25)
        append(_title(t.length, "Overview Summary"))
        append(f"Time unit: {time_unit}")
        append(t.sep)
        append(t.row(["Event Type", "Calls", "CPU Time", "Ratio (%)"]))
        append(t.sep)
        by_type = collections.defaultdict(list)
        for e in events:
            by_type[e.type].append((e.start, e.end))
        rows = sorted(((k, _merged_sum(v), len(v)) for k, v in by_type.items()),
                      key=lambda r: r[1], reverse=True)
        for i, (kind, time, calls) in enumerate(rows):
            append(t.row([("  " if i else "") + kind, calls, _time(time, time_unit),
                          _ratio(time / total_time)]))
        append(t.sep)
        append(t.row(["", "Calls", "GPU Time", "Ratio (%)"]))
        append(t.sep)
        append(t.sep)
        append(_OVERVIEW_NOTE)
        append("-" * t.length)
        append("")
        append("")

    def items_of(kind):
        items = collections.defaultdict(_Item)
        for e in sorted(events, key=lambda e: e.start):
            if e.type == kind:
                items[e.name].add(e.end - e.start)
        return items

    if wanted("OperatorView"):
        items = items_of(tracer.OPERATOR)
        if items:
            rows = ["Thread: All threads merged"]
            ordered = _sorted(items, sorted_by)
            total_op = sum(i.cpu_time for _, i in ordered)
            for name, it in ordered:
                r = it.cpu_time / total_op if total_op else 0
                rows.append([name, it.call, " / ".join(
                    [_time(it.cpu_time, time_unit), _time(it.avg_cpu_time, time_unit),
                     _time(it.max_cpu_time, time_unit), _time(it.min_cpu_time, time_unit),
                     _ratio(r)]), _zero_gpu(), 0])
            t = _Table()
            widths = [52, 6, 40, 40, 10]
            for r in rows[1:]:
                widths[1] = max(widths[1], len(str(r[1])))
                widths[2] = max(widths[2], len(r[2]))
            for w in widths:
                t.column(w)
            append(_title(t.length, "Operator Summary"))
            append(f"Time unit: {time_unit}")
            append(t.sep)
            append(t.row(["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)",
                          "GPU Total / Avg / Max / Min / Ratio(%)", "FLOPs"]))
            append(t.sep)
            for r in rows:
                append(_title(t.length, r) if isinstance(r, str) else t.row(r))
            append(t.sep)
            append("")
            append("")

    if wanted("UDFView"):
        items = items_of(tracer.USER)
        if items:
            rows = ["Thread: All threads merged"]
            for name, it in _sorted(items, sorted_by):
                rows.append([name, it.call, " / ".join(
                    [_time(it.cpu_time, time_unit), _time(it.avg_cpu_time, time_unit),
                     _time(it.max_cpu_time, time_unit), _time(it.min_cpu_time, time_unit),
                     _ratio(it.cpu_time / total_time if total_time else 0)]), _zero_gpu()])
            widths = [0, 6, 40, 40]
            for r in rows[1:]:
                widths[0] = max(widths[0], len(r[0]))
                widths[1] = max(widths[1], len(str(r[1])))
                widths[2] = max(widths[2], len(r[2]))
            t = _Table()
            for w in widths:
                t.column(w)
            append(_title(t.length, "UserDefined Summary"))
            append(f"Time unit: {time_unit}")
            append(t.sep)
            append(t.row(["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)",
                          "GPU Total / Avg / Max / Min / Ratio(%)"]))
            append(t.sep)
            for r in rows:
                append(_title(t.length, r) if isinstance(r, str) else t.row(r))
            append("")
            append("")
    return "".join(out)
