"""paddle_compat's implementation of paddle.vision (the public face is paddle_compat.vision)."""
