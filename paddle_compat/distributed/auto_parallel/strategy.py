"""paddle.distributed.Strategy: the configuration to_static / DistModel read (sharding,
gradient_merge, pipeline, amp, fused_passes), with Paddle's fields and defaults."""
import copy

__all__ = ["Strategy"]

_DEFAULTS = {
    "sharding": {"enable": False, "stage": 1, "degree": 8, "enable_overlap": False,
                 "param_comm_stream_num": 1, "grad_comm_stream_num": 1,
                 "param_bucket_size_numel": 1, "grad_bucket_size_numel": 1,
                 "enable_hierarchical_comm": False, "partition_algor": "greedy_even",
                 "enable_tuning": False, "tuning_range": [], "release_gradients": False,
                 "comm_buffer_size_MB": 256, "enable_tensor_fusion": False,
                 "save_unbalanced_param": True},
    "fused_passes": {"enable": False, "gemm_epilogue": False, "dropout_add": False},
    "gradient_merge": {"enable": False, "k_steps": 1, "avg": True},
    "pipeline": {"enable": False, "schedule_mode": "1F1B", "pp_degree": 1, "vpp_degree": 1,
                 "vpp_seg_method": "", "micro_batch_size": 1, "accumulate_steps": 1,
                 "generation_batch_size": 1, "enable_send_recv_overlap": False,
                 "split_backward": False},
    "amp": {"enable": False, "dtype": "float16", "level": "O1", "init_loss_scaling": 32768.0,
            "incr_every_n_steps": 1000, "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
            "decr_ratio": 0.8, "use_dynamic_loss_scaling": True, "custom_white_list": [],
            "custom_black_list": [], "custom_black_varnames": [], "use_fp16_guard": False,
            "use_bf16_guard": False, "use_master_grad": False, "use_promote": True},
}


class _Config:
    def __init__(self, category, values):
        self._category = category
        self.__dict__.update(copy.deepcopy(values))

    def __repr__(self):
        fields = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        return f"{self._category}: {fields}"


class Strategy:
    """paddle.distributed.Strategy(config=None): config is a dict of category -> {field: value}."""

    def __init__(self, config=None):
        if config is not None and not isinstance(config, dict):
            raise ValueError(f"Expected a dictionary. But received: {config}")
        config = config or {}
        for category, values in _DEFAULTS.items():
            merged = dict(values)
            merged.update(config.get(category, {}))
            setattr(self, category, _Config(category, merged))
        self.full_graph = config.get("full_graph", True)
