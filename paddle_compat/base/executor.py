"""paddle.base.executor: the Executor and its scopes."""
from .._static.executor import Executor
from .._static.scope import global_scope, scope_guard

__all__ = ["Executor", "global_scope", "scope_guard"]
