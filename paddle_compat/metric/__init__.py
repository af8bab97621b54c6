"""paddle.metric: Metric, Accuracy, Precision, Recall, Auc and accuracy."""
from .metrics import Metric, Accuracy, accuracy, Precision, Recall, Auc

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]
