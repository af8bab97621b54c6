"""The training scripts in examples/ (Linear/MLP, Assign-initialised, SGD / Adam / Momentum,
cross-entropy / MSE) print the same losses and final weights as real Paddle 3.3.1 to 1e-5
(outputs recorded by conformance/record/record_nn.py into conformance/goldens/nn_examples.json)."""
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "nn_examples.json")))
_NUM = re.compile(r"-?\d+\.\d+(?:e-?\d+)?")


def _split(text):
    """(words with numbers blanked, numbers) for one script's stdout."""
    return _NUM.sub("#", text), np.array([float(v) for v in _NUM.findall(text)])


@pytest.mark.parametrize("script", sorted(GOLDEN))
def test_training_script_matches_paddle(script):
    proc = subprocess.run([sys.executable, "-m", "paddle_compat", "run",
                           os.path.join(ROOT, "examples", script)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got_words, got = _split(proc.stdout)
    want_words, want = _split(GOLDEN[script])
    assert got_words == want_words
    assert got.size > 20
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-5)
