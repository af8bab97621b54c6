"""Internals of paddle.jit: to_static on torch.compile, jit.save / jit.load on torch.export.

static_function.py  StaticFunction, to_static, enable_to_static, not_to_static, ignore_module
tree.py             Tensor <-> torch.Tensor flattening of call arguments and results; InputSpec checks
save_load.py        jit.save, jit.load, TranslatedLayer (the file format is described there)
"""
