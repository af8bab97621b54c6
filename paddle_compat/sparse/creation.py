"""paddle.sparse.creation: sparse_coo_tensor, sparse_csr_tensor (explicit re-exports)."""
from .._sparse.creation import sparse_coo_tensor, sparse_csr_tensor

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor"]

from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
