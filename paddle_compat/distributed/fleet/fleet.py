"""fleet's Fleet singleton (paddle.distributed.fleet.fleet): init, distributed_model,
distributed_optimizer and the worker queries, in collective mode.

    fleet.init(is_collective=True, strategy=strategy)   # strategy.hybrid_configs: the degrees
    model = fleet.distributed_model(model)
    opt = fleet.distributed_optimizer(opt)

With hybrid_configs (dp / mp / pp / sharding degrees multiplying to the world size) init lays the
processes out on Paddle's grid (fleet.get_hybrid_communicate_group()) and distributed_model picks
the wrapper by the parallel mode as Paddle does: DataParallel over the dp group, TensorParallel
(mp > 1), ShardingParallel (sharding > 1 alone), PipelineParallel (pp > 1); distributed_optimizer
returns a HybridParallelOptimizer that averages gradients over the replica groups (and, for
sharding, updates each parameter on its owner rank only).

In static mode the distributed optimizer's `minimize` appends backward and the optimizer ops as the
single-process optimizer does, then inserts, before the first optimizer op, one `c_allreduce_sum`
op per gradient whose kernel all-reduces and averages it across ranks - so every rank applies the
same averaged update, as Paddle's collective mode does (Paddle scales the loss gradient by 1/nranks
and sums; the result is the same).

Differences from Paddle: parameter-server mode (`is_collective=False`) and the static-graph meta
optimizers (strategy.amp / recompute / sharding / pipeline / dgc / lars / lamb / localsgd /
gradient_merge ...) raise NotImplementedError naming the strategy field; use the dygraph
equivalents (hybrid_configs, fleet.utils.recompute, paddle.amp).
"""
import torch
import torch.distributed as tdist

from ..._mode import STATE
from ..._ops.registry import OpDef
from .. import collective
from ..parallel import DataParallel
from .base.distributed_strategy import DistributedStrategy

__all__ = ["Fleet", "fleet"]

class Fleet:
    """The `fleet` singleton: init, distributed_model, distributed_optimizer and worker queries."""

    def __init__(self):
        self._strategy = None
        self._initialized = False

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """fleet.init(is_collective=True, strategy=None): joins the parallel environment and lays
        the processes out by strategy.hybrid_configs."""
        from .base.role_maker import RoleMakerBase
        if role_maker is None:
            if not isinstance(is_collective, bool):
                raise ValueError(f"`is_collective` should be instance of `bool`, but got "
                                 f"{type(is_collective)}")
        elif isinstance(role_maker, RoleMakerBase):
            is_collective = role_maker._is_collective
        else:
            raise ValueError(f"`role_maker` should be subclass of `RoleMakerBase`, but got "
                             f"{type(role_maker)}")
        if not is_collective:
            raise NotImplementedError("fleet.init(is_collective=False) starts Paddle's parameter-server "
                                      "mode, which paddle_compat does not support; use "
                                      "fleet.init(is_collective=True)")
        self._role_maker = role_maker
        self._strategy = strategy or DistributedStrategy()
        self._strategy._check()
        collective.init_parallel_env()
        self._hcg = self._init_hybrid_parallel_env() if collective.is_initialized() else None
        self._initialized = True
        return self

    def _init_hybrid_parallel_env(self):
        """The HybridCommunicateGroup of hybrid_configs (Paddle's degrees and axis order)."""
        from .base.topology import CommunicateTopology, HybridCommunicateGroup
        cfg = self._strategy.hybrid_configs
        for key in ("mp", "pp", "sep", "cp", "sharding"):
            assert cfg[f"{key}_degree"] >= 0, f"{key}_degree should be greater or equal to 0"
        mp, pp = max(cfg["mp_degree"], 1), max(cfg["pp_degree"], 1)
        sep, cp = max(cfg["sep_degree"], 1), max(cfg["cp_degree"], 1)
        dp = cfg["dp_degree"]
        if dp < 0:      # Paddle's rule: only mp and pp are taken out of the world size
            dp = collective.get_world_size() // (mp * pp)
        dp = max(dp, 1)
        if cp > 1:
            raise NotImplementedError("fleet hybrid_configs: cp_degree (context parallelism) is not "
                                      "supported by paddle_compat")
        degree = {"dp": ["data", dp], "pp": ["pipe", pp],
                  "sharding": ["sharding", cfg["sharding_degree"]], "mp": ["model", mp],
                  "sep": ["sep", sep], "cp": ["context", cp]}
        order = self._strategy.hybrid_parallel_order
        if sorted(order) != sorted(degree):
            raise AssertionError("The order of hybrid_config setting is incorrect.")
        return HybridCommunicateGroup(CommunicateTopology([degree[n][0] for n in order],
                                                          [degree[n][1] for n in order]))

    def get_hybrid_communicate_group(self):
        """The HybridCommunicateGroup fleet.init made."""
        assert getattr(self, "_hcg", None) is not None
        return self._hcg

    def get_hybrid_parallel_topology(self):
        """The CommunicateTopology fleet.init made."""
        return self.get_hybrid_communicate_group().topology()

    def distributed_model(self, model):
        """The model wrapped for the parallel mode of hybrid_configs (DataParallel over the dp
        group for plain data parallelism)."""
        from .base.topology import ParallelMode
        from .meta_parallel.pipeline_parallel import (PipelineLayer, PipelineParallel,
                                                      PipelineParallelWithInterleave)
        from .meta_parallel.tensor_parallel import ShardingParallel, TensorParallel
        find_unused = bool(self._strategy and self._strategy.find_unused_parameters)
        hcg = getattr(self, "_hcg", None)
        if hcg is None or collective.get_world_size() <= 1:
            return DataParallel(model, find_unused_parameters=find_unused)
        mode = hcg.get_parallel_mode()
        if mode == ParallelMode.PIPELINE_PARALLEL:
            assert isinstance(model, PipelineLayer), (
                "For pipeline parallel, the model should an instance of PipelineLayer")
            if model.get_num_virtual_stages() > 1:
                return PipelineParallelWithInterleave(model, hcg, strategy=self._strategy)
            return PipelineParallel(model, hcg, strategy=self._strategy)
        if mode == ParallelMode.SHARDING_PARALLEL:
            return ShardingParallel(model, hcg, strategy=self._strategy)
        if mode == ParallelMode.TENSOR_PARALLEL:
            return TensorParallel(model, hcg, strategy=self._strategy)
        if mode == ParallelMode.SEGMENT_PARALLEL:
            raise NotImplementedError("fleet hybrid_configs: sep_degree (segment parallelism) is "
                                      "not supported by paddle_compat")
        return DataParallel(model, find_unused_parameters=find_unused,
                            group=hcg.get_data_parallel_group())

    def distributed_optimizer(self, optimizer, strategy=None):
        """Hybrid parallelism: a HybridParallelOptimizer; otherwise the optimizer, made to average
        gradients across ranks in static-mode minimize."""
        if strategy is not None:
            strategy._check()
            self._strategy = strategy
        hcg = getattr(self, "_hcg", None)
        if not STATE.static and hcg is not None and collective.get_world_size() > 1:
            from .base.topology import ParallelMode
            from .meta_optimizers.hybrid_parallel_optimizer import HybridParallelOptimizer
            # DataParallel already averaged the gradients over the dp group in backward
            return HybridParallelOptimizer(
                optimizer, hcg, self._strategy,
                average_dp=hcg.get_parallel_mode() != ParallelMode.DATA_PARALLEL)
        return _DistributedOptimizer(optimizer)

    def worker_index(self):
        return collective.get_rank()

    def worker_num(self):
        return collective.get_world_size()

    def is_first_worker(self):
        return collective.get_rank() == 0

    def is_worker(self):
        return True

    def is_server(self):
        return False

    def local_rank(self):
        return collective.ParallelEnv().local_rank

    def world_size(self):
        return collective.get_world_size()

    def barrier_worker(self):
        if collective.is_initialized():
            collective.barrier()


class _DistributedOptimizer:
    """Delegates to the wrapped optimizer; static minimize adds the gradient all-reduce."""

    def __init__(self, optimizer):
        self.__dict__["_inner_opt"] = optimizer

    def __getattr__(self, name):
        return getattr(self._inner_opt, name)

    def __setattr__(self, name, value):
        setattr(self._inner_opt, name, value)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        result = self._inner_opt.minimize(loss, startup_program, parameters, no_grad_set)
        if STATE.static and collective.get_world_size() > 1:
            ops, params_grads = result
            _insert_allreduce(loss.block.program.global_block(), ops, params_grads)
        return result


def _allreduce_mean(X, ring_id=0, use_calc_stream=True):
    if tdist.is_initialized():
        with torch.no_grad():
            tdist.all_reduce(X)
            X.div_(tdist.get_world_size())
    return X


_ALLREDUCE = OpDef("c_allreduce_sum", _allreduce_mean, ("X",), ("Out",),
                   {"ring_id": 0, "use_calc_stream": True}, "averages (sum / nranks)", None)


def _insert_allreduce(block, optimize_ops, params_grads):
    from ..._static.builder import OpRole, standard_attrs
    from ..._static.ir import Operator
    at = min(block.ops.index(op) for op in optimize_ops) if optimize_ops else len(block.ops)
    for param, grad in reversed(params_grads):
        attrs = dict(_ALLREDUCE.attrs)
        attrs.update(standard_attrs(OpRole.Backward))
        op = Operator(block, "c_allreduce_sum", {"X": [grad.name]}, {"Out": [grad.name]}, attrs,
                      _ALLREDUCE)
        block.ops.insert(at, op)
    block.program._bump()




fleet = Fleet()
