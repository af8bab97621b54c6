"""paddle.vision.ops: detection operators and their layers."""
from .._vision.ops import (ConvNormActivation, DeformConv2D, PSRoIPool, RoIAlign, RoIPool,
                           box_coder, decode_jpeg, deform_conv2d,
                           distribute_fpn_proposals, generate_proposals, matrix_nms, nms, prior_box, psroi_pool,
                           read_file, roi_align, roi_pool, yolo_box, yolo_loss)

__all__ = ["yolo_loss", "yolo_box", "prior_box", "box_coder", "deform_conv2d", "DeformConv2D", "read_file",
           "decode_jpeg", "roi_pool", "RoIPool", "psroi_pool", "PSRoIPool", "roi_align",
           "RoIAlign", "nms", "matrix_nms", "distribute_fpn_proposals",
           "generate_proposals"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
