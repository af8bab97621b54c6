"""paddle.onnx: export (torch.onnx's exporter; needs the optional onnx and onnxscript packages)."""
from ._onnx.export import export

__all__ = ["export"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
