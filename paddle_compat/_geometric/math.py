"""paddle.geometric.segment_sum / segment_mean / segment_max / segment_min (Paddle:
python/paddle/geometric/math.py): reduce the rows of `data` by sorted `segment_ids`; the output has
max(segment_ids) + 1 rows, a segment without rows is 0."""

from .._tensor import wrap
from .reduce import check_index, dynamic_only, scatter_reduce

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]


def _segment(data, segment_ids, op, api):
    dynamic_only(api)
    x, ids = data._t, segment_ids._t
    check_index(ids, "segment_ids", api)
    if ids.dim() != 1 or ids.shape[0] != x.shape[0]:
        raise ValueError(
            "(InvalidArgument) Segment_ids should be the same size as dimension 0 of input X.\n  "
            f"[Hint: Expected num_indices == x.dims()[0], but received num_indices:"
            f"{ids.numel()} != x.dims()[0]:{x.shape[0]}.]")
    if ids.numel() > 1:
        bad = (ids[1:] < ids[:-1]).nonzero()
        if bad.numel():
            i = int(bad[0, 0])
            a, b = int(ids[i]), int(ids[i + 1])
            raise ValueError(
                f"(InvalidArgument) The segment ids should be sorted, but got segment_ids[{i}]:{a} "
                f"> segment_ids[{i + 1}]:{b}.\n  [Hint: Expected segment_ids[idx] >= current_id, "
                f"but received segment_ids[idx]:{b} < current_id:{a}.]")
    n_out = int(ids.max()) + 1 if ids.numel() else 0
    return wrap(scatter_reduce(x, ids, n_out, op))


def segment_sum(data, segment_ids, name=None):
    """paddle.geometric.segment_sum(data, segment_ids, name=None): out[i] = sum of the rows j
    with segment_ids[j] == i (segment_ids sorted, int32/int64); an empty segment is 0."""
    return _segment(data, segment_ids, "SUM", "segment_sum")


def segment_mean(data, segment_ids, name=None):
    """paddle.geometric.segment_mean(data, segment_ids, name=None): the mean of each segment's
    rows (integers: truncated); an empty segment is 0."""
    return _segment(data, segment_ids, "MEAN", "segment_mean")


def segment_max(data, segment_ids, name=None):
    """paddle.geometric.segment_max(data, segment_ids, name=None): the element-wise max of each
    segment's rows; an empty segment is 0. Its gradient reaches every row equal to the max."""
    return _segment(data, segment_ids, "MAX", "segment_max")


def segment_min(data, segment_ids, name=None):
    """paddle.geometric.segment_min(data, segment_ids, name=None): the element-wise min of each
    segment's rows; an empty segment is 0. Its gradient reaches every row equal to the min."""
    return _segment(data, segment_ids, "MIN", "segment_min")


