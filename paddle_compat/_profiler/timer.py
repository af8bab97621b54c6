"""The Profiler's step timer (mirrors paddle/profiler/timer.py's benchmark): batch cost and
throughput per step, step_info(), and the "Perf Summary" printed at stop() once more than 10
steps (the skipped warm-up) have run.

Differences from Paddle: the DataLoader does not report its reader cost to this timer, so
reader_cost never appears (Paddle prints it only when a DataLoader fed the steps)."""
import timeit

__all__ = ["benchmark"]


class _Averager:
    def __init__(self):
        self.reset()

    def reset(self):
        self.iters, self.time, self.samples = 0, 0, 0

    def record(self, usetime, num_samples=None):
        self.iters += 1
        self.time += usetime
        if num_samples:
            self.samples += num_samples

    def average(self):
        return self.time / float(self.iters) if self.iters else 0

    def ips_average(self):
        return float(self.samples) / self.time if self.samples and self.iters else 0

    def step_average(self):
        return float(self.iters) / self.time if self.iters else 0


def _update(value, records):
    # Paddle's own update: a new max is not also tested as a new min (its `elif`)
    if value > records["max"]:
        records["max"] = value
    elif value < records["min"]:
        records["min"] = value
    if "total" in records:
        records["total"] += value


class _Event:
    skip_iter = 10

    def __init__(self):
        self.batch = _Averager()
        self.total_samples = 0
        self.total_iters = 0
        self.batch_records = {"max": 0, "min": float("inf"), "total": 0}
        self.speed_records = {"max": 0, "min": float("inf")}
        self.speed_mode = "samples/s"
        self.speed_unit = "samples/s"

    def record_batch(self, usetime, num_samples=None):
        if num_samples is None:
            self.speed_mode = self.speed_unit = "steps/s"
        self.batch.record(usetime, num_samples)
        self.total_iters += 1
        if self.total_iters >= self.skip_iter:
            _update(usetime, self.batch_records)
            if self.speed_mode == "samples/s":
                speed = float(num_samples) / usetime
                self.total_samples += num_samples
            else:
                speed = 1.0 / usetime
            _update(speed, self.speed_records)

    def summary(self):
        if self.total_iters <= self.skip_iter:
            return {}
        self.total_iters -= self.skip_iter
        batch_avg = self.batch_records["total"] / float(self.total_iters)
        count = self.total_samples if self.speed_mode == "samples/s" else self.total_iters
        speed_avg = float(count) / self.batch_records["total"]
        return {"batch": dict(self.batch_records, avg=batch_avg),
                "ips": dict(self.speed_records, avg=speed_avg)}


def _stats_line(item, d):
    return " ".join(["|", item.center(15), "|", f"{d['avg']:.5f}".center(15), "|",
                     f"{d['max']:.5f}".center(15), "|", f"{d['min']:.5f}".center(15), "|"])


class _Benchmark:
    def __init__(self):
        self.events = []
        self.start_time = None

    @property
    def current(self):
        return self.events[-1] if self.events else None

    def begin(self):
        self.events.append(_Event())
        self.start_time = timeit.default_timer()

    def step(self, num_samples=None):
        if self.current is None:
            return
        cost = timeit.default_timer() - self.start_time
        self.current.record_batch(cost, num_samples)
        self.start_time = timeit.default_timer()

    def step_info(self, unit):
        ev = self.current
        message = ""
        batch_average = ev.batch.average()
        if batch_average:
            ev.speed_unit = "steps/s" if ev.speed_mode == "steps/s" else unit + "/s"
            message += f" batch_cost: {batch_average:.5f} s"
        speed = ev.batch.ips_average() if ev.speed_mode == "samples/s" else ev.batch.step_average()
        if speed:
            message += f" ips: {speed:.3f} {ev.speed_unit}"
        ev.batch.reset()
        return message

    def end(self):
        if not self.events:
            return
        ev = self.current
        summary = ev.summary()
        if summary:
            print("Perf Summary".center(100, "="))
            print(f"Time Unit: s, IPS Unit: {ev.speed_unit}")
            print("|", "".center(15), "|", "avg".center(15), "|", "max".center(15), "|",
                  "min".center(15), "|")
            print(_stats_line("batch_cost", summary["batch"]))
            print(_stats_line("ips", summary["ips"]))
        self.events.pop()


_BENCHMARK = _Benchmark()


def benchmark():
    """The process' one step timer (Paddle's module-level benchmark())."""
    return _BENCHMARK
