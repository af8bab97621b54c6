"""paddle.dataset.common: where the legacy datasets' files live (`DATA_HOME`) and `download`.

Differences from Paddle: `download` never touches the network. It returns the local file
`DATA_HOME/<module_name>/<file name>` when it exists (the MD5 sum is not checked, so locally
generated stand-in files work) and otherwise raises RuntimeError saying where to put the file.
`DATA_HOME` is read at call time, so setting `paddle.dataset.common.DATA_HOME = "/my/dir"` redirects
every reader created afterwards.
"""
import hashlib
import os

__all__ = []

HOME = os.path.expanduser("~")
DATA_HOME = os.path.join(HOME, ".cache", "paddle", "dataset")


def md5file(fname):
    """The hex MD5 digest of a file (Paddle's helper)."""
    digest = hashlib.md5()
    with open(fname, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def download(url, module_name, md5sum, save_name=None):
    """The local path of `url`'s file under DATA_HOME/module_name (no download; see module doc)."""
    dirname = os.path.join(DATA_HOME, module_name)
    filename = os.path.join(dirname, save_name if save_name is not None else url.split("/")[-1])
    if os.path.exists(filename):
        return filename
    # An uncompressed copy (`train-images-idx3-ubyte`) serves as well as the .gz Paddle fetches.
    if filename.endswith(".gz") and os.path.exists(filename[:-3]):
        return filename[:-3]
    raise RuntimeError(
        f"Cannot download {url}: paddle_compat has no network access and the file is not in the "
        f"local cache. Put {os.path.basename(filename)} (from {url}, md5 {md5sum}) at {filename}, "
        "or set paddle.dataset.common.DATA_HOME to the folder that holds "
        f"'{module_name}/{os.path.basename(filename)}'")


_cached_file = download    # `download` is also the name of the flag below


def _check_exists_and_download(path, url, md5, module_name, download=True):
    """`path` when it exists; else the cached file of `url` (download=True) or Paddle's ValueError."""
    if path and os.path.exists(path):
        return path
    if download:
        return _cached_file(url, module_name, md5)
    raise ValueError(f"{path} not exists and auto download disabled")


def _check_cached(what, files, module_name, arguments):
    """Raise one RuntimeError naming every file of `files` ([(url, md5)]) that is not in
    DATA_HOME/module_name, with its URL, MD5 and where to put it; `what` names the dataset and
    `arguments` the constructor arguments that take local paths instead."""
    dirname = os.path.join(DATA_HOME, module_name)
    missing = []
    for url, md5 in files:
        filename = os.path.join(dirname, url.split("/")[-1])
        if not (os.path.exists(filename)
                or (filename.endswith(".gz") and os.path.exists(filename[:-3]))):
            missing.append((filename, url, md5))
    if not missing:
        return
    lines = "\n".join(f"  {os.path.basename(f)}  (from {u}, md5 {m})" for f, u, m in missing)
    # The first line is Paddle's own message for a failed download (what Paddle raises offline).
    raise RuntimeError(
        f"Cannot download {missing[0][1]} within retry limit 3\n{what}: paddle_compat has no "
        f"network access and {len(missing)} file(s) are not in Paddle's dataset cache:\n{lines}\n"
        f"Download them and put them in {dirname}/ (Paddle's "
        f"own cache directory, so files Paddle already downloaded are found), or pass "
        f"{arguments}.")
