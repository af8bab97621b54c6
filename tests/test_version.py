"""paddle.version: the mirrored Paddle version and paddle_compat's own (paddle_compat/version.py)."""
import paddle_compat as paddle


def test_mirrors_paddle_3_3_1():
    assert paddle.__version__ == "3.3.1" == paddle.version.full_version
    assert (paddle.version.major, paddle.version.minor, paddle.version.patch) == ("3", "3", "1")


def test_show_names_both_versions(capsys):
    paddle.version.show()
    out = capsys.readouterr().out
    assert "full_version: 3.3.1" in out
    assert f"paddle_compat: {paddle.version.compat_version}" in out


def test_cuda_and_cudnn_report_strings():
    assert isinstance(paddle.version.cuda(), str) and isinstance(paddle.version.cudnn(), str)
