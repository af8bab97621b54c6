"""paddle.hub (Paddle: hapi/hub.py): models published in a repository's hubconf.py.

`list`, `help` and `load` fetch a GitHub/Gitee repository and execute its hubconf.py; paddle_compat
never runs code from a downloaded file (docs/security.md), so they raise one clear error naming
what to use instead (build the model class yourself and load its weights with paddle.load, or
import a local hubconf.py as an ordinary module). `load_state_dict_from_url` only downloads a
weights file and reads it through paddle.load's safe loader, so it is provided.
"""
import os

from .._serialization import load as _load
from .._utils.download import get_path_from_url

__all__ = ["list", "help", "load", "load_state_dict_from_url"]

HUB_DIR = os.path.join(os.path.expanduser("~"), ".cache", "paddle", "hub")


def _unsupported(api):
    return NotImplementedError(
        f"paddle.hub.{api} is not supported by paddle_compat: it downloads a repository and runs "
        "its hubconf.py, and paddle_compat never executes code from downloaded files. Build the "
        "model from its class and load the weights with paddle.load (or "
        "paddle.hub.load_state_dict_from_url), or import a local hubconf.py as a module")


def list(repo_dir, source="github", force_reload=False):
    """paddle.hub.list(repo_dir, source='github', force_reload=False): not supported; raises
    NotImplementedError (see the module docstring)."""
    raise _unsupported("list")


def help(repo_dir, model, source="github", force_reload=False):
    """paddle.hub.help(repo_dir, model, ...): not supported; raises NotImplementedError."""
    raise _unsupported("help")


def load(repo_dir, model, source="github", force_reload=False, **kwargs):
    """paddle.hub.load(repo_dir, model, ...): not supported; raises NotImplementedError."""
    raise _unsupported("load")


def load_state_dict_from_url(url, model_dir=None, check_hash=False, file_name=None,
                             map_location=None):
    """paddle.hub.load_state_dict_from_url(url, model_dir=None, check_hash=False, file_name=None,
    map_location=None): download the weights file at `url` into `model_dir` (default
    ~/.cache/paddle/hub/checkpoints) unless it is there, and return paddle.load of it (the safe
    loader: the file never runs code).

    Differences from Paddle: check_hash is not supported (no hash prefix is checked);
    map_location 'numpy'/'np' returns numpy arrays as in paddle.load(return_numpy=True), other
    values keep the current device."""
    if check_hash:
        raise NotImplementedError("paddle.hub.load_state_dict_from_url: check_hash=True is not "
                                  "supported by paddle_compat; compare the file's hash yourself")
    root = model_dir or os.path.join(HUB_DIR, "checkpoints")
    path = get_path_from_url(url, root, file_name=file_name)
    return _load(path, return_numpy=map_location in ("numpy", "np"))
