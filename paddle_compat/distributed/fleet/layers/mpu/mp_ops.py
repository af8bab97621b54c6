"""The tensor-parallel communication ops of Paddle's mp_ops, as torch autograd Functions over a
paddle_compat Group (gloo on CPU, NCCL on CUDA): each is the other's transpose in backward.

    _c_identity  forward: identity            backward: all-reduce (sum) over the mp group
    _mp_allreduce forward: all-reduce (sum)   backward: identity
    _c_split     forward: this rank's chunk of the last dim   backward: all-gather along it
    _c_concat    forward: all-gather along the last dim       backward: this rank's chunk
"""
import torch
import torch.distributed as tdist

from ....._tensor import Tensor, wrap

__all__ = ["_c_identity", "_mp_allreduce", "_c_split", "_c_concat", "split"]


def _pg(group):
    return None if group is None else group.process_group


def _nranks(group):
    return tdist.get_world_size(_pg(group))


def _rank(group):
    return tdist.get_rank(_pg(group))


def _allreduce(t, group):
    t = t.contiguous()
    tdist.all_reduce(t, group=_pg(group))
    return t


def _gather_last(t, group):
    parts = [torch.empty_like(t) for _ in range(_nranks(group))]
    tdist.all_gather(parts, t.contiguous(), group=_pg(group))
    return torch.cat(parts, dim=-1)


def _chunk_last(t, group):
    n = _nranks(group)
    if t.shape[-1] % n:
        raise ValueError(f"the last dimension ({t.shape[-1]}) must be divisible by the model "
                         f"parallel world size ({n})")
    return t.chunk(n, dim=-1)[_rank(group)].contiguous()


class _Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group):
        ctx.group = group
        return x.view_as(x)

    @staticmethod
    def backward(ctx, g):
        return _allreduce(g.clone(), ctx.group), None


class _AllReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group):
        return _allreduce(x.clone(), group)

    @staticmethod
    def backward(ctx, g):
        return g, None


class _Split(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group):
        ctx.group = group
        return _chunk_last(x, group)

    @staticmethod
    def backward(ctx, g):
        return _gather_last(g, ctx.group), None


class _Concat(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group):
        ctx.group = group
        return _gather_last(x, group)

    @staticmethod
    def backward(ctx, g):
        return _chunk_last(g, ctx.group), None


def _run(fn, tensor, group):
    raw = tensor._t if isinstance(tensor, Tensor) else tensor
    if group is None or group.nranks == 1 or not tdist.is_initialized():
        return tensor
    return wrap(fn.apply(raw, group))


def _c_identity(tensor, group=None, skip_c_identity_dynamic=False):
    """Identity forward, all-reduce of the gradient over `group` in backward."""
    return _run(_Identity, tensor, group)


def _mp_allreduce(tensor, op=None, group=None, use_calc_stream=True, use_model_parallel=True,
                  skip_c_identity_dynamic=False):
    """All-reduce (sum) over `group` forward, identity in backward."""
    return _run(_AllReduce, tensor, group)


def _c_split(tensor, group=None):
    """This rank's chunk of the last dimension forward, all-gather in backward."""
    return _run(_Split, tensor, group)


def _c_concat(tensor, group=None):
    """All-gather along the last dimension forward, this rank's chunk of the gradient in backward."""
    return _run(_Concat, tensor, group)


def _allreduce_max(raw, group):
    """All-reduce (max) of a torch tensor, no gradient."""
    raw = raw.clone().contiguous()
    tdist.all_reduce(raw, op=tdist.ReduceOp.MAX, group=_pg(group))
    return raw


def _c_allreduce_raw(raw, group):
    """All-reduce (sum) of a torch tensor whose result feeds a loss every rank computes alike:
    forward sums the slices' parts, backward hands each rank the gradient of the sum (identity,
    since every rank holds the same loss and so the same gradient)."""
    return _AllReduce.apply(raw, group)


def split(x, size, operation, axis=0, num_partitions=1, gather_out=True, weight_attr=None,
          bias_attr=None, name=None):
    """paddle.distributed.split(x, size, operation, axis=0, num_partitions=1, ...): Paddle's
    static-graph model-parallel linear / embedding. In dynamic mode Paddle refuses it (ValueError,
    use the parallel layers), and so does paddle_compat.

    Differences from Paddle: static mode raises NotImplementedError too (use
    fleet.meta_parallel.ColumnParallelLinear / RowParallelLinear / VocabParallelEmbedding)."""
    from ....._mode import STATE
    assert isinstance(size, (list, tuple)), ("The type of size for paddle.distributed.split must "
                                             "be list or tuple.")
    assert len(size) == 2, "Number of elements in size of paddle.distributed.split must be two."
    assert isinstance(operation, str), ("The type of operation for paddle.distributed.split must "
                                        "be str.")
    supported = ["linear", "embedding"]
    assert operation in supported, ("The operation for paddle.distributed.split must be one of "
                                    f"{supported}.")
    if not STATE.static:
        raise ValueError("paddle.distributed.split cannot be used in dynamic graph mode, please use "
                         "ParallelEmbedding, ParallelRowLinear, ParallelColumnLinear instead.")
    raise NotImplementedError("paddle.distributed.split in static mode is not supported by "
                              "paddle_compat; use fleet.meta_parallel.ColumnParallelLinear, "
                              "RowParallelLinear or VocabParallelEmbedding in dynamic mode")
