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
    equation = equation.replace(" ", "")
    _check_labels(equation, operands)
    return apply_op(EINSUM, (list(operands),), {"equation": equation})


def _check_labels(equation, operands):
    """Paddle's equation checks, before torch's kernel sees (and words) them: one term per
    operand; a label has one size wherever it appears (a size of 1 broadcasts)."""
    terms = equation.split("->")[0].split(",")
    if len(terms) != len(operands):
        raise AssertionError(f"Invalid equation: the number of operands is {len(operands)}, but "
                             f"found {len(terms)} segments in the label equation.")
    sizes = {}
    for term, op in zip(terms, operands):
        shape = list(op.shape)
        head, _, tail = term.partition("...")
        pairs = list(zip(head, shape)) + (list(zip(tail, shape[len(shape) - len(tail):]))
                                          if tail else [])
        for label, n in pairs:
            if n < 0 or n == 1:
                continue
            if sizes.setdefault(label, n) != n:
                raise ValueError(f"(InvalidArgument) Same label have different shapes for label: "
                                 f"`{label}`")
