"""Record Paddle 3.3.1's public API names, per module, for `python -m paddle_compat check --coverage`.

    ~/paddle-ref/bin/python conformance/record/record_api_list.py

Walks the public modules a Paddle script imports from, lists each module's public names (its
`__all__`, else names not starting with '_'), keeps callables and classes, and writes
paddle_compat/data/paddle_api.json: {"version": ..., "modules": {"paddle.nn": ["Linear", ...]}}.
"""
import importlib
import inspect
import json
import os
import warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("GLOG_minloglevel", "3")
import paddle  # noqa: E402

MODULES = [
    "paddle", "paddle.nn", "paddle.nn.functional", "paddle.nn.initializer", "paddle.optimizer",
    "paddle.optimizer.lr", "paddle.io", "paddle.metric", "paddle.autograd", "paddle.static",
    "paddle.static.nn", "paddle.linalg", "paddle.jit", "paddle.distributed", "paddle.device",
    "paddle.device.cuda", "paddle.framework", "paddle.utils", "paddle.regularizer", "paddle.vision",
    "paddle.text", "paddle.amp", "paddle.fft", "paddle.signal", "paddle.sparse", "paddle.distribution",
    "paddle.incubate", "paddle.inference", "paddle.onnx", "paddle.hub", "paddle.callbacks", "paddle.hapi",
    "paddle.profiler", "paddle.quantization", "paddle.audio", "paddle.geometric", "paddle.random",
    "paddle.tensor",
    "paddle.vision.models", "paddle.vision.ops",
]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def public_names(mod):
    names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
    keep = []
    for n in names:
        obj = getattr(mod, n, None)
        if obj is None or inspect.ismodule(obj):
            continue
        if callable(obj) or inspect.isclass(obj) or n.isupper() or n[:1].islower():
            keep.append(n)
    return sorted(set(keep))


def main():
    out = {"version": paddle.__version__, "modules": {}}
    for name in MODULES:
        try:
            mod = importlib.import_module(name)
        except Exception as exc:                      # a module absent from this build is skipped
            print(f"skip {name}: {exc}")
            continue
        out["modules"][name] = public_names(mod)
    path = os.path.join(ROOT, "paddle_compat", "data", "paddle_api.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"{sum(len(v) for v in out['modules'].values())} names in {len(out['modules'])} modules")


if __name__ == "__main__":
    main()
