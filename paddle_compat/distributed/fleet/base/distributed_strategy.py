"""fleet.DistributedStrategy: the switches Paddle scripts set, and hybrid_configs (the degrees of
data / pipeline / sharding / tensor parallelism fleet.init lays the processes out by)."""
import copy

__all__ = ["DistributedStrategy"]

UNSUPPORTED = ("amp", "recompute", "sharding", "pipeline", "tensor_parallel", "dgc", "lars", "lamb",
               "localsgd", "adaptive_localsgd", "gradient_merge", "a_sync", "asp", "qat")

_HYBRID_DEFAULTS = {
    "dp_degree": -1, "mp_degree": 1, "pp_degree": 1, "sharding_degree": 1, "sep_degree": 1,
    "mp_configs": {}, "pp_configs": {"micro_batch_size": 1, "accumulate_steps": 1},
    "sharding_configs": {}, "enable_optimizer_timer": False, "split_norm_comm": False,
    "ep_degree": 1, "moe_sharding_degree": 1, "dp_configs": {}, "sep_configs": {},
    "dp_sep_configs": {}, "pp_tp_configs": {}, "ep_configs": {}, "moe_sharding_configs": {},
    "default_comm_group_configs": {}, "cp_degree": 1, "cp_sharding_degree": 1, "cp_configs": {},
    "cp_sharding_configs": {}, "dp_cp_configs": {}, "cp_mp_configs": {},
}


class DistributedStrategy:
    """fleet.DistributedStrategy(): hybrid_configs drives fleet's dygraph hybrid parallelism;
    the static-graph meta-optimizer switches (amp, recompute, sharding, pipeline, ...) are refused
    by fleet.init when set (use the dygraph APIs: fleet.utils.recompute, paddle.amp, hybrid_configs).

    Differences from Paddle: the *_configs sub-messages are plain dicts (Paddle prints protobuf
    messages); pp_configs reads micro_batch_size and accumulate_steps."""

    def __init__(self):
        for field in UNSUPPORTED:
            setattr(self, field, False)
        self.find_unused_parameters = False
        self.fuse_all_reduce_ops = True
        self.nccl_comm_num = 1
        self.build_strategy = None
        self.tensor_parallel_configs = {"tensor_init_seed": -1}
        self.__dict__["_hybrid"] = copy.deepcopy(_HYBRID_DEFAULTS)
        self.hybrid_parallel_order = ["dp", "pp", "sharding", "sep", "cp", "mp"]

    @property
    def hybrid_configs(self):
        return self._hybrid

    @hybrid_configs.setter
    def hybrid_configs(self, configs):
        for key, value in configs.items():
            if key == "order":
                self.hybrid_parallel_order = list(value)
                continue
            if key not in _HYBRID_DEFAULTS:
                raise AssertionError(f"key:{key} not in hybrid_configs")
            if isinstance(self._hybrid[key], dict) and isinstance(value, dict):
                self._hybrid[key].update(value)
            else:
                self._hybrid[key] = value

    def _check(self):
        on = [f for f in UNSUPPORTED if getattr(self, f, False)]
        if on:
            raise NotImplementedError(
                f"fleet.DistributedStrategy: {', '.join(on)} {'is' if len(on) == 1 else 'are'} not "
                "supported by paddle_compat (Paddle's static-graph meta optimizers); set them to "
                "False and use hybrid_configs, fleet.utils.recompute and paddle.amp in dygraph")
