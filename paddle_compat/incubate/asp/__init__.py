"""paddle.incubate.asp: Automatic SParsity, n:m structured pruning (explicit re-exports, no
logic; the room is paddle_compat/_incubate/asp/)."""
from ..._incubate.asp.asp import (ASPHelper, decorate, prune_model, reset_excluded_layers,
                                  set_excluded_layers)
from ..._incubate.asp.supported_layer_list import add_supported_layer
from ..._incubate.asp.utils import (CheckMethod, MaskAlgo, calculate_density, check_mask_1d,
                                    check_mask_2d, check_sparsity, create_mask, get_mask_1d,
                                    get_mask_2d_best, get_mask_2d_greedy)

__all__ = ["calculate_density", "decorate", "prune_model", "set_excluded_layers",
           "reset_excluded_layers", "add_supported_layer"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
