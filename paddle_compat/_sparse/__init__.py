"""paddle.sparse's rooms: tensor.py (how sparse data is carried, the Tensor methods), creation.py,
unary.py, binary.py, multiary.py and nn/ (functional + layers), mirroring python/paddle/sparse/."""
