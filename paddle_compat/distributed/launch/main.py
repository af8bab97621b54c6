"""The launcher: N processes of one script on this machine, each with Paddle's environment.

    python -m paddle_compat.distributed.launch --nproc_per_node 2 train.py --epochs 3
    python -m paddle.distributed.launch ...            (the same, under `paddle_compat run`'s alias)

Each rank runs `python -m paddle_compat run SCRIPT ARGS` (so the script's `import paddle` works) with
PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ENDPOINTS, PADDLE_CURRENT_ENDPOINT,
PADDLE_MASTER, ... and torch's RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT, on loopback ports the OS
reports free. Every rank's output goes to LOG_DIR/workerlog.<rank>; rank 0's is also echoed here, as
Paddle's launcher does. When a rank fails, the others are stopped, its log's last lines are shown, and
the launcher exits with that rank's exit code. A rank that exits 0 before joining
init_parallel_env while others wait there ends the job at once. SIGTERM/SIGINT/SIGABRT stop every
rank and the launcher exits with the signal's number, as Paddle's does.

Differences from Paddle: single node only (`--nnodes 1`); `--devices`/`--gpus` select GPUs through
CUDA_VISIBLE_DEVICES; elastic and parameter-server modes are not supported (NotImplementedError).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from .._ports import free_ports, rank_env

__all__ = ["launch", "main"]


def _parser():
    p = argparse.ArgumentParser(prog="python -m paddle.distributed.launch",
                                description="Start one training process per rank on this machine.")
    p.add_argument("--nproc_per_node", type=int, default=None, help="processes to start (default: "
                   "number of --devices, else 1)")
    p.add_argument("--nnodes", default="1", help="only 1 is supported")
    p.add_argument("--log_dir", default="log", help="where workerlog.<rank> files go (default: log)")
    p.add_argument("--master", default=None, help="host:port of the rendezvous (default: a free "
                   "loopback port)")
    p.add_argument("--devices", "--gpus", dest="devices", default=None,
                   help="comma-separated GPU ids, one process each")
    p.add_argument("--run_mode", default="collective", help="only 'collective' is supported")
    p.add_argument("--job_id", default="default")
    p.add_argument("training_script", help="the script to run")
    p.add_argument("training_script_args", nargs=argparse.REMAINDER)
    return p


def _echo(path, stop):
    """Copy rank 0's log to our stdout as it grows."""
    with open(path, "rb") as f:
        while True:
            chunk = f.read(65536)
            if chunk:
                sys.stdout.buffer.write(chunk)
                sys.stdout.flush()
            elif stop.is_set():
                return
            else:
                time.sleep(0.05)


def _tail(path, n=30):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return ""


def launch(args):
    """Run the job described by parsed `args`; returns the exit status."""
    if str(args.nnodes) not in ("1", "1:1"):
        raise NotImplementedError("paddle.distributed.launch --nnodes > 1 is not supported by "
                                  "paddle_compat; start one launcher per machine with torchrun instead")
    if args.run_mode != "collective":
        raise NotImplementedError(f"paddle.distributed.launch --run_mode {args.run_mode} is not "
                                  "supported by paddle_compat; only collective mode is")
    devices = args.devices.split(",") if args.devices else None
    n = args.nproc_per_node or (len(devices) if devices else 1)
    ports = free_ports(n + (0 if args.master else 1))
    master = args.master or f"127.0.0.1:{ports.pop(0)}"
    endpoints = [f"127.0.0.1:{p}" for p in ports[:n]]
    log_dir = os.path.abspath(args.log_dir)
    os.makedirs(log_dir, exist_ok=True)
    # Ranks leave marks here as they enter and leave init_parallel_env (collective.py), so a rank
    # that ends before joining while its peers wait for it is seen at once, not after the timeout.
    state = tempfile.mkdtemp(prefix="paddle_compat_launch_")
    procs, logs = [], []
    for rank in range(n):
        env = dict(os.environ, **rank_env(rank, n, master, endpoints, log_dir))
        env[STATE_ENV] = state
        if devices:
            env["CUDA_VISIBLE_DEVICES"] = devices[rank % len(devices)]
            env["FLAGS_selected_gpus"] = "0"
        env["PYTHONUNBUFFERED"] = "1"
        log_path = os.path.join(log_dir, f"workerlog.{rank}")
        log = open(log_path, "wb")
        logs.append((log, log_path))
        cmd = [sys.executable, "-m", "paddle_compat", "run", args.training_script,
               *args.training_script_args]
        procs.append(subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True))
    stop = threading.Event()
    echo = threading.Thread(target=_echo, args=(logs[0][1], stop), daemon=True)
    echo.start()
    status = 0
    handlers = _trap_signals()
    try:
        while True:
            codes = [p.poll() for p in procs]
            failed = [(r, c) for r, c in enumerate(codes) if c not in (None, 0)]
            early = _left_before_joining(codes, state)
            if early and not failed:
                gone, waiting = early
                _stop_all(procs)
                stop.set()
                echo.join(2)
                sys.stderr.write(
                    f"\nLAUNCH ERROR rank {', '.join(map(str, gone))} exited with code 0 before "
                    f"joining init_parallel_env, while rank {', '.join(map(str, waiting))} waited "
                    f"for it there; the other ranks were stopped. Every rank must call "
                    f"paddle.distributed.init_parallel_env().\n")
                status = 1
                break
            if failed:
                failed = _settle(procs, failed)
                rank, code = _first_cause(failed, logs)
                _stop_all(procs)
                stop.set()
                echo.join(2)
                others = ", ".join(f"rank {r} (code {c})" for r, c in failed if r != rank)
                also = f" Also failed, after it: {others}." if others else ""
                sys.stderr.write(f"\nLAUNCH ERROR rank {rank} exited with code {code}; the other ranks "
                                 f"were stopped.{also} Last lines of {logs[rank][1]}:\n"
                                 f"{_tail(logs[rank][1])}")
                status = code if code > 0 else 1
                break
            if all(c == 0 for c in codes):
                break
            time.sleep(0.1)
    except _Signalled as sig:
        # Paddle's launcher: stop the ranks, say so, exit with the signal's number.
        sys.stderr.write(f"LAUNCH INFO Terminating with signal {sig.signum}\n")
        _stop_all(procs)
        sys.stderr.write(f"LAUNCH INFO Exit with signal {sig.signum}\n")
        status = sig.signum
    finally:
        _restore_signals(handlers)
        stop.set()
        echo.join(2)
        for log, _ in logs:
            log.close()
        shutil.rmtree(state, ignore_errors=True)
    return status


STATE_ENV = "PADDLE_COMPAT_LAUNCH_STATE"
_TRAPPED = (signal.SIGTERM, signal.SIGINT, signal.SIGABRT)


class _Signalled(BaseException):
    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def _raise_signalled(signum, frame):
    raise _Signalled(signum)


def _trap_signals():
    """SIGTERM (what `timeout` and schedulers send), SIGINT, SIGABRT stop the ranks as Paddle's
    launcher does; the ranks run in their own sessions, so nothing else would reach them."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {s: signal.signal(s, _raise_signalled) for s in _TRAPPED}


def _restore_signals(handlers):
    for s, h in handlers.items():
        signal.signal(s, h)


def _left_before_joining(codes, state):
    """(ranks that exited 0 without joining, running ranks waiting in init_parallel_env), or None."""
    gone = [r for r, c in enumerate(codes)
            if c == 0 and not os.path.exists(os.path.join(state, f"joined.{r}"))]
    if not gone:
        return None
    waiting = [r for r, c in enumerate(codes) if c is None
               and os.path.exists(os.path.join(state, f"joining.{r}"))
               and not os.path.exists(os.path.join(state, f"joined.{r}"))]
    return (gone, waiting) if waiting else None


# What a rank prints when it fails only because another rank died (it lost its peer).
_SECONDARY = ("remote worker crashing", "Connection closed by peer", "Connection reset by peer",
              "paddle.distributed (rank")


def _settle(procs, failed, seconds=2.0):
    """A rank that dies takes its peers down within moments: wait briefly so all of them are seen,
    then report the one that failed first for its own reason."""
    deadline = time.time() + seconds
    while time.time() < deadline and any(p.poll() is None for p in procs):
        time.sleep(0.05)
    return [(r, p.poll()) for r, p in enumerate(procs) if p.poll() not in (None, 0)] or failed


def _first_cause(failed, logs):
    for rank, code in failed:
        tail = _tail(logs[rank][1])
        if not any(marker in tail for marker in _SECONDARY):
            return rank, code
    return failed[0]


def _stop_all(procs):
    for p in procs:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.time() + 5
    for p in procs:
        try:
            p.wait(max(0.1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def main(argv=None):
    return launch(_parser().parse_args(argv))
