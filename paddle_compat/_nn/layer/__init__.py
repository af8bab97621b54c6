"""paddle.nn's layer classes, one module per Paddle nn/layer/*.py module (layers.py holds the
`Layer` base class).

The public names are re-exported by paddle_compat/nn/__init__.py.
"""
