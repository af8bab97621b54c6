"""paddle.base.executor: the Executor and its scopes."""
from .._static.executor import Executor
from .._static.scope import Scope, global_scope, scope_guard

__all__ = ["Executor", "Scope", "global_scope", "scope_guard"]
