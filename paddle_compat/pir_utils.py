"""paddle.pir_utils: the guards that choose the static graph's face (PIR or legacy IR)."""
from ._static.pir_utils import IrGuard, OldIrGuard, DygraphPirGuard, DygraphOldIrGuard

__all__ = ["IrGuard", "OldIrGuard", "DygraphPirGuard", "DygraphOldIrGuard"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
