"""paddle.static.nn.control_flow: cond, case, switch_case, while_loop, Assert."""
from ..._static.assertion import Assert
from ..._static.control_flow import case, cond, switch_case, while_loop

__all__ = ["case", "cond", "switch_case", "while_loop", "Assert"]
