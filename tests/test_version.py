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


def test_package_metadata_reports_compat_version_license_and_urls():
    # pyproject.toml takes its version from version.py (one copy), states a license whose text is
    # in the repository, a description and project URLs.
    import os
    import pytest
    tomllib = pytest.importorskip("tomllib")    # Python >= 3.11
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)
    meta = project["project"]
    assert "version" not in meta and meta["dynamic"] == ["version"]
    assert (project["tool"]["setuptools"]["dynamic"]["version"]
            == {"attr": "paddle_compat.version.compat_version"})
    assert meta["license"] == "Apache-2.0" and meta["license-files"] == ["LICENSE"]
    with open(os.path.join(root, "LICENSE"), encoding="utf-8") as f:
        assert "Apache License" in f.read(300)
    assert "PyTorch" in meta["description"] and meta["urls"]
    assert all(u.startswith("https://") for u in meta["urls"].values())


# ---- the build queries (cuda_archs, nccl, tensorrt, xpu*), replayed from Paddle 3.3.1's CPU wheel
import pytest  # noqa: E402
import torch  # noqa: E402

from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.skipif(torch.cuda.is_available(), reason="the CPU wheel's answers")
@pytest.mark.parametrize("case", _api.cases("version"))
def test_build_queries_golden(case):
    _api.check(case)
