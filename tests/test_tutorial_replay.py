"""tools/tutorial_replay.py: notebooks become scripts, verdicts compare outputs, and the generated
data sets are read by paddle_compat's own readers in Paddle's formats."""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
import tutorial_replay as tr  # noqa: E402


def test_script_of_keeps_code_and_comments_out_shell_lines():
    nb = {"cells": [{"cell_type": "markdown", "source": ["# title"]},
                    {"cell_type": "code", "source": ["!pip install x\n", "import paddle\n",
                                                     "%matplotlib inline\n", "print(1)"]}]}
    script = tr.script_of(json.dumps(nb))
    assert script.startswith(tr.PREFIX)
    body = script[len(tr.PREFIX):]
    assert body == "# !pip install x\nimport paddle\n# %matplotlib inline\nprint(1)\n"


@pytest.mark.parametrize("a,b,rc,want", [
    ("loss 0.5\nstep 1/1 - 12ms/step\n", "loss 0.5\nstep 1/1 - 3ms/step\n", (0, 0), "same"),
    ("loss 0.51234\n", "loss 0.51235\n", (0, 0), "digits"),
    ("loss 0.5\n", "acc 0.5\n", (0, 0), "differs"),
    ("x\n", "y\n", (0, 1), "compat-fails"),
    ("x\n", "y\n", (1, 1), "both-fail"),
    ("x\n", "y\n", (1, 0), "paddle-fails"),
    ("a\x08\x08\x08b\n", "a\x08b\n", (0, 0), "same"),          # progress bars' backspaces
])
def test_verdicts(a, b, rc, want):
    assert tr.verdict(rc[0], rc[1], a, b) == want


def test_generated_data_reads_as_paddles_formats(tmp_path, monkeypatch):
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    tr.make_data(str(home), str(work))
    import paddle_compat as paddle
    from paddle_compat._dataset import common
    monkeypatch.setattr(common, "DATA_HOME", str(home / ".cache" / "paddle" / "dataset"))
    mnist = paddle.vision.datasets.MNIST(mode="test")
    assert len(mnist) == 200 and mnist[0][0].size == (28, 28)      # a PIL image, as Paddle
    cifar = paddle.vision.datasets.Cifar10(mode="test")
    assert len(cifar) == 100
    imdb = paddle.text.datasets.Imdb(mode="train", cutoff=5)
    assert len(imdb) == 200
    assert (work / "cmn.txt").read_text(encoding="utf-8").count("\n") == 300
