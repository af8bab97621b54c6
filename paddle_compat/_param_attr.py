"""paddle.ParamAttr: how a Layer creates one parameter (name, initializer, learning rate,
regularizer, trainable, need_clip), and the `_to_attr` conversion that Layers apply to their
`weight_attr` / `bias_attr` arguments (`False` means "no parameter")."""
from ._regularizer import WeightDecayRegularizer
from ._nn.initializer import XavierUniform
from ._nn.initializer import Constant
from ._nn.initializer import Initializer

__all__ = ["ParamAttr", "WeightNormParamAttr"]


class ParamAttr:
    """paddle.ParamAttr(name=None, initializer=None, learning_rate=1.0, regularizer=None,
    trainable=True, do_model_average=True, need_clip=True).

    Differences from Paddle: none known. (Paddle type-checks the arguments only in static mode;
    this class, like Paddle's dynamic mode, does not.)
    """

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        self.name = name
        if self.name == "":
            raise ValueError("name of ParamAttr can not be empty str")
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    def _set_default_initializer(self, initializer):
        if initializer is None:
            if self.initializer is None:
                raise ValueError("ParamAttr.initializer is not set")
            return
        if self.initializer is None:
            self.initializer = initializer

    def _set_default_param_initializer(self):
        self._set_default_initializer(XavierUniform())

    def _set_default_bias_initializer(self):
        self._set_default_initializer(Constant(0.0))

    @staticmethod
    def _to_attr(arg):
        """None/str/Initializer/regularizer/bool/ParamAttr (or a list of them) -> ParamAttr(s);
        `False` stays False (no parameter)."""
        if arg is None:
            return ParamAttr()
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if isinstance(arg, WeightDecayRegularizer):
            return ParamAttr(regularizer=arg)
        if isinstance(arg, bool):
            return ParamAttr._to_attr(None) if arg else False
        raise TypeError(f"{type(arg)} cast to ParamAttr")

    def _to_kwargs(self, with_initializer=False):
        kwargs = {"name": self.name, "optimize_attr": {"learning_rate": self.learning_rate},
                  "regularizer": self.regularizer, "trainable": self.trainable,
                  "do_model_average": self.do_model_average, "need_clip": self.need_clip}
        if with_initializer:
            kwargs["initializer"] = self.initializer
        return kwargs


class WeightNormParamAttr(ParamAttr):
    """paddle.static.WeightNormParamAttr(dim=None, name=None, initializer=None,
    learning_rate=1.0, regularizer=None, trainable=True, do_model_average=False, need_clip=True):
    a static-graph parameter stored as weight normalization, w = g * v / ||v|| (the norm over every
    dim but `dim`, or over all when dim is None): the layer creates `<name>_g` and `<name>_v`,
    `v` from `initializer` and `g` = ||v|| in the startup program.

    Differences from Paddle: the main program computes w with one `weight_norm` op (Paddle records
    abs / pow / reduce_sum / pow / elementwise_div / elementwise_mul, and reshape2 for a `dim`);
    the values and gradients are the same. It applies to static-graph layers only, as in Paddle."""
    params_with_weight_norm = []

    def __init__(self, dim=None, name=None, initializer=None, learning_rate=1.0,
                 regularizer=None, trainable=True, do_model_average=False, need_clip=True):
        super().__init__(name=name, initializer=initializer, learning_rate=learning_rate,
                         regularizer=regularizer, trainable=trainable,
                         do_model_average=do_model_average, need_clip=need_clip)
        self.dim = dim
