"""Tests for paddle_compat/_static/data_feeder.py (paddle.base.DataFeeder). The expected values,
messages and LoD are Paddle 3.3.1's for the same calls (legacy IR, checked against the oracle)."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import base


@pytest.fixture
def feeder():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            img = paddle.static.data("image", [-1, 2, 2], "float32")
            paddle.static.data("label", [-1, 1], "int64")
            seq = paddle.static.data("seq", [-1, 1], "int64", lod_level=1)
            yield main, img, base.DataFeeder(feed_list=[img, "label", seq],
                                             place=base.CPUPlace(), program=main)
    finally:
        paddle.disable_static()


def test_feed_stacks_reshapes_and_records_lod(feeder):
    main, img, f = feeder
    d = f.feed([(np.arange(4), [3], [[1], [2]]), (np.arange(4, 8), [5], [[3]])])
    assert sorted(d) == ["image", "label", "seq"]
    assert all(type(t).__name__ == "DenseTensor" for t in d.values())
    a = np.array(d["image"])
    assert a.dtype == np.float32 and a.shape == (2, 2, 2)
    np.testing.assert_array_equal(a.ravel(), np.arange(8))
    lab = np.array(d["label"])
    assert lab.dtype == np.int64 and lab.shape == (2, 1) and lab.ravel().tolist() == [3, 5]
    assert np.array(d["seq"]).ravel().tolist() == [1, 2, 3] and d["seq"].lod() == [[0, 2, 3]]
    assert d["image"].lod() == []
    exe = paddle.static.Executor()
    with paddle.static.program_guard(main):
        out = img * 2
    r = exe.run(main, feed={k: d[k] for k in ("image", "label")}, fetch_list=[out])[0]
    np.testing.assert_array_equal(r.ravel(), np.arange(8) * 2)


def test_feed_errors_are_paddles(feeder):
    _, _, f = feeder
    with pytest.raises(AssertionError, match=r"^The number of fields in data \(1\) does not "
                                             r"match len\(feed_list\) \(3\)$"):
        f.feed([(np.arange(4),)])
    with pytest.raises(ValueError, match=r"^Reshape error\. What is defined in data layer is "
                                         r"\(-1, 2, 2\), but receive \(1, 3\)$"):
        f.feed([(np.arange(3), [1], [[1]])])
    with pytest.raises(TypeError, match="^Feed list should contain a list of variable$"):
        base.DataFeeder([3], base.CPUPlace())
