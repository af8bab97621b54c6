"""paddle.nn.functional vision functions (Paddle: nn/functional/vision.py): pixel_shuffle,
pixel_unshuffle, channel_shuffle, grid_sample, affine_grid."""
import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor

__all__ = ["pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "grid_sample", "affine_grid"]


def _check_format(data_format):
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'.But receive "
                         f"Attr(data_format): {data_format} ")


def _shape_str(x):
    return f"paddle.Size({list(x.shape)})"


# ---- pixel shuffle / unshuffle / channel shuffle -------------------------------------------------
def _pixel_shuffle_kernel(x, upscale_factor=1, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.permute(0, 3, 1, 2)
    c = x.shape[1]
    if c % (upscale_factor * upscale_factor) != 0:
        raise ValueError(
            f"(InvalidArgument) The square of upscale_factor[{upscale_factor * upscale_factor}] "
            f"should divide the number of channel[{c}]")
    out = TF.pixel_shuffle(x, upscale_factor)
    return out.permute(0, 2, 3, 1) if data_format == "NHWC" else out


_PIXEL_SHUFFLE = defop("pixel_shuffle", _pixel_shuffle_kernel,
                       attrs={"upscale_factor": 1, "data_format": "NCHW"},
                       api="paddle.nn.functional.pixel_shuffle")


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """paddle.nn.functional.pixel_shuffle(x, upscale_factor, data_format='NCHW'):
    [N, C*r*r, H, W] -> [N, C, H*r, W*r]."""
    if not isinstance(upscale_factor, int):
        raise TypeError("upscale factor must be int type")
    _check_format(data_format)
    return apply_op(_PIXEL_SHUFFLE, (x,), {"upscale_factor": upscale_factor,
                                           "data_format": data_format})


def _pixel_unshuffle_kernel(x, downscale_factor=1, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.permute(0, 3, 1, 2)
    h, w = x.shape[2], x.shape[3]
    if h % downscale_factor or w % downscale_factor:
        raise ValueError(
            f"(InvalidArgument) Downscale_factor[{downscale_factor}] should divide the height"
            f"[{h}] and the width[{w}]")
    out = TF.pixel_unshuffle(x, downscale_factor)
    return out.permute(0, 2, 3, 1) if data_format == "NHWC" else out


_PIXEL_UNSHUFFLE = defop("pixel_unshuffle", _pixel_unshuffle_kernel,
                         attrs={"downscale_factor": 1, "data_format": "NCHW"},
                         api="paddle.nn.functional.pixel_unshuffle")


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """paddle.nn.functional.pixel_unshuffle(x, downscale_factor, data_format='NCHW'):
    [N, C, H*r, W*r] -> [N, C*r*r, H, W]."""
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of "
                         f"{_shape_str(x)}")
    if not isinstance(downscale_factor, int):
        raise TypeError("Downscale factor must be int type")
    if downscale_factor <= 0:
        raise ValueError("Downscale factor must be positive")
    _check_format(data_format)
    return apply_op(_PIXEL_UNSHUFFLE, (x,), {"downscale_factor": downscale_factor,
                                             "data_format": data_format})


def _channel_shuffle_kernel(x, groups=1, data_format="NCHW"):
    if data_format == "NHWC":
        x = x.permute(0, 3, 1, 2)
    n, c, h, w = x.shape
    if c % groups != 0:
        raise ValueError(f"(InvalidArgument) The number of groups to divide channels in "
                         f"[{groups}] should divide the number of channel [{c}]")
    out = x.reshape(n, groups, c // groups, h, w).transpose(1, 2).reshape(n, c, h, w)
    return out.permute(0, 2, 3, 1) if data_format == "NHWC" else out


_CHANNEL_SHUFFLE = defop("channel_shuffle", _channel_shuffle_kernel,
                         attrs={"groups": 1, "data_format": "NCHW"},
                         api="paddle.nn.functional.channel_shuffle")


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """paddle.nn.functional.channel_shuffle(x, groups, data_format='NCHW'): channels seen as
    [groups, C/groups] and transposed."""
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of "
                         f"{_shape_str(x)}")
    if not isinstance(groups, int):
        raise TypeError("groups must be int type")
    if groups <= 0:
        raise ValueError("groups must be positive")
    _check_format(data_format)
    return apply_op(_CHANNEL_SHUFFLE, (x,), {"groups": groups, "data_format": data_format})


# ---- grid_sample / affine_grid ------------------------------------------------------------------
def _grid_sample_kernel(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True):
    return TF.grid_sample(x, grid.to(x.dtype), mode=mode, padding_mode=padding_mode,
                          align_corners=align_corners)


_GRID_SAMPLE = defop("grid_sampler", _grid_sample_kernel, inputs=("X", "Grid"), outputs=("Output",),
                     attrs={"mode": "bilinear", "padding_mode": "zeros", "align_corners": True},
                     api="paddle.nn.functional.grid_sample")


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """paddle.nn.functional.grid_sample(x, grid, mode='bilinear', padding_mode='zeros',
    align_corners=True): x [N, C, H, W] (or [N, C, D, H, W]) sampled at grid [N, Ho, Wo, 2]
    (x, y in [-1, 1]); mode 'bilinear' or 'nearest', padding_mode 'zeros', 'border' or
    'reflection'. Note Paddle's default align_corners=True."""
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"(InvalidArgument) The mode of grid sample function should be in "
                         f"['bilinear', 'nearest'], but got: {mode}")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"(InvalidArgument) The padding mode of grid sample function should be "
                         f"in ['zeros', 'reflection', 'border'], but got: {padding_mode}")
    if not isinstance(align_corners, bool):
        raise ValueError(f"The align corners should be bool, but got: {align_corners}")
    if len(x.shape) not in (4, 5) or len(grid.shape) != len(x.shape) or \
            grid.shape[-1] != len(x.shape) - 2 or grid.shape[0] != x.shape[0]:
        raise ValueError(
            f"(InvalidArgument) grid_sample needs x [N, C, H, W] with grid [N, H_out, W_out, 2] "
            f"(or 5-D x with grid [N, D_out, H_out, W_out, 3]), but received x's shape "
            f"{list(x.shape)} and grid's shape {list(grid.shape)}")
    return apply_op(_GRID_SAMPLE, (x, grid), {"mode": mode, "padding_mode": padding_mode,
                                              "align_corners": align_corners})


def _affine_grid_kernel(theta, output_shape=(), align_corners=True):
    return TF.affine_grid(theta, list(output_shape), align_corners=align_corners)


_AFFINE_GRID = defop("affine_grid", _affine_grid_kernel, inputs=("Theta",), outputs=("Output",),
                     attrs={"output_shape": (), "align_corners": True},
                     api="paddle.nn.functional.affine_grid")


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """paddle.nn.functional.affine_grid(theta, out_shape, align_corners=True): the sampling grid
    [N, H, W, 2] (or [N, D, H, W, 3]) of the affine maps theta [N, 2, 3] (or [N, 3, 4]) for an
    output of out_shape [N, C, H, W] (or [N, C, D, H, W])."""
    if not isinstance(theta, Tensor):
        raise TypeError("The theta should be a Tensor.")
    if isinstance(out_shape, Tensor):
        if out_shape.size == 0:
            raise ValueError("The out_shape cannot be empty.")
        out_shape = out_shape.tolist()
    out_shape = [int(v) for v in out_shape]
    nd = len(out_shape) - 2
    if nd not in (2, 3) or list(theta.shape[1:]) != [nd, nd + 1] or theta.shape[0] != out_shape[0]:
        raise ValueError(
            f"(InvalidArgument) affine_grid needs theta [N, 2, 3] with out_shape [N, C, H, W] "
            f"(or theta [N, 3, 4] with [N, C, D, H, W]), but received theta's shape "
            f"{list(theta.shape)} and out_shape {out_shape}")
    return apply_op(_AFFINE_GRID, (theta,), {"output_shape": tuple(out_shape),
                                             "align_corners": bool(align_corners)})
