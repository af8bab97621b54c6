"""paddle.signal: Paddle 3.3.1's short-time Fourier transforms (mirrors paddle/signal.py).

`stft` and `istft` follow Paddle's Python code step by step: pad the signal (`pad`, reflect or
constant, in NLC layout), cut it into frames (the `frame` op), window and transform each frame
(`fft_r2c` / `fft_c2c` / `fft_c2r`), and for the inverse overlap-add the frames (the `overlap_add`
op) and divide by the overlap-added squared window. `frame` and `overlap_add` are registered under
Paddle's op types and attributes (X; frame_length, hop_length, axis / hop_length, axis).

Paddle's argument checks here are Python `assert`s, so bad arguments raise AssertionError with
Paddle's texts; they are raised explicitly, so they stay under `python -O`.

Differences from Paddle: none known in dynamic mode. In static mode the checks that read the input's
length (n_fft against the signal length, the spectrum size, the NOLA condition) are skipped, as in
Paddle.
"""
import torch

from ._mode import STATE
from ._nn.functional.common import pad
from ._ops._checks import check_variable_and_dtype
from ._ops.creation import ones
from ._ops.fft import fft_c2c, fft_c2r, fft_r2c
from ._ops.manipulation import squeeze, tile, transpose, unsqueeze
from ._ops.registry import apply_op, defop

__all__ = ["stft", "istft", "frame", "overlap_add"]


def _require(ok, message):
    if not ok:
        raise AssertionError(message)


# ---- frame / overlap_add ops -----------------------------------------------------------------------
def _frame_kernel(X, frame_length=1, hop_length=1, axis=-1):
    if axis == 0:        # [seq, ...] -> [n_frames, frame_length, ...]
        return X.unfold(0, frame_length, hop_length).movedim(-1, 1)
    # [..., seq] -> [..., frame_length, n_frames]
    return X.unfold(-1, frame_length, hop_length).transpose(-1, -2)


def _overlap_add_kernel(X, hop_length=1, axis=-1):
    if axis == 0:        # [n_frames, frame_length, ...] -> [seq, ...]
        X = X.movedim((0, 1), (-1, -2))
    fl, nf = X.shape[-2], X.shape[-1]
    seq = (nf - 1) * hop_length + fl
    # Position of frame f's sample i in the output: f * hop + i.
    index = (torch.arange(fl, device=X.device)[:, None]
             + hop_length * torch.arange(nf, device=X.device)[None, :]).reshape(-1)
    out = X.new_zeros(X.shape[:-2] + (seq,))
    out = out.index_add(-1, index, X.reshape(X.shape[:-2] + (fl * nf,)))
    return out.movedim(-1, 0) if axis == 0 else out


FRAME = defop("frame", _frame_kernel, attrs={"frame_length": 1, "hop_length": 1, "axis": -1},
              api="paddle.signal.stft")
OVERLAP_ADD = defop("overlap_add", _overlap_add_kernel, attrs={"hop_length": 1, "axis": -1},
                    api="paddle.signal.istft")


def frame(x, frame_length, hop_length, axis=-1, name=None):
    """Slice x into frames of `frame_length` every `hop_length` samples along axis 0 or -1
    (Paddle's paddle.signal.frame, not in paddle.signal's public list)."""
    if axis not in [0, -1]:
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    if not isinstance(frame_length, int) or frame_length <= 0:
        raise ValueError(f"Unexpected frame_length: {frame_length}. It should be an positive "
                         f"integer.")
    if not isinstance(hop_length, int) or hop_length <= 0:
        raise ValueError(f"Unexpected hop_length: {hop_length}. It should be an positive integer.")
    if not STATE.static and frame_length > x.shape[axis]:
        raise ValueError(f"Attribute frame_length should be less equal than sequence length, but "
                         f"got ({frame_length}) > ({x.shape[axis]}).")
    return apply_op(FRAME, (x,), {"frame_length": frame_length, "hop_length": hop_length,
                                  "axis": axis})


def overlap_add(x, hop_length, axis=-1, name=None):
    """Overlap-add frames spaced `hop_length` apart along axis 0 or -1 (the inverse layout of
    `frame`; Paddle's paddle.signal.overlap_add, not in paddle.signal's public list)."""
    if axis not in [0, -1]:
        raise ValueError(f"Unexpected axis: {axis}. It should be 0 or -1.")
    if not isinstance(hop_length, int) or hop_length <= 0:
        raise ValueError(f"Unexpected hop_length: {hop_length}. It should be an positive integer.")
    return apply_op(OVERLAP_ADD, (x,), {"hop_length": hop_length, "axis": axis})


# ---- stft / istft ----------------------------------------------------------------------------------
def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode="reflect",
         normalized=False, onesided=None, name=None):
    """paddle.signal.stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
    pad_mode='reflect', normalized=False, onesided=None, name=None): short-time Fourier transform
    of a 1-D [seq] or 2-D [batch, seq] signal; result [(batch,) n_fft or n_fft//2+1, num_frames].

    Differences from Paddle: none known."""
    x_rank = len(x.shape)
    _require(x_rank in [1, 2], f"x should be a 1D or 2D real tensor, but got rank of x is {x_rank}")
    if x_rank == 1:
        x = unsqueeze(x, 0)
    if hop_length is None:
        hop_length = int(n_fft // 4)
    _require(hop_length > 0, f"hop_length should be > 0, but got {hop_length}.")
    if win_length is None:
        win_length = n_fft
    if not STATE.static:
        _require(0 < n_fft <= x.shape[-1],
                 f"n_fft should be in (0, seq_length({x.shape[-1]})], but got {n_fft}.")
    _require(0 < win_length <= n_fft,
             f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    if window is not None:
        _require(len(window.shape) == 1 and window.shape[0] == win_length,
                 f"expected a 1D window tensor of size equal to win_length({win_length}), but got "
                 f"window with shape {window.shape}.")
    else:
        window = ones(shape=(win_length,), dtype=x.dtype)
    if win_length < n_fft:
        pad_left = (n_fft - win_length) // 2
        window = pad(window, pad=[pad_left, n_fft - win_length - pad_left], mode="constant")
    if center:
        _require(pad_mode in ["constant", "reflect"],
                 f'pad_mode should be "reflect" or "constant", but got "{pad_mode}".')
        pad_length = n_fft // 2
        x = squeeze(pad(unsqueeze(x, -1), pad=[pad_length, pad_length], mode=pad_mode,
                        data_format="NLC"), -1)
    x_frames = frame(x, frame_length=n_fft, hop_length=hop_length, axis=-1)
    x_frames = transpose(x_frames, perm=[0, 2, 1])     # [batch, num_frames, n_fft]
    x_frames = x_frames * window
    norm = "ortho" if normalized else "backward"
    frames_complex = x_frames.dtype.is_complex
    if onesided is None:
        onesided = not frames_complex
    if frames_complex:
        _require(not onesided, "onesided should be False when input or window is a complex Tensor.")
    if not x.dtype.is_complex:
        out = fft_r2c(x_frames, None, -1, norm, forward=True, onesided=onesided, name=name)
    else:
        out = fft_c2c(x_frames, None, -1, norm, forward=True, name=name)
    out = transpose(out, perm=[0, 2, 1])               # [batch, n_fft, num_frames]
    return squeeze(out, 0) if x_rank == 1 else out


def istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=True, length=None, return_complex=False, name=None):
    """paddle.signal.istft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
    normalized=False, onesided=True, length=None, return_complex=False, name=None): inverse
    short-time Fourier transform of a [(batch,) fft_size, num_frames] complex spectrum (least-squares
    overlap-add, checked against the NOLA condition).

    Differences from Paddle: none known."""
    if STATE.static:     # Paddle's check_variable_and_dtype acts in static mode only
        check_variable_and_dtype(x, "x", ["complex64", "complex128"], "istft")
    x_rank = len(x.shape)
    _require(x_rank in [2, 3], f"x should be a 2D or 3D complex tensor, but got rank of x is {x_rank}")
    if x_rank == 2:
        x = unsqueeze(x, 0)
    if hop_length is None:
        hop_length = int(n_fft // 4)
    if win_length is None:
        win_length = n_fft
    _require(0 < hop_length <= win_length,
             f"hop_length should be in (0, win_length({win_length})], but got {hop_length}.")
    _require(0 < win_length <= n_fft,
             f"win_length should be in (0, n_fft({n_fft})], but got {win_length}.")
    n_frames, fft_size = x.shape[-1], x.shape[-2]
    if not STATE.static:
        _require(x.size != 0, "x should not be an empty tensor.")
        if onesided:
            _require(fft_size == n_fft // 2 + 1,
                     f"fft_size should be equal to n_fft // 2 + 1({n_fft // 2 + 1}) when onesided is "
                     f"True, but got {fft_size}.")
        else:
            _require(fft_size == n_fft, f"fft_size should be equal to n_fft({n_fft}) when onesided "
                                        f"is False, but got {fft_size}.")
    if window is not None:
        _require(len(window.shape) == 1 and window.shape[0] == win_length,
                 f"expected a 1D window tensor of size equal to win_length({win_length}), but got "
                 f"window with shape {window.shape}.")
    else:
        window_dtype = "float32" if x.dtype.short in ("float32", "complex64") else "float64"
        window = ones(shape=(win_length,), dtype=window_dtype)
    if win_length < n_fft:
        pad_left = (n_fft - win_length) // 2
        window = pad(window, pad=[pad_left, n_fft - win_length - pad_left], mode="constant")
    x = transpose(x, perm=[0, 2, 1])                   # [batch, num_frames, n_fft]
    norm = "ortho" if normalized else "backward"
    if return_complex:
        _require(not onesided, "onesided should be False when input(output of istft) or window is "
                               "a complex Tensor.")
        out = fft_c2c(x, None, -1, norm, forward=False)
    else:
        _require(not window.dtype.is_complex,
                 "Data type of window should not be complex when return_complex is False.")
        if onesided is False:
            x = x[:, :, : n_fft // 2 + 1]
        out = fft_c2r(x, None, -1, norm, forward=False)
    out = transpose(out * window, perm=[0, 2, 1])      # [batch, n_fft, num_frames]
    out = overlap_add(out, hop_length=hop_length, axis=-1)     # [batch, seq_length]
    window_envelop = overlap_add(
        transpose(tile(unsqueeze(window * window, 0), repeat_times=[n_frames, 1]), perm=[1, 0]),
        hop_length=hop_length, axis=-1)                # [seq_length]
    if length is None:
        if center:
            out = out[:, (n_fft // 2): -(n_fft // 2)]
            window_envelop = window_envelop[(n_fft // 2): -(n_fft // 2)]
    else:
        start = n_fft // 2 if center else 0
        out = out[:, start: start + length]
        window_envelop = window_envelop[start: start + length]
    if not STATE.static and window_envelop.abs().min().item() < 1e-11:
        raise ValueError(
            "Abort istft because Nonzero Overlap Add (NOLA) condition failed. For more information "
            "about NOLA constraint please see `scipy.signal.check_NOLA`(https://docs.scipy.org/doc/"
            "scipy/reference/generated/scipy.signal.check_NOLA.html).")
    out = out / window_envelop
    return squeeze(out, axis=0) if x_rank == 2 else out
