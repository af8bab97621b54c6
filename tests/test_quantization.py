"""paddle.quantization (paddle_compat/_quantization/unsupported.py): every name raises one clear
error naming what to use instead."""
import pytest

import paddle_compat as paddle
from paddle_compat import quantization as Q


@pytest.mark.parametrize("make", [Q.QuantConfig, Q.QAT, Q.PTQ, Q.BaseObserver, Q.BaseQuanter,
                                  Q.observers.AbsmaxObserver,
                                  Q.observers.GroupWiseWeightObserver,
                                  Q.quanters.FakeQuanterWithAbsMaxObserver])
def test_classes_refuse(make):
    with pytest.raises(NotImplementedError, match="torch.ao.quantization"):
        make()


def test_quanter_refuses():
    with pytest.raises(NotImplementedError, match=r"paddle.quantization.quanter"):
        paddle.quantization.quanter("X")
