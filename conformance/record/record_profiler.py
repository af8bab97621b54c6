"""Record Paddle 3.3.1's paddle.profiler behaviour into conformance/goldens/profiler.json (read by
tests/test_profiler.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_profiler.py

Recorded (all timing-free):
- make_scheduler: the state of steps 0..N for several settings, the assertion on bad arguments
  and the warning for ready=0;
- Profiler driven for N steps with a tuple / callable / default scheduler: the state after start
  and after every step, the steps at which on_trace_ready runs, the warnings of improper
  transitions, and the event names and categories per recorded window (ProfileStep#k and user
  RecordEvent ranges; Paddle's operator-internal events are left out, paddle_compat has none);
- the chrome trace layout: its top-level keys, event keys, and the file name pattern;
- the summary's table titles and header lines;
- errors: a bad tuple scheduler, RecordEvent outside a profiler (records nothing).
"""
import contextlib
import gc
import glob
import io
import json
import os
import re
import sys
import tempfile
import warnings


def _error(fn):
    try:
        fn()
    except Exception as e:   # the exception itself is the recorded behaviour
        return [type(e).__name__, str(e)]
    return None


def _warns(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = fn()
    return out, [str(i.message) for i in w if "ccache" not in str(i.message)]


SCHEDULES = [dict(closed=1, ready=1, record=4, repeat=1), dict(closed=1, ready=1, record=4,
             skip_first=1), dict(closed=0, ready=0, record=2, repeat=2),
             dict(closed=2, ready=1, record=1), dict(closed=0, ready=2, record=3, repeat=1,
                                                     skip_first=3)]
TUPLES = [(2, 5), (0, 3), (1, 2), (3, 10)]


def case_scheduler(profiler):
    out = {"sequences": [], "errors": {}}
    for kw in SCHEDULES:
        fn, w = _warns(lambda: profiler.make_scheduler(**kw))
        out["sequences"].append([kw, [fn(i).name for i in range(16)], w])
    for name, kw in {"record0": dict(closed=1, ready=1, record=0),
                     "closed-1": dict(closed=-1, ready=1, record=1),
                     "repeat-1": dict(closed=1, ready=1, record=1, repeat=-1)}.items():
        out["errors"][name] = _error(lambda: profiler.make_scheduler(**kw))
    out["errors"]["step-1"] = _error(lambda: profiler.make_scheduler(closed=1, ready=1,
                                                                     record=1)(-1))
    return out


def drive(paddle, profiler, scheduler, steps):
    """Run a Profiler for `steps` steps; what happened, timing-free."""
    log = {"states": [], "ready": [], "windows": []}

    def on_ready(prof):
        log["ready"].append(prof.step_num)
        ev = sorted({(_strip(e["name"]), e["cat"]) for e in _events(prof)
                     if e.get("ph") == "X" and e["cat"] in ("ProfileStep", "PythonUserDefined")})
        log["windows"].append([list(e) for e in ev])

    x = paddle.ones([2, 2])

    def run():
        p = profiler.Profiler(targets=[profiler.ProfilerTarget.CPU], scheduler=scheduler,
                              on_trace_ready=on_ready)
        p.start()
        log["states"].append(p.current_state.name)
        for i in range(steps):
            with profiler.RecordEvent(f"user{i}"):
                paddle.matmul(x, x)
            p.step()
            log["states"].append(p.current_state.name)
        p.stop()
    _, log["warnings"] = _warns(run)
    return log


_TMP = tempfile.mkdtemp()


def _events(prof):
    path = os.path.join(_TMP, "t.json")
    prof.export(path, "json")
    with open(path) as f:
        return json.load(f)["traceEvents"]


def _strip(name):
    return re.sub(r"\[[0-9.]+ us\]$", "", name)


def case_profiler(paddle, profiler):
    out = {}
    for t in TUPLES:
        out[f"tuple{t}"] = drive(paddle, profiler, t, 12)
    out["callable"] = drive(paddle, profiler, profiler.make_scheduler(closed=1, ready=1,
                                                                      record=2, repeat=2), 10)
    out["default"] = drive(paddle, profiler, None, 3)
    out["improper"] = drive(paddle, profiler, lambda s: [profiler.ProfilerState.READY,
                                                         profiler.ProfilerState.CLOSED,
                                                         profiler.ProfilerState.RECORD,
                                                         profiler.ProfilerState.READY,
                                                         profiler.ProfilerState.RECORD,
                                                         profiler.ProfilerState.CLOSED][s % 6], 7)
    out["bad_tuple"] = [_error(lambda: profiler.Profiler(scheduler=(3, 3))),
                        _error(lambda: profiler.Profiler(scheduler=(1, 2, 3)))]
    out["enums"] = {e.__name__: [m.name for m in e] for e in (
        profiler.ProfilerState, profiler.ProfilerTarget, profiler.SummaryView,
        profiler.SortedKeys)}
    return out


def case_files(paddle, profiler):
    d = tempfile.mkdtemp()
    x = paddle.ones([2, 2])
    with profiler.Profiler(targets=[profiler.ProfilerTarget.CPU], scheduler=(0, 2),
                           on_trace_ready=profiler.export_chrome_tracing(d, "wk")) as p:
        for _ in range(3):
            with profiler.RecordEvent("r"):
                paddle.matmul(x, x)
            p.step()
    names = [os.path.basename(f) for f in glob.glob(os.path.join(d, "*"))]
    with open(glob.glob(os.path.join(d, "*"))[0]) as f:
        doc = json.load(f)
    x_event = next(e for e in doc["traceEvents"] if e.get("ph") == "X")
    meta = sorted({e["name"] for e in doc["traceEvents"] if e.get("ph") == "M"})
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        p.summary()
    perf = io.StringIO()
    del p
    gc.collect()
    with contextlib.redirect_stdout(perf):   # Paddle's benchmark timer prints at stop()
        q = profiler.Profiler(targets=[profiler.ProfilerTarget.CPU], on_trace_ready=lambda p: 0)
        q.start()
        for _ in range(12):
            q.step()
        info = q.step_info()
        q.step(num_samples=4)
        info_samples = q.step_info("images")
        q.stop()
        del q
    lines = buf.getvalue().split("\n")
    titles = [ln.strip("-") for ln in lines if re.fullmatch(r"-+[A-Za-z ]+-+", ln)]
    headers = [ln for ln in lines if ln.startswith(("Device ", "Event Type", "Name "))]
    gc.collect()     # Paddle's C++ profiler is a singleton: a second live Profiler gets none
    pb = tempfile.mkdtemp()
    with profiler.Profiler(targets=[profiler.ProfilerTarget.CPU], scheduler=(0, 1),
                           on_trace_ready=profiler.export_protobuf(pb)) as p:
        p.step()
    pb_names = [re.sub(r"_time_\d{4}(_\d+)+", "_time_<ts>", os.path.basename(f))
                for f in glob.glob(os.path.join(pb, "*"))]
    return {"names": [re.sub(r"_time_\d{4}(_\d+)+", "_time_<ts>", n) for n in names],
            "pb_names": [n.replace(f"pid_{os.getpid()}", "pid_<pid>").replace(
                __import__("socket").gethostname(), "<host>") for n in pb_names],
            "top_keys": sorted(doc), "event_keys": sorted(x_event),
            "args_keys": sorted(x_event["args"]), "meta": meta,
            "extra_keys": sorted(k for k in doc["ExtraInfo"] if not k.isdigit()),
            "titles": titles, "headers": headers,
            "step_info": [re.sub(r"\d+\.\d+", "<num>", info),
                          re.sub(r"\d+\.\d+", "<num>", info_samples)],
            "perf": [re.sub(r"\d+\.\d+", "<num>", ln) for ln in perf.getvalue().split("\n")]}


def main():
    import logging
    logging.disable(logging.WARNING)
    import paddle
    import paddle.profiler as profiler
    out = {"paddle_version": paddle.__version__, "scheduler": case_scheduler(profiler),
           "profiler": case_profiler(paddle, profiler), "files": case_files(paddle, profiler)}
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "goldens", "profiler.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"recorded profiler goldens to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
