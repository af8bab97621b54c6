"""paddle.flops of a static Program: Paddle 3.3.1's python/paddle/hapi/static_flops.py over
paddle_compat's recorded legacy IR (the ops Paddle's legacy static graph records, same types,
slots and shapes), with the same counting rules and the same `+----+` table.

Paddle counts by op type: conv2d / depthwise_conv2d, pool2d, mul / matmul (not matmul_v2, which
is what paddle.nn.Linear records: Paddle leaves those out, and so does this), batch_norm and
every elementwise_* op; the batch dimension is left out of each count and the total is a numpy
integer. It prints the table only with print_detail and no "Total Flops" line (that line is
paddle.flops's dynamic path).
"""
from collections import OrderedDict

import numpy as np

from .._mode import STATE

__all__ = ["static_flops", "Table", "GraphWrapper", "OpWrapper", "VarWrapper"]


class VarWrapper:
    """One Variable of the graph (name and shape), as Paddle's static_flops wraps it."""

    def __init__(self, var, graph):
        self._var = var
        self._graph = graph

    def name(self):
        return self._var.name

    def shape(self):
        return self._var.shape


class OpWrapper:
    """One recorded op; its input/output slots as VarWrappers."""

    def __init__(self, op, graph):
        self._op = op
        self._graph = graph

    def type(self):
        return self._op.type

    def inputs(self, name):
        if name in self._op.input_names:
            return [self._graph.var(var_name) for var_name in self._op.input(name)]
        return []

    def outputs(self, name):
        return [self._graph.var(var_name) for var_name in self._op.output(name)]


class GraphWrapper:
    """A Program's ops and variables across its blocks (Paddle's slim GraphWrapper, reduced to
    what the FLOPs count reads)."""

    def __init__(self, program):
        self.program = program
        self.persistables = OrderedDict(
            (var.name, var) for var in program.list_vars() if var.persistable)

    def ops(self):
        return [OpWrapper(op, self) for block in self.program.blocks for op in block.ops]

    def var(self, name):
        for block in self.program.blocks:
            if block.has_var(name):
                return VarWrapper(block.var(name), self)
        return None


def count_convNd(op):
    filter_ops = np.prod(op.inputs("Filter")[0].shape()[1:])
    bias_ops = 1 if len(op.inputs("Bias")) > 0 else 0
    output_numel = np.prod(op.outputs("Output")[0].shape()[1:])
    return abs(output_numel * (filter_ops + bias_ops))


def count_leaky_relu(op):
    return np.prod(op.outputs("Output")[0].shape()[1:])


def count_bn(op):
    return abs(2 * np.prod(op.outputs("Y")[0].shape()[1:]))


def count_linear(op):
    total_mul = op.inputs("Y")[0].shape()[0]
    return abs(total_mul * np.prod(op.outputs("Out")[0].shape()[1:]))


def count_pool2d(op):
    input_shape = op.inputs("X")[0].shape()
    output_shape = op.outputs("Out")[0].shape()
    # Paddle's estimate of the window: the input/output size ratio, whatever ksize says
    kernel = np.array(input_shape[2:]) // np.array(output_shape[2:])
    kernel_ops = np.prod(kernel) + 1
    return abs(kernel_ops * np.prod(output_shape[1:]))


def count_element_op(op):
    return abs(np.prod(op.inputs("X")[0].shape()[1:]))


_CONV_TYPES = ("conv2d", "depthwise_conv2d", "conv3d", "conv2d_transpose",
               "depthwise_conv2d_transpose", "conv3d_transpose")


def _as_recorded_by_paddle(op):
    """(type, op) pairs as Paddle's legacy graph has them. The 2-D and 3-D conv layers record
    Paddle's ops already (the conv, a reshape2 of the bias, an elementwise_add); conv1d is still
    one conv2d op with a Bias input here, where Paddle records the conv without it and an
    elementwise_add of shape the conv's output, and counts that add. Returns the conv (its Bias
    hidden) and, for the add, the op whose output has that shape."""
    kind = op.type()
    if kind in _CONV_TYPES and op.inputs("Bias"):
        return [(kind, _NoBias(op)), ("elementwise_add", _AddOfOutput(op))]
    return [(kind, op)]


class _NoBias:
    def __init__(self, op):
        self._op = op

    def inputs(self, name):
        return [] if name == "Bias" else self._op.inputs(name)

    def name(self):
        return self._op.name()

    def outputs(self, name):
        return self._op.outputs(name)


class _AddOfOutput:
    def __init__(self, op):
        self._op = op

    def inputs(self, name):
        return self._op.outputs("Output") if name == "X" else []


def _graph_flops(graph, detail=False):
    flops = 0
    table = Table(["OP Type", "Param name", "Flops"])
    for kind, op in (pair for recorded in graph.ops() for pair in _as_recorded_by_paddle(recorded)):
        op_flops = 0
        param_name = ""
        if kind in ("conv2d", "depthwise_conv2d"):
            op_flops = count_convNd(op)
            param_name = op.inputs("Filter")[0].name()
        elif kind == "pool2d":
            op_flops = count_pool2d(op)
        elif kind in ("mul", "matmul"):
            op_flops = count_linear(op)
            param_name = op.inputs("Y")[0].name()
        elif kind == "batch_norm":
            op_flops = count_bn(op)
        elif kind.startswith("element"):
            op_flops = count_element_op(op)
        flops += op_flops
        if op_flops != 0:
            table.add_row([kind, param_name, op_flops])
    if detail:
        table.print_table()
    return flops


def static_flops(program, print_detail=False):
    """FLOPs of a static Program (what `paddle.flops(program)` returns): per-op counts summed,
    the table printed when print_detail.

    Differences from Paddle: none in the legacy static graph (FLAGS_enable_pir_api=0). In PIR
    mode (Paddle 3.3.1's default) Paddle fails reading the first op's `type`, a PIR Operation
    having none; paddle_compat raises the same AttributeError."""
    if STATE.pir and any(block._ops for block in program.blocks):
        raise AttributeError("'paddle.base.libpaddle.pir.Operation' object has no attribute "
                             "'type'")
    return _graph_flops(GraphWrapper(program), detail=print_detail)


class Table:
    """The `+----+` table paddle.flops prints."""

    def __init__(self, table_heads):
        self.table_heads = table_heads
        self.table_len = [len(head) for head in table_heads]
        self.data = []
        self.col_num = len(table_heads)

    def add_row(self, row_str):
        if not isinstance(row_str, list):
            print("The row_str should be a list")
        if len(row_str) != self.col_num:
            print(f"The length of row data should be equal the length of table heads, but the "
                  f"data: {len(row_str)} is not equal table heads {self.col_num}")
        for i in range(self.col_num):
            self.table_len[i] = max(self.table_len[i], len(str(row_str[i])))
        self.data.append(row_str)

    def print_row(self, row):
        print("".join("|" + str(row[i]).center(self.table_len[i] + 2)
                      for i in range(self.col_num)) + "|")

    def print_shelf(self):
        print("".join("+" + "-" * (length + 2) for length in self.table_len) + "+")

    def print_table(self):
        self.print_shelf()
        self.print_row(self.table_heads)
        self.print_shelf()
        for data in self.data:
            self.print_row(data)
        self.print_shelf()
