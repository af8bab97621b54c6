"""Record Paddle 3.3.1's public FLAGS (the ones paddle.get_flags / paddle.set_flags accept) and
their default values on the CPU wheel into paddle_compat/data/paddle_flags.json, the table
paddle_compat's get_flags/set_flags read (paddle_compat/_base/framework.py).

Run with the oracle interpreter (re-runnable; overwrites the table; environment FLAGS_* variables
must be unset so the defaults are recorded):
    PADDLE_PY conformance/record/record_flags.py
"""
import json
import os
import sys


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    g = paddle.base.core.globals()
    flags = {k: g[k] for k in sorted(g.keys()) if g.is_public(k)}
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "paddle_compat", "data", "paddle_flags.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "flags": flags}, f, indent=1,
                  sort_keys=True)
    os.replace(tmp, path)
    print(f"recorded {len(flags)} flags to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
