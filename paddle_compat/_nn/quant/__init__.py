"""paddle.nn.quant's implementation (mirrors paddle/nn/quant/): Stub (stub.py) and the
weight-only / LLM.int8 linear functions (quantized_linear.py)."""
