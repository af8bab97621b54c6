"""paddle.incubate's rooms (Paddle: python/paddle/incubate/): the fused ops computed unfused, the
deprecated graph and segment aliases of paddle.geometric, the functional autograd API and the
incubate optimizers. The public face is paddle_compat/incubate/."""
