"""paddle.hapi.logger.setup_logger (paddle_compat/_hapi/logger.py), with what Paddle 3.3.1's
does, checked side by side with it: one stdout handler, Paddle's format, and its file handler
that is a StreamHandler over the file name."""
import logging
import sys

import pytest

import paddle_compat as paddle


@pytest.fixture
def fresh_name(request):
    name = "hapi_test_" + request.node.name
    yield name
    logger = logging.getLogger(name)
    for h in list(logger.handlers):
        logger.removeHandler(h)


def test_stdout_handler_once(fresh_name, capsys):
    lg = paddle.hapi.logger.setup_logger(name=fresh_name)
    assert paddle.hapi.logger.setup_logger(name=fresh_name) is lg
    assert len(lg.handlers) == 1 and not lg.propagate and lg.level == logging.INFO
    (h,) = lg.handlers
    assert type(h) is logging.StreamHandler and h.stream is sys.stdout
    assert h.formatter._fmt == "%(asctime)s - %(name)s - %(levelname)s - %(message)s"
    lg.info("hello")
    lg.debug("hidden")
    out = capsys.readouterr().out
    assert out.endswith(f" - {fresh_name} - INFO - hello\n") and "hidden" not in out


def test_output_directory_as_paddle(fresh_name, tmp_path, capsys):
    lg = paddle.hapi.logger.setup_logger(output=str(tmp_path / "sub"), name=fresh_name,
                                         log_level=logging.DEBUG)
    assert [type(h).__name__ for h in lg.handlers] == ["StreamHandler", "StreamHandler"]
    assert lg.handlers[1].stream == str(tmp_path / "sub" / "log.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sub"]
    lg.info("hi")
    err = capsys.readouterr().err
    assert "--- Logging error ---" in err and "'str' object has no attribute 'write'" in err


def test_rank_suffix_and_bare_file_name(fresh_name, tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "2")
    lg = paddle.hapi.logger.setup_logger(output=str(tmp_path / "a.log"), name=fresh_name)
    assert [h.stream for h in lg.handlers] == [str(tmp_path / "a.log") + ".rank2"]
    with pytest.raises(FileNotFoundError, match=r"No such file or directory: ''"):
        paddle.hapi.logger.setup_logger(output="log.txt", name=fresh_name + "_bare")
