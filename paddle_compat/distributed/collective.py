"""paddle.distributed collectives on torch.distributed (gloo on CPU, NCCL on GPU).

Paddle's signatures and in-place semantics: `all_reduce(t)` changes `t`; `all_gather(lst, t)` fills
`lst`; `sync_op=False` returns a task with `wait()`. Every wait is bounded by
PADDLE_COMPAT_DIST_TIMEOUT seconds (see `_env.py`), so a bad configuration is an error naming the rank
and the problem instead of a hang.

Before a collective whose tensors must agree (all_reduce, reduce, broadcast, all_gather, alltoall),
each rank's shape and dtype are exchanged (one tiny all_gather) and a mismatch raises ValueError
naming the ranks and shapes - set PADDLE_COMPAT_CHECK_COLLECTIVES=0 to skip that check.

Differences from Paddle: ReduceOp.AVG works on CPU too (Paddle 3.3.1's CPU build fails on it);
alltoall is built on all_gather and reduce_scatter on all_reduce (gloo has neither), so they move
more data than NCCL's native ones would.
"""
import atexit
import datetime
import os

import torch
import torch.distributed as tdist

from .._place import current_torch_device
from .._tensor import Tensor, wrap
from .._distributed.env import ParallelEnv, master_endpoint, timeout_seconds

__all__ = ["ReduceOp", "Group", "init_parallel_env", "is_initialized", "get_rank", "get_world_size",
           "new_group", "get_group", "barrier", "all_reduce", "broadcast", "reduce", "all_gather",
           "all_gather_object", "scatter", "alltoall", "send", "recv", "isend", "irecv",
           "destroy_process_group", "get_backend", "alltoall_single", "gather", "reduce_scatter",
           "wait", "is_available", "shutdown_process_group", "restart_process_group"]


class ReduceOp:
    """paddle.distributed.ReduceOp: SUM, MAX, MIN, PROD, AVG (Paddle's enum values)."""

    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


_TORCH_OPS = {ReduceOp.SUM: tdist.ReduceOp.SUM, ReduceOp.MAX: tdist.ReduceOp.MAX,
              ReduceOp.MIN: tdist.ReduceOp.MIN, ReduceOp.PROD: tdist.ReduceOp.PRODUCT}


class Group:
    """A communication group: `rank` (this process's rank in it, -1 if not a member), `nranks`,
    `ranks`, `id`, and the torch ProcessGroup behind it (`process_group`)."""

    def __init__(self, ranks, gid, process_group):
        self.ranks = list(ranks)
        self.id = gid
        self.process_group = process_group
        me = tdist.get_rank()
        self.rank = self.ranks.index(me) if me in self.ranks else -1
        self.nranks = len(self.ranks)
        self.name = f"_default_pg{gid}" if gid == 0 else f"pg{gid}"

    world_size = property(lambda self: self.nranks)

    def is_member(self):
        return self.rank >= 0

    def get_group_rank(self, rank):
        return self.ranks.index(rank) if rank in self.ranks else -1

    def __repr__(self):
        return f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: {self.ranks}."


_groups = {}


class _Task:
    """What a collective with sync_op=False returns: wait() blocks until it is done."""

    def __init__(self, work, after=None):
        self._work = work
        self._after = after

    def wait(self):
        if self._work is not None:
            self._work.wait()
        if self._after is not None:
            self._after()
            self._after = None
        return True

    def is_completed(self):
        return self._work is None or self._work.is_completed()


def is_initialized():
    """paddle.distributed.is_initialized()"""
    return tdist.is_available() and tdist.is_initialized()


def get_backend(group=None):
    return tdist.get_backend(_pg(group)).upper() if is_initialized() else None


def _fail(problem):
    rank = ParallelEnv().rank
    raise RuntimeError(f"paddle.distributed (rank {rank}): {problem}")


def init_parallel_env():
    """paddle.distributed.init_parallel_env(): join the process group described by the environment.

    With a world size of 1 nothing is initialised (as in Paddle). The rendezvous is a TCPStore on
    PADDLE_MASTER (rank 0 listens); every wait is bounded by PADDLE_COMPAT_DIST_TIMEOUT. The
    backend is NCCL when the current place is a GPU (call paddle.set_device('gpu') first), gloo
    otherwise; PADDLE_DISTRI_BACKEND=gloo forces gloo.
    """
    if is_initialized():
        return _groups[0]
    env = ParallelEnv()
    if env.world_size < 2:
        return None
    master = master_endpoint()
    if not master:
        _fail("no rendezvous address: set PADDLE_MASTER (host:port) or PADDLE_TRAINER_ENDPOINTS, or "
              "start the script with `python -m paddle.distributed.launch --nproc_per_node N`")
    host, port = master.rsplit(":", 1)
    _mark_launcher("joining", env.rank)
    seconds = timeout_seconds()
    timeout = datetime.timedelta(seconds=seconds)
    try:
        store = tdist.TCPStore(host, int(port), env.world_size, is_master=env.rank == 0,
                               timeout=timeout, wait_for_workers=True)
    except RuntimeError as exc:
        text = str(exc)
        if "in use" in text or "EADDRINUSE" in text or "errno: 98" in text:
            _fail(f"cannot listen on {host}:{port}: the port is in use. Choose another with "
                  f"--master or PADDLE_MASTER.")
        if "timed out" in text.lower() or "timeout" in text.lower():
            _fail(f"timed out after {seconds:g}s waiting for {env.world_size} processes "
                  f"(PADDLE_TRAINERS_NUM={env.world_size}) to join at {host}:{port}; is the world "
                  f"size right, and did every rank start?")
        raise
    # NCCL for a process whose current place is a GPU (set_device('gpu') before this call), gloo
    # otherwise: NCCL cannot reduce the CPU tensors a CPU-placed script makes, and ranks sharing
    # one GPU cannot open an NCCL communicator at all.
    backend = "nccl" if current_torch_device().type == "cuda" and os.environ.get(
        "PADDLE_DISTRI_BACKEND", "").lower() != "gloo" else "gloo"
    if backend == "nccl":
        torch.cuda.set_device(env.device_id)
    tdist.init_process_group(backend, store=store, rank=env.rank, world_size=env.world_size,
                             timeout=timeout)
    _groups[0] = Group(range(env.world_size), 0, tdist.group.WORLD)
    _mark_launcher("joined", env.rank)
    # Tear the group down before the interpreter exits: a process that exits with gloo's threads
    # still running can abort ("terminate called without an active exception").
    atexit.register(_destroy_at_exit)
    return _groups[0]


def _mark_launcher(what, rank):
    """Tell paddle_compat's launcher (when it started this rank) how far the rendezvous got."""
    state = os.environ.get("PADDLE_COMPAT_LAUNCH_STATE")
    if state and os.path.isdir(state):
        try:
            open(os.path.join(state, f"{what}.{rank}"), "w").close()
        except OSError:
            pass    # only an earlier error for a peer that left; never a reason to fail here


def _destroy_at_exit():
    if is_initialized():
        tdist.destroy_process_group()
    _groups.clear()


def destroy_process_group(group=None):
    if group is None or group.id == 0:
        if is_initialized():
            tdist.destroy_process_group()
        _groups.clear()
    else:
        tdist.destroy_process_group(group.process_group)
        _groups.pop(group.id, None)


def get_rank(group=None):
    """paddle.distributed.get_rank(group=None): from the process group, else PADDLE_TRAINER_ID."""
    if not is_initialized():
        return ParallelEnv().rank
    return tdist.get_rank() if group is None else group.rank


def get_world_size(group=None):
    """paddle.distributed.get_world_size(group=None): from the group, else PADDLE_TRAINERS_NUM."""
    if not is_initialized():
        return ParallelEnv().world_size
    return tdist.get_world_size() if group is None else group.nranks


def new_group(ranks=None, backend=None, timeout=None, nccl_comm_init_option=0, nccl_config=None):
    """paddle.distributed.new_group(ranks): every process must call it, as in Paddle.

    Differences from Paddle: nccl_comm_init_option and nccl_config (create_nccl_config's NCCL
    tuning) are accepted and not applied; torch's NCCL backend chooses its own buffers."""
    _require_init("new_group")
    ranks = sorted(ranks) if ranks else list(range(tdist.get_world_size()))
    t = datetime.timedelta(seconds=timeout_seconds()) if timeout is None else timeout
    pg = tdist.new_group(ranks, timeout=t, backend=backend)
    gid = max(_groups) + 1
    _groups[gid] = Group(ranks, gid, pg)
    return _groups[gid]


def get_group(id=0):
    return _groups.get(id)


def _require_init(api):
    if not is_initialized():
        raise RuntimeError(f"paddle.distributed.{api} needs the parallel environment: call "
                           "paddle.distributed.init_parallel_env() first (and start the script with "
                           "paddle.distributed.launch or spawn)")


def _pg(group):
    if group is None:
        return None
    if group.name in _shut_groups:
        raise RuntimeError(f"paddle.distributed: group {group.name} (ranks {group.ranks}) was shut "
                           f"down by shutdown_process_group; call restart_process_group first")
    return group.process_group


def _raw(tensor, api, arg="tensor"):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"paddle.distributed.{api}: '{arg}' must be a Tensor, but received "
                        f"{type(tensor).__name__}")
    return tensor._t


_DTYPE_CODES = {d: i for i, d in enumerate([torch.float32, torch.float64, torch.float16,
                                            torch.bfloat16, torch.int64, torch.int32, torch.int16,
                                            torch.int8, torch.uint8, torch.bool])}


# The collectives whose calls are compared across ranks before they run (a code per kind).
_CHECKED = ("all_reduce", "reduce", "broadcast", "all_gather", "alltoall", "scatter", "gather",
            "reduce_scatter")


def _check_same(raw, api, group, root=-1):
    """Exchange the collective's kind, root rank, shape and dtype, and fail on a mismatch
    (naming every rank's call) instead of letting the collective hang or mix data."""
    if os.environ.get("PADDLE_COMPAT_CHECK_COLLECTIVES", "1") == "0":
        return
    desc = torch.full((12,), -1, dtype=torch.int64)
    desc[0] = _CHECKED.index(api)
    desc[1] = root
    desc[2] = _DTYPE_CODES.get(raw.dtype, 99)
    desc[3] = raw.dim()
    desc[4:4 + min(raw.dim(), 8)] = torch.tensor(list(raw.shape)[:8], dtype=torch.int64)
    if raw.is_cuda:
        desc = desc.cuda()
    n = tdist.get_world_size(_pg(group))
    got = [torch.empty_like(desc) for _ in range(n)]
    tdist.all_gather(got, desc, group=_pg(group))
    rows = [g.cpu().tolist() for g in got]
    if any(r != rows[0] for r in rows):
        if any(r[0] != rows[0][0] for r in rows):
            _fail("ranks called different collectives: " + ", ".join(
                f"rank {i} called {_CHECKED[r[0]] if 0 <= r[0] < len(_CHECKED) else '?'}"
                for i, r in enumerate(rows)))
        if any(r[1] != rows[0][1] for r in rows):
            _fail(f"{api} needs the same root rank on every rank, but got " +
                  ", ".join(f"rank {i}: {r[1]}" for i, r in enumerate(rows)))
        _fail(f"{api} needs the same shape and dtype on every rank, but got " +
              ", ".join(f"rank {i}: shape {r[4:4 + r[3]]} {_dtype_name(r[2])}"
                        for i, r in enumerate(rows)))


def _dtype_name(code):
    for d, c in _DTYPE_CODES.items():
        if c == code:
            return str(d).replace("torch.", "")
    return "unknown"


def _run(api, fn, sync_op, after=None):
    try:
        work = fn()
    except RuntimeError as exc:
        _fail(f"{api} failed: {exc}")
    task = _Task(work, after)
    if sync_op:
        task.wait()
    return task


def all_reduce(tensor, op=ReduceOp.SUM, group=None, sync_op=True):
    """paddle.distributed.all_reduce: reduce `tensor` across ranks, in place."""
    _require_init("all_reduce")
    raw = _raw(tensor, "all_reduce")
    _check_same(raw, "all_reduce", group)
    n = tdist.get_world_size(_pg(group))
    torch_op = _TORCH_OPS.get(op, tdist.ReduceOp.SUM)
    if op not in _TORCH_OPS and op != ReduceOp.AVG:
        raise ValueError(f"paddle.distributed.all_reduce: unknown op {op!r}; use ReduceOp.SUM, MAX, "
                         "MIN, PROD or AVG")
    after = (lambda: raw.data.div_(n)) if op == ReduceOp.AVG else None
    with torch.no_grad():
        return _run("all_reduce", lambda: tdist.all_reduce(raw.data, torch_op, _pg(group),
                                                           async_op=True), sync_op, after)


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """paddle.distributed.reduce: the result lands in `tensor` on rank `dst`."""
    _require_init("reduce")
    raw = _raw(tensor, "reduce")
    _check_same(raw, "reduce", group, dst)
    n = tdist.get_world_size(_pg(group))
    is_dst = tdist.get_rank() == dst
    after = (lambda: raw.data.div_(n)) if op == ReduceOp.AVG and is_dst else None
    torch_op = _TORCH_OPS.get(op, tdist.ReduceOp.SUM)
    return _run("reduce", lambda: tdist.reduce(raw.data, dst, torch_op, _pg(group), async_op=True),
                sync_op, after)


def broadcast(tensor, src, group=None, sync_op=True):
    """paddle.distributed.broadcast: rank `src`'s tensor is copied into `tensor` on every rank."""
    _require_init("broadcast")
    raw = _raw(tensor, "broadcast")
    _check_same(raw, "broadcast", group, src)
    return _run("broadcast", lambda: tdist.broadcast(raw.data, src, _pg(group), async_op=True),
                sync_op)


def all_gather(tensor_list, tensor, group=None, sync_op=True):
    """paddle.distributed.all_gather(tensor_list, tensor): `tensor_list` is filled with every rank's
    tensor, in rank order (its previous content is replaced)."""
    _require_init("all_gather")
    raw = _raw(tensor, "all_gather")
    _check_same(raw, "all_gather", group)
    n = tdist.get_world_size(_pg(group))
    bufs = [torch.empty_like(raw) for _ in range(n)]

    def fill():
        tensor_list.clear()
        tensor_list.extend(wrap(b) for b in bufs)
    return _run("all_gather", lambda: tdist.all_gather(bufs, raw.detach().contiguous(), _pg(group),
                                                       async_op=True), sync_op, fill)


def all_gather_object(object_list, obj, group=None):
    """paddle.distributed.all_gather_object: `object_list` is filled with every rank's object."""
    _require_init("all_gather_object")
    n = tdist.get_world_size(_pg(group))
    got = [None] * n
    try:
        tdist.all_gather_object(got, obj, group=_pg(group))
    except RuntimeError as exc:
        _fail(f"all_gather_object failed: {exc}")
    object_list.clear()
    object_list.extend(got)


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """paddle.distributed.scatter: rank `src` sends tensor_list[i] to rank i, into `tensor`."""
    _require_init("scatter")
    raw = _raw(tensor, "scatter")
    _check_same(raw, "scatter", group, src)
    me = tdist.get_rank()
    chunks = None
    if me == src:
        if not tensor_list or len(tensor_list) != tdist.get_world_size(_pg(group)):
            raise ValueError("paddle.distributed.scatter: on the src rank, tensor_list must hold one "
                             f"tensor per rank ({tdist.get_world_size(_pg(group))}), but received "
                             f"{0 if not tensor_list else len(tensor_list)}")
        chunks = [_raw(t, "scatter", "tensor_list").contiguous() for t in tensor_list]
    return _run("scatter", lambda: tdist.scatter(raw.data, chunks, src, _pg(group), async_op=True),
                sync_op)


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """paddle.distributed.alltoall(out_tensor_list, in_tensor_list): rank i's in_tensor_list[j]
    lands in rank j's out_tensor_list[i]. An empty `out_tensor_list` is filled with new tensors;
    a full one is written in place, as in Paddle."""
    _require_init("alltoall")
    n = tdist.get_world_size(_pg(group))
    if len(in_tensor_list) != n:
        raise ValueError(f"paddle.distributed.alltoall: in_tensor_list must hold {n} tensors (one per "
                         f"rank), but received {len(in_tensor_list)}")
    if len(out_tensor_list) not in (0, n):
        raise ValueError(f"paddle.distributed.alltoall: out_tensor_list must be empty or hold {n} "
                         f"tensors, but received {len(out_tensor_list)}")
    raws = [_raw(t, "alltoall", "in_tensor_list") for t in in_tensor_list]
    stacked = torch.stack([r.detach() for r in raws])
    _check_same(stacked, "alltoall", group)
    everyone = [torch.empty_like(stacked) for _ in range(n)]
    me = group.rank if group is not None else tdist.get_rank()

    def fill():
        _fill_list(out_tensor_list, [everyone[i][me] for i in range(n)], "alltoall")
    # gloo has no all_to_all of tensor lists: every rank gathers all inputs and keeps its column.
    return _run("alltoall", lambda: tdist.all_gather(everyone, stacked, _pg(group), async_op=True),
                sync_op, fill)


def _fill_list(out_list, raws, api):
    """Paddle's list outputs: an empty list is filled with new tensors, a full one in place."""
    if not out_list:
        out_list.extend(wrap(r.clone()) for r in raws)
        return
    for t, r in zip(out_list, raws):
        _raw(t, api, "out_tensor_list").data.copy_(r)


def alltoall_single(out_tensor, in_tensor, in_split_sizes=None, out_split_sizes=None, group=None,
                    sync_op=True):
    """paddle.distributed.alltoall_single: `in_tensor` is split along dim 0 (evenly, or by
    `in_split_sizes`), piece j goes to rank j, and the pieces received fill `out_tensor` in rank
    order (evenly, or by `out_split_sizes`)."""
    _require_init("alltoall_single")
    out_raw = _raw(out_tensor, "alltoall_single", "out_tensor")
    in_raw = _raw(in_tensor, "alltoall_single", "in_tensor")
    n = tdist.get_world_size(_pg(group))
    for raw, sizes, name in ((in_raw, in_split_sizes, "in"), (out_raw, out_split_sizes, "out")):
        rows = raw.shape[0] if raw.dim() else 0
        if sizes is None and rows % n:
            raise ValueError(f"paddle.distributed.alltoall_single: dim 0 of {name}_tensor ({rows}) "
                             f"must be divisible by the group size ({n}) when {name}_split_sizes "
                             f"is not given")
        if sizes is not None and (len(sizes) != n or sum(sizes) != rows):
            raise ValueError(f"paddle.distributed.alltoall_single: {name}_split_sizes {list(sizes)} "
                             f"must hold {n} sizes adding up to dim 0 of {name}_tensor ({rows})")
    src = in_raw.detach().contiguous()
    return _run("alltoall_single", lambda: tdist.all_to_all_single(
        out_raw.data, src, None if out_split_sizes is None else list(out_split_sizes),
        None if in_split_sizes is None else list(in_split_sizes), _pg(group), async_op=True),
        sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """paddle.distributed.gather: every rank's `tensor` lands, in rank order, in `gather_list` on
    rank `dst` (an empty list is filled, a full one written in place); other ranks' lists are left
    alone."""
    _require_init("gather")
    raw = _raw(tensor, "gather")
    _check_same(raw, "gather", group, dst)
    n = tdist.get_world_size(_pg(group))
    me = group.rank if group is not None else tdist.get_rank()
    is_dst = (group.get_group_rank(dst) if group is not None else dst) == me
    bufs = [torch.empty_like(raw) for _ in range(n)] if is_dst else None
    if is_dst and gather_list is None:
        raise ValueError("paddle.distributed.gather: on the dst rank, gather_list must be a list")

    def fill():
        if is_dst:
            _fill_list(gather_list, bufs, "gather")
    # torch.distributed.gather takes the global rank of dst, as Paddle does.
    return _run("gather", lambda: tdist.gather(raw.detach().contiguous(), bufs, dst, _pg(group),
                                               async_op=True), sync_op, fill)


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """paddle.distributed.reduce_scatter: rank i receives, in `tensor`, the reduction over ranks of
    their tensor_list[i] (a list of one tensor per rank, or one tensor split evenly along dim 0)."""
    _require_init("reduce_scatter")
    raw = _raw(tensor, "reduce_scatter")
    n = tdist.get_world_size(_pg(group))
    if isinstance(tensor_list, Tensor):
        chunks = list(tensor_list._t.detach().chunk(n)) if tensor_list._t.shape[0] % n == 0 else None
        if chunks is None:
            raise ValueError(f"paddle.distributed.reduce_scatter: dim 0 of the input tensor "
                             f"({tensor_list._t.shape[0]}) must be divisible by the group size ({n})")
    else:
        if len(tensor_list) != n:
            raise ValueError(f"paddle.distributed.reduce_scatter: tensor_list must hold {n} tensors "
                             f"(one per rank), but received {len(tensor_list)}")
        chunks = [_raw(t, "reduce_scatter", "tensor_list").detach() for t in tensor_list]
    if op not in _TORCH_OPS and op != ReduceOp.AVG:
        raise ValueError(f"paddle.distributed.reduce_scatter: unknown op {op!r}; use ReduceOp.SUM, "
                         "MAX, MIN, PROD or AVG")
    stacked = torch.stack(chunks)
    _check_same(stacked, "reduce_scatter", group)
    me = group.rank if group is not None else tdist.get_rank()
    # gloo has no reduce_scatter: an all_reduce of the stacked pieces, each rank keeping its own.
    after_avg = (lambda: stacked.div_(n)) if op == ReduceOp.AVG else (lambda: None)

    def keep():
        after_avg()
        raw.data.copy_(stacked[me])
    torch_op = _TORCH_OPS.get(op, tdist.ReduceOp.SUM)
    return _run("reduce_scatter", lambda: tdist.all_reduce(stacked, torch_op, _pg(group),
                                                           async_op=True), sync_op, keep)


def wait(tensor, group=None, use_calc_stream=True):
    """paddle.distributed.wait(tensor): wait until the work on `tensor` is done. torch runs the
    collectives of a synchronous call to completion and a task's wait() joins it, so on CPU there
    is nothing left to wait for; on CUDA the current stream is synchronised."""
    _raw(tensor, "wait")
    if tensor._t.is_cuda:
        torch.cuda.current_stream(tensor._t.device).synchronize()


def is_available():
    """paddle.distributed.is_available(): whether torch was built with distributed support."""
    return tdist.is_available()


def send(tensor, dst=0, group=None, sync_op=True):
    """paddle.distributed.send(tensor, dst)"""
    _require_init("send")
    raw = _raw(tensor, "send").detach().contiguous()
    return _run("send", lambda: tdist.isend(raw, dst, _pg(group)), sync_op)


def recv(tensor, src=0, group=None, sync_op=True):
    """paddle.distributed.recv(tensor, src): fills `tensor` in place."""
    _require_init("recv")
    raw = _raw(tensor, "recv")
    return _run("recv", lambda: tdist.irecv(raw.data, src, _pg(group)), sync_op)


def isend(tensor, dst, group=None):
    return send(tensor, dst, group, sync_op=False)


def irecv(tensor, src=None, group=None):
    return recv(tensor, src, group, sync_op=False)


def barrier(group=None):
    """paddle.distributed.barrier(group=None)"""
    _require_init("barrier")
    try:
        tdist.barrier(group=_pg(group))
    except RuntimeError as exc:
        _fail(f"barrier failed: {exc}")


# Groups whose communicators shutdown_process_group closed, by name, until restart_process_group.
_shut_groups = {}


def shutdown_process_group(group=None):
    """paddle.distributed.shutdown_process_group(group=None): close the communicator of `group`
    (of every group but the default one when None) to free its resources; the Group object stays
    and restart_process_group opens it again. A collective on a closed group raises RuntimeError.

    Differences from Paddle: a closed group's torch ProcessGroup is shut down and replaced by a
    new one on restart (torch cannot reopen one)."""
    targets = [g for g in _groups.values() if g.id != 0] if group is None else [group]
    for g in targets:
        if g.process_group is not None and g.name not in _shut_groups and g.is_member():
            g.process_group.shutdown()
            _shut_groups[g.name] = g


def restart_process_group(group=None):
    """paddle.distributed.restart_process_group(group=None): open again the communicator of
    `group` (of every group shutdown_process_group closed when None); every member of the group
    calls it, as in Paddle."""
    targets = list(_shut_groups.values()) if group is None else \
        ([group] if group.name in _shut_groups else [])
    for g in targets:
        t = datetime.timedelta(seconds=timeout_seconds())
        g.process_group = tdist.new_group(g.ranks, timeout=t, use_local_synchronization=True)
        del _shut_groups[g.name]

# A name Paddle 3.3.1 has here and paddle_compat lacks: its package's object or the census error
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
