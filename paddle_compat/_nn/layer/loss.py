"""More paddle.nn loss and distance layers over `functional_loss2`: SmoothL1Loss, HuberLoss,
KLDivLoss, MarginRankingLoss, HingeEmbeddingLoss, CosineEmbeddingLoss, TripletMarginLoss,
TripletMarginWithDistanceLoss, SoftMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss,
PoissonNLLLoss, GaussianNLLLoss, CosineSimilarity, PairwiseDistance.

Differences from Paddle: a bad `reduction` is reported when the layer is called (by the functional
form, with Paddle's functional message), not when it is constructed."""
from . import functional_loss2 as FL
from .layer import Layer

__all__ = ["SmoothL1Loss", "HuberLoss", "KLDivLoss", "MarginRankingLoss", "HingeEmbeddingLoss",
           "CosineEmbeddingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
           "SoftMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss",
           "GaussianNLLLoss", "CosineSimilarity", "PairwiseDistance"]


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


class CosineSimilarity(Layer):
    """paddle.nn.CosineSimilarity(axis=1, eps=1e-8)."""

    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis, self._eps = axis, eps

    def forward(self, x1, x2):
        return FL.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    def extra_repr(self):
        return f"axis={self._axis}, eps={self._eps}"


class PairwiseDistance(Layer):
    """paddle.nn.PairwiseDistance(p=2.0, epsilon=1e-6, keepdim=False, name=None)."""

    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p, self.epsilon, self.keepdim, self.name = p, epsilon, keepdim, name

    def forward(self, x, y):
        return FL.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim, self.name)

    def extra_repr(self):
        main = f"p={self.p}"
        if self.epsilon != 1e-6:
            main += f", epsilon={self.epsilon}"
        if self.keepdim is not False:
            main += f", keepdim={self.keepdim}"
        if self.name is not None:
            main += f", name={self.name}"
        return main
