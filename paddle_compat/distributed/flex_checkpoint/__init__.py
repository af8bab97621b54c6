"""paddle.distributed.flex_checkpoint: distributed checkpoints (dcp/)."""
