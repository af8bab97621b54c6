"""paddle.distributed's collectives of picklable Python objects, on torch.distributed's.

broadcast_object_list, scatter_object_list, send_object_list, recv_object_list: the objects travel
pickled, as in Paddle (and torch); they come from the job's own ranks, never from a file.

Differences from Paddle: torch pickles each object with its own framing, so the bytes on the wire
differ from Paddle's (only matters when mixing Paddle and paddle_compat ranks, which cannot share a
job anyway).
"""
import torch.distributed as tdist

from .collective import _fail, _pg, _require_init

__all__ = ["broadcast_object_list", "scatter_object_list", "send_object_list", "recv_object_list"]


def _call(api, fn):
    try:
        return fn()
    except RuntimeError as exc:
        _fail(f"{api} failed: {exc}")


def _list(value, api, arg):
    if not isinstance(value, list):
        raise TypeError(f"paddle.distributed.{api}: '{arg}' must be a list, but received "
                        f"{type(value).__name__}")
    return value


def broadcast_object_list(object_list, src, group=None):
    """paddle.distributed.broadcast_object_list(object_list, src): rank `src`'s objects replace the
    items of `object_list` on every rank (every rank passes a list of the same length)."""
    _require_init("broadcast_object_list")
    _list(object_list, "broadcast_object_list", "object_list")
    _call("broadcast_object_list",
          lambda: tdist.broadcast_object_list(object_list, src, group=_pg(group)))


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """paddle.distributed.scatter_object_list: rank i receives in_object_list[i] of rank `src` as
    out_object_list[0]. On `src`, in_object_list holds one object per rank; in Paddle its length
    may be a multiple of the group size, each rank then getting a slice - here exactly one each."""
    _require_init("scatter_object_list")
    _list(out_object_list, "scatter_object_list", "out_object_list")
    n = tdist.get_world_size(_pg(group))
    is_src = tdist.get_rank() == src
    if is_src and (not isinstance(in_object_list, list) or len(in_object_list) != n):
        got = len(in_object_list) if isinstance(in_object_list, list) else type(in_object_list).__name__
        raise ValueError(f"paddle.distributed.scatter_object_list: on the src rank, in_object_list "
                         f"must be a list of one object per rank ({n}), but received {got}")
    box = [None]
    _call("scatter_object_list", lambda: tdist.scatter_object_list(
        box, in_object_list if is_src else None, src, group=_pg(group)))
    out_object_list.clear()
    out_object_list.append(box[0])


def send_object_list(object_list, dst=None, group=None, dst_in_group=None):
    """paddle.distributed.send_object_list(object_list, dst): send the objects to rank `dst` (or to
    the group's rank `dst_in_group`); the receiver passes a list of the same length."""
    _require_init("send_object_list")
    _list(object_list, "send_object_list", "object_list")
    dst = _peer("send_object_list", dst, dst_in_group, group, "dst")
    _call("send_object_list", lambda: tdist.send_object_list(object_list, dst, group=_pg(group)))


def recv_object_list(object_list, src=None, group=None, src_in_group=None):
    """paddle.distributed.recv_object_list(object_list, src): fill `object_list` in place with the
    objects rank `src` (or the group's rank `src_in_group`) sent."""
    _require_init("recv_object_list")
    _list(object_list, "recv_object_list", "object_list")
    src = _peer("recv_object_list", src, src_in_group, group, "src")
    _call("recv_object_list", lambda: tdist.recv_object_list(object_list, src, group=_pg(group)))


def _peer(api, rank, rank_in_group, group, name):
    if (rank is None) == (rank_in_group is None):
        raise ValueError(f"paddle.distributed.{api}: give exactly one of {name} and {name}_in_group")
    if rank is None:
        ranks = group.ranks if group is not None else list(range(tdist.get_world_size()))
        rank = ranks[rank_in_group]
    return rank
