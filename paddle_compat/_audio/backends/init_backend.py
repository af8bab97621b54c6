"""paddle.audio.backends: list_available_backends, get_current_backend, set_backend.

Follows Paddle 3.3.1's python/paddle/audio/backends/init_backend.py (Apache-2.0): 'wave_backend'
(the standard library's `wave`, 16-bit PCM WAV only) is always there; the `paddleaudio` package
(>= 1.0.2), when installed, adds its backends ('soundfile', ...), which set_backend switches
paddle.audio.load/save/info to. paddleaudio is optional: without it list_available_backends warns
with Paddle's text and returns ['wave_backend'].

Differences from Paddle: set_backend with a name that is not available raises NotImplementedError
with a message naming the backends there are and the package that adds the others (Paddle's has
no message).
"""
import sys
import warnings

from . import backend, wave_backend

__all__ = ["list_available_backends", "get_current_backend", "set_backend"]


def _check_version(version):
    """Whether a paddleaudio version string is >= 1.0.2 (Paddle's rule)."""
    v0, v1, v2 = (int(v) for v in version.split(".")[:3])
    if v0 < 1:
        return False
    if v0 == 1 and v1 == 0 and v2 <= 1:
        return False
    return True


def list_available_backends():
    """paddle.audio.backends.list_available_backends(): the backends paddleaudio offers (when it
    is installed, version >= 1.0.2) followed by 'wave_backend'. Without paddleaudio it warns
    (UserWarning, Paddle's text) and returns ['wave_backend']; an older paddleaudio raises
    ImportError."""
    backends = []
    try:
        import paddleaudio
    except ImportError:
        package = "paddleaudio"
        warnings.warn(f"Failed importing {package}. \n"
                      "only wave_backend(only can deal with PCM16 WAV) supported.\n"
                      "if want soundfile_backend(more audio type supported),\n"
                      f"please manually installed (usually with `pip install {package} >= 1.0.2`). ")
    if "paddleaudio" in sys.modules:
        import paddleaudio
        version = paddleaudio.__version__
        if not _check_version(version):
            raise ImportError(f"the version of paddleaudio installed is {version},\n"
                              "please ensure the paddleaudio >= 1.0.2.")
        backends = paddleaudio.backends.list_audio_backends()
    backends.append("wave_backend")
    return backends


def get_current_backend():
    """paddle.audio.backends.get_current_backend(): 'wave_backend', or the name of paddleaudio's
    current backend when set_backend has switched paddle.audio.load to paddleaudio."""
    if "paddleaudio" in sys.modules:
        import paddleaudio
        current_backend = paddleaudio.backends.get_audio_backend()
        if backend._backend() is paddleaudio:
            return current_backend
    return "wave_backend"


def set_backend(backend_name):
    """paddle.audio.backends.set_backend(backend_name): make paddle.audio.load/save/info use
    `backend_name`, one of list_available_backends() ('wave_backend', the default, or a
    paddleaudio backend such as 'soundfile').

    Differences from Paddle: an unavailable name raises NotImplementedError naming the available
    backends and the paddleaudio package (Paddle raises it without a message)."""
    available = list_available_backends()
    if backend_name not in available:
        raise NotImplementedError(
            f"audio backend {backend_name!r} is not available; the available backends are "
            f"{available}. Backends other than 'wave_backend' (16-bit PCM WAV) come from the "
            "optional paddleaudio package (`pip install paddleaudio>=1.0.2`, which brings "
            "soundfile).")
    if backend_name == "wave_backend":
        module = wave_backend
    else:
        import paddleaudio
        paddleaudio.backends.set_audio_backend(backend_name)
        module = paddleaudio
    backend._CURRENT.module = module
