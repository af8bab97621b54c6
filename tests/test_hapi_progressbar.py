"""paddle.hapi.progressbar (paddle_compat/_hapi/progressbar.py): the bar and log lines, recorded
from Paddle 3.3.1 on a fixed clock."""
import pytest

from paddle_compat._hapi.progressbar import ProgressBar
from tests._hapi_goldens import params, replay


@pytest.mark.parametrize("name,src", params("progressbar"))
def test_matches_paddle(name, src):
    replay(name, src)


def test_redraw_rubs_out_the_previous_bar(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    bar = ProgressBar(num=4, verbose=1)
    bar.update(1, [("loss", [0.5])])
    first = capsys.readouterr().out
    bar.update(2, [("loss", [0.25])])
    second = capsys.readouterr().out
    assert first.startswith("\r") and "\n" not in first
    width = len(first) - 1
    assert second.startswith("\b" * width + "\r")
    bar.update(4, [])
    assert capsys.readouterr().out.endswith("\n")
