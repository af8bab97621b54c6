"""Shared by fast_ln / fast_rms_norm / fused_rms_norm_ext: the apex-style row layout those
kernels use (every axis but the last flattened into rows) and their float32 statistics."""
import torch

__all__ = ["rows_cols", "accumulate"]


def rows_cols(shape):
    """(rows, cols) as the kernels' GetRowsCols computes them: cols = last axis."""
    cols = int(shape[-1])
    rows = 1
    for d in shape[:-1]:
        rows *= int(d)
    return rows, cols


def accumulate(t):
    """The kernels compute in float32 (compute_type FLOAT32) whatever the storage dtype;
    float64 stays float64 so double inputs keep their precision."""
    return t if t.dtype == torch.float64 else t.float()
