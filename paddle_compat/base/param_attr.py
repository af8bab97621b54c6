"""paddle.base.param_attr: ParamAttr."""
from .._param_attr import ParamAttr

__all__ = ["ParamAttr"]
