"""fleet.utils.recompute(function, *args, preserve_rng_state=True, use_reentrant=True, **kwargs)
on torch.utils.checkpoint: the block's activations are dropped after forward and recomputed in
backward, with the random state of the forward restored (dropout draws the same mask).

Differences from Paddle: offload_indices and the custom state hooks are not supported (ignored);
with use_reentrant=True and no input needing a gradient, Paddle logs a warning and the block's
parameters get no gradient - torch's reentrant checkpoint does the same, with torch's warning.
"""
import inspect
import logging

import torch
from torch.utils.checkpoint import checkpoint

from ...._tensor import Tensor, wrap

__all__ = ["recompute", "recompute_sequential"]

_logger = logging.getLogger("paddle_compat.distributed.fleet")


def _to_paddle(obj):
    if isinstance(obj, torch.Tensor):
        return wrap(obj)
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_paddle(o) for o in obj)
    return obj


def _to_torch(obj):
    if isinstance(obj, Tensor):
        return obj._t
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_torch(o) for o in obj)
    if isinstance(obj, dict):
        return {k: _to_torch(v) for k, v in obj.items()}
    return obj


def _positional(function, args, kwargs):
    """Paddle's reentrant path binds keyword arguments to positions (keyword-only ones refused)."""
    sig = inspect.signature(function.forward if hasattr(function, "forward") else function)
    bound = sig.bind(*args, **kwargs)
    bound.apply_defaults()
    out = []
    for arg, param in zip(bound.arguments.values(), sig.parameters.values()):
        if param.kind == param.VAR_POSITIONAL:
            out.extend(arg)
        elif param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            out.append(arg)
        elif param.kind == param.VAR_KEYWORD:
            out.extend(arg.values())
        else:
            raise ValueError("Currently, keyword-only arguments are not supported when you want to "
                             "send kwargs(dict parameter) to function with use_reentrant=True.")
    return out


class _PaddleRng:
    """Replays paddle_compat's own CPU generator (the Paddle-exact one dropout draws from, which
    torch's preserve_rng_state does not know) in the recomputation: the first call records its
    state, the second runs from that state and then puts the generator back."""

    def __init__(self, function, preserve):
        self.function, self.preserve, self.state = function, preserve, None

    def __call__(self, *args, **kwargs):
        from ...._random import default_cpu_generator
        gen = default_cpu_generator()
        if not self.preserve:
            return self.function(*args, **kwargs)
        if self.state is None:
            self.state = gen.get_state()
            return self.function(*args, **kwargs)
        now = gen.get_state()
        gen.set_state(self.state)
        try:
            return self.function(*args, **kwargs)
        finally:
            gen.set_state(now)


def recompute(function, *args, **kwargs):
    """paddle.distributed.fleet.utils.recompute(function, *args, **kwargs): function(*args,
    **kwargs), its intermediate activations recomputed in backward instead of kept.
    `preserve_rng_state` (default True) and `use_reentrant` (default True) are read from kwargs."""
    preserve = kwargs.pop("preserve_rng_state", True)
    use_reentrant = kwargs.pop("use_reentrant", True)
    kwargs.pop("offload_indices", None)
    call = _PaddleRng(function, preserve)
    if torch.is_grad_enabled():
        tensors = [a for a in list(args) + list(kwargs.values()) if isinstance(a, Tensor)]
        if not any(not t.stop_gradient for t in tensors):
            _logger.warning("[Recompute]: None of the inputs to current recompute block need "
                            "grad, therefore there is NO need to recompute this block in backward !")
    if use_reentrant:
        inputs = _positional(function, args, kwargs)

        def run(*raw):
            return _to_torch(call(*_to_paddle(raw)))
        raw_inputs = [_to_torch(a) for a in inputs]
        out = checkpoint(run, *raw_inputs, use_reentrant=True, preserve_rng_state=preserve)
    else:
        def run(*raw, **raw_kw):
            return _to_torch(call(*_to_paddle(raw),
                                      **{k: _to_paddle(v) for k, v in raw_kw.items()}))
        out = checkpoint(run, *_to_torch(list(args)), use_reentrant=False,
                         preserve_rng_state=preserve, **_to_torch(kwargs))
    return _to_paddle(out)


def recompute_sequential(ctx, functions, *args, **kwargs):
    """fleet.recompute_sequential(ctx, functions, *args): a Sequential recomputed in
    ctx['segments'] chunks (default 1), each through recompute()."""
    segments = ctx.get("segments", 1)
    preserve = ctx.get("preserve_rng_state", True)
    layers = list(functions.children()) if hasattr(functions, "children") else list(functions)
    size = (len(layers) + segments - 1) // segments

    def chunk(part):
        def run(*inputs):
            for layer in part:
                inputs = layer(*inputs) if isinstance(inputs, tuple) else layer(inputs)
            return inputs
        return run
    out = args if len(args) > 1 else args[0]
    for start in range(0, len(layers), size):
        part = layers[start:start + size]
        out = recompute(chunk(part), *(out if isinstance(out, tuple) else (out,)),
                        preserve_rng_state=preserve, **kwargs)
    return out
