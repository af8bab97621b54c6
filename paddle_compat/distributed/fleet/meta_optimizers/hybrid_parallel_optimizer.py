"""fleet.distributed_optimizer in hybrid parallelism: HybridParallelOptimizer.

step() first averages every gradient over the groups that hold replicas of its parameter - the
data-parallel group, and the sharding group - then updates:

- sharding_degree > 1 with no tensor / pipeline parallelism (Paddle's DygraphShardingOptimizer,
  ZeRO stage 1): the parameters are partitioned over the sharding group (greedily by size, largest
  first, to the least-loaded rank, as Paddle does); each rank runs the optimizer only on its own
  parameters - so their moments exist on that rank alone - and broadcasts them to the others;
- otherwise every rank runs the optimizer on all its parameters (tensor-parallel slices
  included).

ClipGradByGlobalNorm is Paddle's HybridParallelClipGrad under tensor or pipeline parallelism: the
squared norms of the tensor-parallel slices (`is_distributed`) are summed over the mp group, the
replicated parameters' counted once, and the total summed over the pipeline stages, so every rank
scales by the norm of the whole model, as one process would.

Differences from Paddle: the gradient is all-reduced (Paddle reduces it to the owner rank, which
uses less bandwidth).
"""
import torch
import torch.distributed as tdist

from ...._optim.clip import ClipGradByGlobalNorm, _clipped
from ...._tensor import Tensor

__all__ = ["HybridParallelOptimizer", "partition_by_size", "average_grads", "step_owned_share"]


def partition_by_size(params, n):
    """{id(param): owner in 0..n-1}: largest first, each to the least-loaded owner (Paddle's
    sharding optimizers' rule)."""
    sizes = [0] * n
    owner = {}
    for p in sorted(params, key=lambda p: -p._t.numel()):
        r = sizes.index(min(sizes))
        owner[id(p)] = r
        sizes[r] += p._t.numel()
    return owner


def average_grads(grads, group):
    """Average the torch gradients `grads` over `group` (one flat all-reduce)."""
    if group is None or group.nranks <= 1 or not grads:
        return
    flat = torch.cat([g.reshape(-1) for g in grads])
    tdist.all_reduce(flat, group=group.process_group)
    flat.div_(group.nranks)
    offset = 0
    for g in grads:
        n = g.numel()
        g.copy_(flat[offset:offset + n].view_as(g))
        offset += n


def step_owned_share(optimizer, params, owner, group):
    """ZeRO-1 update: run `optimizer` on this rank's share of `params` only (`owner`: id(param) ->
    rank index in `group`; the others are skipped, so their optimizer state is made on their
    owner alone), then broadcast every parameter from its owner."""
    me = group.rank
    others = [p for p in params if owner[id(p)] != me and not p.stop_gradient]
    for p in others:             # the inner optimizer skips (and makes no state for) these
        p.stop_gradient = True
    try:
        optimizer.step()
    finally:
        for p in others:
            p.stop_gradient = False
    with torch.no_grad():
        for p in params:
            tdist.broadcast(p._t.data, group.ranks[owner[id(p)]], group=group.process_group)


class HybridParallelOptimizer:
    """The optimizer fleet.distributed_optimizer returns under hybrid_configs."""

    def __init__(self, optimizer, hcg, strategy=None, average_dp=True):
        self.__dict__.update(_inner_opt=optimizer, _hcg=hcg, _strategy=strategy,
                             _average_dp=average_dp, _owner=None)
        from ..base.topology import ParallelMode
        if (hcg.get_sharding_parallel_world_size() > 1
                and hcg.get_parallel_mode() == ParallelMode.SHARDING_PARALLEL):
            self.__dict__["_owner"] = self._partition()

    def _params(self):
        return list(self._inner_opt._all_params())

    def _partition(self):
        """{id(param): sharding rank owning it}: largest first, to the least-loaded rank."""
        return partition_by_size(self._params(), self._hcg.get_sharding_parallel_world_size())

    def _sync_grads(self):
        params = [p for p in self._params() if not p.stop_gradient]
        grads = []
        for p in params:
            if p._t.grad is None:
                p._t.grad = torch.zeros_like(p._t)
            grads.append(p._t.grad)
        with torch.no_grad():
            if self._average_dp:
                average_grads(grads, self._hcg.get_data_parallel_group())
            average_grads(grads, self._hcg.get_sharding_parallel_group())

    def _clip_across_groups(self):
        """Scale the gradients by ClipGradByGlobalNorm's factor for the whole model's norm (see
        the module docstring); True when it did, so the inner optimizer must not clip again."""
        clip = self._inner_opt._grad_clip
        mp = self._hcg.get_model_parallel_world_size()
        pp = self._hcg.get_pipe_parallel_world_size()
        if not isinstance(clip, ClipGradByGlobalNorm) or (mp <= 1 and pp <= 1):
            return False
        grads = [(p, p._t.grad) for p in self._params()
                 if not p.stop_gradient and p._t.grad is not None and _clipped(p)]
        if not grads:
            return False
        dtype = torch.float64 if any(g.dtype == torch.float64 for _, g in grads) else torch.float32
        device = grads[0][1].device
        sq = {True: torch.zeros((), dtype=dtype, device=device),
              False: torch.zeros((), dtype=dtype, device=device)}
        with torch.no_grad():
            for p, g in grads:
                sq[bool(getattr(p, "is_distributed", False))] += (g.to(dtype) ** 2).sum()
            if mp > 1:
                tdist.all_reduce(sq[True], group=self._hcg.get_model_parallel_group().process_group)
            total = sq[True] + sq[False]
            if pp > 1:
                tdist.all_reduce(total, group=self._hcg.get_pipe_parallel_group().process_group)
            norm = total.sqrt()
            limit = torch.full((), clip.clip_norm, dtype=dtype, device=device)
            if clip.auto_skip_clip and not bool(norm > limit):
                return True
            scale = limit / torch.maximum(norm, limit)
            for _, g in grads:
                g.mul_(scale.to(g.dtype))
        return True

    def step(self):
        """Average the gradients over the replica groups, clip them by the whole model's norm,
        then update (only this rank's share of the parameters under sharding, broadcast to the
        others after)."""
        self._sync_grads()
        if self._clip_across_groups():
            inner = self._inner_opt
            clip, inner._grad_clip = inner._grad_clip, None
            try:
                return self._inner_opt.step()
            finally:
                inner._grad_clip = clip
        if self._owner is None:
            return self._inner_opt.step()
        step_owned_share(self._inner_opt, self._params(), self._owner,
                         self._hcg.get_sharding_parallel_group())

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dynamic mode: step() on the gradients backward computed."""
        if not isinstance(loss, Tensor):
            raise AssertionError("The loss should be an Tensor.")
        self.step()
        return [], [(p, p.grad) for p in self._params() if p.grad is not None]

    def clear_grad(self, set_to_zero=True):
        self._inner_opt.clear_grad(set_to_zero)

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)

    def __setattr__(self, item, value):
        setattr(self._inner_opt, item, value)
