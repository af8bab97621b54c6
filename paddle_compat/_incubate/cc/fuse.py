"""paddle.incubate.cc.fuse (Paddle: python/paddle/incubate/cc/fuse.py): fusion hints for
paddle.incubate.cc.compile."""
from contextlib import contextmanager

from ..._ops.linalg import matmul as _matmul

__all__ = ["matmul", "by_register"]


@contextmanager
def by_register():
    """paddle.incubate.cc.fuse.by_register(): a context marking the ops inside as one trivial
    fusion group for Paddle's AP compiler.

    Differences from Paddle: a marker with no effect on the ops inside (their values are the
    same either way); Paddle 3.3.1's CPU wheel raises ``(NotFound) The kernel
    `ap_trivial_fusion_begin` is not registered.`` here, the AP fusion needing a CUDA + CINN
    build."""
    yield


def matmul(x, w, epilogue, **kwargs):
    """paddle.incubate.cc.fuse.matmul(x, w, epilogue, **kwargs): paddle.matmul(x, w, **kwargs)
    followed by epilogue(result) inside by_register(), i.e. a matmul with a fused epilogue.

    Differences from Paddle: computed unfused (same values); see by_register."""
    out = _matmul(x, w, **kwargs)
    with by_register():
        return epilogue(out)
