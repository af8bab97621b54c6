"""paddle.pir: the types of Paddle's PIR face, as scripts meet them (isinstance checks, the objects
a program's ops and values are). paddle_compat has one recorded IR with two faces
(paddle_compat/_static/pir_ops.py): a PIR Value is a static Variable, a PIR Program the Program."""
from .._static.ir import Program, Block
from .._static.ir import Variable as Value
from .._static.pir_ops import Operation, OpOperand

__all__ = ["Program", "Block", "Value", "Operation", "OpOperand"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
