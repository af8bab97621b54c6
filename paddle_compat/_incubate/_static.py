"""What the incubate fused ops need from the static graph beyond `apply_op`'s recording: Paddle's
PIR operations leave some results empty (`<<NULL TYPE>>`) where its legacy ops write a variable,
and the one recorded op serves both views."""
from .._static.builder import default_main_program

__all__ = ["drop_output"]


def drop_output(var):
    """The op just recorded leaves its output `var` empty (PIR's <<NULL TYPE>> result); `var`
    leaves the block."""
    block = default_main_program().current_block()
    op = block._ops[-1]
    for slot, names in op.outputs.items():
        if var.name in names:
            op.outputs[slot] = [n for n in names if n != var.name]
    block._remove_var(var.name)
