"""paddle.no_grad / enable_grad / set_grad_enabled / is_grad_enabled and paddle.grad, on torch autograd."""
import functools

import torch

from .._tensor import Tensor, translate_version_error, wrap

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "grad"]


class _GradMode:
    """Context manager and decorator that sets torch's grad mode for its extent."""

    _enabled = None

    def __init__(self, func=None):
        # Paddle allows both @paddle.no_grad and @paddle.no_grad(); a function passed here is wrapped.
        self._func = func
        if func is not None:
            functools.update_wrapper(self, func)

    def __call__(self, *args, **kwargs):
        if self._func is not None:
            with type(self)():
                return self._func(*args, **kwargs)
        func = args[0]

        @functools.wraps(func)
        def wrapper(*a, **k):
            with type(self)():
                return func(*a, **k)
        return wrapper

    def __enter__(self):
        self._prev = torch.is_grad_enabled()
        torch.set_grad_enabled(self._enabled)
        return self

    def __exit__(self, *exc):
        torch.set_grad_enabled(self._prev)
        return False


class no_grad(_GradMode):
    """paddle.no_grad(): no graph is recorded inside; usable as `with` or as a decorator."""

    _enabled = False


class enable_grad(_GradMode):
    """paddle.enable_grad(): re-enable graph recording inside a no_grad region."""

    _enabled = True


class set_grad_enabled:
    """paddle.set_grad_enabled(mode): sets the mode now; also a context manager restoring it."""

    def __init__(self, mode):
        self._prev = torch.is_grad_enabled()
        torch.set_grad_enabled(bool(mode))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        torch.set_grad_enabled(self._prev)
        return False


def is_grad_enabled():
    """paddle.is_grad_enabled()"""
    return torch.is_grad_enabled()


def _as_list(x, what):
    if isinstance(x, Tensor):
        return [x], True
    if isinstance(x, (list, tuple)) and all(isinstance(e, Tensor) or e is None for e in x):
        return list(x), False
    raise TypeError(f"The type of '{what}' in paddle.grad must be Tensor or list/tuple of Tensor, "
                    f"but received {type(x).__name__}")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """paddle.grad: gradients of `outputs` with respect to `inputs`, as a list of Tensors.

    Missing `grad_outputs` entries are ones (Paddle's rule, also for non-scalar outputs). An input
    that does not reach the outputs is Paddle's ValueError unless allow_unused=True (then None).

    Differences from Paddle: `no_grad_vars` is honoured by detaching nothing retroactively; it only
    has an effect when the listed tensors are themselves in `inputs` (their grad is then None).
    """
    outs, _ = _as_list(outputs, "outputs")
    ins, _ = _as_list(inputs, "inputs")
    if grad_outputs is None:
        gouts = [None] * len(outs)
    else:
        gouts, _ = _as_list(grad_outputs, "grad_outputs")
        if len(gouts) != len(outs):
            raise ValueError("The length of grad_outputs must be equal to outputs, but received "
                             f"{len(gouts)} and {len(outs)}")
    t_outs, t_gouts = [], []
    for o, g in zip(outs, gouts):
        if not o._t.requires_grad:
            continue
        t_outs.append(o._t)
        t_gouts.append(torch.ones_like(o._t) if g is None else g._t)
    skip = {id(v) for v in (no_grad_vars or [])}
    t_ins = [x._t for x in ins]
    if retain_graph is None:
        retain_graph = create_graph
    for i, x in enumerate(t_ins):
        if not x.requires_grad and not allow_unused:
            raise ValueError(f"(InvalidArgument) The {i}-th input does not appear in the backward graph. "
                             "Please check the input tensor or set allow_unused=True to get None result.")
    wanted = [i for i, x in enumerate(t_ins) if x.requires_grad and id(ins[i]) not in skip]
    results = [None] * len(ins)
    if t_outs and wanted:
        try:
            got = torch.autograd.grad(t_outs, [t_ins[i] for i in wanted], t_gouts,
                                      retain_graph=retain_graph, create_graph=create_graph,
                                      allow_unused=True)
        except RuntimeError as exc:
            raise translate_version_error(exc) or exc
        for i, g in zip(wanted, got):
            results[i] = g
    for i, g in enumerate(results):
        if g is None and not allow_unused:
            raise ValueError(f"(InvalidArgument) The {i}-th input does not appear in the backward graph. "
                             "Please check the input tensor or set allow_unused=True to get None result.")
    return [None if g is None else wrap(g) for g in results]
