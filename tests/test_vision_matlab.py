"""The level-5 MAT-file reader (_vision/datasets/matlab.py) used by Flowers: files from the
recorder's writer (compressed or not) and, where SciPy is installed, files SciPy writes."""
import numpy as np
import pytest

from paddle_compat._vision.datasets.matlab import loadmat

from ._vision_goldens import record


@pytest.mark.parametrize("compress", [True, False])
def test_reads_numeric_matrices(tmp_path, compress):
    values = {"labels": np.array([[3, 1, 77]], "uint8"), "ids": np.arange(6, dtype="uint16")
              .reshape(2, 3), "x": np.array([[0.5], [2.0]])}
    path = record.write_mat(str(tmp_path / "a.mat"), values, compress)
    got = loadmat(path)
    for name, want in values.items():
        assert got[name].dtype == want.dtype and got[name].shape == want.shape
        np.testing.assert_array_equal(got[name], want)


@pytest.mark.parametrize("compress", [True, False])
def test_agrees_with_scipy(tmp_path, compress):
    sio = pytest.importorskip("scipy.io")
    values = {"a": np.arange(12.0).reshape(3, 4), "b": np.array([[1, 2]], "int32"),
              "c": "text", "s": np.array([[7]], "uint16")}
    sio.savemat(str(tmp_path / "b.mat"), values, do_compression=compress)
    got, want = loadmat(str(tmp_path / "b.mat")), sio.loadmat(str(tmp_path / "b.mat"))
    assert sorted(got) == ["a", "b", "s"]        # the char array is left out
    for name in got:
        assert got[name].dtype == want[name].dtype
        np.testing.assert_array_equal(got[name], want[name])


def test_not_a_mat_file(tmp_path):
    path = tmp_path / "x.mat"
    path.write_bytes(b"\x89HDF\r\n" + bytes(200))
    with pytest.raises(ValueError, match="not a MATLAB level-5 MAT-file"):
        loadmat(str(path))
