"""paddle.incubate.nn.functional.embedding_grad_add_to_ (Paddle:
incubate/nn/functional/embedding_grad_add_to.py, GPU kernel
phi/kernels/fusion/gpu/embedding_grad_add_to_kernel.cu): accumulate a bfloat16 embedding output
gradient into a (float32) main-grad table in place."""
import torch

from ..._kernel import refuse_static

__all__ = ["embedding_grad_add_to_"]

_INDEX_DTYPES = (torch.int16, torch.int32, torch.int64)


def embedding_grad_add_to_(token_indices, main_grad_, out_grad, name=None):
    """paddle.incubate.nn.functional.embedding_grad_add_to_(token_indices, main_grad_, out_grad,
    name=None) -> main_grad_: main_grad_[token_indices[i]] += out_grad[i] for every token i
    (repeated ids accumulate), in place; main_grad_ is [vocab, dim], out_grad is bfloat16
    [*token_indices.shape, dim]. Each bfloat16 value is converted to main_grad_'s dtype before
    it is added, as the kernel does.

    Differences from Paddle: Paddle 3.3.1 registers this kernel only for GPU (its CPU wheel
    raises ``(NotFound) The kernel `embedding_grad_add_to` is not registered.``); paddle_compat
    computes it with torch's index_add_ on CPU and CUDA (deterministic order, where the CUDA
    kernel's atomic adds may round in another order)."""
    if refuse_static("embedding_grad_add_to_", "main_grad_", main_grad_, legacy="none"):
        return None
    if out_grad._t.dtype != torch.bfloat16:
        raise RuntimeError("out_grad dtype must be bfloat16 in embedding_grad_add_to")
    idx = token_indices._t
    if idx.dtype not in _INDEX_DTYPES:
        raise NotImplementedError(
            "(Unimplemented) embedding token_indices only support int16, int32 and int64")
    main = main_grad_._t
    dim = main.shape[1]
    upd = out_grad._t.reshape(-1, dim).to(main.dtype)
    out = main.index_add(0, idx.reshape(-1).to(torch.int64), upd)
    main_grad_._t = out
    return main_grad_
