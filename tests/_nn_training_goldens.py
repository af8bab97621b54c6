"""Replay of conformance/record/record_nn_training.py's training loops for tests/test_nn_layer_rnn.py
and tests/test_nn_layer_transformer.py; Paddle 3.3.1's runs are in
conformance/goldens/nn_training.json."""
import json
import os

import paddle_compat as paddle
from conformance.record import record_nn_training as rec

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "conformance",
                      "goldens", "nn_training.json")


def training_golden(name):
    """(paddle_compat's run, Paddle's recorded run) of one loop: {"stdout", "out"} each."""
    with open(GOLDEN) as f:
        want = json.load(f)["cases"][name]
    return rec.run(paddle, rec.CASES[name]), want
