"""paddle.distributed.communication.stream: the collectives with Paddle's `use_calc_stream` switch.

In Paddle, `use_calc_stream=True` runs the communication on the computation stream (no extra
synchronisation); the results are the same. torch issues collectives on its own streams and syncs
them with the current stream on wait(), so the switch changes nothing here and is only checked:
Paddle rejects `use_calc_stream=True` together with `sync_op=False`, and so does this.

Where Paddle's stream API takes a tensor or a list (all_gather, scatter, reduce_scatter), a tensor
is split or filled along dim 0 in rank order, as Paddle's *_tensor variants do.

Differences from Paddle: see above - the switch is accepted and validated but has no effect.
"""
import torch
import torch.distributed as tdist

from .._tensor import Tensor
from . import collective as _c

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "gather", "recv",
           "reduce", "reduce_scatter", "scatter", "send"]


def _check(api, sync_op, use_calc_stream):
    if use_calc_stream and not sync_op:
        raise RuntimeError("use_calc_stream can only be true in sync op behavior.")


def all_gather(tensor_or_tensor_list, tensor, group=None, sync_op=True, use_calc_stream=False):
    """stream.all_gather: into a list (as paddle.distributed.all_gather) or into one tensor holding
    every rank's `tensor` concatenated along dim 0."""
    _check("all_gather", sync_op, use_calc_stream)
    if not isinstance(tensor_or_tensor_list, Tensor):
        return _c.all_gather(tensor_or_tensor_list, tensor, group, sync_op)
    parts = []
    out = tensor_or_tensor_list._t
    task = _c.all_gather(parts, tensor, group, sync_op=True)
    out.data.copy_(torch.cat([p._t for p in parts]).reshape(out.shape))
    return task


def all_reduce(tensor, op=_c.ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    _check("all_reduce", sync_op, use_calc_stream)
    return _c.all_reduce(tensor, op, group, sync_op)


def alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group=None, sync_op=True,
             use_calc_stream=False):
    """stream.alltoall: lists as paddle.distributed.alltoall, or two tensors split evenly along
    dim 0 (as alltoall_single)."""
    _check("alltoall", sync_op, use_calc_stream)
    if isinstance(out_tensor_or_tensor_list, Tensor):
        return _c.alltoall_single(out_tensor_or_tensor_list, in_tensor_or_tensor_list, None, None,
                                  group, sync_op)
    return _c.alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group, sync_op)


def alltoall_single(out_tensor, in_tensor, out_split_sizes=None, in_split_sizes=None, group=None,
                    sync_op=True, use_calc_stream=False):
    """stream.alltoall_single: note that Paddle's stream variant takes out_split_sizes first."""
    _check("alltoall_single", sync_op, use_calc_stream)
    return _c.alltoall_single(out_tensor, in_tensor, in_split_sizes, out_split_sizes, group, sync_op)


def broadcast(tensor, src, group=None, sync_op=True, use_calc_stream=False):
    _check("broadcast", sync_op, use_calc_stream)
    return _c.broadcast(tensor, src, group, sync_op)


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True, use_calc_stream=False):
    _check("gather", sync_op, use_calc_stream)
    return _c.gather(tensor, gather_list, dst, group, sync_op)


def recv(tensor, src=0, group=None, sync_op=True, use_calc_stream=False):
    _check("recv", sync_op, use_calc_stream)
    return _c.recv(tensor, src, group, sync_op)


def reduce(tensor, dst=0, op=_c.ReduceOp.SUM, group=None, sync_op=True, use_calc_stream=False):
    _check("reduce", sync_op, use_calc_stream)
    return _c.reduce(tensor, dst, op, group, sync_op)


def reduce_scatter(tensor, tensor_or_tensor_list, op=_c.ReduceOp.SUM, group=None, sync_op=True,
                   use_calc_stream=False):
    _check("reduce_scatter", sync_op, use_calc_stream)
    return _c.reduce_scatter(tensor, tensor_or_tensor_list, op, group, sync_op)


def scatter(tensor, tensor_or_tensor_list=None, src=0, group=None, sync_op=True,
            use_calc_stream=False):
    """stream.scatter: from a list (as paddle.distributed.scatter) or from one tensor split evenly
    along dim 0 on the src rank."""
    _check("scatter", sync_op, use_calc_stream)
    if isinstance(tensor_or_tensor_list, Tensor):
        n = tdist.get_world_size(_c._pg(group))
        tensor_or_tensor_list = [_c.wrap(c.clone())
                                 for c in tensor_or_tensor_list._t.detach().chunk(n)]
    return _c.scatter(tensor, tensor_or_tensor_list, src, group, sync_op)


def send(tensor, dst=0, group=None, sync_op=True, use_calc_stream=False):
    _check("send", sync_op, use_calc_stream)
    return _c.send(tensor, dst, group, sync_op)
