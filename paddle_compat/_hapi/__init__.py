"""paddle.hapi's rooms: Model, callbacks, summary, flops and the progress bar (Paddle's
python/paddle/hapi/, one file per Paddle module)."""
