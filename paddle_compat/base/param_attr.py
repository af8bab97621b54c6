"""paddle.base.param_attr: ParamAttr, WeightNormParamAttr."""
from .._param_attr import ParamAttr, WeightNormParamAttr

__all__ = ["ParamAttr", "WeightNormParamAttr"]
