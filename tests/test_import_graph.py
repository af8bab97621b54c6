"""The import graph of paddle_compat: imports run downward (docs/design.md, "Floors").

The graph is built from the source, not from a running interpreter: every `import` and `from`
statement of every module (module-level and inside functions or classes alike, since a lazy import is
still an edge), with relative imports resolved against the importing module's package. `from pkg
import name` counts as an import of `pkg.name` when that is a module, else of `pkg`.

Floors: the public face is `paddle_compat/__init__.py` and every top-level module or package whose
name has no leading underscore (`nn`, `tensor`, `static`, `distributed`, ...), with everything inside
them; below it lie the private modules and packages (`_ops`, `_nn`, `_static`, `_tensor.py`, ...).
The command-line tools (`__main__`, `_cli`, `_conformance_cli`, `_check`) stand on top of the face:
they run and inspect the public API as a user does.

Rules checked:
- `_ops/` never imports `_static/`: the static side fills the registry's one hook
  (`paddle_compat._ops.registry.StaticSide`, via `set_static_hook`) instead.
- No private module imports the face (`paddle_compat/__init__.py` or a public package).
- No import cycle among private modules: none through module-level imports at all, and none through
  any import (function-level ones included) that crosses from one private package or module to
  another. (Function-level imports inside one package, e.g. between `_static/` modules, are that
  package's own business.)
"""
import ast
import os

import pytest

PACKAGE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "paddle_compat")


def module_files(package_dir):
    """{dotted module name: path} for every .py file under package_dir (the package itself named
    after the directory)."""
    root = os.path.basename(os.path.normpath(package_dir))
    parent = os.path.dirname(os.path.normpath(package_dir))
    out = {}
    for dirpath, dirnames, filenames in os.walk(package_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for f in sorted(filenames):
            if not f.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), parent)[:-3].split(os.sep)
            if rel[-1] == "__init__":
                rel = rel[:-1]
            out[".".join(rel)] = os.path.join(dirpath, f)
    assert root in out, f"{package_dir} is not a package (no __init__.py)"
    return out


def _resolve(module, is_package, level, name):
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_edges(package_dir):
    """[(importer, imported, lineno, top_level)] for every import statement in the package whose
    target is inside the package. `top_level` is False for imports inside a function or class."""
    files = module_files(package_dir)
    root = os.path.basename(os.path.normpath(package_dir))
    edges = []
    for mod, path in files.items():
        is_package = path.endswith("__init__.py")
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        nested = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for sub in ast.walk(node):
                    if sub is not node:
                        nested.add(id(sub))
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = (_resolve(mod, is_package, node.level, node.module) if node.level
                        else node.module)
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    targets.append(sub if sub in files else base)
            for t in targets:
                # `import a.b.c` imports a, a.b and a.b.c; the deepest module in the package counts.
                while t and t not in files and "." in t:
                    t = t.rsplit(".", 1)[0]
                if t not in files or not (t == root or t.startswith(root + ".")):
                    continue
                top = id(node) not in nested
                edges.append((mod, t, node.lineno, top))
                # ... and first runs the __init__ of each package above it that is not already
                # running (one that does not contain the importer)
                parts = t.split(".")
                for i in range(2, len(parts)):
                    pkg = ".".join(parts[:i])
                    if pkg in files and not (mod == pkg or mod.startswith(pkg + ".")):
                        edges.append((mod, pkg, node.lineno, top))
    return edges


TOOLS = ("__main__", "_cli", "_conformance_cli", "_check")


def floor(module):
    """'face', 'tool' or 'private' (see the module docstring), from the module's dotted name."""
    parts = module.split(".")
    if len(parts) == 1 or not parts[1].startswith("_"):
        return "face"
    return "tool" if parts[1] in TOOLS else "private"


def violations(package_dir):
    root = os.path.basename(os.path.normpath(package_dir))
    out = []
    for src, dst, line, _top in import_edges(package_dir):
        where = f"{src} (line {line}) imports {dst}"
        if src.startswith(f"{root}._ops") and dst.startswith(f"{root}._static"):
            out.append(f"{where}: the op layer must not import the static graph")
        if floor(src) == "private" and floor(dst) == "face":
            out.append(f"{where}: a module below the public face imports the face")
    return out


def private_cycles(package_dir):
    """Import cycles among private modules (Tarjan's strongly connected parts): every cycle of
    module-level imports, and every cycle of any imports that spans two private top-level
    packages or modules."""
    edges = [(s, d, top) for s, d, _l, top in import_edges(package_dir)
             if s != d and floor(s) == "private" and floor(d) == "private"
             # a package importing its own submodule (or a submodule its package) is how Python
             # packages work, not a circle between concepts
             and not (d.startswith(s + ".") or s.startswith(d + "."))]
    out = _cycles({(s, d) for s, d, top in edges if top})
    for comp in _cycles({(s, d) for s, d, _top in edges}):
        if len({m.split(".")[1] for m in comp}) > 1 and comp not in out:
            out.append(comp)
    return out


def _cycles(pairs):
    graph = {}
    for s, d in pairs:
        graph.setdefault(s, set()).add(d)
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_ops_never_import_static_and_nothing_below_the_face_imports_it():
    assert violations(PACKAGE_DIR) == []


def test_no_cycle_among_private_modules():
    assert private_cycles(PACKAGE_DIR) == []


def test_the_graph_sees_the_real_package():
    edges = import_edges(PACKAGE_DIR)
    pairs = {(s, d) for s, d, _l, _t in edges}
    # a few edges the package certainly has: the face imports the ops, the ops import the registry
    assert ("paddle_compat", "paddle_compat._ops.math") in pairs
    assert ("paddle_compat._ops.math", "paddle_compat._ops.registry") in pairs
    assert len(edges) > 300


def _write(root, files):
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _tiny_package(tmp_path, extra):
    files = {
        "pkg/__init__.py": "from . import nn\nfrom ._ops.math import add\n",
        "pkg/nn/__init__.py": "from .._nn.layers import Layer\n",
        "pkg/_nn/__init__.py": "",
        "pkg/_nn/layers.py": "from .._ops import math\nclass Layer:\n    pass\n",
        "pkg/_ops/__init__.py": "",
        "pkg/_ops/math.py": "def add(x, y):\n    return x + y\n",
        "pkg/_static/__init__.py": "",
        "pkg/_static/builder.py": "from .._ops.math import add\n",
    }
    files.update(extra)
    _write(tmp_path, files)
    return str(tmp_path / "pkg")


def test_clean_synthetic_package_passes(tmp_path):
    pkg = _tiny_package(tmp_path, {})
    assert violations(pkg) == []
    assert private_cycles(pkg) == []


@pytest.mark.parametrize("path, text, expected", [
    # an op importing the static graph inside a function (a lazy import is still an edge)
    ("pkg/_ops/math.py", "def add(x, y):\n    from .._static.builder import add\n    return x\n",
     "pkg._ops.math (line 2) imports pkg._static.builder: the op layer must not import"),
    # a private module importing the package face, absolute and relative
    ("pkg/_nn/layers.py", "import pkg\n", "pkg._nn.layers (line 1) imports pkg: a module below"),
    ("pkg/_nn/layers.py", "def f():\n    from .. import nn\n",
     "pkg._nn.layers (line 2) imports pkg.nn: a module below"),
    ("pkg/_ops/math.py", "from ..nn import Layer\n", "pkg._ops.math (line 1) imports pkg.nn: a"),
])
def test_planted_violation_is_caught(tmp_path, path, text, expected):
    pkg = _tiny_package(tmp_path, {path: text})
    found = violations(pkg)
    assert any(v.startswith(expected) for v in found), found


def test_planted_cycle_is_caught(tmp_path):
    pkg = _tiny_package(tmp_path, {"pkg/_ops/math.py": "from .._nn import layers\n"})
    assert private_cycles(pkg) == [["pkg._nn.layers", "pkg._ops.math"]]


def test_planted_function_level_cycle_across_packages_is_caught(tmp_path):
    # the lazy import that used to dodge a circle: still a cycle between _ops and _nn
    pkg = _tiny_package(tmp_path, {"pkg/_ops/math.py": "def f():\n    from .._nn import layers\n"})
    assert private_cycles(pkg) == [["pkg._nn.layers", "pkg._ops.math"]]
    # inside one private package a function-level cycle is that package's own business
    pkg = _tiny_package(tmp_path, {"pkg/_ops/math.py": "def f():\n    from . import linalg\n",
                                   "pkg/_ops/linalg.py": "from . import math\n"})
    assert private_cycles(pkg) == []


def test_tools_may_import_the_face_but_private_modules_may_not(tmp_path):
    pkg = _tiny_package(tmp_path, {"pkg/_cli.py": "import pkg\n",
                                   "pkg/nn/_helpers.py": "from .. import nn\n"})
    assert violations(pkg) == []      # a tool, and a public package's own helper module
    pkg = _tiny_package(tmp_path, {"pkg/_clip.py": "import pkg\n"})
    assert violations(pkg) == ["pkg._clip (line 1) imports pkg: a module below the public face "
                               "imports the face"]
