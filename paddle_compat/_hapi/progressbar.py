"""paddle.hapi.progressbar.ProgressBar: the bar and log lines ProgBarLogger prints.

Paddle's text is the spec, character for character: with verbose=1 each update rubs the previous
bar out ('\\b' * width + '\\r') and rewrites it; with verbose=2 each update is one line. Paddle
decides to redraw in place when stdout is a tty, under IPython, under PyCharm, or when the `posix`
module is loaded, which it always is on Linux and macOS, so redrawing is what Paddle does there even
into a pipe; this keeps that rule so captured output matches Paddle's byte for byte.
"""
import os
import struct
import sys
import time

import numpy as np

__all__ = ["ProgressBar"]


def _uint16_to_float(in_list):
    # bfloat16 losses arrive as their raw uint16 bits; widen them to float32 as Paddle does
    in_list = np.asarray(in_list)
    out = np.vectorize(lambda x: struct.unpack("<f", struct.pack("<I", int(x) << 16))[0],
                       otypes=[np.float32])(in_list.flat)
    return np.reshape(out, in_list.shape)


def _format_value(v, arrays):
    if isinstance(v, (float, np.float32, np.float64)):
        return f" {v:.4f}" if abs(v) > 1e-3 else f" {v:.4e}"
    if arrays and isinstance(v, np.ndarray) and v.size == 1 and v.dtype in (np.float32,
                                                                             np.float64):
        v = v.item()
        return f" {v:.4f}" if abs(v) > 1e-3 else f" {v:.4e}"
    return f" {v}"


class ProgressBar:
    """paddle.hapi.progressbar.ProgressBar(num=None, width=30, verbose=1, start=True,
    file=sys.stdout, name='step'): prints `step 3/10 [====>.....] - loss: 0.1234 - ETA: 1s -
    12ms/step`.

    Like Paddle's, the text goes to `sys.stdout` whatever `file` is (`file` is only flushed by
    `start`)."""

    def __init__(self, num=None, width=30, verbose=1, start=True, file=sys.stdout, name="step"):
        self._num = num
        if isinstance(num, int) and num <= 0:
            raise TypeError("num should be None or integer (> 0)")
        max_width = self._get_max_width()
        self._width = min(width, max_width)
        self._total_width = 0
        self._verbose = verbose
        self.file = file
        self._values = {}
        self._values_order = []
        if start:
            self._start = time.time()
        self._last_update = 0
        self.name = name
        self._dynamic_display = ((hasattr(self.file, "isatty") and self.file.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)

    def _get_max_width(self):
        from shutil import get_terminal_size
        terminal_width, _ = get_terminal_size()
        terminal_width = terminal_width if terminal_width > 0 else 80
        return min(int(terminal_width * 0.6), terminal_width - 50)

    def start(self):
        """Restart the clock the per-step times are measured from."""
        self.file.flush()
        self._start = time.time()

    def update(self, current_num, values={}):
        """Print the bar (verbose=1) or a line (verbose=2/3) for step `current_num` with `values`,
        a list of (name, value) pairs."""
        now = time.time()
        for i, (k, val) in enumerate(values):
            if k == "loss":
                scalar_val = val[0] if isinstance(val, list) else val
                if isinstance(scalar_val, np.uint16):
                    values[i] = ("loss", list(_uint16_to_float(val)))

        time_per_unit = (now - self._start) / current_num if current_num else 0
        if time_per_unit >= 1 or time_per_unit == 0:
            fps = f" - {time_per_unit:.0f}s/{self.name}"
        elif time_per_unit >= 1e-3:
            fps = f" - {time_per_unit * 1e3:.0f}ms/{self.name}"
        else:
            fps = f" - {time_per_unit * 1e6:.0f}us/{self.name}"

        info = ""
        if self._verbose == 1:
            prev_total_width = self._total_width
            if self._dynamic_display:
                sys.stdout.write("\b" * prev_total_width)
                sys.stdout.write("\r")
            else:
                sys.stdout.write("\n")
            if self._num is not None:
                numdigits = int(np.log10(self._num)) + 1
                bar_chars = (self.name + " %" + str(numdigits) + "d/%d [") % (current_num,
                                                                            self._num)
                prog = float(current_num) / self._num
                prog_width = int(self._width * prog)
                if prog_width > 0:
                    bar_chars += "=" * (prog_width - 1)
                    bar_chars += ">" if current_num < self._num else "="
                bar_chars += "." * (self._width - prog_width)
                bar_chars += "]"
            else:
                bar_chars = f"{self.name} {current_num:3}"
            self._total_width = len(bar_chars)
            sys.stdout.write(bar_chars)
            for k, val in values:
                info += f" - {k}:"
                for v in (val if isinstance(val, list) else [val]):
                    info += _format_value(v, arrays=False)
            if self._num is not None and current_num < self._num:
                eta = int(time_per_unit * (self._num - current_num))
                if eta > 3600:
                    eta_format = f"{eta // 3600}:{(eta % 3600) // 60:02}:{eta % 60:02}"
                elif eta > 60:
                    eta_format = f"{eta // 60}:{eta % 60:02}"
                else:
                    eta_format = f"{eta}s"
                info += f" - ETA: {eta_format}"
            info += fps
            self._total_width += len(info)
            if prev_total_width > self._total_width:
                info += " " * (prev_total_width - self._total_width)
            if self._num is None or current_num >= self._num:
                info += "\n"     # the epoch's last bar ends its line
            sys.stdout.write(info)
            sys.stdout.flush()
            self._last_update = now
        elif self._verbose in (2, 3):
            if self._num:
                numdigits = int(np.log10(self._num)) + 1
                count = (self.name + " %" + str(numdigits) + "d/%d") % (current_num, self._num)
            else:
                count = f"{self.name} {current_num:3}"
            info = count + info
            for k, val in values:
                info += f" - {k}:"
                for v in (val if isinstance(val, list) else [val]):
                    info += _format_value(v, arrays=True)
            info += fps
            info += "\n"
            sys.stdout.write(info)
            sys.stdout.flush()
