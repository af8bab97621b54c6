"""The static graph's layers (paddle.static.nn): Paddle's legacy ops with their kernels (ops.py),
the layers that record them (common.py, loss.py, metric.py) and the LoD sequence layers
(sequence_lod.py)."""
