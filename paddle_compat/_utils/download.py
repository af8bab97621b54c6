"""paddle.utils.download (Paddle: utils/download.py): get_weights_path_from_url, the local copy of
a file (pretrained weights) in Paddle's weights cache, `~/.cache/paddle/hapi/weights`, downloaded
there first when it is not present.

The download uses the standard library (urllib) and is written atomically (a temporary file in the
same directory, fsync, rename), so an interrupted download never leaves a partial file at the
final path; an MD5 sum, when given, is checked before the file is kept.

Differences from Paddle: archives (.tar/.zip) are kept as downloaded, not unpacked; a failed
download raises RuntimeError naming the URL and where to put the file by hand.
"""
import hashlib
import os
import urllib.request

from .._atomic_file import atomic_write

__all__ = ["get_weights_path_from_url", "get_path_from_url", "WEIGHTS_HOME"]

WEIGHTS_HOME = os.path.join(os.path.expanduser("~"), ".cache", "paddle", "hapi", "weights")


def _md5(path):
    digest = hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def get_weights_path_from_url(url, md5sum=None):
    """paddle.utils.download.get_weights_path_from_url(url, md5sum=None): the path of the file at
    `url` in Paddle's weights cache (WEIGHTS_HOME/<the URL's file name>), downloading it first
    when it is absent or its MD5 sum is not `md5sum`."""
    return get_path_from_url(url, WEIGHTS_HOME, md5sum)


def get_path_from_url(url, root_dir, md5sum=None, file_name=None):
    """The local copy of the file at `url` in `root_dir` (named `file_name`, default the URL's last
    part), downloaded atomically first when absent or when its MD5 sum is not `md5sum`."""
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise AssertionError("downloading from {} not a url".format(url))
    path = os.path.join(root_dir, file_name or url.split("/")[-1])
    if os.path.isfile(path) and (md5sum is None or _md5(path) == md5sum):
        return path
    os.makedirs(root_dir, exist_ok=True)
    hint = f"Put the file {os.path.basename(path)} from {url} at {path}"
    try:
        with urllib.request.urlopen(url, timeout=60) as response, atomic_write(path) as out:
            for chunk in iter(lambda: response.read(1 << 20), b""):
                out.write(chunk)
    except OSError as e:
        raise RuntimeError(f"Cannot download {url}: {e}. {hint}.") from e
    if md5sum is not None and _md5(path) != md5sum:
        got = _md5(path)
        os.remove(path)
        raise RuntimeError(f"The file downloaded from {url} has md5 {got}, not {md5sum}. {hint}.")
    return path
