"""paddle.distributed.fleet.dataset: see dataset.py."""
