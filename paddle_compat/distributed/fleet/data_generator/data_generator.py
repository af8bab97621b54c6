"""fleet's data generators: turn raw text lines into Paddle's MultiSlot text format.

    class MyData(fleet.MultiSlotDataGenerator):
        def generate_sample(self, line):
            def local_iter():
                yield [("words", [int(w) for w in line.split()]), ("label", [1])]
            return local_iter
    MyData().run_from_stdin()        # "3 1926 8 17 1 1\n" per input line

Each output line is, per slot in order, the number of values then the values. A user's
`generate_sample(line)` returns a function yielding samples (lists or tuples of
`(slot_name, values)`); `generate_batch(samples)` may rework each batch of `set_batch(n)` samples.
Pure Python, as in Paddle; the files it writes are what Paddle's InMemoryDataset/QueueDataset read
(paddle_compat reads them with paddle.io instead).
"""
import sys

__all__ = ["DataGenerator", "MultiSlotStringDataGenerator", "MultiSlotDataGenerator"]


class DataGenerator:
    """The base generator: subclasses define `_gen_str(sample)` (the output format) and users
    define `generate_sample(line)` (and optionally `generate_batch(samples)`)."""

    def __init__(self):
        self._proto_info = None
        self.batch_size_ = 32

    def set_batch(self, batch_size):
        """Batch size handed to generate_batch (32 by default)."""
        self.batch_size_ = batch_size

    def _emit(self, lines):
        # Samples from generate_sample, in batches of batch_size_ through generate_batch, written
        # to stdout in the output format. None samples are skipped.
        batch = []
        for line in lines:
            for sample in self.generate_sample(line)():
                if sample is None:
                    continue
                batch.append(sample)
                if len(batch) == self.batch_size_:
                    self._write_batch(batch)
                    batch = []
        if batch:
            self._write_batch(batch)

    def _write_batch(self, batch):
        for sample in self.generate_batch(batch)():
            sys.stdout.write(self._gen_str(sample))

    def run_from_memory(self):
        """Write the samples of generate_sample(None) to stdout (for debugging and benchmarks)."""
        self._emit([None])

    def run_from_stdin(self):
        """Read lines from stdin, write each line's samples to stdout in the output format."""
        self._emit(sys.stdin)

    def _gen_str(self, line):
        raise NotImplementedError("pls use MultiSlotDataGenerator or PairWiseDataGenerator")

    def generate_sample(self, line):
        """To be overridden: -> a function yielding the samples of one input line, each a list or
        tuple of (slot_name, [feasign, ...])."""
        raise NotImplementedError(
            "Please rewrite this function to return a list or tuple: "
            "[(name, [feasign, ...]), ...] or ((name, [feasign, ...]), ...)")

    def generate_batch(self, samples):
        """May be overridden: -> a function yielding the samples of a batch (by default, as
        they are)."""
        def local_iter():
            yield from samples
        return local_iter


def _as_sequence(line, example):
    if isinstance(line, zip):
        line = list(line)
    if not isinstance(line, (list, tuple)):
        raise ValueError(f"the output of process() must be in list or tuple type{example}")
    return line


class MultiSlotStringDataGenerator(DataGenerator):
    """A generator whose slot values are strings, written as they are:
    [("words", ["1926", "08", "17"]), ("label", ["1"])] -> "3 1926 08 17 1 1\\n"."""

    def _gen_str(self, line):
        line = _as_sequence(line, "Examples: [('words', ['1926', '08', '17']), ('label', ['1'])]")
        parts = []
        for _name, elements in line:
            parts.append(" ".join([str(len(elements)), *elements]))
        return " ".join(parts) + "\n"


class MultiSlotDataGenerator(DataGenerator):
    """A generator whose slot values are ints or floats: [("words", [1926, 8, 17]), ("label", [1])]
    -> "3 1926 8 17 1 1\\n". The first sample fixes the slots (names and order); a slot holding a
    float anywhere is typed "float", others "uint64" (`_proto_info`)."""

    def _check_slot(self, name, elements):
        if not isinstance(name, str):
            raise ValueError(f"name{type(name)} must be in str type")
        if not isinstance(elements, list):
            raise ValueError(f"elements{type(elements)} must be in list type")
        if not elements:
            raise ValueError("the elements of each field can not be empty, you need padding it "
                             "in process().")

    def _gen_str(self, line):
        line = _as_sequence(line, "Example: [('words', [1926, 08, 17]), ('label', [1])]")
        first = self._proto_info is None
        if first:
            self._proto_info = []
        elif len(line) != len(self._proto_info):
            raise ValueError("the complete field set of two given line are inconsistent.")
        parts = []
        for index, (name, elements) in enumerate(line):
            self._check_slot(name, elements)
            if first:
                self._proto_info.append((name, "uint64"))
            elif name != self._proto_info[index][0]:
                raise ValueError(f"the field name of two given line are not match: "
                                 f"require<{self._proto_info[index][0]}>, get<{name}>.")
            out = [str(len(elements))]
            for elem in elements:
                # once a slot is float it stays float, and its values are no longer checked
                if first or self._proto_info[index][1] != "float":
                    if isinstance(elem, float):
                        self._proto_info[index] = (name, "float")
                    elif not isinstance(elem, int):
                        raise ValueError(f"the type of element{type(elem)} must be in int or float")
                out.append(str(elem))
            parts.append(" ".join(out))
        return " ".join(parts) + "\n"
