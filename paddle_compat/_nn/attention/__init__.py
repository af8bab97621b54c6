"""paddle.nn.attention's room (Paddle: nn/attention/): the SDPA backend selection."""
