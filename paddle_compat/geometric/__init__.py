"""paddle.geometric: graph message passing, segment reductions, reindexing and neighbor sampling
(explicit re-exports, no logic; the rooms are paddle_compat/_geometric/)."""
from .._geometric.math import segment_sum, segment_mean, segment_max, segment_min
from .._geometric.message_passing.send_recv import send_u_recv, send_ue_recv, send_uv
from .._geometric.reindex import reindex_graph, reindex_heter_graph
from .._geometric.sampling.neighbors import sample_neighbors, weighted_sample_neighbors

__all__ = ["send_u_recv", "send_ue_recv", "send_uv", "segment_sum", "segment_mean",
           "segment_max", "segment_min", "reindex_graph", "reindex_heter_graph",
           "sample_neighbors", "weighted_sample_neighbors"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
