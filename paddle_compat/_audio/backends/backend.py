"""paddle.audio.info / load / save and AudioInfo: each call goes to the current audio backend
(paddle.audio.backends.set_backend picks it; 'wave_backend' by default).

Paddle 3.3.1 rebinds the functions themselves (`paddle.audio.load = paddleaudio.load`) when the
backend changes; here `paddle.audio.load` is one function that calls the current backend's, so a
script sees the same behaviour whichever way it reaches the name.
"""
__all__ = ["AudioInfo", "info", "load", "save"]


class AudioInfo:
    """Audio info, the return type of a backend's info(): sample_rate, num_samples,
    num_channels, bits_per_sample, encoding."""

    def __init__(self, sample_rate, num_samples, num_channels, bits_per_sample, encoding):
        self.sample_rate = sample_rate
        self.num_samples = num_samples
        self.num_channels = num_channels
        self.bits_per_sample = bits_per_sample
        self.encoding = encoding


class _Current:
    """The module whose info/load/save serve now (wave_backend, or paddleaudio once
    set_backend picks one of its backends)."""
    module = None


_CURRENT = _Current()


def _backend():
    if _CURRENT.module is None:
        from . import wave_backend
        _CURRENT.module = wave_backend
    return _CURRENT.module


def info(filepath):
    """paddle.audio.info(filepath): an AudioInfo (sample_rate, num_samples, num_channels,
    bits_per_sample, encoding) of the audio file at `filepath` (a path or a binary file object),
    read by the current backend."""
    return _backend().info(filepath)


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    """paddle.audio.load(filepath, frame_offset=0, num_frames=-1, normalize=True,
    channels_first=True): (waveform Tensor, sample_rate) of the audio file at `filepath`, read by
    the current backend (see paddle.audio.backends.wave_backend.load for the default one)."""
    return _backend().load(filepath, frame_offset=frame_offset, num_frames=num_frames,
                           normalize=normalize, channels_first=channels_first)


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16):
    """paddle.audio.save(filepath, src, sample_rate, channels_first=True, encoding=None,
    bits_per_sample=16): write the 2-D audio Tensor `src` to `filepath` with the current backend
    (see paddle.audio.backends.wave_backend.save for the default one)."""
    return _backend().save(filepath, src, sample_rate, channels_first=channels_first,
                           encoding=encoding, bits_per_sample=bits_per_sample)
