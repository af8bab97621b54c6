"""paddle.utils.download (paddle_compat/_utils/download.py): the weights cache lookup, MD5 check
and atomic download (served from a local HTTP server, so no network is needed)."""
import hashlib
import http.server
import os
import threading

import pytest

import paddle_compat as paddle
from paddle_compat._utils import download


@pytest.fixture
def server(tmp_path):
    root = tmp_path / "srv"
    root.mkdir()
    (root / "w.bin").write_bytes(b"weights!")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **k):
            super().__init__(*a, directory=str(root), **k)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    thread.join()


def test_downloads_once_into_the_cache(server, tmp_path, monkeypatch):
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path / "cache"))
    md5 = hashlib.md5(b"weights!").hexdigest()
    path = paddle.utils.download.get_weights_path_from_url(server + "/w.bin", md5)
    assert path == str(tmp_path / "cache" / "w.bin")
    assert open(path, "rb").read() == b"weights!"
    assert [n for n in os.listdir(tmp_path / "cache")] == ["w.bin"]   # no temporary left
    assert paddle.utils.download.get_weights_path_from_url(server + "/w.bin", md5) == path


def test_a_wrong_md5_keeps_no_file(server, tmp_path, monkeypatch):
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path / "cache"))
    with pytest.raises(RuntimeError, match="has md5"):
        paddle.utils.download.get_weights_path_from_url(server + "/w.bin", "0" * 32)
    assert os.listdir(tmp_path / "cache") == []


def test_a_missing_file_names_the_url_and_the_place(server, tmp_path, monkeypatch):
    monkeypatch.setattr(download, "WEIGHTS_HOME", str(tmp_path / "cache"))
    with pytest.raises(RuntimeError, match="Cannot download .*nope.bin.*Put the file"):
        paddle.utils.download.get_weights_path_from_url(server + "/nope.bin")


def test_not_a_url():
    with pytest.raises(AssertionError, match="not a url"):
        paddle.utils.download.get_weights_path_from_url("ftp://x/y")
