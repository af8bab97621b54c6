"""paddle.nn loss layers (Paddle: nn/layer/loss.py): CrossEntropyLoss, MSELoss, L1Loss, NLLLoss,
BCELoss, BCEWithLogitsLoss, SmoothL1Loss, HuberLoss, KLDivLoss, MarginRankingLoss, HingeEmbeddingLoss,
CosineEmbeddingLoss, TripletMarginLoss, TripletMarginWithDistanceLoss, SoftMarginLoss,
MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss, GaussianNLLLoss, CTCLoss, RNNTLoss,
HSigmoidLoss, MultiLabelMarginLoss, AdaptiveLogSoftmaxWithLoss; all over
`functional/loss.py`.

Differences from Paddle: a bad `reduction` is reported when the layer is called (by the functional
form, with Paddle's functional message), not when it is constructed."""
from ..._ops import creation as _creation
from ..._ops import manipulation as _manip
from ..._ops import search as _search
from ..functional import activation as _F_act
from ..functional import common as _F_common
from ..functional import loss as FL
from .layers import Layer

__all__ = ["CrossEntropyLoss", "MSELoss", "L1Loss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss",
           "SmoothL1Loss", "HuberLoss", "KLDivLoss", "MarginRankingLoss", "HingeEmbeddingLoss",
           "CosineEmbeddingLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss",
           "SoftMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss",
           "GaussianNLLLoss", "CTCLoss", "RNNTLoss", "HSigmoidLoss", "MultiLabelMarginLoss",
           "AdaptiveLogSoftmaxWithLoss"]


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


class TripletMarginWithDistanceLoss(Layer):
    """paddle.nn.TripletMarginWithDistanceLoss(distance_function=None, margin=1.0, swap=False,
    reduction='mean', name=None).

    As in Paddle 3.3.1, forward does not pass `distance_function` on: the layer always uses the
    default pairwise 2-norm (call paddle.nn.functional.triplet_margin_with_distance_loss for a
    custom distance). A bad `reduction` is refused at construction, with Paddle's message."""

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean", name=None):
        super().__init__()
        if reduction not in ["sum", "mean", "none"]:
            raise ValueError("The value of 'reduction' in TripletMarginWithDistanceLoss should be "
                             f"'sum', 'mean' or 'none', but received {reduction}, which is not "
                             "allowed.")
        self.margin = margin
        self.swap = swap
        self.reduction = reduction
        self.distance_function = distance_function
        self.name = name

    def forward(self, input, positive, negative):
        return FL.triplet_margin_with_distance_loss(input, positive, negative, margin=self.margin,
                                                    swap=self.swap, reduction=self.reduction,
                                                    name=self.name)


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


class CTCLoss(Layer):
    """paddle.nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False); forward(log_probs, labels,
    input_lengths, label_lengths, norm_by_times=False) -- see paddle.nn.functional.ctc_loss (the
    logits are unnormalised, [max_T, N, C])."""

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return FL.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank,
                           self.reduction, norm_by_times=norm_by_times,
                           zero_infinity=self.zero_infinity)


class RNNTLoss(Layer):
    """paddle.nn.RNNTLoss(blank=0, fastemit_lambda=0.001, reduction='mean', name=None);
    forward(input, label, input_lengths, label_lengths) -- see paddle.nn.functional.rnnt_loss."""

    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.fastemit_lambda = fastemit_lambda
        self.name = name

    def forward(self, input, label, input_lengths, label_lengths):
        return FL.rnnt_loss(input, label, input_lengths, label_lengths, blank=self.blank,
                            fastemit_lambda=self.fastemit_lambda, reduction=self.reduction,
                            name=self.name)


class HSigmoidLoss(Layer):
    """paddle.nn.HSigmoidLoss(feature_size, num_classes, weight_attr=None, bias_attr=None,
    is_custom=False, is_sparse=False, name=None): parameters `weight` [C, feature_size] and
    `bias` [C, 1], C = num_classes - 1 for the default tree, num_classes (the non-leaf nodes) for a
    custom one; forward(input, label, path_table=None, path_code=None).

    Like Paddle, the constructor prints Paddle's note about sparse mode (to stdout).
    Differences from Paddle: `is_sparse=True` gives dense gradients (same values)."""

    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None, is_custom=False,
                 is_sparse=False, name=None):
        super().__init__()
        if num_classes < 2 and not is_custom:
            raise ValueError("num_classes must not be less than 2 with default tree")
        if not is_custom and is_sparse:
            print("Sparse mode should not be used without custom tree")
            is_sparse = False
        self._feature_size = feature_size
        self._num_classes = num_classes
        self._is_custom = is_custom
        self._is_sparse = is_sparse
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._name = name
        print("With sparse mode, if your models has only small parameter prefetch may cause speed "
              "down")
        c = num_classes if is_custom else num_classes - 1
        self.weight = self.create_parameter([c, feature_size], attr=weight_attr, is_bias=False)
        self.bias = self.create_parameter([c, 1], attr=bias_attr, is_bias=True)

    def forward(self, input, label, path_table=None, path_code=None):
        return FL.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias,
                                path_table=path_table, path_code=path_code,
                                is_sparse=self._is_sparse, name=self._name)


class MultiLabelMarginLoss(Layer):
    """paddle.nn.MultiLabelMarginLoss(reduction='mean', name=None) -- see
    paddle.nn.functional.multi_label_margin_loss."""

    def __init__(self, reduction="mean", name=None):
        super().__init__()
        if reduction not in ["sum", "mean", "none"]:
            raise ValueError("'reduction' in 'MultiLabelMarginLoss' should be 'sum', 'mean' or "
                             f"'none', but received {reduction}.")
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return FL.multi_label_margin_loss(input, label, reduction=self.reduction, name=self.name)


class AdaptiveLogSoftmaxWithLoss(Layer):
    """paddle.nn.AdaptiveLogSoftmaxWithLoss(in_features, n_classes, cutoffs, weight_attr=None,
    bias_attr=None, div_value=4.0, head_bias=False, name=None): `head_weight` [in_features,
    shortlist + n_clusters] and, per cluster i, `tail_weights[i]` = [in_features, in_features //
    div_value**(i+1)] and [that, cluster size]; forward(input, label) -> (output, loss);
    `log_prob(input)` and `predict(input)` as in Paddle.

    As in Paddle, the tail weights sit in a plain list, so `parameters()` holds only the head's."""

    def __init__(self, in_features, n_classes, cutoffs, weight_attr=None, bias_attr=None,
                 div_value=4.0, head_bias=False, name=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if (cutoffs != sorted(cutoffs) or min(cutoffs) <= 0 or max(cutoffs) > (n_classes - 1)
                or len(set(cutoffs)) != len(cutoffs) or any(int(c) != c for c in cutoffs)):
            raise ValueError("cutoffs should be a sequence of unique, positive integers sorted in "
                             "an increasing order, where each value is between 1 and n_classes-1")
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = [*cutoffs, n_classes]
        self.div_value = div_value
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.is_head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head_weight = self.create_parameter([in_features, self.head_size], attr=weight_attr,
                                                 is_bias=False)
        self.head_bias = (self.create_parameter([self.head_size], attr=bias_attr, is_bias=True)
                          if head_bias else None)
        self.tail_weights = []
        for i in range(self.n_clusters):
            hsz = int(in_features // (div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail_weights.append([
                self.create_parameter([in_features, hsz], attr=weight_attr, is_bias=False),
                self.create_parameter([hsz, osz], attr=weight_attr, is_bias=False)])

    def forward(self, input, label):
        return FL.adaptive_log_softmax_with_loss(input, label, self.head_weight, self.tail_weights,
                                                 self.cutoffs, self.head_bias)

    def _full_log_prob(self, input, head_output):
        head_logprob = _F_act.log_softmax(head_output, axis=1)
        parts = [head_logprob[:, :self.shortlist_size]]
        for i in range(self.n_clusters):
            cluster = _F_common.linear(_F_common.linear(input, self.tail_weights[i][0]),
                                       self.tail_weights[i][1])
            parts.append(_F_act.log_softmax(cluster, axis=1)
                         + head_logprob[:, self.shortlist_size + i].unsqueeze(1))
        return _manip.concat(parts, axis=1)

    def log_prob(self, input):
        """log-probabilities of every class, [N, n_classes]."""
        head_output = _F_common.linear(input, self.head_weight, self.head_bias)
        return self._full_log_prob(input, head_output)

    def predict(self, input):
        """The most likely class of each row (float32 when every row falls in the shortlist, int64
        otherwise, as in Paddle)."""
        head_output = _F_common.linear(input, self.head_weight, self.head_bias)
        output = _search.argmax(head_output, axis=1).cast("float32")
        not_in_shortlist = output >= self.shortlist_size
        if not bool(not_in_shortlist.any()):
            return output
        if bool(not_in_shortlist.all()):
            return _search.argmax(self._full_log_prob(input, head_output), axis=1)
        log_prob = self._full_log_prob(input[not_in_shortlist], head_output[not_in_shortlist])
        indices = _search.masked_select(_creation.arange(len(not_in_shortlist)), not_in_shortlist)
        return _manip.scatter(output, indices,
                              _search.argmax(log_prob, axis=1).cast("float32"))
