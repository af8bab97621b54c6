"""paddle.incubate.cc rooms (Paddle: python/paddle/incubate/cc/)."""
