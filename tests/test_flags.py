"""paddle_compat/_flags.py: FLAGS_paddle_num_threads sizes torch's CPU pool at import, as Paddle
sizes its own (default 1)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PROBE = ("import torch; torch.set_num_threads(2); import paddle_compat as p; "
          "print(torch.get_num_threads(), p.get_flags('FLAGS_paddle_num_threads')"
          "['FLAGS_paddle_num_threads'])")


def _threads(**env):
    base = {k: v for k, v in os.environ.items()
            if k not in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "FLAGS_paddle_num_threads")}
    base.update(env, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", _PROBE], env=base, capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


@pytest.mark.parametrize("env,want", [
    ({}, ["1", "1"]),                                    # Paddle's default: one thread
    ({"FLAGS_paddle_num_threads": "2"}, ["2", "2"]),      # the flag, from the environment
    ({"OMP_NUM_THREADS": "2"}, ["2", "1"]),               # the user sized torch's pool itself
    ({"FLAGS_paddle_num_threads": "x"}, ["2", "1"]),      # unreadable: left alone
])
def test_cpu_threads_at_import(env, want):
    assert _threads(**env) == want
