"""Autograd on torch's engine: grad modes, paddle.grad, PyLayer. No second autodiff (DESIGN 5)."""
