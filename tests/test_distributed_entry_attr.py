"""paddle.distributed's entry configs (paddle_compat/distributed/entry_attr.py) against Paddle."""
import pytest

import paddle_compat.distributed as dist
from tests._distributed_utils_goldens import check


def test_entry_configs_match_paddle():
    assert check("probability_entry", "count_filter_entry", "show_click_entry", "entry_names") == 10


def test_entry_attr_base_has_no_attr_string():
    from paddle_compat.distributed.entry_attr import EntryAttr
    assert isinstance(dist.CountFilterEntry(2), EntryAttr)
    with pytest.raises(NotImplementedError, match="EntryAttr is base class"):
        EntryAttr()._to_attr()
