"""paddle.nn loss layers (Paddle: nn/layer/loss.py): CrossEntropyLoss, MSELoss, L1Loss, NLLLoss,
BCELoss, BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, MarginRankingLoss, HingeEmbeddingLoss,
CosineEmbeddingLoss, TripletMarginLoss, TripletMarginWithDistanceLoss, SoftMarginLoss,
MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss, GaussianNLLLoss; all over
`functional/loss.py`.

Differences from Paddle: a bad `reduction` is reported when the layer is called (by the functional
form, with Paddle's functional message), not when it is constructed."""
from ..functional import loss as FL
from .layers import Layer

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss",
           "SmoothL1Loss", "HuberLoss", "KLDivLoss", "MarginRankingLoss", "HingeEmbeddingLoss",
           "CosineEmbeddingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
           "SoftMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss",
           "GaussianNLLLoss"]


class _Loss(Layer):
    """Stores the constructor's keyword values; forward calls `_fn(*inputs, **values)`."""
    _fn = None

    def __init__(self, **values):
        super().__init__()
        self._values = values
        for key, value in values.items():
            if key != "weight":           # a weight Tensor stays out of the layer's buffers
                setattr(self, key, value)

    def forward(self, *inputs):
        return type(self)._fn(*inputs, **self._values)


class SmoothL1Loss(_Loss):
    """paddle.nn.SmoothL1Loss(reduction='mean', delta=1.0, is_huber=True, name=None)."""
    _fn = staticmethod(FL.smooth_l1_loss)

    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__(reduction=reduction, delta=delta, is_huber=is_huber, name=name)


HuberLoss = SmoothL1Loss      # Paddle's nn.HuberLoss is the same class


class KLDivLoss(_Loss):
    """paddle.nn.KLDivLoss(reduction='mean', log_target=False)."""
    _fn = staticmethod(FL.kl_div)

    def __init__(self, reduction="mean", log_target=False):
        super().__init__(reduction=reduction, log_target=log_target)


class MarginRankingLoss(_Loss):
    """paddle.nn.MarginRankingLoss(margin=0.0, reduction='mean', name=None)."""
    _fn = staticmethod(FL.margin_ranking_loss)

    def __init__(self, margin=0.0, reduction="mean", name=None):
        super().__init__(margin=margin, reduction=reduction, name=name)


class HingeEmbeddingLoss(_Loss):
    """paddle.nn.HingeEmbeddingLoss(margin=1.0, reduction='mean', name=None)."""
    _fn = staticmethod(FL.hinge_embedding_loss)

    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__(margin=margin, reduction=reduction, name=name)


class CosineEmbeddingLoss(_Loss):
    """paddle.nn.CosineEmbeddingLoss(margin=0, reduction='mean', name=None)."""
    _fn = staticmethod(FL.cosine_embedding_loss)

    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError("The value of 'margin' should be in the interval of [-1, 1], but "
                             f"received {margin}, which is not allowed.")
        super().__init__(margin=margin, reduction=reduction, name=name)


class TripletMarginLoss(_Loss):
    """paddle.nn.TripletMarginLoss(margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction='mean',
    name=None)."""
    _fn = staticmethod(FL.triplet_margin_loss)

    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean", name=None):
        super().__init__(margin=margin, p=p, epsilon=epsilon, swap=swap, reduction=reduction,
                         name=name)


class TripletMarginWithDistanceLoss(_Loss):
    """paddle.nn.TripletMarginWithDistanceLoss(distance_function=None, margin=1.0, swap=False,
    reduction='mean', name=None)."""
    _fn = staticmethod(FL.triplet_margin_with_distance_loss)

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean", name=None):
        super().__init__(distance_function=distance_function, margin=margin, swap=swap,
                         reduction=reduction, name=name)


class SoftMarginLoss(_Loss):
    """paddle.nn.SoftMarginLoss(reduction='mean', name=None)."""
    _fn = staticmethod(FL.soft_margin_loss)

    def __init__(self, reduction="mean", name=None):
        super().__init__(reduction=reduction, name=name)


class MultiLabelSoftMarginLoss(_Loss):
    """paddle.nn.MultiLabelSoftMarginLoss(weight=None, reduction='mean', name=None)."""
    _fn = staticmethod(FL.multi_label_soft_margin_loss)

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__(weight=weight, reduction=reduction, name=name)


class MultiMarginLoss(_Loss):
    """paddle.nn.MultiMarginLoss(p=1, margin=1.0, weight=None, reduction='mean', name=None)."""
    _fn = staticmethod(FL.multi_margin_loss)

    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__(p=p, margin=margin, weight=weight, reduction=reduction, name=name)


class PoissonNLLLoss(_Loss):
    """paddle.nn.PoissonNLLLoss(log_input=True, full=False, epsilon=1e-8, reduction='mean',
    name=None)."""
    _fn = staticmethod(FL.poisson_nll_loss)

    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        super().__init__(log_input=log_input, full=full, epsilon=epsilon, reduction=reduction,
                         name=name)


class GaussianNLLLoss(_Loss):
    """paddle.nn.GaussianNLLLoss(full=False, epsilon=1e-6, reduction='mean', name=None)."""
    _fn = staticmethod(FL.gaussian_nll_loss)

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        super().__init__(full=full, epsilon=epsilon, reduction=reduction, name=name)


# ---- loss layers --------------------------------------------------------------------------------
class CrossEntropyLoss(Layer):
    """paddle.nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', soft_label=False,
    axis=-1, use_softmax=True, label_smoothing=0.0, name=None)."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1,
                 use_softmax=True, label_smoothing=0.0, name=None):
        super().__init__()
        self.weight, self.reduction, self.ignore_index = weight, reduction, ignore_index
        self.soft_label, self.axis, self.use_softmax = soft_label, axis, use_softmax
        self.label_smoothing, self.name = label_smoothing, name

    def forward(self, input, label):
        return FL.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                                reduction=self.reduction, soft_label=self.soft_label, axis=self.axis,
                                use_softmax=self.use_softmax, label_smoothing=self.label_smoothing)


class MSELoss(Layer):
    """paddle.nn.MSELoss(reduction='mean')."""

    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but "
                             f"received {reduction}.")
        self.reduction = reduction

    def forward(self, input, label):
        return FL.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    """paddle.nn.L1Loss(reduction='mean', name=None)."""

    def __init__(self, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError("The value of 'reduction' in L1Loss should be 'sum', 'mean' or 'none', "
                             f"but received {reduction}, which is not allowed.")
        self.reduction, self.name = reduction, name

    def forward(self, input, label):
        return FL.l1_loss(input, label, self.reduction)


class NLLLoss(Layer):
    """paddle.nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean', name=None)."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError("The value of 'reduction' in nll_loss should be 'sum', 'mean' or "
                             f"'none', but received {reduction}, which is not allowed.")
        self._weight, self._ignore_index, self._reduction = weight, ignore_index, reduction

    def forward(self, input, label):
        return FL.nll_loss(input, label, self._weight, self._ignore_index, self._reduction)


class BCELoss(Layer):
    """paddle.nn.BCELoss(weight=None, reduction='mean', name=None)."""

    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError("The value of 'reduction' in bce_loss should be 'sum', 'mean' or "
                             f"'none', but received {reduction}, which is not allowed.")
        self.weight, self.reduction, self.name = weight, reduction, name

    def forward(self, input, label):
        return FL.binary_cross_entropy(input, label, self.weight, self.reduction)


class BCEWithLogitsLoss(Layer):
    """paddle.nn.BCEWithLogitsLoss(weight=None, reduction='mean', pos_weight=None, name=None)."""

    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError("The value of 'reduction' in BCEWithLogitsLoss should be 'sum', "
                             f"'mean' or 'none', but received {reduction}, which is not allowed.")
        self.weight, self.reduction, self.pos_weight, self.name = weight, reduction, pos_weight, name

    def forward(self, logit, label):
        return FL.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction,
                                                   self.pos_weight)
