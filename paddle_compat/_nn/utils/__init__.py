"""paddle.nn.utils' rooms (Paddle: nn/utils/): the weight_norm and spectral_norm hooks."""
