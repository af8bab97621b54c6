"""paddle.distributed.launch: `python -m paddle_compat.distributed.launch --nproc_per_node N script.py`."""
from .main import launch, main

__all__ = ["launch", "main"]
