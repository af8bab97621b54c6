"""paddle.static.nn.control_flow.Assert (Paddle: static/nn/control_flow.py): the `assert` op.

Exceptions: it lives in its own file rather than control_flow.py (cond / while_loop / case /
switch_case and Print) because it is an op with no output that checks a value when the program
runs, not a control-flow construct.
"""
from .._mode import STATE
from .._ops._checks import check_type, check_variable_and_dtype
from .._ops.registry import OpDef
from .builder import append_op, default_main_program, static_only
from .ir import Variable

__all__ = ["Assert"]


def _assert_kernel(names):
    def kernel(Cond, Data=(), summarize=20):
        if Cond.device.type == "meta":
            return None
        if bool(Cond.reshape(-1)[0]):
            return None
        from .control_flow import _print_lines
        for t, name in zip(Data or (), names["data"]):
            _print_lines(t, name, "", summarize, True, True, True, True, True)
        op = "pd_op.assert" if names["pir"] else "assert"
        raise ValueError(f"In user code:\n\n\n    InvalidArgumentError: The condition variable "
                         f"'{names['cond']}' of AssertOp must be true, but received false. \n"
                         f"      [operator < {op} > error]")
    return kernel


def Assert(cond, data=None, summarize=20, name=None):
    """paddle.static.nn.control_flow.Assert(cond, data=None, summarize=20, name=None): an `assert`
    op that, when the program runs, prints the tensors of `data` (Print's text, `summarize`
    elements, all with -1) and raises ValueError if the 1-element bool `cond` is false. Returns
    the Operator in a legacy program, None in PIR (as Paddle).

    Differences from Paddle: the error names the condition by its variable name (Paddle's PIR
    executor names an internal variable); in dynamic mode it raises the AssertionError of
    Paddle's static-only APIs (Paddle 3.3.1 crashes there with a segmentation fault).
    """
    static_only("Assert")
    check_variable_and_dtype(cond, "cond", ["bool"], "static.nn.control_flow.Assert")
    check_type(data, "data", (list, tuple, type(None)), "static.nn.control_flow.Assert")
    check_type(summarize, "summarize", int, "static.nn.control_flow.Assert")
    check_type(name, "name", (str, type(None)), "static.nn.control_flow.Assert")
    data = [] if data is None else list(data)
    for d in data:
        if not isinstance(d, Variable):
            raise TypeError(f"The type of 'data' in static.nn.control_flow.Assert must be a list "
                            f"of Variable, but received {type(d)}.")
    names = {"cond": cond.name, "data": [d.name for d in data], "pir": STATE.pir}
    op = OpDef("assert", _assert_kernel(names), ("Cond", "Data"), (), {"summarize": 20}, "",
               None)
    block = default_main_program().current_block()
    recorded = append_op(block, op, {"Cond": [cond.name], "Data": [d.name for d in data]}, {},
                         {"summarize": int(summarize)})
    recorded.list_slots = ("Data",)
    return None if STATE.pir else recorded
