"""What the incubate fused ops need from the static graph beyond `apply_op`'s recording: Paddle's
PIR operations leave some results empty (`<<NULL TYPE>>`) where its legacy ops write a variable,
and the one recorded op serves both views."""
from .._mode import STATE
from .._static.backward import GRADLESS
from .._static.builder import default_main_program

__all__ = ["drop_output", "no_cpu_backward"]


def drop_output(var):
    """The op just recorded leaves its output `var` empty (PIR's <<NULL TYPE>> result); `var`
    leaves the block."""
    block = default_main_program().current_block()
    op = block._ops[-1]
    for slot, names in op.outputs.items():
        if var.name in names:
            op.outputs[slot] = [n for n in names if n != var.name]
    block._remove_var(var.name)


def no_cpu_backward(op_type, legacy_error, pir_error):
    """Paddle 3.3.1's CPU wheel cannot build the backward of `op_type`: when a gradient is
    asked through it, legacy mode raises `legacy_error(op)` (or, with None, the op gets no grad
    op and the path ends there) and PIR mode raises `pir_error(op)`."""
    def check(op):
        make = pir_error if STATE.pir else legacy_error
        if make is None:
            return True
        raise make(op)
    GRADLESS[op_type] = check
