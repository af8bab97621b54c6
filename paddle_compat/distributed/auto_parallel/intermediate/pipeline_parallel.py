"""paddle.distributed.SplitPoint: where a pipeline plan (parallelize's pp_config) cuts the model -
BEGINNING (before the named layer) or END (after it).

Differences from Paddle: parallelize does not run pipeline plans (pp_config raises
NotImplementedError naming fleet's PipelineLayer); the marker itself is Paddle's enum.
"""
from enum import Enum

__all__ = ["SplitPoint"]


class SplitPoint(Enum):
    """paddle.distributed.SplitPoint.BEGINNING (0) / END (1)."""
    BEGINNING = 0
    END = 1
