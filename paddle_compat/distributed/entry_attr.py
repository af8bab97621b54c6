"""paddle.distributed's entry configs for sparse embeddings (ProbabilityEntry, CountFilterEntry,
ShowClickEntry): plain objects whose `_to_attr()` is the string Paddle's parameter server reads.

They describe when a parameter-server sparse table admits a new feature; paddle_compat has no
parameter server, so they are configuration only (paddle.static.nn.sparse_embedding is the API
that takes them in Paddle).
"""

__all__ = ["EntryAttr", "ProbabilityEntry", "CountFilterEntry", "ShowClickEntry"]


class EntryAttr:
    """The base of the entry configs: `_to_attr()` is the subclass's attribute string."""

    def __init__(self):
        self._name = None

    def _to_attr(self):
        """The attribute string (the base class has none)."""
        raise NotImplementedError("EntryAttr is base class")


class ProbabilityEntry(EntryAttr):
    """paddle.distributed.ProbabilityEntry(probability): admit a new feature with probability
    `probability` (a float in (0, 1)); `_to_attr()` -> "probability_entry:<p>"."""

    def __init__(self, probability):
        super().__init__()
        if not isinstance(probability, float) or not 0 < probability < 1:
            raise ValueError("probability must be a float in (0,1)")
        self._name = "probability_entry"
        self._probability = probability

    def _to_attr(self):
        return f"{self._name}:{self._probability}"


class CountFilterEntry(EntryAttr):
    """paddle.distributed.CountFilterEntry(count_filter): admit a feature once it has been seen
    `count_filter` times (an int >= 0); `_to_attr()` -> "count_filter_entry:<n>"."""

    def __init__(self, count_filter):
        super().__init__()
        if not isinstance(count_filter, int):
            raise ValueError("count_filter must be a valid integer greater than 0")
        if count_filter < 0:
            raise ValueError("count_filter must be a valid integer greater or equal than 0")
        self._name = "count_filter_entry"
        self._count_filter = count_filter

    def _to_attr(self):
        return f"{self._name}:{self._count_filter}"


class ShowClickEntry(EntryAttr):
    """paddle.distributed.ShowClickEntry(show_name, click_name): the show/click variables of a
    sparse table; `_to_attr()` -> "show_click_entry:<show>:<click>"."""

    def __init__(self, show_name, click_name):
        super().__init__()
        if not isinstance(show_name, str) or not isinstance(click_name, str):
            raise ValueError("show_name click_name must be a str")
        self._name = "show_click_entry"
        self._show_name = show_name
        self._click_name = click_name

    def _to_attr(self):
        return f"{self._name}:{self._show_name}:{self._click_name}"
