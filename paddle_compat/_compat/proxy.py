"""paddle.enable_compat / paddle.disable_compat (Paddle: compat/proxy.py): Paddle's "torch
proxy", which makes `import torch` inside chosen modules resolve to Paddle so that PyTorch code
runs on Paddle. paddle_compat is the other direction (Paddle code on real PyTorch): it needs the
real torch itself, so the proxy cannot be switched on here."""

__all__ = ["enable_compat", "disable_compat"]


def enable_compat(*, scope=None, blocked_modules=None, backend="torch", silent=False):
    """paddle.enable_compat(*, scope=None, blocked_modules=None, backend='torch', silent=False).

    Differences from Paddle: not supported; raises NotImplementedError. paddle_compat runs on real
    PyTorch, so `import torch` already gives torch: run the PyTorch code as it is."""
    assert backend == "torch", f"Unsupported backend: {backend}"
    raise NotImplementedError(
        "paddle.enable_compat (Paddle's torch proxy, which maps `import torch` to Paddle) is not "
        "supported by paddle_compat: paddle_compat runs Paddle code on real PyTorch, so "
        "`import torch` already gives torch; use PyTorch directly for the torch code")


def disable_compat():
    """paddle.disable_compat(): switch Paddle's torch proxy off. It is never on in paddle_compat
    (enable_compat raises), so there is nothing to undo and this returns None, as Paddle does when
    the proxy is off."""
    return None
