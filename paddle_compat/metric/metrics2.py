"""paddle.metric.Precision, Recall and Auc: host-side (numpy) metrics, as in Paddle.

They follow Paddle's Python implementation step for step (Precision rounds with floor(p + 0.5),
Recall with numpy's rint, Auc bins the positive-class column into num_thresholds + 1 buckets and
integrates with trapezoids from the top bucket down) so the numbers are the same."""
import numpy as np

from .._tensor import Tensor
from .metrics import Metric

__all__ = ["Precision", "Recall", "Auc"]


def _host(value, what):
    if isinstance(value, Tensor):
        return np.array(value)
    if not isinstance(value, np.ndarray):
        raise ValueError(f"The '{what}' must be a numpy ndarray or Tensor.")
    return value


class Precision(Metric):
    """paddle.metric.Precision(name='precision'): binary precision tp / (tp + fp); `update(preds,
    labels)` takes probabilities of the positive class (rounded at 0.5) and 0/1 labels."""

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fp = 0
        self._name = name

    def update(self, preds, labels):
        preds = _host(preds, "preds")
        labels = _host(labels, "labels")
        preds = np.floor(preds + 0.5).astype("int32")
        for i in range(labels.shape[0]):
            if preds[i] == 1:
                if preds[i] == labels[i]:
                    self.tp += 1
                else:
                    self.fp += 1

    def reset(self):
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        ap = self.tp + self.fp
        return float(self.tp) / ap if ap != 0 else 0.0

    def name(self):
        return self._name


class Recall(Metric):
    """paddle.metric.Recall(name='recall'): binary recall tp / (tp + fn) (predictions rounded to the
    nearest integer, ties to even as numpy's rint)."""

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fn = 0
        self._name = name

    def update(self, preds, labels):
        preds = _host(preds, "preds")
        labels = _host(labels, "labels")
        preds = np.rint(preds).astype("int32")
        for i in range(labels.shape[0]):
            if labels[i] == 1:
                if preds[i] == labels[i]:
                    self.tp += 1
                else:
                    self.fn += 1

    def accumulate(self):
        recall = self.tp + self.fn
        return float(self.tp) / recall if recall != 0 else 0.0

    def reset(self):
        self.tp = 0
        self.fn = 0

    def name(self):
        return self._name


class Auc(Metric):
    """paddle.metric.Auc(curve='ROC', num_thresholds=4095, name='auc'): area under the ROC curve
    from bucketed positive-class probabilities (`preds` of shape [N, 2], column 1 used).

    Differences from Paddle: none known (like Paddle, curve='PR' is accepted and still gives ROC)."""

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._curve = curve
        self._num_thresholds = num_thresholds
        self._stat_pos = np.zeros(num_thresholds + 1)
        self._stat_neg = np.zeros(num_thresholds + 1)
        self._name = name

    def update(self, preds, labels):
        labels = _host(labels, "labels")
        preds = _host(preds, "preds")
        for i, lbl in enumerate(labels):
            bin_idx = int(preds[i, 1] * self._num_thresholds)
            assert bin_idx <= self._num_thresholds
            if lbl:
                self._stat_pos[bin_idx] += 1.0
            else:
                self._stat_neg[bin_idx] += 1.0

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        tot_pos = tot_neg = auc = 0.0
        idx = self._num_thresholds
        while idx >= 0:
            tot_pos_prev, tot_neg_prev = tot_pos, tot_neg
            tot_pos += self._stat_pos[idx]
            tot_neg += self._stat_neg[idx]
            auc += self.trapezoid_area(tot_neg, tot_neg_prev, tot_pos, tot_pos_prev)
            idx -= 1
        return auc / tot_pos / tot_neg if tot_pos > 0.0 and tot_neg > 0.0 else 0.0

    def reset(self):
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def name(self):
        return self._name
