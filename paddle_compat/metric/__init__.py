"""paddle.metric: Metric, Accuracy, Precision, Recall, Auc and accuracy."""
from .._metric.metrics import Metric, Accuracy, accuracy, Precision, Recall, Auc

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
