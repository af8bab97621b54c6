"""paddle.incubate.cc.typing (Paddle: python/paddle/incubate/cc/typing.py): the annotation types
that describe a paddle.incubate.cc.compile function's inputs (plain Python, as in Paddle)."""

__all__ = ["DimVar", "DTypeVar", "Tensor"]


class DimVar:
    """paddle.incubate.cc.typing.DimVar(name_or_value, min=None, max=None): one dimension of an
    annotated input: a symbol name (a dynamic dimension) or an int (a fixed one)."""

    def __init__(self, name_or_value, min=None, max=None):
        self.name_or_value = name_or_value
        self.min = min
        self.max = max


Dim = DimVar


class DTypeVar:
    """paddle.incubate.cc.typing.DTypeVar(name, *candidates): a dtype variable and the dtype
    names (str) it may take; compile() builds one signature per combination. At least one
    candidate, no repeats, all str (AssertionError otherwise).

    Differences from Paddle: none; like Paddle 3.3.1, ``.name`` holds the class ``str`` rather
    than the name passed (Paddle assigns ``self.name = str``), so every DTypeVar shares one
    key in compile()'s signature table."""

    def __init__(self, name, *candidates):
        assert len(candidates) > 0
        assert len(candidates) == len(set(candidates))
        for candidate in candidates:
            assert isinstance(candidate, str)
        self.name = str  # Paddle 3.3.1 stores the type, not `name`; kept for identical tables
        self.candidates = candidates


DType = DTypeVar


class Tensor:
    """paddle.incubate.cc.typing.Tensor(shape, dtype): the annotation of one input: a list of
    DimVar / int and a DTypeVar."""

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype
