"""paddle.hapi.dynamic_flops: paddle.flops and the per-layer counters."""
from .._hapi.dynamic_flops import (count_adap_avgpool, count_avgpool, count_bn, count_convNd,
                                   count_io_info, count_leaky_relu, count_linear,
                                   count_parameters, count_zero_ops, dynamic_flops, flops)
from .._hapi.static_flops import Table, static_flops

__all__ = []
