"""fleet.recompute: activation recomputation (recompute.py)."""
