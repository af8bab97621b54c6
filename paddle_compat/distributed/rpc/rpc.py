"""paddle.distributed.rpc on torch.distributed.rpc (the TensorPipe agent).

    rpc.init_rpc("worker0", rank=0, world_size=2, master_endpoint="127.0.0.1:8001")
    fut = rpc.rpc_async("worker1", add, args=(2, 3)); fut.wait()      # 5
    rpc.shutdown()

`init_rpc` reads Paddle's variables as Paddle does: `PADDLE_TRAINER_ID` (rank),
`PADDLE_TRAINERS_NUM` (world size), `PADDLE_MASTER_ENDPOINT` (the rendezvous, "ip:port", where
rank 0 opens the store), `PADDLE_WORKER_ENDPOINT` (this worker's "ip:port"; a free port on the
host's address when unset) and `FLAGS_stop_check_timeout` (seconds to wait for the others, 900).
The workers' `WorkerInfo(name, rank, ip, port)` are exchanged after the agents are up, so every
worker knows every other's. `fn` runs on the destination worker; it (and its arguments and result)
travel by pickle, so it must be importable there (a module-level function).

Differences from Paddle: the calls travel over torch's TensorPipe agent, which listens on a port of
its own choosing; the `ip`/`port` of a WorkerInfo are Paddle's worker endpoint (given or generated),
reported as Paddle reports them, not the socket TensorPipe uses. An exception raised by `fn` is
raised again by `wait()` / `rpc_sync` with the remote traceback in its message (torch's behaviour;
Paddle's brpc agent has none). As in Paddle, RPC is for a trusted network only: whatever a worker
sends is unpickled by the receiver.
"""
import os
import socket
import threading

__all__ = ["init_rpc", "shutdown", "rpc_async", "rpc_sync", "get_worker_info",
           "get_all_worker_infos", "get_current_worker_info"]

_DEFAULT_RPC_TIMEOUT = -1

# This process's agent: its own WorkerInfo and everyone's, in rank order (None: not initialised).
# "joining" is set while init_rpc gathers the WorkerInfos: a call that reaches this worker from one
# that finished gathering first waits for it instead of seeing a half-made agent.
_state = {"self": None, "infos": None, "joining": None}


class WorkerInfo:
    """A worker of the RPC group: `name`, `rank`, `ip`, `port` (Paddle's core.WorkerInfo, which
    prints as `{name: worker0, rank: 0, ip: 127.0.0.1, port: 9002}`)."""

    __slots__ = ("name", "rank", "ip", "port")

    def __init__(self, name, rank, ip, port):
        self.name, self.rank, self.ip, self.port = name, rank, ip, port

    def __repr__(self):
        return f"{{name: {self.name}, rank: {self.rank}, ip: {self.ip}, port: {self.port}}}"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, WorkerInfo) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def _key(self):
        return (self.name, self.rank, self.ip, self.port)

    def __reduce__(self):
        return (WorkerInfo, self._key())


class FutureWrapper:
    """The result of rpc_async: `wait()` blocks until `fn` has run on the destination worker and
    returns its result (or raises its exception)."""

    __slots__ = ("_fut",)

    def __init__(self, fut):
        self._fut = fut

    def wait(self):
        """-> fn's return value (fn's exception is raised here)."""
        return _unpack(self._fut.wait())

    def __repr__(self):
        return f"<FutureWrapper done={self._fut.done()}>"


def _torch_rpc():
    import torch.distributed as tdist
    if not tdist.is_available():
        raise RuntimeError("paddle.distributed.rpc needs torch.distributed, which this torch build "
                           "lacks")
    import torch.distributed.rpc as trpc
    if not trpc.is_available():
        raise RuntimeError("paddle.distributed.rpc needs torch.distributed.rpc (the TensorPipe "
                           "agent), which this torch build lacks")
    return trpc


def _agent():
    joining = _state["joining"]
    if joining is not None and threading.current_thread() is not threading.main_thread():
        joining.wait(int(os.getenv("FLAGS_stop_check_timeout", "900")))
    if _state["self"] is None:
        raise SystemError("(Fatal) RpcAgent is not set, please calling "
                          "paddle.distributed.rpc.int_rpc() to init rpc agent.")
    return _state


def _host_ip():
    # Paddle's launch Node.get_host_ip: the address of the host's name, else loopback.
    try:
        return socket.gethostbyname(socket.getfqdn(socket.gethostname()))
    except OSError:
        return "127.0.0.1"


def _gen_endpoint():
    from .._ports import free_ports
    ip = _host_ip()
    try:
        port = free_ports(1, ip)[0]
    except OSError:
        ip, port = "127.0.0.1", free_ports(1)[0]
    return f"{ip}:{port}"


def _self_info():
    # Run on a worker by the others' rpc_sync during their init_rpc: this worker's WorkerInfo. A
    # worker may have finished its own init_rpc by then (its `joining` already cleared).
    joining = _state["joining"]
    return joining.info if joining is not None else _state["self"]


def init_rpc(name, rank=None, world_size=None, master_endpoint=None):
    """paddle.distributed.rpc.init_rpc(name, rank=None, world_size=None, master_endpoint=None):
    start this process's RPC agent as worker `name` and wait until all `world_size` workers have
    joined at `master_endpoint` ("ip:port"; rank 0 opens the rendezvous there).

    rank, world_size and master_endpoint default to `PADDLE_TRAINER_ID`, `PADDLE_TRAINERS_NUM` and
    `PADDLE_MASTER_ENDPOINT` (a KeyError when unset, as in Paddle); this worker's endpoint is
    `PADDLE_WORKER_ENDPOINT`, or a free port on the host's address.

    Differences from Paddle: the agent is torch's TensorPipe agent (see the module docstring)."""
    rank = int(os.environ["PADDLE_TRAINER_ID"]) if rank is None else rank
    world_size = int(os.environ["PADDLE_TRAINERS_NUM"]) if world_size is None else world_size
    worker_endpoint = os.getenv("PADDLE_WORKER_ENDPOINT", None)
    if worker_endpoint is None:
        worker_endpoint = _gen_endpoint()
    master_endpoint = (master_endpoint if master_endpoint is not None
                       else os.environ["PADDLE_MASTER_ENDPOINT"])
    master_addr, master_port = master_endpoint.split(":")
    master_port = int(master_port)
    timeout = int(os.getenv("FLAGS_stop_check_timeout", "900"))
    if _state["self"] is not None:
        raise SystemError("(Fatal) RpcAgent has been set, please don't set rpc agent repeatedly.")
    ip, port = worker_endpoint.split(":")
    me = WorkerInfo(name, rank, ip, int(port))
    trpc = _torch_rpc()
    options = trpc.TensorPipeRpcBackendOptions(
        init_method=f"tcp://{master_addr}:{master_port}", rpc_timeout=timeout)
    joining = _state["joining"] = threading.Event()
    joining.info = me
    try:
        trpc.init_rpc(name, backend=trpc.BackendType.TENSORPIPE, rank=rank,
                      world_size=world_size, rpc_backend_options=options)
    except RuntimeError as e:
        _state["joining"] = None
        if "used by multiple workers" in str(e) or "same name" in str(e):
            raise AssertionError(f"The Worker name must be unique, but name `{name}` is "
                                 f"repeated.") from None
        raise
    try:
        infos = [me if r == rank else trpc.rpc_sync(r, _self_info, timeout=timeout)
                 for r in range(world_size)]
    except BaseException:
        _state["joining"] = None
        trpc.shutdown(graceful=False)
        raise
    _state["self"], _state["infos"], _state["joining"] = me, infos, None
    joining.set()


def _run_py_func(fn, args, kwargs):
    # Runs on the destination worker. fn's exception comes back as a value and is raised again by
    # the caller as the same exception object (torch's own remote-error path rebuilds it from its
    # message, which fails for KeyError and any exception whose constructor takes other arguments).
    try:
        return (True, fn(*args, **kwargs))
    except Exception as exc:        # noqa: BLE001 - every error of the user's fn goes back to the caller
        import pickle
        import traceback
        remote_tb = "".join(traceback.format_exception(exc))
        try:
            pickle.loads(pickle.dumps(exc))
        except Exception:           # noqa: BLE001 - an exception that cannot travel: its text does
            exc = RuntimeError(f"{type(exc).__name__}: {exc}")
        return (False, exc, remote_tb)


def _unpack(reply):
    if reply[0]:
        return reply[1]
    exc = reply[1]
    if hasattr(exc, "add_note"):
        exc.add_note(f"(raised on the remote worker)\n{reply[2]}")
    raise exc


def _timeout(timeout):
    # Paddle: seconds, <= 0 means never time out; torch: seconds, 0 means never.
    return 0 if timeout is None or timeout <= 0 else float(timeout)


def _invoke(to, fn, args, kwargs, timeout):
    state = _agent()
    if not any(info.name == to for info in state["infos"]):
        raise IndexError(f"(OutOfRange) Worker {to} doesn't exist!")
    args = args if args else ()
    kwargs = kwargs if kwargs else {}
    return FutureWrapper(_torch_rpc().rpc_async(to, _run_py_func, args=(fn, tuple(args), dict(kwargs)),
                                                timeout=_timeout(timeout)))


def rpc_sync(to, fn, args=None, kwargs=None, timeout=_DEFAULT_RPC_TIMEOUT):
    """paddle.distributed.rpc.rpc_sync(to, fn, args=None, kwargs=None, timeout=-1): run
    fn(*args, **kwargs) on worker `to` and return its result; `timeout` in seconds (<= 0: none).

    Differences from Paddle: fn's exception is raised here (see the module docstring)."""
    return _invoke(to, fn, args, kwargs, timeout).wait()


def rpc_async(to, fn, args=None, kwargs=None, timeout=_DEFAULT_RPC_TIMEOUT):
    """paddle.distributed.rpc.rpc_async(to, fn, args=None, kwargs=None, timeout=-1): start
    fn(*args, **kwargs) on worker `to`; -> a FutureWrapper whose `wait()` returns the result.

    Differences from Paddle: fn's exception is raised by wait() (see the module docstring)."""
    return _invoke(to, fn, args, kwargs, timeout)


def shutdown():
    """paddle.distributed.rpc.shutdown(): wait until every worker has called it and all the
    outstanding calls are done, then stop this worker's agent."""
    _agent()
    try:
        _torch_rpc().shutdown(graceful=True)
    finally:
        _state["self"] = _state["infos"] = None


def get_worker_info(name):
    """paddle.distributed.rpc.get_worker_info(name) -> the WorkerInfo of worker `name`.

    Differences from Paddle: an unknown name raises IndexError (Paddle's agent reads past its
    table)."""
    for info in _agent()["infos"]:
        if info.name == name:
            return info
    raise IndexError(f"(OutOfRange) Worker {name} doesn't exist!")


def get_all_worker_infos():
    """paddle.distributed.rpc.get_all_worker_infos() -> every worker's WorkerInfo, in rank order."""
    return list(_agent()["infos"])


def get_current_worker_info():
    """paddle.distributed.rpc.get_current_worker_info() -> this worker's WorkerInfo."""
    return _agent()["self"]
