"""The private rooms of paddle.distributed that other private packages stand on (the environment
and the DistributedBatchSampler); the rest of paddle.distributed lives in its public package."""
