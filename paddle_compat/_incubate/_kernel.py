"""Where Paddle 3.3.1 runs a fused incubate op: most of them have only a GPU kernel, so on a CPU
tensor Paddle raises its own error before computing anything. paddle_compat raises that same
error for CPU tensors, and on a CUDA tensor computes the op's dense (unfused) formula, which is
what Paddle's reference implementations in its unit tests compute.

In static mode the same decision is taken twice, as in Paddle: while *building* a program
(`refuse_static`: Paddle's CPU wheel refuses most GPU-only ops there, and paddle_compat raises its
errors), and, for the ops it records, when the Executor runs the kernel (a `meta` tensor, the
build's shape inference, always passes `require_gpu_kernel`).

Why a function and not an inline `is_cuda` test: one place decides "would Paddle's GPU kernel
run here", so tests can exercise the CUDA formulas on a CPU-only machine by patching `on_gpu`."""
import torch

from .._mode import STATE

__all__ = ["on_gpu", "require_gpu_kernel", "refuse_static", "check_kernel_dtype"]


def on_gpu(t):
    """Whether the torch tensor `t` lives where Paddle's GPU-only fused kernels run."""
    return isinstance(t, torch.Tensor) and t.is_cuda


def require_gpu_kernel(x, kernel, legacy=False):
    """Raise Paddle 3.3.1's CPU-wheel error for the GPU-only `kernel` unless x is on the GPU.
    Ops Paddle dispatches through a phi kernel raise RuntimeError (NotFound); ops it still calls
    through the legacy op table (legacy=True) fail with AttributeError on the CPU wheel.
    `x` is a Tensor or a torch tensor (inside a kernel); a `meta` tensor (a static program's
    shape inference) passes: the static program raises when it runs."""
    t = x._t if hasattr(x, "_t") else x
    if on_gpu(t) or (isinstance(t, torch.Tensor) and t.is_meta):
        return
    if legacy:
        raise AttributeError(
            f"module 'paddle.base.libpaddle.eager.ops.legacy' has no attribute '{kernel}'")
    raise RuntimeError(f"(NotFound) The kernel `{kernel}` is not registered.")


def refuse_static(op, slot, x, legacy="kernel", legacy_op=None):
    """In static mode, what Paddle 3.3.1's CPU wheel does while *building* a program with the
    GPU-only fused op `op` (input slot `slot`, holding `x`, whose dtype PIR names). In PIR mode its
    operator builder finds no kernel dtype for the input (TypeError). In legacy mode, by `legacy`:
    "kernel" - the kernel (`legacy_op` or `op`) is not registered (RuntimeError); "operator" - the
    op itself is not (ValueError); "none" - the Python API has no legacy branch and returns None
    (refuse_static then returns True and the caller returns None); or an exception to raise.
    Dynamic mode: returns False, nothing raised."""
    if not STATE.static:
        return False
    if STATE.pir:
        if isinstance(x, (list, tuple)):
            x = x[0]
        dtype = str(x.dtype).replace("paddle.", "")
        raise TypeError(f"(InvalidType) Check data type error for op: {op}, input: {slot}, "
                        f"{slot}.dtype: {dtype}, and expected_dtype: ")
    name = legacy_op or op
    if legacy == "none":
        return True
    if legacy == "operator":
        raise ValueError(f'Operator "{name}" has not been registered.')
    if isinstance(legacy, BaseException):
        raise legacy
    raise RuntimeError(f"(NotFound) The kernel `{name}` is not registered.")


_CPU_FLOATS = (torch.float32, torch.float64)
_GPU_FLOATS = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def check_kernel_dtype(t, kernel, cpu=_CPU_FLOATS):
    """Paddle's error for a dtype its `kernel` is not registered for: `cpu` (float32/float64 by
    default) on CPU; the GPU kernels add float16 and bfloat16."""
    if t.dtype in (_GPU_FLOATS if on_gpu(t) or t.is_meta else cpu):
        return
    name = str(t.dtype).replace("torch.", "")
    raise RuntimeError(
        f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel `{kernel}` "
        f"is not registered. Selected wrong DataType `{name}`. Paddle support following "
        f"DataTypes: {', '.join(str(d).replace('torch.', '') for d in reversed(cpu))}.")
