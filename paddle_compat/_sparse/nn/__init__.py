"""paddle.sparse.nn's rooms: functional/ (activation, conv, pooling, transformer) and layer/
(activation, conv, norm, pooling), mirroring python/paddle/sparse/nn/."""
