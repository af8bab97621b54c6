"""Replay of conformance/goldens/distributed_utils.json (conformance/record/
record_distributed_utils.py) for the tests of paddle.distributed's plain-Python utilities."""
import importlib.util
import json
import os

import paddle_compat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _recorder():
    spec = importlib.util.spec_from_file_location(
        "record_distributed_utils",
        os.path.join(ROOT, "conformance", "record", "record_distributed_utils.py"))
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    return rec


def check(*prefixes):
    """Run the recorded cases starting with `prefixes` under paddle_compat; compare with Paddle's."""
    with open(os.path.join(ROOT, "conformance", "goldens", "distributed_utils.json")) as f:
        golden = json.load(f)
    ours = _recorder().run(paddle_compat, prefixes)
    want = {k: v for k, v in golden.items() if k.startswith(prefixes)}
    assert ours.keys() == want.keys(), "golden out of date: re-run the recorder"
    for name in want:
        assert ours[name] == want[name], name
    return len(want)
