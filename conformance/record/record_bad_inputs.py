"""Record Paddle 3.3.1's outcome of every case of conformance/bad_inputs.py into
conformance/goldens/bad_inputs.json (read by tests/test_bad_inputs.py).

Run with the oracle interpreter (re-runnable; overwrites the golden):
    PADDLE_PY conformance/record/record_bad_inputs.py
"""
import importlib.util
import json
import os
import sys

import numpy as np

os.environ.setdefault("FLAGS_enable_pir_api", "0")     # the static cases use the legacy IR
import paddle  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bad_inputs", os.path.join(HERE, "..", "bad_inputs.py"))
table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(table)


def main():
    np.random.seed(0)
    paddle.seed(0)
    out = {"paddle_version": paddle.__version__, "cases": {}}
    for case_id, code in table.CASES.items():
        out["cases"][case_id] = table.run_case(paddle, code)
    path = os.path.join(HERE, "..", "goldens", "bad_inputs.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(f"recorded {len(out['cases'])} cases into {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
