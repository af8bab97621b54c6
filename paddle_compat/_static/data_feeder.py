"""paddle.base.DataFeeder (Paddle: base/data_feeder.py): turns a mini-batch of samples (one entry
per feed variable each) into the feed dict `Executor.run` takes, {name: DenseTensor}.

Each feed variable's entries are stacked into one array of the variable's dtype, reshaped to the
variable's shape when their rank differs (at most one -1 dimension; Paddle's messages on a
mismatch); a variable with lod_level > 0 takes nested sequences and records their lengths as the
tensor's LoD, as Paddle's converter does.
"""
import numpy as np

from .._mode import STATE
from .builder import default_main_program
from .dense_tensor import DenseTensor
from .ir import Variable

__all__ = ["DataFeeder"]


def _np_dtype(dtype):
    name = dtype.short if hasattr(dtype, "short") else str(dtype).replace("paddle.", "")
    return "uint16" if name == "bfloat16" else name     # Paddle keeps bfloat16 as its uint16 bits


class _Converter:
    """Paddle's DataToDenseTensorConverter: collects one feed variable's entries."""

    def __init__(self, place, lod_level, shape, dtype):
        self.place, self.lod_level = place, lod_level
        self.shape = shape
        if sum(1 for s in self.shape if s < 0) > 1:
            self.shape = None
        self.dtype = _np_dtype(dtype)
        self._reset()

    def _reset(self):
        self.data = []
        self.lod = [[] for _ in range(self.lod_level)]

    def feed(self, data):
        self._feed(data, self.lod, self.lod_level)

    def _feed(self, data, lod, lod_level):
        if lod_level == 0:
            self.data.append(data)
        else:
            lod[0].append(len(data))
            for each in data:
                self._feed(each, lod[1:], lod_level - 1)

    def done(self):
        arr = np.array(self.data, dtype=self.dtype)
        if self.shape and len(arr.shape) != len(self.shape):
            try:
                arr = arr.reshape(self.shape)
            except ValueError:
                raise ValueError(f"Reshape error. What is defined in data layer is {self.shape}, "
                                 f"but receive {arr.shape}") from None
        t = DenseTensor()
        t.set(arr, self.place)
        if self.lod_level > 0:
            t.set_recursive_sequence_lengths(self.lod)
        self._reset()
        return t


class DataFeeder:
    """paddle.base.DataFeeder(feed_list, place, program=None): `feed(minibatch)` returns
    {feed name: DenseTensor} for `Executor.run(feed=...)`. `feed_list` holds the feed Variables
    (or, outside PIR, their names in `program`'s global block)."""

    def __init__(self, feed_list, place, program=None):
        self.feed_dtypes, self.feed_names, self.feed_shapes, self.feed_lod_level = [], [], [], []
        self.place = place
        if program is None:
            program = default_main_program()
        for each_var in feed_list:
            if isinstance(each_var, str):
                if STATE.pir:
                    raise ValueError("In PIR Mode, Not supported string input yet")
                each_var = program.block(0).var(each_var)
            if not isinstance(each_var, Variable):
                raise TypeError("Feed list should contain a list of Value" if STATE.pir
                                else "Feed list should contain a list of variable")
            self.feed_dtypes.append(each_var.dtype)
            self.feed_names.append(each_var.name)
            self.feed_lod_level.append(0 if STATE.pir else each_var.lod_level)
            self.feed_shapes.append(each_var.shape)

    def feed(self, iterable):
        """One mini-batch (an iterable of samples, one field per feed variable) -> feed dict."""
        converters = [_Converter(self.place, lod, shape, dtype) for lod, shape, dtype in
                      zip(self.feed_lod_level, self.feed_shapes, self.feed_dtypes)]

        def feed_nested(conv, data):
            # PIR's feeder flattens nested lists into the converter
            if isinstance(data, (list, tuple)):
                for item in data:
                    feed_nested(conv, item)
            else:
                conv.feed(data)

        for sample in iterable:
            assert len(sample) == len(converters), (
                "The number of fields in data (%d) does not match len(feed_list) (%d)"
                % (len(sample), len(converters)))
            for conv, slot in zip(converters, sample):
                if STATE.pir:
                    feed_nested(conv, slot)
                else:
                    conv.feed(slot)
        return {name: conv.done() for name, conv in zip(self.feed_names, converters)}
