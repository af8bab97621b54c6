"""paddle.incubate.distributed rooms."""
