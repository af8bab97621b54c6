"""paddle.base.create_lod_tensor (paddle_compat/_base/lod_tensor.py), against Paddle 3.3.1's
results (recorded by hand from the oracle: lod offsets, dtype, the ValueError text)."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import base


def test_lod_offsets_from_lengths():
    t = base.create_lod_tensor(np.array([[-1]]), [[1]], paddle.CPUPlace())
    assert t.lod() == [[0, 1]]
    t = base.create_lod_tensor([[1, 2], [3]], [[2, 1]], paddle.CPUPlace())
    assert np.array(t).tolist() == [[1], [2], [3]] and t.lod() == [[0, 2, 3]]
    assert np.array(t).dtype == np.int64
    t2 = base.create_lod_tensor(t, [[1, 2]], paddle.CPUPlace())
    assert t2.lod() == [[0, 1, 3]]
    two = base.create_lod_tensor(np.zeros((5, 1)), [[2, 1], [1, 2, 2]], paddle.CPUPlace())
    assert two.lod() == [[0, 2, 3], [0, 1, 3, 5]]


def test_bad_lengths_and_types():
    with pytest.raises(ValueError, match=r"recursive_sequence_lengths is \{\{3\}\}"):
        base.create_lod_tensor(np.array([[1], [2]]), [[3]], paddle.CPUPlace())
    with pytest.raises(AssertionError, match="data and recursive_seq_lens do not match"):
        base.create_lod_tensor([[1, 2], [3]], [[1, 2]], paddle.CPUPlace())
    with pytest.raises(TypeError, match="either a DenseTensor, a Numpy array or a list"):
        base.create_lod_tensor("x", [[1]], paddle.CPUPlace())


def test_core_dense_tensor_feeds_the_executor():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [-1, 3], "float32")
            y = x * 2
        t = base.core.DenseTensor()
        t.set(np.ones((2, 3), "float32"), paddle.CPUPlace())
        out, = paddle.static.Executor(paddle.CPUPlace()).run(main, feed={"x": t},
                                                             fetch_list=[y])
        np.testing.assert_allclose(out, 2 * np.ones((2, 3)))
    finally:
        paddle.disable_static()


def test_base_tensor_is_the_dense_tensor_with_sequence_lengths():
    t = base.Tensor()
    t.set(np.zeros((5, 2), "float32"), paddle.CPUPlace())
    t.set_recursive_sequence_lengths([[2, 3]])
    assert t.lod() == [[0, 2, 5]]
    with pytest.raises(ValueError, match="recursive_sequence_lengths is"):
        t.set_recursive_sequence_lengths([[4]])
