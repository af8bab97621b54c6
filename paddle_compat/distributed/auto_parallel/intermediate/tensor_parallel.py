"""The tensor-parallel plans of paddle.distributed.parallelize, on DTensor placements over the
mesh dimension named "mp" (as Paddle's intermediate/tensor_parallel.py):

    ColWiseParallel(gather_output=False)   weight Shard(1), bias Shard(0); gather_output all-gathers
                                           the (3-D) output
    RowWiseParallel(is_input_parallel=True) weight Shard(0); the output is Partial until used
    PrepareLayerInput(fn) / PrepareLayerOutput(fn)  fn(process_mesh) -> a forward pre / post hook
    SequenceParallelBegin / End / Enable / Disable(need_transpose=True)  [b, s, h] <-> [s, b, h]
                                           with s sharded over "mp" (the "dp" dimension says which
                                           axis is the batch, as in Paddle)
"""
import logging

from ...._tensor import Tensor

__all__ = ["PlanBase", "ColWiseParallel", "RowWiseParallel", "PrepareLayerInput",
           "PrepareLayerOutput", "SequenceParallelBegin", "SequenceParallelEnd",
           "SequenceParallelEnable", "SequenceParallelDisable", "c_split", "c_concat",
           "ConvParallel"]


def _dist():
    from ..api import reshard, shard_tensor
    from ..placement_type import Replicate, Shard
    return reshard, shard_tensor, Replicate, Shard


def _to_dist(x, mesh):
    reshard, shard_tensor, Replicate, _ = _dist()
    return x if x.is_dist() else shard_tensor(x, mesh, [Replicate()] * mesh.ndim)


def c_split(x, process_mesh, need_transpose, split_type="sp"):
    """Reshard x (or x[0]) so that "mp" splits the sequence ("sp") or the hidden ("mp") axis."""
    from ...._ops.manipulation import transpose
    reshard, _, Replicate, Shard = _dist()
    mp_index = process_mesh.dim_names.index("mp")
    dp_index = process_mesh.dim_names.index("dp")
    target = x[0] if isinstance(x, tuple) else x
    assert isinstance(target, Tensor)
    assert len(target.shape) == 3
    target = _to_dist(target, process_mesh)
    if need_transpose:
        target = transpose(target, perm=[1, 0, 2])
    placements = target.placements
    if split_type == "sp":
        if placements[dp_index] == Shard(0):
            split = Shard(1)
        elif placements[dp_index] == Shard(1):
            split = Shard(0)
        else:
            logging.warning(f"parallel api don't know {list(target.shape)} which dimension is batch, "
                            "default is to cut to the 0th dimension")
            split = Shard(0)
    elif split_type == "mp":
        split = Shard(2)
    else:
        raise ValueError(f"Unsupported split type {split_type}")
    placements[mp_index] = split
    target = reshard(target, process_mesh, placements)
    return (target,) + tuple(x[1:]) if isinstance(x, tuple) else target


def c_concat(x, process_mesh, need_transpose):
    """Reshard x (or x[0]) to Replicate along "mp" (and transpose [s, b, h] back)."""
    from ...._ops.manipulation import transpose
    reshard, _, Replicate, _ = _dist()
    index = process_mesh.dim_names.index("mp")
    target = x[0] if isinstance(x, tuple) else x
    assert isinstance(target, Tensor)
    assert len(target.shape) == 3
    target = _to_dist(target, process_mesh)
    placements = target.placements
    placements[index] = Replicate()
    target = reshard(target, process_mesh, placements)
    if need_transpose:
        target = transpose(target, perm=[1, 0, 2])
    return (target,) + tuple(x[1:]) if isinstance(x, tuple) else target


class PlanBase:
    """The base of the tensor-parallel plans."""

    def __init__(self):
        self.share_param_list = {}

    def apply(self, layer, process_mesh, shard_param_list):
        raise NotImplementedError("Don't call the PlanBase directly.")


def _shard_params(layer, names, process_mesh, placement_of, plan):
    from ...._nn.layer.common import Embedding, Linear
    _, shard_tensor, _, _ = _dist()
    if not isinstance(layer, (Linear, Embedding)):
        logging.warning(f"{plan} is designed to handle Linear and Embedding. But got "
                        f"{layer.__class__.__name__}. Will try to shard weight and bias if the "
                        "layer contains one.")
    for name in names:
        param = getattr(layer, name, None)
        if param is None or param.is_dist():
            continue
        # in place: the Parameter object stays (an optimizer made before parallelize holds it)
        param._t = shard_tensor(param, process_mesh, placement_of(param))._t


class ColWiseParallel(PlanBase):
    """paddle.distributed.ColWiseParallel(gather_output=False): split a Linear's (or Embedding's)
    weight by columns and its bias over the "mp" mesh dimension."""

    def __init__(self, gather_output=False):
        super().__init__()
        self.gather_output = gather_output

    def apply(self, layer, process_mesh, shard_param_list):
        _, _, Replicate, Shard = _dist()
        index = process_mesh.dim_names.index("mp")

        def placement_of(param):
            p = [Replicate()] * process_mesh.ndim
            if len(param.shape) == 2:
                p[index] = Shard(1)
            elif len(param.shape) == 1:
                p[index] = Shard(0)
            else:
                raise ValueError(f"{param} should have 1 or 2 dims.")
            return p
        names = set(shard_param_list) or {"weight", "bias"}
        _shard_params(layer, sorted(names), process_mesh, placement_of, "ColWiseParallel")
        if self.gather_output:
            layer.register_forward_post_hook(
                lambda _layer, _inputs, output: c_concat(output, process_mesh, False))


class RowWiseParallel(PlanBase):
    """paddle.distributed.RowWiseParallel(is_input_parallel=True): split a Linear's weight by rows
    over "mp" (the bias stays whole); is_input_parallel=False splits the input's last axis first."""

    def __init__(self, is_input_parallel=True):
        super().__init__()
        self.is_input_parallel = is_input_parallel

    def apply(self, layer, process_mesh, shard_param_list):
        _, _, Replicate, Shard = _dist()
        index = process_mesh.dim_names.index("mp")

        def placement_of(param):
            if len(param.shape) != 2:
                raise ValueError(f"{param} should have 2 dims.")
            p = [Replicate()] * process_mesh.ndim
            p[index] = Shard(0)
            return p
        names = set(shard_param_list) - {"bias"} or {"weight"}
        _shard_params(layer, sorted(names), process_mesh, placement_of, "RowWiseParallel")
        if not self.is_input_parallel:
            layer.register_forward_pre_hook(
                lambda _layer, inputs: c_split(inputs, process_mesh, False, split_type="mp"))


class PrepareLayerInput(PlanBase):
    """paddle.distributed.PrepareLayerInput(fn): fn(process_mesh=mesh) gives a forward pre-hook."""

    def __init__(self, fn=None):
        super().__init__()
        assert callable(fn)
        self.fn = fn

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(self.fn(process_mesh=process_mesh))


class PrepareLayerOutput(PlanBase):
    """paddle.distributed.PrepareLayerOutput(fn): fn(process_mesh=mesh) gives a forward post-hook."""

    def __init__(self, fn=None):
        super().__init__()
        assert callable(fn)
        self.fn = fn

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_post_hook(self.fn(process_mesh=process_mesh))


class SequenceParallelBegin(PlanBase):
    """paddle.distributed.SequenceParallelBegin(need_transpose=True): after this layer, the output
    [b, s, h] becomes [s/mp, b, h] (sequence split over "mp")."""

    def __init__(self, need_transpose=True):
        super().__init__()
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_post_hook(
            lambda _layer, _inputs, output: c_split(output, process_mesh, self.need_transpose))


class SequenceParallelEnd(PlanBase):
    """paddle.distributed.SequenceParallelEnd(need_transpose=True): before this layer, the input
    [s/mp, b, h] is gathered back to [b, s, h]."""

    def __init__(self, need_transpose=True):
        super().__init__()
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(
            lambda _layer, inputs: c_concat(inputs, process_mesh, self.need_transpose))


class SequenceParallelEnable(PlanBase):
    """paddle.distributed.SequenceParallelEnable(): this layer alone runs sequence-parallel (its
    input split to [s/mp, b, h], its output gathered back to [b, s, h])."""

    def apply(self, layer, process_mesh, shard_param_list):
        logging.warning("Sequence parallel with the usage of SequenceParallel may not reach the "
                        "best throughput. Try to use SequenceParallelBegin/End to achieve better "
                        "performance")
        layer.register_forward_pre_hook(
            lambda _layer, inputs: c_split(inputs, process_mesh, True))
        layer.register_forward_post_hook(
            lambda _layer, _inputs, output: c_concat(output, process_mesh, True))


class SequenceParallelDisable(PlanBase):
    """paddle.distributed.SequenceParallelDisable(need_transpose=True): inside a sequence-parallel
    region, this layer runs on the whole sequence (input gathered, output split again)."""

    def __init__(self, need_transpose=True):
        super().__init__()
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(
            lambda _layer, inputs: c_concat(inputs, process_mesh, self.need_transpose))
        layer.register_forward_post_hook(
            lambda _layer, _inputs, output: c_split(output, process_mesh, self.need_transpose))


class ConvParallel:
    """paddle.distributed.ConvParallel(): Paddle's plan that splits a Conv2D's input along its
    width over "mp" (with halo exchange); not provided.

    Differences from Paddle: creating one raises NotImplementedError; shard the batch instead
    (shard_dataloader / dp_config) or use the Linear plans (ColWiseParallel/RowWiseParallel)."""

    def __init__(self):
        raise NotImplementedError(
            "paddle.distributed.ConvParallel (width-sharded Conv2D input with halo exchange) is "
            "not provided by paddle_compat; shard the batch instead (shard_dataloader, "
            "dp_config) or use ColWiseParallel/RowWiseParallel for the Linear layers")
