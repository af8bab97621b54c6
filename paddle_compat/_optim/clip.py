"""Gradient clipping: paddle.nn.ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm.

A clip object is called with a list of (param, grad) pairs and returns a new list; gradients are
never modified in place (Paddle's optimizers keep `param.grad` unclipped, and so do we). Pairs whose
grad is None are dropped, parameters with `need_clip=False` pass through unchanged, as in Paddle.

The optimizer calls `_clip_torch(pairs)` with raw torch gradients (no wrapping per step); the public
`__call__` takes and returns paddle Tensors. The static graph may use `_clip_torch` the same way.
"""
import torch

from .._tensor import Tensor, wrap

__all__ = ["ClipGradBase", "GradientClipBase", "ClipGradByValue", "ClipGradByNorm",
           "ClipGradByGlobalNorm"]


def _clipped(param):
    return getattr(param, "need_clip", True) is not False


class ClipGradBase:
    """Base class of Paddle's gradient-clipping strategies (paddle.nn.clip.ClipGradBase)."""

    def __str__(self):
        raise NotImplementedError

    def _clip_torch(self, pairs):
        raise NotImplementedError

    def __call__(self, params_grads):
        """[(param, grad Tensor)] -> [(param, clipped grad Tensor)] (None grads dropped)."""
        pairs = [(p, g._t if isinstance(g, Tensor) else g) for p, g in params_grads]
        return [(p, wrap(g)) for p, g in self._clip_torch(pairs)]


GradientClipBase = ClipGradBase


class ClipGradByValue(ClipGradBase):
    """ClipGradByValue(max, min=None): clamp each gradient element to [min, max]; min defaults to
    -max (which then must be positive: AssertionError otherwise, as in Paddle)."""

    def __init__(self, max, min=None):
        if min is None:
            if not max > 0.0:
                raise AssertionError("ClipGradByValue: max must be positive when min is None, but "
                                     f"received max={max}")
            min = -max
        self.max = float(max)
        self.min = float(min)

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _clip_torch(self, pairs):
        return [(p, g.clamp(self.min, self.max) if _clipped(p) else g)
                for p, g in pairs if g is not None]


class ClipGradByNorm(ClipGradBase):
    """ClipGradByNorm(clip_norm): scale each gradient whose L2 norm exceeds clip_norm down to it."""

    def __init__(self, clip_norm):
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _clip_torch(self, pairs):
        out = []
        for p, g in pairs:
            if g is None:
                continue
            if _clipped(p):
                norm = torch.linalg.vector_norm(g)
                # clip_by_norm: x * max_norm / norm where norm > max_norm, else x unchanged
                scale = torch.where(norm > self.clip_norm, self.clip_norm / norm,
                                    torch.ones_like(norm))
                g = g * scale
            out.append((p, g))
        return out


class ClipGradByGlobalNorm(ClipGradBase):
    """ClipGradByGlobalNorm(clip_norm, group_name='default_group', auto_skip_clip=False): scale all
    clipped gradients by clip_norm / max(global_norm, clip_norm).

    The squared norms are summed per dtype family as Paddle does: float16/bfloat16 and float32 sums
    are kept in float32 unless a float64 gradient is present, then everything is summed in float64.
    With auto_skip_clip=True the gradients are left untouched when the global norm is within bounds.
    """

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        if not isinstance(auto_skip_clip, bool):
            raise AssertionError("ClipGradByGlobalNorm: auto_skip_clip must be a bool, but received "
                                 f"{type(auto_skip_clip).__name__}")
        self.auto_skip_clip = auto_skip_clip

    def __str__(self):
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def _clip_torch(self, pairs):
        low, single, double = [], [], []
        for p, g in pairs:
            if g is None or not _clipped(p):
                continue
            sq = (g * g).sum()
            if g.dtype in (torch.float16, torch.bfloat16):
                low.append(sq)
            elif g.dtype == torch.float32:
                single.append(sq)
            else:
                double.append(sq)
        if not (low or single or double):
            return list(pairs)
        sum_dtype = torch.float64 if double else torch.float32
        parts = [torch.stack(group).sum().to(sum_dtype) for group in (low, single, double) if group]
        global_norm = torch.stack(parts).sum().sqrt()
        limit = torch.full((), self.clip_norm, dtype=sum_dtype, device=global_norm.device)
        if not self.auto_skip_clip:
            scale = limit / torch.maximum(global_norm, limit)
        elif bool(global_norm > limit):
            scale = limit / global_norm
        else:
            scale = None
        out = []
        for p, g in pairs:
            if g is None:
                continue
            if scale is not None and _clipped(p):
                g = g * scale.to(g.dtype)
            out.append((p, g))
        return out
