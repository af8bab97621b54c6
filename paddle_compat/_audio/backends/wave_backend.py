"""paddle.audio.backends.wave_backend: Paddle 3.3.1's default audio backend, 16-bit PCM WAV files
through the standard library's `wave` module (python/paddle/audio/backends/wave_backend.py,
Apache-2.0).

load() returns float32 samples, divided by 2**15 when `normalize` (else the raw integer values,
still float32, as Paddle returns them), shaped [channels, time] when `channels_first`; frames are
cut to [frame_offset, frame_offset + num_frames) only when num_frames != -1 (Paddle ignores
frame_offset otherwise). save() writes 16-bit PCM: float32 input is scaled by 2**15 and cast to
int16 (wrapping at +1.0 as numpy's cast does in Paddle), other dtypes are written as their raw
bytes, as in Paddle. Files that `wave` cannot read raise NotImplementedError with Paddle's text,
which names the `paddleaudio` package (the soundfile backend) for other formats.

Differences from Paddle: save() writes the file atomically (a temporary file in the same folder,
fsync, rename) when given a path; load() rejects WAV files whose samples are not 16-bit with the
same NotImplementedError instead of reading their bytes as int16 (Paddle returns wrong values or
fails in a reshape there).
"""
import os
import wave

import numpy as np

from ..._atomic_file import atomic_write
from ..._creation_core import to_tensor
from ..._dtype import DTYPES
from ..._ops.manipulation import transpose
from .backend import AudioInfo

__all__ = ["info", "load", "save"]


def _error_message():
    package = "paddleaudio"
    return ("only PCM16 WAV supported. \n"
            "if want support more other audio types, please "
            f"manually installed (usually with `pip install {package}`). \n "
            "and use paddle.audio.backends.set_backend('soundfile') to set audio backend")


def _open(filepath):
    """(wave reader, the file object) for a path or a binary file object; a file `wave` cannot
    read raises Paddle's NotImplementedError."""
    file_obj = filepath if hasattr(filepath, "read") else open(filepath, "rb")
    try:
        file_ = wave.open(file_obj)
    except wave.Error:
        file_obj.seek(0)
        file_obj.close()
        raise NotImplementedError(_error_message()) from None
    return file_, file_obj


def info(filepath):
    """paddle.audio.backends.wave_backend.info(filepath): AudioInfo(sample_rate, num_samples,
    num_channels, bits_per_sample, encoding='PCM_S') of a PCM WAV file (a path or a binary file
    object, which is closed afterwards as Paddle closes it)."""
    file_, file_obj = _open(filepath)
    channels = file_.getnchannels()
    sample_rate = file_.getframerate()
    sample_frames = file_.getnframes()
    bits_per_sample = file_.getsampwidth() * 8
    file_obj.close()
    return AudioInfo(sample_rate, sample_frames, channels, bits_per_sample, "PCM_S")


def load(filepath, frame_offset=0, num_frames=-1, normalize=True, channels_first=True):
    """paddle.audio.backends.wave_backend.load(filepath, frame_offset=0, num_frames=-1,
    normalize=True, channels_first=True): (float32 waveform Tensor, sample_rate) of a 16-bit PCM
    WAV file; see the module doc for the scaling and Paddle's frame_offset rule.

    Differences from Paddle: a WAV file with other than 16-bit samples raises the
    NotImplementedError Paddle raises for files `wave` cannot open."""
    file_, file_obj = _open(filepath)
    if file_.getsampwidth() != 2:
        # Paddle decodes any sample width as int16 (wrong values, or a failed reshape)
        file_obj.close()
        raise NotImplementedError(_error_message())
    channels = file_.getnchannels()
    sample_rate = file_.getframerate()
    frames = file_.getnframes()
    audio_content = file_.readframes(frames)
    file_obj.close()

    audio = np.frombuffer(audio_content, dtype="<i2").astype(np.float32)
    if normalize:
        audio = audio / (2 ** 15)
    waveform = np.reshape(audio, (frames, channels))
    if num_frames != -1:
        waveform = waveform[frame_offset:frame_offset + num_frames, :]
    waveform = to_tensor(waveform)
    if channels_first:
        waveform = transpose(waveform, perm=[1, 0])
    return waveform, sample_rate


def _write(f, audio_numpy, channels, sample_width, sample_rate):
    with wave.open(f, "w") as w:
        w.setnchannels(channels)
        w.setsampwidth(sample_width)
        w.setframerate(sample_rate)
        w.writeframes(audio_numpy.tobytes())


def save(filepath, src, sample_rate, channels_first=True, encoding=None, bits_per_sample=16):
    """paddle.audio.backends.wave_backend.save(filepath, src, sample_rate, channels_first=True,
    encoding=None, bits_per_sample=16): write the 2-D Tensor `src` ([channels, time], or
    [time, channels] when not channels_first) as a 16-bit PCM WAV file. A src that is not 2-D
    raises AssertionError('Expected 2D tensor'), bits_per_sample other than 16 ValueError, as in
    Paddle; `encoding` is ignored (only PCM16 is written).

    Differences from Paddle: a path is written atomically (temporary file, fsync, rename)."""
    if src.ndim != 2:
        raise AssertionError("Expected 2D tensor")
    audio_numpy = src.numpy()
    if channels_first:
        audio_numpy = np.transpose(audio_numpy)
    channels = audio_numpy.shape[1]
    if bits_per_sample not in (None, 16):
        raise ValueError("Invalid bits_per_sample, only support 16 bit")
    sample_width = int(bits_per_sample / 8)
    if src.dtype == DTYPES["float32"]:
        audio_numpy = (audio_numpy * (2 ** 15)).astype("<h")

    if hasattr(filepath, "write"):
        _write(filepath, audio_numpy, channels, sample_width, sample_rate)
        return
    with atomic_write(os.fspath(filepath)) as f:
        _write(f, audio_numpy, channels, sample_width, sample_rate)
