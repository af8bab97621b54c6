"""The one way a text dataset finds its file: the path given, else Paddle's cache
(~/.cache/paddle/dataset/<module>/<file name of the URL>), else one RuntimeError naming the file,
its URL, MD5 and where to put it (paddle_compat never downloads)."""
from ..._dataset import common

__all__ = ["locate"]


def locate(path, url, md5, module_name, download, what, argument):
    """`path` when given; else the cached file of `url` (Paddle's assert when download is False)."""
    if path is not None:
        return path
    assert download, f"{argument} is not set and downloading automatically is disabled"
    common._check_cached(what, [(url, md5)], module_name, f"{argument}=")
    return common._check_exists_and_download(path, url, md5, module_name, download)
