"""paddle.metric against goldens recorded from Paddle 3.3.1 (conformance/record/record_optim.py,
section 'metric': scores with many ties) and against a numpy formula."""
import json
import os

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat._creation_core import to_tensor
from paddle_compat.metric import Accuracy, Metric, accuracy

GOLD = json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                   "optim.json")))["metric"]
X = to_tensor(np.array(GOLD["scores"], dtype="float32"))
Y = to_tensor(np.array(GOLD["labels"], dtype="int64"))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_accuracy_matches_paddle(k):
    acc = accuracy(X, Y, k=k)
    assert acc.shape == [] and acc.dtype.short == "float32"
    assert float(acc) == GOLD["accuracy"][str(k)]


def test_accuracy_class_matches_paddle():
    m = Accuracy(topk=(1, 3), name="m")
    correct = m.compute(X, Y)
    assert correct.numpy().tolist() == GOLD["Accuracy"]["correct"]
    assert m.update(correct) == pytest.approx(GOLD["Accuracy"]["update"])
    assert m.update(m.compute(to_tensor(X.numpy()[:5]), to_tensor(Y.numpy()[:5].ravel()))) \
        == pytest.approx(GOLD["Accuracy"]["update2"])
    assert m.accumulate() == pytest.approx(GOLD["Accuracy"]["accumulate"])
    assert m.name() == GOLD["Accuracy"]["name"]
    onehot = np.eye(5, dtype="float32")[Y.numpy().ravel()]
    assert m.compute(X, to_tensor(onehot)).numpy().tolist() == GOLD["Accuracy"]["onehot_correct"]
    m.reset()
    assert m.accumulate() == [0.0, 0.0]


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 9), st.integers(2, 6), st.integers(0, 10 ** 6))
def test_accuracy_formula_without_ties(n, c, seed):
    rng = np.random.RandomState(seed)
    scores = rng.permutation(n * c).reshape(n, c).astype("float32")
    labels = rng.randint(0, c, (n, 1))
    k = rng.randint(1, c + 1)
    top = np.argsort(-scores, axis=1)[:, :k]
    want = np.mean([labels[i, 0] in top[i] for i in range(n)])
    assert float(accuracy(to_tensor(scores), to_tensor(labels), k=int(k))) == pytest.approx(want)
    m = Accuracy()
    assert m.update(m.compute(to_tensor(scores), to_tensor(labels))) == pytest.approx(
        np.mean(top[:, 0] == labels[:, 0]))


def test_errors_and_base_class():
    with pytest.raises(ValueError, match="label's dimensions of AccuracyOp must be 2"):
        accuracy(X, to_tensor([1, 2]))
    with pytest.raises(TypeError, match="abstract"):
        Metric()


def test_precision_recall_auc():
    preds = np.array([0.1, 0.6, 0.7, 0.3, 0.9, 0.2], dtype="float32")
    labels = np.array([0, 1, 0, 1, 1, 0], dtype="int64")
    p, r, a = paddle.metric.Precision(), paddle.metric.Recall(), paddle.metric.Auc()
    p.update(preds, labels)
    r.update(paddle.to_tensor(preds), paddle.to_tensor(labels))
    a.update(np.stack([1 - preds, preds], 1), labels)
    assert p.accumulate() == pytest.approx(2 / 3) and r.accumulate() == pytest.approx(2 / 3)
    assert a.accumulate() == pytest.approx(7 / 9)
    with pytest.raises(ValueError, match="The 'preds' must be a numpy ndarray or Tensor."):
        p.update([0.1], labels)
