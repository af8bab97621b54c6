"""paddle.distribution's rooms (Paddle: python/paddle/distribution/*.py, Apache-2.0), one module per
Paddle module; the public face is paddle_compat/distribution/."""
