"""paddle.geometric's rooms, mirroring python/paddle/geometric/: math.py (segment_*),
message_passing/send_recv.py, reindex.py, sampling/neighbors.py; reduce.py holds the one
scatter-reduce they share."""
