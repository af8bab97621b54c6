"""paddle.hapi.static_flops: FLOPs of a static Program (what paddle.flops(program) runs)."""
from .._hapi.static_flops import (GraphWrapper, OpWrapper, Table, VarWrapper, count_bn,
                                  count_convNd, count_element_op, count_leaky_relu,
                                  count_linear, count_pool2d, static_flops)

__all__ = []
