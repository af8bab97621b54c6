"""Tests of paddle_compat/_nn/layer/activation.py and the layer reprs Paddle prints."""
import paddle_compat.nn as nn


def test_layer_reprs_follow_paddle():
    assert repr(nn.SELU()) == "SELU(scale=1.0507009873554805, alpha=1.6732632423543772)"
    assert repr(nn.CELU(0.5, name="x")) == "CELU(alpha=0.5, name=x)"
    assert repr(nn.Silu()) == "Silu(inplace=False)"
    assert repr(nn.PairwiseDistance(1.0, keepdim=True)) == "PairwiseDistance(p=1.0, keepdim=True)"
    assert repr(nn.Maxout(2)) == "Maxout(groups=2, axis=1)"
