"""paddle.base.libpaddle.pir: the PIR core types (the same objects as paddle.pir's)."""
from ...pir import Program, Block, Value, Operation, OpOperand

__all__ = ["Program", "Block", "Value", "Operation", "OpOperand"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
