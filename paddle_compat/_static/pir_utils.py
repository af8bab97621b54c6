"""paddle.pir_utils: switch the static face between PIR and the legacy IR for a block of code.

Paddle's guards flip FLAGS_enable_pir_api and swap `paddle.static.Program` & co between its two
IRs. paddle_compat records one IR and shows two faces of it (pir_ops.py), so a guard only flips
which face is shown (`_mode.STATE.pir`); `IrGuard` / `OldIrGuard` also enter static mode for the
block when called in dynamic mode, as Paddle's do.
"""
from .. import _flags
from .._mode import STATE
from .builder import enable_static, disable_static

__all__ = ["IrGuard", "OldIrGuard", "DygraphPirGuard", "DygraphOldIrGuard"]


class _Guard:
    _pir = True
    _static = True

    def __enter__(self):
        self.in_dygraph_outside = not STATE.static
        self.old_flag = STATE.pir
        self.old_value = _flags._VALUES["FLAGS_enable_pir_api"]
        if self._static and self.in_dygraph_outside:
            enable_static()
        # as Paddle's guards: both the flag and the face
        STATE.pir = _flags._VALUES["FLAGS_enable_pir_api"] = self._pir
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        if self._static and self.in_dygraph_outside:
            disable_static()
        STATE.pir = self.old_flag
        _flags._VALUES["FLAGS_enable_pir_api"] = self.old_value
        return False


class IrGuard(_Guard):
    """paddle.pir_utils.IrGuard(): static mode with the PIR face inside the `with` block."""


class OldIrGuard(_Guard):
    """paddle.pir_utils.OldIrGuard(): static mode with the legacy IR face inside the block."""
    _pir = False


class DygraphPirGuard(_Guard):
    """paddle.pir_utils.DygraphPirGuard(): the PIR face inside the block, the mode unchanged."""
    _static = False


class DygraphOldIrGuard(_Guard):
    """paddle.pir_utils.DygraphOldIrGuard(): the legacy face inside the block, mode unchanged."""
    _pir = False
    _static = False
