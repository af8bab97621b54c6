"""paddle.metric (Paddle: metric/metrics.py): the Metric base class, Accuracy, Precision, Recall, Auc,
and the functional `accuracy` op.

Ties rank the lower class index first, as Paddle's argsort/topk do on CPU (torch's stable sort).
"""
import abc

import numpy as np
import torch

from .._mode import STATE
from .._ops.registry import apply_op, defop
from .._ops.search import topk
from .._tensor import Tensor, wrap

__all__ = ["Metric", "Accuracy", "accuracy", "Precision", "Recall", "Auc"]


class Metric(metaclass=abc.ABCMeta):
    """paddle.metric.Metric: implement reset, update, accumulate and name; compute is optional."""

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        raise NotImplementedError(f"function 'reset' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        raise NotImplementedError(f"function 'update' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        raise NotImplementedError(f"function 'accumulate' not implemented in {type(self).__name__}.")

    @abc.abstractmethod
    def name(self):
        raise NotImplementedError(f"function 'name' not implemented in {type(self).__name__}.")

    def compute(self, *args):
        """Pre-process outputs and labels into what `update` takes (identity by default)."""
        return args


def _correct_kernel(pred, label, maxk):
    order = torch.argsort(pred, dim=-1, descending=True, stable=True)[..., :maxk]
    if label.dim() == 1 or (label.dim() == 2 and label.shape[-1] == 1):
        label = label.reshape(-1, 1)
    elif label.shape[-1] != 1:
        label = torch.argmax(label, dim=-1, keepdim=True)
    return (order == label.to(order.dtype)).to(torch.float32)


_ACC_CORRECT = defop("accuracy_topk_correct", _correct_kernel, inputs=("Pred", "Label"),
                     outputs=("Correct",), attrs={"maxk": 1}, api="paddle.metric.Accuracy.compute",
                     notes="paddle_compat's fused argsort+slice+equal of Accuracy.compute")


class Accuracy(Metric):
    """paddle.metric.Accuracy(topk=(1,), name=None): top-k accuracy accumulated over batches."""

    def __init__(self, topk=(1,), name=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.topk = topk
        self.maxk = max(topk)
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in topk] if self.maxk != 1 else [name]
        self.reset()

    def compute(self, pred, label, *args):
        """[N, maxk] float32 Tensor: 1 where the i-th ranked class equals the label (a class index,
        shape [N] or [N, 1], or a one-hot / soft label [N, C])."""
        return apply_op(_ACC_CORRECT, (pred, label), {"maxk": self.maxk})

    def update(self, correct, *args):
        """Add a batch's `compute` result; returns this batch's accuracy (a list for several k)."""
        if isinstance(correct, Tensor):
            correct = np.array(correct)
        num_samples = np.prod(np.array(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            num_corrects = correct[..., :k].sum()
            accs.append(float(num_corrects) / num_samples)
            self.total[i] += num_corrects
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        """Forget all batches."""
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        """Accuracy over all batches since reset (a list for several k)."""
        res = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def name(self):
        """['acc'] or ['acc_top1', 'acc_top2', ...]."""
        return self._name


def _accuracy_kernel(out, indices, label):
    hit = (indices == label.to(indices.dtype)).any(dim=1)
    total = torch.tensor(indices.shape[0], dtype=torch.int32)
    correct = hit.sum().to(torch.int32)
    acc = (correct.to(torch.float32) / max(indices.shape[0], 1)).to(torch.float32)
    return acc, correct, total


_ACCURACY = defop("accuracy", _accuracy_kernel, inputs=("Out", "Indices", "Label"),
                  outputs=("Accuracy", "Correct", "Total"), api="paddle.metric.accuracy")


def _topk(x, k):
    return topk(x, k=k)


def accuracy(input, label, k=1, correct=None, total=None, name=None):
    """paddle.metric.accuracy(input, label, k=1): fraction of rows whose label is among the top-k
    scores. `label` must be [N, 1] integers (Paddle's ShapeError otherwise)."""
    if isinstance(label, Tensor) and label.ndim != 2:
        raise ValueError("(InvalidArgument) ShapeError: label's dimensions of AccuracyOp must be 2. "
                         f"But received label's dimensions = {label.ndim}, label's shape = "
                         f"{list(label.shape)}")
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise ValueError(f"paddle.metric.accuracy: k must be a positive int, but received {k!r}")
    values, indices = _topk(input, k)
    if isinstance(label, Tensor) and indices.shape[0] >= 0 and label.shape[0] >= 0 \
            and indices.shape[0] != label.shape[0]:
        raise ValueError(
            f"(InvalidArgument) ShapeError: the output's num_rows of AccuracyOp must be the same "
            f"as label's num_rows. But received output's shape = {list(indices.shape)}, label's "
            f"shape = {list(label.shape)}, output's num_rows = {indices.shape[0]}, label's "
            f"num_rows = {label.shape[0]}")
    acc, n_correct, n_total = apply_op(_ACCURACY, (values, indices, label))
    for dst, src in ((correct, n_correct), (total, n_total)):
        if isinstance(dst, Tensor) and isinstance(src, Tensor):
            dst._t = src._t
    return acc


# ---- Precision, Recall, Auc ----------------------------------------------------------------------
# They follow Paddle's Python implementation step for step (Precision rounds with floor(p + 0.5),
# Recall with numpy's rint, Auc bins the positive-class column into num_thresholds + 1 buckets and
# integrates with trapezoids from the top bucket down) so the numbers are the same.


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
