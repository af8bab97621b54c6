"""paddle.distributed.parallelize(model, optimizer=None, mesh=None, config=None): a single-card
model and optimizer made distributed by a config, as Paddle's intermediate API:

- mp_config {"parallelize_plan": {layer or param name (a regex over named_sublayers): plan or
  [plans]}} applies the tensor-parallel plans (tensor_parallel.py) over the "mp" mesh dimension;
- every parameter no plan sharded becomes replicated on the mesh;
- dp_config {"sharding_level": 0/1/2/3} wraps the optimizer with shard_optimizer and
  ShardingStage1/2/3 over the "dp" dimension (0: plain data parallelism - feed batches from
  shard_dataloader).

Differences from Paddle: pp_config and cp_config (pipeline / context parallelism through this API)
raise NotImplementedError (use fleet's PipelineLayer). The returned model is the same Layer; its
ordinary Tensor inputs are made replicated DTensors on the mesh and its DTensor outputs are gathered
into ordinary Tensors on every process (differentiably), because DTensor refuses to mix the two
where Paddle converts silently - so the loss and labels outside the model stay ordinary Tensors.
"""
import re
import warnings

from ...._tensor import Tensor, wrap
from .tensor_parallel import PlanBase

__all__ = ["parallelize"]


def _match(parallelize_plan, layer, name):
    """The [plans, parameter names] whose key names this sublayer (Paddle's match_layer)."""
    plans = []
    for key, plan in parallelize_plan.items():
        attr = key.split(".")[-1]
        params = []
        if key.endswith(f".{attr}") and isinstance(getattr(layer, attr, None), Tensor):
            key = key[:-len(attr) - 1]
            params.append(attr)
        found = re.match(key, name)
        if key == name or (found is not None and found.end() - found.start() == len(name)):
            plans.append([plan if isinstance(plan, list) else [plan], params])
    return plans


def _tensor_parallel(model, mesh, config):
    plan = config.get("parallelize_plan")
    if plan is None:
        warnings.warn("No parallelize plan, tensor parallel won't do anything.")
        return
    assert "mp" in mesh.dim_names, "mp must in the mesh dim_names when use tensor_parallel"
    assert isinstance(plan, dict)
    for key, value in plan.items():
        assert isinstance(key, str), "The key of the parallelize plan should be a string."
        for p in value if isinstance(value, list) else [value]:
            assert isinstance(p, PlanBase), ("The value the the parallelize plan should be a "
                                             "instance of PlanBase or a list of PlanBase.")
    for name, layer in model.named_sublayers():
        for plans, params in _match(plan, layer, name):
            for p in plans:
                p.apply(layer, mesh, params)


def _inputs_hook(mesh):
    from ..api import shard_tensor
    from ..placement_type import Replicate

    def hook(_layer, inputs):
        return tuple(shard_tensor(x, mesh, [Replicate()] * mesh.ndim)
                     if isinstance(x, Tensor) and not x.is_dist() else x for x in inputs)
    return hook


def _gather(out):
    if isinstance(out, Tensor) and out.is_dist():
        from torch.distributed.tensor import Replicate
        raw = out._t
        whole = raw.redistribute(raw.device_mesh, [Replicate()] * raw.device_mesh.ndim)
        res = wrap(whole.to_local())
        return res
    if isinstance(out, (list, tuple)):
        return type(out)(_gather(o) for o in out)
    if isinstance(out, dict):
        return {k: _gather(v) for k, v in out.items()}
    return out


def parallelize(model, optimizer=None, mesh=None, config=None):
    """paddle.distributed.parallelize(model, optimizer=None, mesh=None, config=None) ->
    (model, optimizer): tensor-parallel plans (mp_config) and sharding (dp_config) applied.

    Differences from Paddle: no pp_config / cp_config; the model takes and returns ordinary
    Tensors (see the module docstring)."""
    from ..process_mesh import ProcessMesh, get_mesh, set_mesh
    from ..api import shard_tensor
    from ..placement_type import Replicate
    from ..sharding import ShardingStage1, ShardingStage2, ShardingStage3, shard_optimizer
    if config is None:
        warnings.warn("The `parallelize will do nothing since the config is `None`.")
        return model, optimizer
    assert isinstance(config, dict)
    if mesh is not None:
        assert isinstance(mesh, ProcessMesh), ("The mesh must be an instance of "
                                               "paddle.distributed.ProcessMesh.")
        if get_mesh() is not None and get_mesh() != mesh:
            warnings.warn("The mesh set by `fleet.auto.set_mesh` is different with the mesh pass "
                          "to `parallelize`. Will overwrite the previous mesh")
        set_mesh(mesh)
    mesh = get_mesh()
    for key in ("pp_config", "cp_config"):
        if config.get(key) is not None:
            raise NotImplementedError(f"paddle.distributed.parallelize: {key} is not supported by "
                                      "paddle_compat; use fleet's PipelineLayer for pipelines")
    if mesh is None:
        raise AssertionError("global mesh must not be None, please call "
                             "fleet.auto.set_mesh(global_mesh) firstly")
    if config.get("mp_config") is not None:
        assert isinstance(config["mp_config"], dict)
        _tensor_parallel(model, mesh, config["mp_config"])
    replicated = [Replicate()] * mesh.ndim
    for param in model.parameters():    # everything else replicated on the mesh, in place
        if not param.is_dist():
            param._t = shard_tensor(param, mesh, replicated)._t
    model.register_forward_pre_hook(_inputs_hook(mesh))
    model.register_forward_post_hook(lambda _layer, _inputs, outputs: _gather(outputs))
    dp_config = config.get("dp_config")
    if dp_config is not None:
        assert isinstance(dp_config, dict)
        if "sharding_level" not in dp_config:
            warnings.warn("The dp_config doesn't contain sharding_level, will run under dp.")
        level = dp_config.get("sharding_level", 0)
        stage = {1: ShardingStage1, 2: ShardingStage2, 3: ShardingStage3}.get(level)
        if optimizer is not None and stage is not None:
            optimizer = shard_optimizer(optimizer, stage("dp", mesh))
    return model, optimizer
