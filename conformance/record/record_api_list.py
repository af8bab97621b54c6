"""Record the census of Paddle 3.3.1's public API for `python -m paddle_compat check`.

    PADDLE_PY conformance/record/record_api_list.py

Walks every module of the installed Paddle (packages and plain modules, `pkgutil.walk_packages`),
and writes paddle_compat/data/paddle_api.json. The rule (also in docs/conformance.md, "The API
census"):

* A module is **public** when no part of its dotted path starts with `_` and it defines a non-empty
  `__all__`; its names are that `__all__`. Paddle marks its implementation files with `__all__ = []`,
  so those export nothing. Modules in DOCUMENTED_WITHOUT_ALL are public too although their
  `__all__` is empty: Paddle's own documented examples import them.
* Every public module is counted at its own path, also when its names are re-exported by a parent
  (`paddle.distribution.kl.kl_divergence` and `paddle.distribution.kl_divergence`): a script may
  import from either, and paddle_compat mirrors Paddle's import paths.
* A name in `__all__` that the module lacks (Paddle 3.3.1's `paddle.device` lists `empty_cache`)
  is not part of the API: Paddle itself raises AttributeError for it.
* Modules under INTERNAL (below) are Paddle's internals, not documented as API: they are listed
  under "internal" and not counted, whatever their `__all__` says.

Per name the census keeps its kind (function, class, module, constant) and, for functions and
classes, Paddle's module of definition (`__module__`). The file is written atomically.
"""
import importlib
import inspect
import json
import os
import pkgutil
import sys
import tempfile
import warnings

warnings.filterwarnings("ignore")
os.environ.setdefault("GLOG_minloglevel", "3")
import paddle  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "paddle_compat", "data", "paddle_api.json")

# Trees that Paddle does not document as API, with why. A module at or below one of these is
# internal, even when it defines `__all__`.
INTERNAL = {
    "paddle.base": "the legacy framework internals (Program/Executor are documented in paddle.static)",
    "paddle.pir": "the PIR intermediate representation",
    "paddle.jit.dy2static": "the dynamic-to-static AST transcriber behind paddle.jit.to_static",
    "paddle.jit.sot": "the bytecode-level to_static translator",
    "paddle.autograd.ir_backward": "PIR's backward pass (paddle.autograd.grad is the API)",
    "paddle.cost_model": "the auto-parallel cost model",
    "paddle.device.custom_device": "a backend paddle.device dispatches to",
    "paddle.device.default_backend": "a backend paddle.device dispatches to",
    "paddle.device.gpgpu_backend": "a backend paddle.device dispatches to",
    "paddle.distributed.fleet.base": "fleet's implementation (paddle.distributed.fleet is the API)",
    "paddle.distributed.fleet.meta_optimizers": "fleet's implementation",
    "paddle.distributed.fleet.meta_parallel": "fleet's implementation",
    "paddle.distributed.fleet.runtime": "fleet's implementation",
    "paddle.distributed.passes": "distributed program passes",
    "paddle.distributed.ps": "the parameter-server implementation",
    "paddle.distributed.auto_parallel": "auto-parallel internals (the API is in paddle.distributed)",
    "paddle.incubate.distributed.utils": "checkpoint helpers of the auto-parallel engine",
}

# Modules with an empty `__all__` that Paddle's documentation uses as an import path. Their names
# are the public functions and classes defined in the module itself.
DOCUMENTED_WITHOUT_ALL = {
    "paddle.vision.transforms.functional":
        "Paddle's transform examples use `from paddle.vision.transforms import functional as F`",
}


def is_internal(name):
    return any(name == t or name.startswith(t + ".") for t in INTERNAL)


def kind_of(obj):
    if inspect.ismodule(obj):
        return "module"
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "function"
    return "constant"


def entry(obj):
    kind = kind_of(obj)
    if kind == "module":
        return [kind, obj.__name__]
    if kind == "constant":
        return [kind]
    return [kind, getattr(obj, "__module__", None) or ""]


def names_of(modname, mod):
    if modname in DOCUMENTED_WITHOUT_ALL:
        return sorted(n for n, o in vars(mod).items()
                      if not n.startswith("_") and (inspect.isfunction(o) or inspect.isclass(o))
                      and getattr(o, "__module__", None) == modname)
    return sorted(set(getattr(mod, "__all__", None) or ()))


def walk():
    """-> {module name: module} for every importable module of paddle without a private part."""
    found, failed = {"paddle": paddle}, {}
    for info in pkgutil.walk_packages(paddle.__path__, "paddle.",
                                      onerror=lambda n: failed.setdefault(n, "walk failed")):
        if any(p.startswith("_") for p in info.name.split(".")):
            continue
        try:
            found[info.name] = importlib.import_module(info.name)
        except BaseException as exc:       # optional dependencies (yaml, pandas, etcd3) absent
            failed[info.name] = f"{type(exc).__name__}: {exc}"[:120]
    return found, failed


def main():
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        os.chdir(scratch)           # importing some modules leaves files (http.log) in the cwd
        try:
            mods, failed = walk()
        finally:
            os.chdir(cwd)
    public = {}
    for name, mod in sorted(mods.items()):
        if is_internal(name):
            continue
        names = names_of(name, mod)
        if names:
            public[name] = (mod, names)
    modules = {}
    for name, (mod, names) in public.items():
        modules[name] = {n: entry(getattr(mod, n)) for n in names if hasattr(mod, n)}
        absent = [n for n in names if not hasattr(mod, n)]
        if absent:
            print(f"note: {name}.__all__ names what it lacks: {absent}")
    out = {
        "version": paddle.__version__,
        "rule": "public = no dotted part starts with '_' and a non-empty __all__ (plus documented "
                "modules without one); internal trees are not counted; "
                "see conformance/record/record_api_list.py",
        "modules": modules,
        "internal": INTERNAL,
        "documented_without_all": DOCUMENTED_WITHOUT_ALL,
    }
    write(out)
    for name, why in sorted(failed.items()):
        print(f"skipped {name}: {why}")
    n = sum(len(v) for v in modules.values())
    print(f"{n} names in {len(modules)} modules; {len(INTERNAL)} internal trees not counted")


def write(out):
    """One module per line: compact, and a diff shows which module changed."""
    lines = ["{"]
    for key in ("version", "rule"):
        lines.append(f"{json.dumps(key)}: {json.dumps(out[key])},")
    for key in ("internal", "documented_without_all"):
        lines.append(f"{json.dumps(key)}: {json.dumps(out[key], sort_keys=True)},")
    lines.append('"modules": {')
    items = sorted(out["modules"].items())
    for i, (name, names) in enumerate(items):
        body = json.dumps(names, sort_keys=True, separators=(",", ":"))
        lines.append(f"{json.dumps(name)}: {body}{',' if i < len(items) - 1 else ''}")
    lines.append("}}")
    text = "\n".join(lines) + "\n"
    json.loads(text)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(OUT), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, OUT)
    except BaseException:
        os.unlink(tmp)
        raise


if __name__ == "__main__":
    sys.exit(main())
