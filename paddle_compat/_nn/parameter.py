"""Parameters: Tensors that a Layer owns and an optimizer updates (Paddle's EagerParamBase).

A Parameter is a Tensor with `stop_gradient=False`, `persistable=True`, a Paddle-style `name`
(`linear_0.w_0`), `trainable`, `optimize_attr={'learning_rate': ...}`, `regularizer`, `need_clip`
and `do_model_average`, as the optimizer reads them.
"""
import torch

from .._tensor import Tensor

__all__ = ["Parameter", "TrainableFlag", "make_parameter"]


class TrainableFlag:
    """`trainable` as Paddle's parameters have it (dynamic and static): setting it also sets
    stop_gradient. Mixed into both Parameter classes; the holder stores `trainable_flag`."""

    __slots__ = ()

    @property
    def trainable(self):
        return self.trainable_flag

    @trainable.setter
    def trainable(self, value):
        self.trainable_flag = bool(value)
        self.stop_gradient = not value


class Parameter(TrainableFlag, Tensor):
    """paddle.base.framework.EagerParamBase: a trainable Tensor owned by a Layer."""

    __slots__ = ("trainable_flag", "optimize_attr", "regularizer", "need_clip", "do_model_average",
                 "is_distributed", "initializer", "lazy_pending",
                 "split_axis")     # split_axis: set on the tensor-parallel slices (fleet mp_layers)

    def __init__(self, *args, **kwargs):
        raise TypeError("Parameters are created with Layer.create_parameter or "
                        "paddle.create_parameter, not by calling the class")

    def __str__(self):
        return "Parameter containing:\n" + Tensor.__str__(self)

    def initialize(self):
        """Run the initializer of a parameter created under paddle.LazyGuard (a no-op after)."""
        if self.lazy_pending:
            self.lazy_pending = False
            self.initializer(self)

    def _is_initialized(self):
        """False for a parameter created under paddle.LazyGuard until `initialize()` runs."""
        return not self.lazy_pending

    __repr__ = __str__


def make_parameter(raw, name, trainable=True, learning_rate=1.0, regularizer=None, need_clip=True,
                   do_model_average=None):
    """Wrap torch tensor `raw` (already initialised) as a Parameter named `name`."""
    p = object.__new__(Parameter)
    p._t = raw.detach()
    p._info = {"name": name, "persistable": True}
    p.trainable_flag = bool(trainable)
    p.optimize_attr = {"learning_rate": learning_rate}
    p.regularizer = regularizer
    p.need_clip = need_clip
    p.do_model_average = do_model_average
    p.is_distributed = False
    p.initializer = None
    p.lazy_pending = False
    if trainable and (raw.is_floating_point() or raw.is_complex()):
        p._t.requires_grad_(True)
    return p
