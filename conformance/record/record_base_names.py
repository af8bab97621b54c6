"""Record the public names of Paddle 3.3.1's paddle.base and its submodules that paddle_compat
mirrors: run with the oracle.

    PADDLE_PY conformance/record/record_base_names.py

Writes conformance/goldens/base_names.json: {module: sorted names without a leading underscore,
plus the private helpers Paddle's own tests call}. tests/test_base.py checks that every name
paddle_compat's paddle.base modules export is one Paddle has there (or a documented fluid
extra) and that the calls behave as Paddle's.
"""
import json
import os

MODULES = ["paddle.base", "paddle.base.framework", "paddle.base.core", "paddle.base.executor",
           "paddle.base.backward", "paddle.base.dygraph", "paddle.base.dygraph.base",
           "paddle.base.unique_name", "paddle.base.param_attr", "paddle.base.initializer",
           "paddle.base.layers", "paddle.base.compiler"]
PRIVATE = {"paddle.base.framework": ["_dygraph_tracer", "_current_expected_place"],
           "paddle.base.executor": ["_fetch_var"],
           "paddle.base.backward": ["_strip_grad_suffix_", "_append_grad_suffix_"]}


def main():
    import importlib
    import paddle  # noqa: F401
    out = {}
    for name in MODULES:
        m = importlib.import_module(name)
        names = sorted(n for n in dir(m) if not n.startswith("_"))
        out[name] = names + [n for n in PRIVATE.get(name, []) if hasattr(m, n)]
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "base_names.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
