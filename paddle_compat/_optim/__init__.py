"""Optimizers, update rules, LR schedulers and gradient clipping (public face: paddle.optimizer)."""
