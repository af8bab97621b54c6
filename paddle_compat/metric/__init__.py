"""paddle.metric: Metric, Accuracy and accuracy."""
from .metrics import Metric, Accuracy, accuracy

__all__ = ["Metric", "Accuracy", "accuracy"]
