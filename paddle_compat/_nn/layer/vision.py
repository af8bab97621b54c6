"""paddle.nn vision layers (Paddle: nn/layer/vision.py): PixelShuffle, PixelUnshuffle,
ChannelShuffle."""
from ..functional import vision as FV
from .layers import Layer

__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle"]


def _check_format(data_format):
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError(f"Data format should be 'NCHW' or 'NHWC'.But receive data format: "
                         f"{data_format}")


def _repr(main, data_format, name):
    if data_format != "NCHW":
        main += f", data_format={data_format}"
    if name is not None:
        main += f", name={name}"
    return main


class PixelShuffle(Layer):
    """paddle.nn.PixelShuffle(upscale_factor, data_format='NCHW'): [N, C*r*r, H, W] ->
    [N, C, H*r, W*r]."""

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(upscale_factor, int):
            raise TypeError("upscale factor must be int type")
        _check_format(data_format)
        self._upscale_factor, self._data_format, self._name = upscale_factor, data_format, name

    def forward(self, x):
        return FV.pixel_shuffle(x, self._upscale_factor, self._data_format)

    def extra_repr(self):
        return _repr(f"upscale_factor={self._upscale_factor}", self._data_format, self._name)


class PixelUnshuffle(Layer):
    """paddle.nn.PixelUnshuffle(downscale_factor, data_format='NCHW'): [N, C, H*r, W*r] ->
    [N, C*r*r, H, W]."""

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(downscale_factor, int):
            raise TypeError("Downscale factor must be int type")
        if downscale_factor <= 0:
            raise ValueError("Downscale factor must be positive")
        _check_format(data_format)
        self._downscale_factor, self._data_format, self._name = \
            downscale_factor, data_format, name

    def forward(self, x):
        return FV.pixel_unshuffle(x, self._downscale_factor, self._data_format)

    def extra_repr(self):
        return _repr(f"downscale_factor={self._downscale_factor}", self._data_format, self._name)


class ChannelShuffle(Layer):
    """paddle.nn.ChannelShuffle(groups, data_format='NCHW')."""

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError("groups must be int type")
        if groups <= 0:
            raise ValueError("groups must be positive")
        _check_format(data_format)
        self._groups, self._data_format, self._name = groups, data_format, name

    def forward(self, x):
        return FV.channel_shuffle(x, self._groups, self._data_format)

    def extra_repr(self):
        return _repr(f"groups={self._groups}", self._data_format, self._name)
