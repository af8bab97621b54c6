"""paddle.incubate.xpu: Kunlun XPU-only fused layers (explicit re-exports, no logic; the room is
paddle_compat/_incubate/xpu/)."""
from ..._incubate.xpu.resnet_block import ResNetBasicBlock
from . import resnet_block

__all__ = ["ResNetBasicBlock"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
