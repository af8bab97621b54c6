"""paddle.einsum (Paddle: tensor/einsum.py): Einstein summation as one `einsum` op."""
import torch

from ._checks import is_tensor_like
from .registry import apply_op, defop

__all__ = ["einsum"]


EINSUM = defop("einsum", lambda Operands, equation="": torch.einsum(equation, *Operands),
               inputs=("Operands",), attrs={"equation": ""}, api="paddle.einsum",
               notes="no InnerCache/XShape outputs")


def einsum(equation, *operands):
    """paddle.einsum(equation, *operands): Einstein summation (numpy's notation, '...' allowed)."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not isinstance(equation, str):
        raise TypeError(f"The type of 'equation' in einsum must be <class 'str'>, but received "
                        f"{type(equation)}. ")
    if not operands or not all(is_tensor_like(o) for o in operands):
        raise ValueError("At least one operand is expected.")
    return apply_op(EINSUM, (list(operands),), {"equation": equation.replace(" ", "")})
