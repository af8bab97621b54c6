"""paddle.vision.models._utils: `_make_divisible`, `IntermediateLayerGetter`, and the pretrained
weights lookup every builder shares (Paddle's `get_weights_path_from_url` + `paddle.load`).

Differences from Paddle: there is no network. `pretrained=True` reads the weights file from
Paddle's own weights cache, `~/.cache/paddle/hapi/weights/<file name of the URL>` (the path
`paddle.utils.download.get_weights_path_from_url` downloads to), through the safe loader; when the
file is absent, or its MD5 sum is not the published one, one RuntimeError names the file, its URL,
its MD5 sum and where to put it.
"""
import hashlib
import os
from collections import OrderedDict

from ..._nn.layer.common import Linear
from ..._nn.layer.container import LayerDict
from ..._ops.manipulation import flatten
from ..._serialization import load

__all__ = []


def _make_divisible(v, divisor=8, min_value=None):
    """The channel count nearest `v` that `divisor` divides, never more than 10% below `v`."""
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def weights_home():
    """Paddle's WEIGHTS_HOME, `~/.cache/paddle/hapi/weights`, expanded when called."""
    return os.path.join(os.path.expanduser("~"), ".cache", "paddle", "hapi", "weights")


def _md5(path):
    digest = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def weights_path(url, md5sum=None):
    """The local copy of the weights at `url` in Paddle's weights cache, or a RuntimeError that
    says which file (URL, MD5) to put where."""
    path = os.path.join(weights_home(), url.split("/")[-1])
    where = (f"Put the file {os.path.basename(path)} (from {url}, md5 {md5sum}) at {path}")
    if not os.path.isfile(path):
        raise RuntimeError(f"Cannot download {url}: paddle_compat has no network access and the "
                           f"pretrained weights are not in Paddle's weights cache. {where}.")
    if md5sum is not None and _md5(path) != md5sum:
        raise RuntimeError(f"The pretrained weights file {path} has md5 {_md5(path)}, not the "
                           f"published {md5sum} (a partial or different download). {where}.")
    return path


def load_pretrained(model, arch, model_urls):
    """Paddle's `pretrained=True` branch: assert the architecture has weights, then load them."""
    assert arch in model_urls, (
        f"{arch} model do not have a pretrained model now, you should set pretrained=False")
    url, md5sum = model_urls[arch]
    model.set_dict(load(weights_path(url, md5sum)))
    return model


class IntermediateLayerGetter(LayerDict):
    """Wrap `model`'s direct sublayers up to the last one named in `return_layers` and return the
    outputs of those named layers, as an OrderedDict keyed by their new names."""

    def __init__(self, model, return_layers):
        if not set(return_layers).issubset([name for name, _ in model.named_children()]):
            raise ValueError("return_layers are not present in model")
        orig_return_layers = return_layers
        return_layers = {str(k): str(v) for k, v in return_layers.items()}
        layers = OrderedDict()
        for name, module in model.named_children():
            layers[name] = module
            if name in return_layers:
                del return_layers[name]
            if not return_layers:
                break
        super().__init__(layers)
        self.return_layers = orig_return_layers

    def forward(self, x):
        out = OrderedDict()
        for name, module in self.items():
            if (isinstance(module, Linear) and x.ndim == 4) or (
                    len(module.sublayers()) > 0 and isinstance(module.sublayers()[0], Linear)
                    and x.ndim == 4):
                x = flatten(x, 1)
            x = module(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out
