"""The launcher: N processes of one script on each node, each with Paddle's environment.

    python -m paddle_compat.distributed.launch --nproc_per_node 2 train.py --epochs 3
    python -m paddle.distributed.launch ...            (the same, under `paddle_compat run`'s alias)
    python -m paddle.distributed.launch --nnodes 2 --master 10.0.0.1:8090 --rank 0 train.py
                                                       (on every node, each with its --rank)

Each rank runs `python -m paddle_compat run SCRIPT ARGS` (so the script's `import paddle` works) with
PADDLE_TRAINER_ID, PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ENDPOINTS, PADDLE_CURRENT_ENDPOINT,
PADDLE_MASTER, PADDLE_LOCAL_RANK, PADDLE_NNODES, ... and torch's RANK, WORLD_SIZE, LOCAL_RANK,
MASTER_ADDR, MASTER_PORT. With several nodes the launchers meet at `--master` (rendezvous.py) and
global ranks are node_rank * nproc_per_node + local rank, as in Paddle. Every rank's output goes to
LOG_DIR/workerlog.<local rank>; the node's first rank's is also echoed here, as Paddle's launcher
does. When a rank fails, the others are stopped (on every node), its log's last lines are shown, and
the launcher exits with that rank's exit code; the other nodes' launchers exit with 1 naming the
node that failed. A rank that exits 0 before joining init_parallel_env while others wait there ends
the job at once. SIGTERM/SIGINT/SIGABRT stop every rank and the launcher exits with the signal's
number, as Paddle's does. PADDLE_MASTER, PADDLE_NNODES, PADDLE_RANK, PADDLE_NPROC_PER_NODE,
PADDLE_LOG_DIR, PADDLE_JOB_ID, PADDLE_DEVICES, PADDLE_IPS, POD_IP override the options, as in Paddle.

Differences from Paddle: the launchers' master is a torch TCPStore, not Paddle's HTTP/etcd server;
a node whose launcher is killed outright (SIGKILL) is noticed only when its ranks' peers lose their
connections; `--devices`/`--gpus` select GPUs through CUDA_VISIBLE_DEVICES; elastic (`--nnodes
MIN:MAX`) and parameter-server modes are not supported (NotImplementedError).
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
from ..._distributed.env import timeout_seconds
from .rendezvous import NodeRendezvous, RendezvousError, local_ip

__all__ = ["launch", "main"]


def _parser():
    p = argparse.ArgumentParser(prog="python -m paddle.distributed.launch",
                                description="Start one training process per rank on this machine.")
    p.add_argument("--nproc_per_node", type=int, default=None, help="processes to start (default: "
                   "number of --devices, else 1)")
    p.add_argument("--nnodes", default="1", help="number of nodes (N or N:N; default 1)")
    p.add_argument("--rank", type=int, default=-1, help="this node's rank (default -1: node 0 is "
                   "the launcher that listens on --master, the others in order of arrival)")
    p.add_argument("--host", default=None, help="this node's address (default: the one that "
                   "reaches --master)")
    p.add_argument("--ips", default=None, help="legacy form: comma-separated node addresses, the "
                   "same on every node")
    p.add_argument("--start_port", type=int, default=6070, help="with --ips: the ranks' first port")
    p.add_argument("--log_dir", default="log", help="where workerlog.<rank> files go (default: log)")
    p.add_argument("--master", default=None, help="host:port of the rendezvous, the same on every "
                   "node (default for one node: a free loopback port)")
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
    _env_overrides(args)
    if args.run_mode != "collective":
        raise NotImplementedError(f"paddle.distributed.launch --run_mode {args.run_mode} is not "
                                  "supported by paddle_compat; only collective mode is")
    nnodes = _nnodes(args.nnodes)
    devices = args.devices.split(",") if args.devices else None
    n = args.nproc_per_node or (len(devices) if devices else 1)
    node, ips = None, args.ips.split(",") if args.ips else None
    if ips and len(ips) > 1:
        # Paddle's legacy form: every node lists the same hosts; endpoints are fixed ports from
        # --start_port, the first one the ranks' rendezvous, no launcher master.
        host = args.host or local_ip(ips[0])
        index = args.rank if args.rank >= 0 else (ips.index(host) if ips.count(host) == 1 else -1)
        if not 0 <= index < len(ips):
            raise ValueError(f"paddle.distributed.launch --ips {args.ips}: cannot tell which node "
                             f"this is (host {host}); pass --rank or --host")
        endpoints = [f"{h}:{args.start_port + i}" for h in ips for i in range(n)]
        offset, world, master, nodes = index * n, len(endpoints), endpoints[0], len(ips)
    elif nnodes > 1:
        if not args.master:
            raise ValueError("paddle.distributed.launch --nnodes > 1 needs --master HOST:PORT (the "
                             "same on every node; node 0's launcher listens there)")
        host = args.host or local_ip(args.master.rsplit(":", 1)[0])
        ports = free_ports(n + 1, "0.0.0.0" if host != "127.0.0.1" else host)
        try:
            node = NodeRendezvous(args.master, nnodes, args.rank, args.job_id, timeout_seconds())
            offset, world, master, endpoints = node.join(
                n, host, ports[0], [f"{host}:{p}" for p in ports[1:]])
        except RendezvousError as exc:
            sys.stderr.write(f"LAUNCH ERROR {exc}\n")
            return 1
        nodes = nnodes
    else:
        ports = free_ports(n + (0 if args.master else 1))
        master = args.master or f"127.0.0.1:{ports.pop(0)}"
        endpoints = [f"127.0.0.1:{p}" for p in ports[:n]]
        offset, world, nodes = 0, n, 1
    ranks = list(range(offset, offset + n))
    log_dir = os.path.abspath(args.log_dir)
    os.makedirs(log_dir, exist_ok=True)
    # Ranks leave marks here as they enter and leave init_parallel_env (collective.py), so a rank
    # that ends before joining while its peers wait for it is seen at once, not after the timeout.
    state = tempfile.mkdtemp(prefix="paddle_compat_launch_")
    procs, logs = [], []
    for i, rank in enumerate(ranks):
        env = dict(os.environ, **rank_env(rank, world, master, endpoints, log_dir, local_rank=i,
                                          local_size=n, nnodes=nodes))
        env[STATE_ENV] = state
        if devices:
            env["CUDA_VISIBLE_DEVICES"] = devices[i % len(devices)]
            env["FLAGS_selected_gpus"] = "0"
        env["PYTHONUNBUFFERED"] = "1"
        # Paddle names the logs by the rank's place on its node.
        log_path = os.path.join(log_dir, f"workerlog.{i}")
        log = open(log_path, "wb")
        logs.append((log, log_path))
        cmd = [sys.executable, "-m", "paddle_compat", "run", args.training_script,
               *args.training_script_args]
        procs.append(subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True, preexec_fn=_die_with_launcher()))
    stop = threading.Event()
    echo = threading.Thread(target=_echo, args=(logs[0][1], stop), daemon=True)
    echo.start()
    status = 0
    handlers = _trap_signals()
    next_look = 0.0
    try:
        while True:
            codes = [p.poll() for p in procs]
            failed = [(i, c) for i, c in enumerate(codes) if c not in (None, 0)]
            early = _left_before_joining(codes, ranks, state)
            if early and not failed:
                gone, waiting = early
                _stop_all(procs)
                stop.set()
                echo.join(2)
                message = (f"rank {', '.join(map(str, gone))} exited with code 0 before "
                           f"joining init_parallel_env, while rank {', '.join(map(str, waiting))} "
                           f"waited for it there")
                if node:
                    node.fail(message)
                sys.stderr.write(f"\nLAUNCH ERROR {message}; the other ranks were stopped. Every "
                                 f"rank must call paddle.distributed.init_parallel_env().\n")
                status = 1
                break
            if failed:
                failed = _settle(procs, failed)
                i, code = _first_cause(failed, logs)
                remote = _remote_cause(node) if node and _secondary(logs[i][1]) else None
                _stop_all(procs)
                stop.set()
                echo.join(2)
                if remote and _secondary(logs[i][1]):
                    # Our ranks only lost their peers on the node that failed first: report that.
                    _report_remote(*remote)
                    status = 1
                    break
                others = ", ".join(f"rank {ranks[j]} (code {c})" for j, c in failed if j != i)
                also = f" Also failed, after it: {others}." if others else ""
                if node:
                    node.fail(f"rank {ranks[i]} exited with code {code}")
                sys.stderr.write(f"\nLAUNCH ERROR rank {ranks[i]} exited with code {code}; the "
                                 f"other ranks were stopped.{also} Last lines of {logs[i][1]}:\n"
                                 f"{_tail(logs[i][1])}")
                status = code if code > 0 else 1
                break
            if all(c == 0 for c in codes):
                if node:
                    node.done()
                break
            if node and time.time() >= next_look:
                next_look = time.time() + 0.5
                remote = node.failed()
                if remote:
                    _stop_all(procs)
                    stop.set()
                    echo.join(2)
                    _report_remote(*remote)
                    status = 1
                    break
            time.sleep(0.1)
    except _Signalled as sig:
        # Paddle's launcher: stop the ranks, say so, exit with the signal's number.
        sys.stderr.write(f"LAUNCH INFO Terminating with signal {sig.signum}\n")
        _stop_all(procs)
        if node:
            node.fail(f"its launcher was stopped by signal {sig.signum}")
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


def _die_with_launcher():
    """On Linux, a rank is killed when its launcher dies, even by SIGKILL (a node going down): its
    peers on the other nodes then lose their connections and fail instead of waiting, and no rank
    is left behind. Elsewhere None (the ranks outlive a killed launcher)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def arm():
        prctl(1, signal.SIGKILL)            # PR_SET_PDEATHSIG
        if os.getppid() != parent:          # the launcher died before prctl took effect
            os._exit(1)
    return arm


def _remote_cause(node, seconds=10.0):
    """Our ranks only lost their peers: the node where it started records why within moments (its
    launcher settles its own ranks first), so wait that long for it."""
    deadline = time.time() + seconds
    while True:
        remote = node.failed()
        if remote or time.time() >= deadline:
            return remote
        time.sleep(0.1)


def _report_remote(node_rank, message):
    sys.stderr.write(f"\nLAUNCH ERROR node {node_rank} failed: {message}; the ranks of this node "
                     f"were stopped.\n")


# Paddle's launcher reads these variables over its options (and says so).
_ENV_ARGS = {"POD_IP": ("host", str), "PADDLE_MASTER": ("master", str),
             "PADDLE_DEVICES": ("devices", str), "PADDLE_NNODES": ("nnodes", str),
             "PADDLE_RUN_MODE": ("run_mode", str), "PADDLE_NPROC_PER_NODE": ("nproc_per_node", int),
             "PADDLE_JOB_ID": ("job_id", str), "PADDLE_RANK": ("rank", int),
             "PADDLE_LOG_DIR": ("log_dir", str), "PADDLE_START_PORT": ("start_port", int),
             "PADDLE_IPS": ("ips", str)}


def _env_overrides(args):
    for var, (attr, kind) in _ENV_ARGS.items():
        value = os.environ.get(var)
        if value is not None:
            print(f"LAUNCH WARNING args {attr} will be overridden by env: {var} value: {value}",
                  flush=True)
            setattr(args, attr, kind(value))


def _nnodes(text):
    """'N' or 'N:N'; an elastic range 'MIN:MAX' is not supported."""
    parts = str(text).split(":")
    try:
        low, high = int(parts[0]), int(parts[-1])
    except ValueError:
        raise ValueError(f"paddle.distributed.launch --nnodes {text!r}: expected N or N:N") from None
    if len(parts) > 2 or low != high:
        raise NotImplementedError(f"paddle.distributed.launch --nnodes {text} (elastic) is not "
                                  "supported by paddle_compat; give a fixed number of nodes")
    if low < 1:
        raise ValueError(f"paddle.distributed.launch --nnodes {text}: must be at least 1")
    return low


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


def _left_before_joining(codes, ranks, state):
    """(ranks that exited 0 without joining, running ranks waiting in init_parallel_env), or None.
    `codes` are this node's processes in order, `ranks` their global ranks."""
    gone = [r for r, c in zip(ranks, codes)
            if c == 0 and not os.path.exists(os.path.join(state, f"joined.{r}"))]
    if not gone:
        return None
    waiting = [r for r, c in zip(ranks, codes) if c is None
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


def _secondary(path):
    tail = _tail(path)
    return any(marker in tail for marker in _SECONDARY)


def _first_cause(failed, logs):
    for i, code in failed:
        if not _secondary(logs[i][1]):
            return i, code
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
