"""paddle.distributed.InMemoryDataset / QueueDataset: Paddle's parameter-server datasets.

They feed a static program through Paddle's C++ data feed (MultiSlot text files parsed by a
pipe command, `exe.train_from_dataset`), which paddle_compat does not have: creating one raises
NotImplementedError naming paddle.io.Dataset + paddle.io.DataLoader, the way to read the same
files here. MultiSlotDataGenerator (paddle.distributed.fleet) still writes the text format.
"""

__all__ = ["InMemoryDataset", "QueueDataset"]


def _refuse(api):
    raise NotImplementedError(
        f"paddle.distributed.{api} is Paddle's parameter-server data feed (a C++ reader for "
        f"exe.train_from_dataset), which paddle_compat does not provide; read the files with a "
        f"paddle.io.Dataset (or IterableDataset) and paddle.io.DataLoader instead")


class InMemoryDataset:
    """paddle.distributed.InMemoryDataset(): not provided.

    Differences from Paddle: creating one raises NotImplementedError (use paddle.io.Dataset and
    paddle.io.DataLoader)."""

    def __init__(self, *args, **kwargs):
        _refuse("InMemoryDataset")


class QueueDataset:
    """paddle.distributed.QueueDataset(): not provided.

    Differences from Paddle: creating one raises NotImplementedError (use paddle.io.IterableDataset
    and paddle.io.DataLoader)."""

    def __init__(self, *args, **kwargs):
        _refuse("QueueDataset")
