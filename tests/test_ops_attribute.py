"""Tests of paddle_compat/_ops/attribute.py: shape, rank and the dtype predicates."""
import pytest

import paddle_compat as paddle


def test_metadata_ops():
    f = paddle.ones([2, 3])
    assert paddle.shape(f).tolist() == [2, 3] and int(paddle.numel(f)) == 6
    assert paddle.rank(f).dtype == paddle.int32 and int(paddle.rank(f)) == 2
    assert paddle.is_floating_point(f) and not paddle.is_complex(f) and not paddle.is_integer(f)
    with pytest.raises(TypeError, match="Expected Tensor"):
        paddle.is_complex([1.0])


def test_predicates_on_integer_and_bool_tensors():
    i = paddle.to_tensor([1, 2])
    assert paddle.is_integer(i) and not paddle.is_floating_point(i)
    # bool is not an integer dtype in Paddle
    assert not paddle.is_integer(paddle.to_tensor([True]))
    assert paddle.is_complex(paddle.to_tensor([1 + 2j]))
    assert i.rank().tolist() == 1 and i.is_integer()
