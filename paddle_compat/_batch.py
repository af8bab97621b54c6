"""paddle.batch: group a sample reader's output into lists of `batch_size` samples."""

__all__ = ["batch"]


def batch(reader, batch_size, drop_last=False):
    """paddle.batch(reader, batch_size, drop_last=False): a reader creator yielding lists.

    The last, shorter batch is kept unless `drop_last` is True. A `batch_size` that is not a
    positive integer raises Paddle's ValueError at once.
    """
    def batch_reader():
        r = reader()
        b = []
        for instance in r:
            b.append(instance)
            if len(b) == batch_size:
                yield b
                b = []
        if drop_last is False and len(b) != 0:
            yield b

    batch_size = int(batch_size)
    if batch_size <= 0:
        raise ValueError("batch_size should be a positive integer value, "
                         f"but got batch_size={batch_size}")
    return batch_reader
