"""paddle.nn.attention.SDPBackend and sdpa_kernel (Paddle: nn/attention/sdpa.py).

Paddle keeps a table of enabled backends (and a priority) that its scaled_dot_product_attention
reads; here the same table is kept, and inside `sdpa_kernel(...)` torch's own
`torch.nn.attention.sdpa_kernel` is entered with the matching torch backends, so
paddle.nn.functional.scaled_dot_product_attention (torch's fused kernel) uses what was chosen.
"""
import contextlib
from enum import IntEnum

import torch

__all__ = ["SDPBackend", "sdpa_kernel"]


class SDPBackend(IntEnum):
    """Paddle's attention backends (ERROR = -1, MATH = 0, FLASH_ATTENTION = 1,
    EFFICIENT_ATTENTION = 2)."""
    ERROR = -1
    MATH = 0
    FLASH_ATTENTION = 1
    EFFICIENT_ATTENTION = 2


# Paddle enables FLASH / EFFICIENT where its build has them (never on CPU); torch has them on CUDA.
_backend_enabled = {
    SDPBackend.MATH: True,
    SDPBackend.FLASH_ATTENTION: torch.cuda.is_available(),
    SDPBackend.EFFICIENT_ATTENTION: torch.cuda.is_available(),
}
_current_priority = [SDPBackend.FLASH_ATTENTION, SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH]


def _get_enabled_backends():
    return [b for b, enabled in _backend_enabled.items() if enabled]


def _set_enabled_backends(backends):
    for b in _backend_enabled:
        _backend_enabled[b] = False
    for b in backends:
        if b in _backend_enabled:
            _backend_enabled[b] = True


def _validate_backends(backends):
    if isinstance(backends, SDPBackend):
        backends = [backends]
    if not isinstance(backends, (list, tuple)):
        raise TypeError("backends must be an instance of SDPBackend or a list of SDPBackend instances")
    for b in backends:
        if not isinstance(b, SDPBackend):
            raise TypeError(f"All backends must be SDPBackend instances, got {type(b)}")
    return list(dict.fromkeys(backends))


def _cur_sdpa_kernel_backends(with_priority=False):
    backends = _get_enabled_backends()
    if with_priority:
        prio = list(_current_priority)
        backends = sorted(backends, key=lambda b: prio.index(b) if b in prio else float("inf"))
    return backends


def _sdpa_kernel(backends, set_priority=False):
    global _current_priority
    _set_enabled_backends(list(backends))
    if set_priority:
        user = list(backends)
        for b in _current_priority:
            if b not in user:
                user.append(b)
        _current_priority = user


def _torch_backends(backends):
    from torch.nn.attention import SDPBackend as TB
    table = {SDPBackend.MATH: TB.MATH, SDPBackend.FLASH_ATTENTION: TB.FLASH_ATTENTION,
             SDPBackend.EFFICIENT_ATTENTION: TB.EFFICIENT_ATTENTION}
    return [table[b] for b in backends if b in table]


@contextlib.contextmanager
def sdpa_kernel(backends, set_priority=False):
    """paddle.nn.attention.sdpa_kernel(backends, set_priority=False): a context manager in which
    only `backends` (an SDPBackend or a list of them) may run scaled_dot_product_attention; with
    set_priority, their order is also the order tried. Yields {} as Paddle does.
    Differences from Paddle: the choice is passed on to torch's kernel selection (MATH, FLASH,
    EFFICIENT map to torch's backends of the same names); on CPU torch runs MATH whatever is asked
    where it has no fused kernel for the inputs."""
    assert isinstance(backends, (list, SDPBackend)), (
        "Backend must be an instance of SDPBackend or a list of SDPBackend instances")
    backends = _validate_backends(backends)
    if not backends:
        raise ValueError("At least one backend must be specified")
    previous = _cur_sdpa_kernel_backends(with_priority=set_priority)
    torch_list = _torch_backends(backends)
    if torch.cuda.is_available() and torch_list:
        from torch.nn.attention import sdpa_kernel as torch_sdpa_kernel
        inner = torch_sdpa_kernel(torch_list, set_priority=set_priority)
    else:
        inner = contextlib.nullcontext()
    try:
        _sdpa_kernel(backends, set_priority)
        with inner:
            yield {}
    finally:
        _sdpa_kernel(previous, set_priority)
