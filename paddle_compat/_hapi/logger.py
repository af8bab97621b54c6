"""paddle.hapi.logger: Paddle 3.3.1's python/paddle/hapi/logger.py, the `setup_logger` helper
(a stdout logger named 'hapi' with Paddle's record format)."""
import logging
import os
import sys

__all__ = ["setup_logger"]


def setup_logger(output=None, name="hapi", log_level=logging.INFO):
    """setup_logger(output=None, name='hapi', log_level=logging.INFO) -> logging.Logger: the
    logger `name`, not propagating, at `log_level`, writing
    '%(asctime)s - %(name)s - %(levelname)s - %(message)s' lines to stdout (on trainer 0, once:
    a second call adds no second handler). `output`, a file name ending in .txt/.log or a
    directory (then `output/log.txt`, with `.rank<N>` appended on trainer N > 0), adds a file
    handler; its directory is created first.

    Differences from Paddle: none. As in Paddle 3.3.1, the file handler is a
    `logging.StreamHandler` given the file *name* (not a FileHandler), so no log file is
    written and each record sent to it reports a logging error on stderr; and a bare file name
    such as 'log.txt' (no directory part) fails in os.makedirs('') with FileNotFoundError."""
    logger = logging.getLogger(name)
    logger.propagate = False
    logger.setLevel(log_level)

    format_str = "%(asctime)s - %(name)s - %(levelname)s - %(message)s"
    local_rank = int(os.getenv("PADDLE_TRAINER_ID", "0"))
    if local_rank == 0 and len(logger.handlers) == 0:
        ch = logging.StreamHandler(stream=sys.stdout)
        ch.setLevel(log_level)
        ch.setFormatter(logging.Formatter(format_str))
        logger.addHandler(ch)

    if output is not None:
        if output.endswith(".txt") or output.endswith(".log"):
            filename = output
        else:
            filename = os.path.join(output, "log.txt")
        if local_rank > 0:
            filename = filename + f".rank{local_rank}"
        if not os.path.exists(os.path.dirname(filename)):
            os.makedirs(os.path.dirname(filename))
        fh = logging.StreamHandler(filename)        # Paddle's: a StreamHandler over the name
        fh.setLevel(log_level)
        fh.setFormatter(logging.Formatter(format_str))
        logger.addHandler(fh)
    return logger
