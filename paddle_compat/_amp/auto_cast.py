"""paddle.amp.auto_cast / decorate and the AMP state (mirrors paddle/amp/auto_cast.py).

Paddle 3.3.1 runs AMP only on CUDA/XPU/custom places. On any other place `auto_cast` warns
"amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, current place is
Place(cpu), so it makes no effect." and runs everything in float32, and `decorate(level='O2')`
returns the models and optimizers untouched; paddle_compat does exactly the same, so a CPU training
loop under auto_cast gives Paddle's (float32) losses.

On a CUDA place, `auto_cast` enters `torch.autocast('cuda', dtype)` for levels O1/O2 and keeps
Paddle's state (level, dtype, the white/black lists after the custom ones are merged as
`_update_list` merges them); `decorate(level='O2')` casts every floating parameter to the AMP dtype
except those of norm layers and `excluded_layers`, and asks optimizers for master weights.

Differences from Paddle: on CUDA the per-op casting is torch.autocast's (its own op lists), not
Paddle's white/black lists; custom_white_list / custom_black_list are validated and reported by the
state but do not change torch's casting.
"""
import contextlib
import warnings

import torch

from .. import _place
from .._mode import STATE
from .amp_lists import black_list, white_list

__all__ = ["amp_guard", "auto_cast", "autocast", "amp_decorate", "decorate",
           "is_autocast_enabled", "get_autocast_dtype", "amp_global_state", "AMPGlobalState"]


class AMPGlobalState:
    """Paddle's process-wide AMP record: the last auto_cast's dtype ('float32' before any), the
    master-grad switches."""

    def __init__(self):
        self.model_parameters = []
        self.use_master_grad = False
        self.already_register_final_backward_hook = False
        self.already_classify_params_meshes = False
        self.mesh2params = {}
        self.amp_dtype = "float32"


_amp_global_state = AMPGlobalState()


def amp_global_state():
    return _amp_global_state


class _Tracer:
    """The dygraph tracer's AMP fields (level 'O0' = off)."""
    level = "O0"
    dtype = "float32"
    white = frozenset()
    black = frozenset()


_TRACER = _Tracer()


def _place_text():
    dev = _place.current_torch_device()
    return "Place(cpu)" if dev.type == "cpu" else f"Place(gpu:{dev.index or 0})"


def _amp_place():
    """Paddle enables AMP on CUDA, XPU and custom places only; paddle_compat has CUDA."""
    return _place.current_torch_device().type == "cuda"


def _update_list(custom_white_list, custom_black_list, level="O1", dtype="float16"):
    """Paddle's merge of the custom lists into the level's tables (a custom entry moves an op
    from the other list)."""
    if level == "O0":
        return set(), set()
    white = set(white_list()[dtype][level])
    black = set(black_list()[dtype][level])
    if custom_white_list and custom_black_list:
        for op_name in custom_white_list:
            if op_name in custom_black_list:
                raise ValueError("Custom white list overlap custom black list")
    if custom_white_list:
        for op_name in custom_white_list:
            black.discard(op_name)
            white.add(op_name)
    if custom_black_list:
        for op_name in custom_black_list:
            white.discard(op_name)
            black.add(op_name)
    return white, black


@contextlib.contextmanager
def amp_guard(enable=True, custom_white_list=None, custom_black_list=None, level="O1",
              dtype="float16", use_promote=True):
    """paddle.amp.amp_guard: the context manager behind auto_cast (same arguments)."""
    level = level.upper()
    if level not in ["O0", "OD", "O1", "O2"]:
        raise ValueError("level should be O0, OD, O1 or O2.")
    dtype = getattr(dtype, "short", dtype)     # a paddle dtype object names itself
    dtype = str(dtype).replace("paddle.", "").lower()
    if enable and dtype not in ["float16", "bfloat16"]:
        raise ValueError("If enable amp, dtype should be 'float16' or 'bfloat16'.")
    _amp_global_state.amp_dtype = dtype
    white, black = _update_list(custom_white_list, custom_black_list, level,
                                dtype if dtype in ("float16", "bfloat16") else "float16")
    if enable and not STATE.static and not _amp_place():
        warnings.warn(f"amp_guard can only be enabled on CUDAPlace, XPUPlace, and CustomPlace, "
                      f"current place is {_place_text()}, so it makes no effect.")
        enable = False
    amp_level, amp_dtype = (level, dtype) if enable else ("O0", "float32")
    saved = (_TRACER.level, _TRACER.dtype, _TRACER.white, _TRACER.black)
    _TRACER.level, _TRACER.dtype = amp_level, amp_dtype
    _TRACER.white, _TRACER.black = frozenset(white), frozenset(black)
    torch_ctx = (torch.autocast("cuda", dtype=getattr(torch, amp_dtype))
                 if amp_level in ("O1", "O2") and _amp_place() else contextlib.nullcontext())
    try:
        with torch_ctx:
            yield
    finally:
        _TRACER.level, _TRACER.dtype, _TRACER.white, _TRACER.black = saved


def auto_cast(enable=True, custom_white_list=None, custom_black_list=None, level="O1",
              dtype="float16", use_promote=True):
    """paddle.amp.auto_cast(enable=True, custom_white_list=None, custom_black_list=None,
    level='O1', dtype='float16', use_promote=True): mixed-precision context. Level 'O1' casts
    white-list ops to `dtype` and keeps black-list ops in float32; 'O2' runs almost everything in
    `dtype`; 'O0'/'OD' as Paddle. On a CPU place it warns and has no effect, as in Paddle 3.3.1.

    Differences from Paddle: on CUDA the casting is torch.autocast's (its op lists); the custom
    lists are validated and kept in the state but do not change torch's choice."""
    return amp_guard(enable, custom_white_list, custom_black_list, level, dtype, use_promote)


def autocast(device_type=None, dtype="float16", enabled=True, cache_enabled=True):
    """paddle.amp.autocast(device_type, dtype='float16', enabled=True, cache_enabled=True): the
    torch-style spelling of auto_cast(enable=enabled, dtype=dtype).

    Differences from Paddle: as auto_cast."""
    return auto_cast(enable=enabled, dtype=dtype)


def is_autocast_enabled(device_type=None):
    """paddle.amp.is_autocast_enabled(device_type=None): whether an enabled auto_cast is active
    (False on CPU, where Paddle disables it).

    Differences from Paddle: none known."""
    return _TRACER.level != "O0"


def get_autocast_dtype(device_type=None):
    """paddle.amp.get_autocast_dtype(device_type=None): the active AMP dtype, 'float16' when AMP is
    off (Paddle's answer).

    Differences from Paddle: none known."""
    if not is_autocast_enabled():
        return "float16"
    return _TRACER.dtype


def _amp_white_black():
    """The active (white, black) op-type sets (empty when AMP is off)."""
    return _TRACER.white, _TRACER.black


# ---- decorate ----------------------------------------------------------------------------------
def _is_valid_optimizer(optimizer):
    from .._optim.optimizer import Optimizer
    return isinstance(optimizer, Optimizer)


def _check_models(models):
    from .._nn.layer.layers import Layer
    for model in models:
        if not isinstance(model, Layer):
            raise RuntimeError(f"Current train mode is pure fp16, models should be paddle.nn.Layer, "
                               f"but receive {type(model)}.")


def _check_optimizers(optimizers):
    for optimizer in optimizers:
        if not _is_valid_optimizer(optimizer):
            raise RuntimeError(f"Current train mode is pure fp16, optimizers should be "
                               f"paddle.optimizer.Optimizer or DygraphShardingOptimizer, but "
                               f"receive {type(optimizer)}.")


def _keeps_fp32(layer, excluded):
    from .._nn.layer import norm
    norms = tuple(getattr(norm, n) for n in ("_BatchNormBase", "LayerNorm", "GroupNorm",
                                             "InstanceNorm1D", "InstanceNorm2D", "InstanceNorm3D",
                                             "SyncBatchNorm") if hasattr(norm, n))
    if isinstance(layer, norms):
        return True
    return any(layer is e or (isinstance(e, type) and isinstance(layer, e)) for e in excluded)


def _amp_initialize(models, dtype, excluded_layers):
    excluded = []
    if excluded_layers is not None:
        excluded = excluded_layers if isinstance(excluded_layers, list) else [excluded_layers]
    target = getattr(torch, dtype)
    for model in models:
        for layer in model.sublayers(include_self=True):
            if _keeps_fp32(layer, excluded):
                continue
            for p in layer.parameters(include_sublayers=False):
                if p._t.is_floating_point():
                    with torch.no_grad():
                        p._t = p._t.detach().to(target).requires_grad_(p._t.requires_grad)


class _StateDictHook:
    """Casts a decorated model's floating state_dict entries to `save_dtype` (Paddle's hook)."""

    def __init__(self, save_dtype):
        self._save_dtype = save_dtype

    def __call__(self, state_dict):
        for key in state_dict:
            param = state_dict[key]
            if param.dtype.is_floating_point:
                state_dict[key] = param.astype(self._save_dtype)


def amp_decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
                 save_dtype=None, master_grad=False, excluded_layers=None):
    """paddle.amp.amp_decorate: see decorate."""
    if level not in ["O1", "O2"]:
        raise ValueError("level should be O1 or O2, O1 represent AMP train mode, O2 represent Pure "
                         "fp16 train mode.")
    if dtype not in ["float16", "bfloat16"]:
        raise ValueError("dtype only support float16 or bfloat16.")
    if level == "O1" or not _amp_place():
        # Paddle leaves everything as is for O1 and on places without AMP (CPU).
        return models if optimizers is None else (models, optimizers)
    from .._nn.layer.layers import Layer
    if isinstance(models, Layer):
        models_is_list, models = False, [models]
        _check_models(models)
    elif isinstance(models, list):
        _check_models(models)
        models_is_list = True
    else:
        raise TypeError("models must be either a single model or a list of models.")
    _amp_initialize(models, dtype, excluded_layers)
    optimizers_is_list = False
    if optimizers is not None:
        if _is_valid_optimizer(optimizers):
            optimizers = [optimizers]
            _check_optimizers(optimizers)
        elif isinstance(optimizers, list):
            _check_optimizers(optimizers)
            optimizers_is_list = True
        else:
            raise TypeError("optimizers must be either a single optimizer or a list of "
                            "optimizers.")
        for opt in optimizers:
            if hasattr(opt, "_multi_precision"):
                opt._multi_precision = master_weight is not False
    if master_grad:
        _amp_global_state.use_master_grad = True
        for model in models:
            _amp_global_state.model_parameters.extend(model.parameters())
    if save_dtype is not None:
        if save_dtype not in ["float16", "bfloat16", "float32", "float64"]:
            raise ValueError(f"save_dtype can only be float16 float32 or float64, but your input "
                             f"save_dtype is {save_dtype}.")
        for model in models:
            for layer in model.sublayers(include_self=True):
                layer.register_state_dict_hook(_StateDictHook(save_dtype))
    models_out = models if models_is_list else models[0]
    if optimizers is None:
        return models_out
    return models_out, (optimizers if optimizers_is_list else optimizers[0])


def decorate(models, optimizers=None, level="O1", dtype="float16", master_weight=None,
             save_dtype=None, master_grad=False, excluded_layers=None):
    """paddle.amp.decorate(models, optimizers=None, level='O1', dtype='float16',
    master_weight=None, save_dtype=None, master_grad=False, excluded_layers=None): for level 'O2'
    cast the models' parameters to `dtype` (norm layers and excluded_layers stay float32) and give
    the optimizers float32 master weights; 'O1' and CPU places return the arguments unchanged,
    as in Paddle 3.3.1.

    Differences from Paddle: none known."""
    return amp_decorate(models, optimizers, level, dtype, master_weight, save_dtype, master_grad,
                        excluded_layers)
