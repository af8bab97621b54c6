"""paddle.text.datasets' rooms (Paddle: text/datasets/): one file per dataset, each reading
Paddle's real file format from a local path or Paddle's dataset cache (no network)."""
