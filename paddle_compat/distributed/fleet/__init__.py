"""paddle.distributed.fleet for collective data parallelism, on torch.distributed.

    fleet.init(is_collective=True)
    model = fleet.distributed_model(model)              # paddle.DataParallel
    opt = fleet.distributed_optimizer(opt)              # dynamic: the optimizer itself
    opt.minimize(loss)                                  # static: + one c_allreduce_sum per gradient

In static mode the distributed optimizer's `minimize` appends backward and the optimizer ops as the
single-process optimizer does, then inserts, before the first optimizer op, one `c_allreduce_sum`
op per gradient whose kernel all-reduces and averages it across ranks - so every rank applies the
same averaged update, as Paddle's collective mode does (Paddle scales the loss gradient by 1/nranks
and sums; the result is the same).

Differences from Paddle: parameter-server mode (`is_collective=False`), hybrid parallelism
(tensor/pipeline/sharding), amp, recompute, dgc, lars/lamb, localsgd and gradient merge raise
NotImplementedError naming the strategy field; use plain collective data parallelism.
"""
import torch
import torch.distributed as tdist

from ..._mode import STATE
from ..._ops.registry import OpDef
from .. import collective
from ..parallel import DataParallel

__all__ = ["init", "DistributedStrategy", "distributed_model", "distributed_optimizer",
           "worker_index", "worker_num", "is_first_worker", "is_worker", "is_server", "local_rank",
           "world_size", "barrier_worker", "Fleet", "fleet"]

_UNSUPPORTED = ("amp", "recompute", "sharding", "pipeline", "tensor_parallel", "dgc", "lars", "lamb",
                "localsgd", "adaptive_localsgd", "gradient_merge", "a_sync", "asp", "qat")


class DistributedStrategy:
    """fleet.DistributedStrategy(): the switches Paddle scripts set; only data parallelism runs."""

    def __init__(self):
        for field in _UNSUPPORTED:
            setattr(self, field, False)
        self.find_unused_parameters = False
        self.fuse_all_reduce_ops = True
        self.nccl_comm_num = 1
        self.hybrid_configs = {}
        self.build_strategy = None

    def _check(self):
        on = [f for f in _UNSUPPORTED if getattr(self, f, False)]
        if on:
            raise NotImplementedError(
                f"fleet.DistributedStrategy: {', '.join(on)} {'is' if len(on) == 1 else 'are'} not "
                "supported by paddle_compat; only collective data parallelism is (set them to False)")


class Fleet:
    """The `fleet` singleton: init, distributed_model, distributed_optimizer and worker queries."""

    def __init__(self):
        self._strategy = None
        self._initialized = False

    def init(self, role_maker=None, is_collective=False, strategy=None, log_level="INFO"):
        """fleet.init(is_collective=True, strategy=None): joins the parallel environment."""
        if not is_collective:
            raise NotImplementedError("fleet.init(is_collective=False) starts Paddle's parameter-server "
                                      "mode, which paddle_compat does not support; use "
                                      "fleet.init(is_collective=True)")
        self._strategy = strategy or DistributedStrategy()
        self._strategy._check()
        collective.init_parallel_env()
        self._initialized = True
        return self

    def distributed_model(self, model):
        """Wrap a Layer for data parallelism (paddle.DataParallel)."""
        find_unused = bool(self._strategy and self._strategy.find_unused_parameters)
        return DataParallel(model, find_unused_parameters=find_unused)

    def distributed_optimizer(self, optimizer, strategy=None):
        """The optimizer, made to average gradients across ranks in static-mode minimize."""
        if strategy is not None:
            strategy._check()
            self._strategy = strategy
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
init = fleet.init
distributed_model = fleet.distributed_model
distributed_optimizer = fleet.distributed_optimizer
worker_index = fleet.worker_index
worker_num = fleet.worker_num
is_first_worker = fleet.is_first_worker
is_worker = fleet.is_worker
is_server = fleet.is_server
local_rank = fleet.local_rank
world_size = fleet.world_size
barrier_worker = fleet.barrier_worker

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
