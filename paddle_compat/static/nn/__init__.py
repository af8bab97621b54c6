"""paddle.static.nn: static-graph layers (a plain list of re-exports)."""
from ..._static.layers import fc, conv2d, batch_norm, embedding
from ..._static.py_func import py_func
from ..._static.static_pylayer import static_pylayer
