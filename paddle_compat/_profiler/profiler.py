"""paddle.profiler.Profiler and its scheduler (mirrors paddle/profiler/profiler.py).

The state machine is Paddle's own: make_scheduler's CLOSED / READY / RECORD /
RECORD_AND_RETURN sequence, the (start, end) tuple scheduler, the default "record from start to
stop", and _trigger_action's transitions with their warnings; on_trace_ready runs when a
RECORD_AND_RETURN step ends and at stop() from a recording state. The events come from
tracer.Tracer (host ranges: steps, RecordEvent, Paddle ops).
"""
import datetime
import os
import socket
from enum import Enum
from warnings import warn

from . import tracer, utils
from .timer import benchmark
from .profiler_statistic import SortedKeys, build_table

__all__ = ["SummaryView", "ProfilerState", "ProfilerTarget", "make_scheduler",
           "export_chrome_tracing", "export_protobuf", "Profiler"]


class SummaryView(Enum):
    """Which summary tables Profiler.summary prints."""
    DeviceView = 0
    OverView = 1
    ModelView = 2
    DistributedView = 3
    KernelView = 4
    OperatorView = 5
    MemoryView = 6
    MemoryManipulationView = 7
    UDFView = 8


class ProfilerState(Enum):
    """CLOSED (off), READY (on, not recording), RECORD, RECORD_AND_RETURN (last recording step)."""
    CLOSED = 0
    READY = 1
    RECORD = 2
    RECORD_AND_RETURN = 3


class ProfilerTarget(Enum):
    """The devices a Profiler traces."""
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM_DEVICE = 3


def make_scheduler(*, closed, ready, record, repeat=0, skip_first=0):
    """paddle.profiler.make_scheduler(*, closed, ready, record, repeat=0, skip_first=0): a
    function step -> ProfilerState: skip_first CLOSED steps, then cycles of `closed` CLOSED,
    `ready` READY and `record` RECORD steps (the last one RECORD_AND_RETURN), `repeat` times
    (0: forever).

    Differences from Paddle: none known."""
    def getScheduleState(step):
        assert step >= 0
        if step < skip_first:
            return ProfilerState.CLOSED
        step = step - skip_first
        period_steps = closed + ready + record
        has_repeated = step // period_steps
        if repeat > 0 and has_repeated >= repeat:
            return ProfilerState.CLOSED
        mod_step = step % period_steps
        if mod_step < closed:
            return ProfilerState.CLOSED
        if mod_step < closed + ready:
            return ProfilerState.READY
        if mod_step < period_steps - 1:
            return ProfilerState.RECORD
        return ProfilerState.RECORD_AND_RETURN

    assert closed >= 0 and ready >= 0 and record > 0 and repeat >= 0 and skip_first >= 0, \
        "Invalid profiler scheduler arguments"
    if ready == 0:
        # Paddle's text, its line-continuation spaces included
        warn("Profiler will record data after enabling profiler immediately, "
             "          some data collected at the beginning of profiling may be 'noisy' because"
             " of overhead.")
    return getScheduleState


def _default_state_scheduler(step):
    return ProfilerState.RECORD


def _make_dir(dir_name):
    if not os.path.exists(dir_name):
        try:
            os.makedirs(dir_name, exist_ok=True)
        except Exception:
            raise RuntimeError(
                f"Can not create directory '{dir_name}' for saving profiling results.") from None


def _exporter(dir_name, worker_name, ext, fmt):
    _make_dir(dir_name)

    def handle_fn(prof):
        nonlocal worker_name
        if not worker_name:
            worker_name = f"host_{socket.gethostname()}pid_{os.getpid()}"
        now = datetime.datetime.now()
        filename = f"{worker_name}_time_{now.strftime('%Y_%m_%d_%H_%M_%S_%f')}.paddle_trace.{ext}"
        prof.export(os.path.join(dir_name, filename), fmt)
    return handle_fn


def export_chrome_tracing(dir_name, worker_name=None):
    """paddle.profiler.export_chrome_tracing(dir_name, worker_name=None): an on_trace_ready
    callback writing `<worker_name>_time_<timestamp>.paddle_trace.json` (chrome tracing format)
    into dir_name (created now); worker_name defaults to `host_<hostname>pid_<pid>`.

    Differences from Paddle: the trace holds host events only (steps, RecordEvent ranges, Paddle
    ops as one `<op> dygraph` Operator event each; no infer_meta / kernel-launch / GPU kernel
    events)."""
    return _exporter(dir_name, worker_name, "json", "json")


def export_protobuf(dir_name, worker_name=None):
    """paddle.profiler.export_protobuf(dir_name, worker_name=None): an on_trace_ready callback
    writing `<worker_name>_time_<timestamp>.paddle_trace.pb` into dir_name.

    Differences from Paddle: the .pb file holds paddle_compat's JSON result (the same document as
    export_chrome_tracing; no protobuf dependency), readable by load_profiler_result but not by
    Paddle's tools."""
    return _exporter(dir_name, worker_name, "pb", "pb")


def _get_supported_targets():
    import torch
    if torch.cuda.is_available():
        return [ProfilerTarget.CPU, ProfilerTarget.GPU, ProfilerTarget.CUSTOM_DEVICE]
    return [ProfilerTarget.CPU, ProfilerTarget.CUSTOM_DEVICE]


class Profiler:
    """paddle.profiler.Profiler(*, targets=None, scheduler=None, on_trace_ready=None,
    record_shapes=False, profile_memory=False, timer_only=False, emit_nvtx=False,
    custom_device_types=[], with_flops=False): start()/stop() or `with`, step() per batch,
    export(path, format) and summary().

    Differences from Paddle: host events only (see export_chrome_tracing); record_shapes,
    profile_memory, emit_nvtx, custom_device_types and with_flops are accepted and have no effect;
    the step timer has no DataLoader reader cost (see step_info)."""

    def __init__(self, *, targets=None, scheduler=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, timer_only=False, emit_nvtx=False, custom_device_types=[],
                 with_flops=False):
        supported_targets = _get_supported_targets()
        if targets:
            self.targets = set(targets)
            for target in targets:
                if target not in supported_targets:
                    self.targets.remove(target)
                    warn(f"Profiling {target} is not supported in current context.")
        else:
            self.targets = supported_targets
        self.profiler = tracer.Tracer()
        if callable(scheduler):
            self.scheduler = scheduler
        elif isinstance(scheduler, (tuple, list)):
            assert len(scheduler) == 2 and scheduler[1] > scheduler[0]
            start_batch, end_batch = scheduler
            start_batch = max(start_batch, 0)
            if start_batch >= 1:
                self.scheduler = make_scheduler(closed=max(start_batch - 1, 0), ready=1,
                                                record=end_batch - start_batch, repeat=1)
            else:
                self.scheduler = make_scheduler(closed=0, ready=0,
                                                record=end_batch - start_batch, repeat=1)
        else:
            self.scheduler = _default_state_scheduler
        if on_trace_ready is None:
            self.on_trace_ready = export_chrome_tracing("./profiler_log/")
        else:
            self.on_trace_ready = on_trace_ready
        self.step_num = 0
        self.previous_state = ProfilerState.CLOSED
        self.current_state = self.scheduler(self.step_num)
        self.record_event = None
        self.profiler_result = None
        self.timer_only = timer_only
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_flops = with_flops
        self.emit_nvtx = emit_nvtx

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.stop()

    def _begin_step(self):
        self.record_event = utils.RecordEvent(f"ProfileStep#{self.step_num}",
                                              event_type=tracer.PROFILE_STEP)
        self.record_event.begin()

    def start(self):
        """Start the profiler at step 0: CLOSED -> the scheduler's state for step 0."""
        benchmark().begin()
        if not self.timer_only or self.emit_nvtx:
            utils._is_profiler_used[0] = True
        if self.timer_only:
            return
        if self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
            self.profiler.prepare()
            self.profiler.start()
        elif self.current_state == ProfilerState.READY:
            self.profiler.prepare()
        self._begin_step()

    def stop(self):
        """Stop the profiler: the current state -> CLOSED; a recording state hands its result to
        on_trace_ready."""
        benchmark().end()
        if self.timer_only:
            return
        if self.record_event:
            self.record_event.end()
            self.record_event = None
        if self.current_state == ProfilerState.READY:
            warn("Improper Profiler state transform: READY->CLOSED, profiler will start and stop "
                 "without saving data")
            self.profiler.start()
            self.profiler.stop()
        if self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
            self.profiler_result = self.profiler.stop()
            if self.on_trace_ready:
                self.on_trace_ready(self)
        utils._is_profiler_used[0] = False

    def step(self, num_samples=None):
        """The next step begins: take the scheduler's state for it and act on the transition.
        `num_samples` (the batch size) makes the timer's throughput samples/s, else steps/s."""
        benchmark().step(num_samples)
        if self.timer_only:
            return
        if self.record_event:
            self.record_event.end()
            self.record_event = None
        self.previous_state = self.current_state
        self.step_num += 1
        self.current_state = self.scheduler(self.step_num)
        self._trigger_action()
        self._begin_step()

    def step_info(self, unit=None):
        """The average batch cost and throughput since the last call:
        ' batch_cost: 0.00123 s ips: 812.345 steps/s' (unit: the samples' unit when step() got
        num_samples; default 'samples')."""
        return benchmark().step_info("samples" if unit is None else unit)

    def _trigger_action(self):
        prev, cur = self.previous_state, self.current_state
        S = ProfilerState
        p = self.profiler
        if prev == S.CLOSED:
            if cur == S.READY:
                p.prepare()
            if cur in (S.RECORD, S.RECORD_AND_RETURN):
                p.prepare()
                p.start()
        elif prev == S.READY:
            if cur == S.CLOSED:
                warn("Improper schedule: READY->CLOSED, profiler will start and stop without "
                     "saving data")
                p.start()
                p.stop()
            if cur in (S.RECORD, S.RECORD_AND_RETURN):
                p.start()
        elif prev == S.RECORD:
            if cur == S.CLOSED:
                warn("Improper schedule: RECORD->CLOSED, profiler will not saving data")
                p.stop()
            if cur == S.READY:
                warn("Improper schedule: RECORD->READY, profiler will stop and re-prepare")
                p.stop()
                p.prepare()
        else:
            self.profiler_result = p.stop()
            if cur == S.READY:
                p.prepare()
            if cur in (S.RECORD, S.RECORD_AND_RETURN):
                p.prepare()
                p.start()
            if self.on_trace_ready:
                self.on_trace_ready(self)

    def export(self, path="", format="json"):
        """Write the last result to `path` ('json': chrome tracing; 'pb': see export_protobuf)."""
        if self.profiler_result:
            self.profiler_result.save(path, format)

    def summary(self, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False,
                time_unit="ms", views=None):
        """Print Paddle's summary tables of the last result: Device, Overview, Operator and
        UserDefined summaries.

        Differences from Paddle: host events only, so the GPU columns are zero, the Model,
        Distributed, Kernel and Memory views are not printed, and the Operator rows have no
        infer_meta / kernel launch detail rows; thread_sep is ignored (all threads merged)."""
        if isinstance(views, SummaryView):
            views = [views]
        if self.profiler_result:
            print(build_table(self.profiler_result, sorted_by=sorted_by, time_unit=time_unit,
                              views=views, view_enum=SummaryView))
