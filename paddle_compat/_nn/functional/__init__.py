"""paddle.nn.functional's implementation, one module per Paddle nn/functional/*.py module.

The public names are re-exported by paddle_compat/nn/functional.py.
"""
