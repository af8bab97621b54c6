"""paddle.geometric.sampling: sample_neighbors, weighted_sample_neighbors (neighbors.py)."""
