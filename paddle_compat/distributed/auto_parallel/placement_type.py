"""paddle.distributed's placements: Shard(dim), Replicate(), Partial(ReduceType), one per mesh
dimension, mapped one to one onto torch DTensor's placements.

Differences from Paddle: ReduceType.kRedAny / kRedAll have no DTensor counterpart; a Partial with
them cannot become a DTensor (ValueError naming them).
"""
import enum

__all__ = ["ReduceType", "Placement", "Shard", "Replicate", "Partial", "to_torch_placement",
           "from_torch_placement"]


class ReduceType(enum.IntEnum):
    """paddle.distributed.ReduceType (Paddle's values)."""

    kRedSum = 0
    kRedMax = 1
    kRedMin = 2
    kRedProd = 3
    kRedAvg = 4
    kRedAny = 5
    kRedAll = 6


_REDUCE_NAMES = {ReduceType.kRedSum: "SUM", ReduceType.kRedMax: "MAX", ReduceType.kRedMin: "MIN",
                 ReduceType.kRedProd: "PROD", ReduceType.kRedAvg: "AVG", ReduceType.kRedAny: "ANY",
                 ReduceType.kRedAll: "ALL"}
_TORCH_REDUCE = {ReduceType.kRedSum: "sum", ReduceType.kRedMax: "max", ReduceType.kRedMin: "min",
                 ReduceType.kRedProd: "product", ReduceType.kRedAvg: "avg"}


class Placement:
    """paddle.distributed.Placement: the base of Shard, Replicate and Partial."""

    def is_shard(self, dim=None):
        return False

    def is_replicated(self):
        return False

    def is_partial(self):
        return False

    def __ne__(self, other):
        return not self == other


class Shard(Placement):
    """paddle.distributed.Shard(dim): the tensor is split along `dim` over this mesh dimension."""

    def __init__(self, dim):
        if not isinstance(dim, int):
            raise TypeError(f"Shard's dim must be an int, but received {type(dim).__name__}")
        self._dim = dim

    def get_dim(self):
        return self._dim

    def is_shard(self, dim=None):
        return dim is None or dim == self._dim

    def __eq__(self, other):
        return isinstance(other, Shard) and other._dim == self._dim

    def __hash__(self):
        return hash(("Shard", self._dim))

    def __repr__(self):
        return f"Shard(dim={self._dim})"


class Replicate(Placement):
    """paddle.distributed.Replicate(): every process of this mesh dimension holds all of it."""

    def is_replicated(self):
        return True

    def __eq__(self, other):
        return isinstance(other, Replicate)

    def __hash__(self):
        return hash("Replicate")

    def __repr__(self):
        return "Replicate()"


class Partial(Placement):
    """paddle.distributed.Partial(reduce_type=ReduceType.kRedSum): each process holds a partial
    value; the tensor is their reduction."""

    def __init__(self, reduce_type=ReduceType.kRedSum):
        self._reduce_type = ReduceType(reduce_type)

    def reduce_type(self):
        return self._reduce_type

    def is_partial(self):
        return True

    def __eq__(self, other):
        return isinstance(other, Partial) and other._reduce_type == self._reduce_type

    def __hash__(self):
        return hash(("Partial", self._reduce_type))

    def __repr__(self):
        return f"Partial(reduce_type={_REDUCE_NAMES[self._reduce_type]})"


def to_torch_placement(p):
    from torch.distributed.tensor import Partial as TPartial, Replicate as TReplicate
    from torch.distributed.tensor import Shard as TShard
    if isinstance(p, Shard):
        return TShard(p.get_dim())
    if isinstance(p, Replicate):
        return TReplicate()
    if isinstance(p, Partial):
        if p.reduce_type() not in _TORCH_REDUCE:
            raise ValueError(f"Partial(reduce_type={_REDUCE_NAMES[p.reduce_type()]}) has no torch "
                             f"DTensor counterpart; use kRedSum, kRedMax, kRedMin, kRedProd or "
                             f"kRedAvg")
        return TPartial(_TORCH_REDUCE[p.reduce_type()])
    raise TypeError(f"placements must hold Shard, Replicate or Partial, but received "
                    f"{type(p).__name__}")


def from_torch_placement(p):
    if p.is_shard():
        return Shard(p.dim)
    if p.is_replicate():
        return Replicate()
    back = {v: k for k, v in _TORCH_REDUCE.items()}
    return Partial(back.get(getattr(p, "reduce_op", "sum"), ReduceType.kRedSum))
