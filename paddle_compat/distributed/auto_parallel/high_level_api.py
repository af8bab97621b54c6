"""paddle.distributed.to_distributed(model, optimizer, dataloader, device_num, node_num=1,
config=None): Paddle's automatic parallelization, which traces the model, recognises its
patterns (attention, MLP, embeddings) and picks the parallel plans by itself.

paddle_compat does not trace models to choose plans: to_distributed raises NotImplementedError
naming parallelize (the same plans, chosen by the user) and shard_dataloader.
"""

__all__ = ["to_distributed"]


def to_distributed(model, optimizer, dataloader, device_num, node_num=1, config=None):
    """paddle.distributed.to_distributed(...): not provided.

    Differences from Paddle: raises NotImplementedError; write the plan with
    paddle.distributed.parallelize and split the data with shard_dataloader."""
    raise NotImplementedError(
        "paddle.distributed.to_distributed (automatic choice of parallel plans by tracing the "
        "model) is not provided by paddle_compat; give the plans yourself with "
        "paddle.distributed.parallelize(model, optimizer, mesh, config) and split the data with "
        "paddle.distributed.shard_dataloader")
