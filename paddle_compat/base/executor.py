"""paddle.base.executor: the Executor and its scopes."""
from .._static.executor import Executor
from .._static.scope import _fetch_var, global_scope, scope_guard

__all__ = ["Executor", "_fetch_var", "global_scope", "scope_guard"]
