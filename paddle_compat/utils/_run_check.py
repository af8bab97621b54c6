"""paddle.utils.run_check(): checks that paddle_compat works here, printing Paddle's messages.

Differences from Paddle: instead of running a small static program on every device, it runs a
forward and backward step through torch on the CPU and, when torch sees GPUs, on each GPU; it also
names the torch version in use.
"""
import torch

__all__ = ["run_check"]


def _step(device):
    x = torch.ones(2, 3, device=device, requires_grad=True)
    w = torch.full((3, 4), 0.5, device=device, requires_grad=True)
    (x @ w).sum().backward()
    if not torch.allclose(w.grad.cpu(), torch.full((3, 4), 2.0)):
        raise RuntimeError(f"paddle_compat self-check computed a wrong gradient on {device}")


def run_check():
    """paddle.utils.run_check(): one training step per device, then Paddle's success message."""
    print("Running verify PaddlePaddle program ... ")
    _step("cpu")
    if torch.cuda.is_available():
        n = torch.cuda.device_count()
        for i in range(n):
            _step(f"cuda:{i}")
        print(f"PaddlePaddle works well on {n} GPU{'s' if n > 1 else ''}.")
    else:
        print("PaddlePaddle works well on 1 CPU.")
    print("PaddlePaddle is installed successfully! Let's start deep learning with PaddlePaddle now.")
    print(f"(paddle_compat on torch {torch.__version__})")
