"""`python -m paddle_compat check PATH...`: which Paddle APIs a script uses, and which paddle_compat has.

Scripts are parsed with `ast`; nothing is executed. Every `paddle.<...>` reference (through any import
alias: `import paddle as pd`, `import paddle.nn.functional as F`, `from paddle.autograd import
PyLayer`) is resolved against paddle_compat by importing its modules and reading attributes, and
named against the census of Paddle 3.3.1's public API (paddle_compat/data/paddle_api.json, recorded
from the real package by conformance/record/record_api_list.py). Status:

* `supported`   - paddle_compat provides it;
* `difference`  - provided, and its docstring has a "Differences from Paddle" paragraph (the
                  report shows its first sentence);
* `missing`     - not provided: reported with every line that uses it, and the exit status is 1.

`check --coverage` prints, per module of the census, how many of Paddle 3.3.1's public names
paddle_compat provides, with the total; with paths, the same share over the APIs those scripts use.
`check --missing MODULE` lists the names of one module still absent. Exit status 2: a bad
argument (a path that does not exist, a script that does not parse, an unknown module).
"""
import argparse
import ast
import importlib
import json
import os
import sys
from collections import defaultdict, namedtuple

from . import _census

__all__ = ["scan_source", "resolve", "check_paths", "coverage_table", "coverage", "missing_names",
           "script_coverage", "CoverageRow", "main"]

CoverageRow = namedtuple("CoverageRow", "module provided total")
CoverageRow.__doc__ = """One module of the census: `provided` of its `total` public names exist in
paddle_compat (the share is provided / total)."""


class CheckError(Exception):
    """A bad command-line argument: printed as one line, exit status 2."""


# ---- scanning -----------------------------------------------------------------------------------

_FUNCTION_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _is_dunder(name):
    return name.startswith("__") and name.endswith("__")


def _bound_names(node):
    """Names a function (or class body) binds locally, as Python decides it: parameters,
    assignment / for / with / except targets, imports, nested def and class names; minus the
    names declared global or nonlocal. Nested functions, classes and comprehensions are their
    own scopes and are not entered."""
    bound, declared = set(), set()
    if isinstance(node, _FUNCTION_SCOPES):
        a = node.args
        for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
            if arg is not None:
                bound.add(arg.arg)
    body = node.body if isinstance(node.body, list) else [node.body]
    todo = list(body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(n.name)
            todo.extend(n.decorator_list)
            continue
        if isinstance(n, (ast.Lambda,) + _COMPREHENSIONS):
            continue
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            declared.update(n.names)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            bound.add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in n.names if a.name != "*")
        elif isinstance(n, ast.ExceptHandler) and n.name:
            bound.add(n.name)
        todo.extend(ast.iter_child_nodes(n))
    return bound - declared


class _Uses(ast.NodeVisitor):
    """Collects {full paddle name: [line, ...]} from one module's AST.

    Aliases live in scopes as Python's do: a function parameter or local variable that has the
    name of an import alias (`def train(opt): opt.step()` after `import paddle.optimizer as opt`)
    hides it inside that function."""

    def __init__(self):
        self.scopes = [("module", {})]      # (kind, {local name: 'paddle.x.y' or None = hidden})
        self.uses = defaultdict(list)

    def _lookup(self, name):
        for i, (kind, names) in enumerate(reversed(self.scopes)):
            if kind == "class" and i > 0:     # a class body's names are not seen by its methods
                continue
            if name in names:
                return names[name]
        return None

    def _use(self, full, line, root=1):
        """Record `full`; a dunder ends the chain (`Layer.__init__` is a use of Layer), and a
        dunder read straight off an alias (`paddle.__name__`, `opt.__file__`) is no use at all."""
        parts = full.split(".")
        for i, part in enumerate(parts):
            if _is_dunder(part):
                if i <= root:
                    return
                parts = parts[:i]
                break
        if len(parts) > 1:
            self.uses[".".join(parts)].append(line)

    def visit_Import(self, node):
        for a in node.names:
            if a.name == "paddle" or a.name.startswith("paddle."):
                if a.asname:
                    self.scopes[-1][1][a.asname] = a.name
                else:
                    self.scopes[-1][1]["paddle"] = "paddle"
                self._use(a.name, node.lineno)

    def visit_ImportFrom(self, node):
        mod = node.module or ""
        if node.level == 0 and (mod == "paddle" or mod.startswith("paddle.")):
            for a in node.names:
                if a.name == "*":
                    self.uses[mod + ".*"].append(node.lineno)
                    continue
                full = f"{mod}.{a.name}"
                self.scopes[-1][1][a.asname or a.name] = full
                self._use(full, node.lineno)

    def visit_Attribute(self, node):
        chain = []
        cur = node
        while isinstance(cur, ast.Attribute):
            chain.append(cur.attr)
            cur = cur.value
        if isinstance(cur, ast.Name):
            target = self._lookup(cur.id)
            if target is not None:
                self._use(".".join([target] + chain[::-1]), node.lineno,
                          root=target.count(".") + 1)
                return               # the maximal chain only: do not count its prefixes
        self.generic_visit(node)

    def _scoped(self, node, kind, outer_parts, inner_parts):
        for part in outer_parts:          # decorators, defaults, bases: the enclosing scope
            self.visit(part)
        names = {n: None for n in _bound_names(node)}
        self.scopes.append((kind, names))
        for part in inner_parts:
            self.visit(part)
        self.scopes.pop()

    def visit_FunctionDef(self, node):
        a = node.args
        outer = node.decorator_list + a.defaults + [d for d in a.kw_defaults if d is not None]
        self._scoped(node, "function", outer, node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node):
        a = node.args
        self._scoped(node, "function", a.defaults + [d for d in a.kw_defaults if d], [node.body])

    def visit_ClassDef(self, node):
        self._scoped(node, "class", node.decorator_list + node.bases + node.keywords, node.body)

    def _visit_comprehension(self, node):
        gens = node.generators
        self.visit(gens[0].iter)          # the first iterable is evaluated outside
        names = {n.id: None for g in gens for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        self.scopes.append(("function", names))
        for i, g in enumerate(gens):
            if i:
                self.visit(g.iter)
            for cond in g.ifs:
                self.visit(cond)
        for part in ([node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]):
            self.visit(part)
        self.scopes.pop()

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _visit_comprehension


def scan_source(source, filename="<script>"):
    """-> {paddle API name: [line numbers]} for one script's source text."""
    visitor = _Uses()
    visitor.visit(ast.parse(source, filename=filename))
    return dict(visitor.uses)


# ---- resolving ----------------------------------------------------------------------------------

def _is_module(obj):
    return type(obj).__name__ == "module"


def _difference(obj):
    """The first sentence of obj's "Differences from Paddle" paragraph, or None."""
    doc = getattr(obj, "__doc__", None) or ""
    at = doc.find("Differences from Paddle")
    if at < 0:
        return None
    text = doc[at + len("Differences from Paddle"):].lstrip(" :-")
    text = " ".join(text.split("\n\n")[0].split())
    end = text.find(". ")
    text = text[:end + 1] if end >= 0 else text
    return text if len(text) <= 110 else text[:107].rstrip() + "..."


def _missing_note(api, failed_at):
    what = _census.known(api)
    if what in ("api", "module"):
        return "Paddle 3.3.1 API, not provided yet"
    if what == "internal":
        return "internal to Paddle 3.3.1 (not public API), not provided"
    if _census.known(failed_at.rpartition(".")[0]) == "api":
        return "a member of " + failed_at.rpartition(".")[0] + " (members are not in the census)"
    return "not in Paddle 3.3.1's public API"


def resolve(name):
    """-> (status, api, note) for a dotted `paddle...` name.

    paddle_compat's modules are imported and the rest read as attributes of modules and classes;
    attributes of an instance (`paddle.float32.name`) count as that instance. `api` is the Paddle
    API the use comes down to: for a missing one, the longest prefix the census knows
    (`paddle.vision.transforms.Normalize`, not `paddle.vision`). `note` is the difference's first
    sentence, or for a missing API what the census says of it."""
    parts = name.split(".")
    if parts[-1] == "*":
        module = ".".join(parts[:-1])
        try:
            importlib.import_module(_census.compat_name(module))
            return "supported", name, None
        except ImportError:
            return "missing", name, _missing_note(module, module)
    obj = importlib.import_module(_census.COMPAT)
    depth = 1
    for part in parts[1:]:
        if not (_is_module(obj) or isinstance(obj, type)):
            break                                # `paddle.float32.name`: the API is paddle.float32
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = _import_submodule(obj, part)
            if obj is None:
                failed = ".".join(parts[:depth + 1])
                api = next((".".join(parts[:i]) for i in range(len(parts), depth, -1)
                            if _census.known(".".join(parts[:i]))), failed)
                return "missing", api, _missing_note(api, failed)
        depth += 1
    api = ".".join(parts[:depth])
    note = _difference(obj)
    # "Differences from Paddle: none known ..." documents that there is none: supported, with
    # the paragraph's qualification kept as the note
    differs = note is not None and not note.lower().startswith("none known")
    return ("difference" if differs else "supported"), api, note


def _import_submodule(obj, part):
    if not _is_module(obj):
        return None
    try:
        return importlib.import_module(f"{obj.__name__}.{part}")
    except ImportError:
        return None


def _expand(paths):
    for p in paths:
        if not os.path.exists(p):
            raise CheckError(f"{p}: no such file or directory")
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(".py"):
                        yield os.path.join(root, f)
        else:
            yield p


def check_paths(paths):
    """-> report dict: {'files': {path: {api: {'count', 'status', 'lines', 'note'}}},
    'missing': number of missing (file, API) pairs}. Raises CheckError for a path that does not
    exist or a script that does not parse."""
    report = {"files": {}, "missing": 0}
    for path in _expand([os.fspath(p) for p in paths]):
        try:
            with open(path, encoding="utf-8") as f:
                uses = scan_source(f.read(), path)
        except SyntaxError as e:
            raise CheckError(f"{path}:{e.lineno}: cannot parse: {e.msg}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise CheckError(f"{path}: cannot read: {e}") from None
        entries = {}
        for name, lines in sorted(uses.items()):
            status, api, note = resolve(name)
            e = entries.setdefault(api, {"count": 0, "status": status, "lines": [], "note": note})
            e["count"] += len(lines)
            e["lines"] = sorted(set(e["lines"]) | set(lines))
        report["missing"] += sum(e["status"] == "missing" for e in entries.values())
        report["files"][path] = entries
    return report


# ---- coverage -----------------------------------------------------------------------------------

def _compat_module(module):
    """paddle_compat's module for the census module `module` (spelled `paddle...`), or None."""
    try:
        return importlib.import_module(_census.compat_name(module))
    except ImportError:
        return None


def _provided(mod, name):
    """True when paddle_compat's module `mod` has `name`: really read, never guessed."""
    if mod is None:
        return False
    try:
        getattr(mod, name)
    except AttributeError:
        return False
    return True


def coverage_table():
    """-> [CoverageRow(module, provided, total), ...], one per module of Paddle 3.3.1's census,
    sorted by module name; computed now by importing paddle_compat's modules and reading every
    name. The total over the census is `sum(r.provided for r in rows)` of `sum(r.total ...)`."""
    rows = []
    for module, names in sorted(_census.census()["modules"].items()):
        mod = _compat_module(module)
        got = sum(_provided(mod, n) for n in names)
        rows.append(CoverageRow(module, got, len(names)))
    return rows


def coverage():
    """-> {module: (provided, total)}: coverage_table() as a dict."""
    return {r.module: (r.provided, r.total) for r in coverage_table()}


def missing_names(module):
    """-> [(name, kind, Paddle's module of definition or None), ...] of the census module
    `module` (spelled `paddle...` or `paddle_compat...`) that paddle_compat lacks."""
    module = _census.paddle_name(module)
    names = _census.census()["modules"].get(module)
    if names is None:
        raise CheckError(f"{module} is not a module of Paddle 3.3.1's census "
                         "(`python -m paddle_compat check --coverage` lists them)")
    mod = _compat_module(module)
    return [(n, e[0], e[1] if len(e) > 1 else None)
            for n, e in sorted(names.items()) if not _provided(mod, n)]


def script_coverage(report):
    """-> [CoverageRow(path, provided, total)] over the distinct APIs each scanned script uses."""
    rows = []
    for path, entries in report["files"].items():
        got = sum(e["status"] != "missing" for e in entries.values())
        rows.append(CoverageRow(path, got, len(entries)))
    return rows


# ---- output -------------------------------------------------------------------------------------

def _share(got, n):
    return f"{100.0 * got / n:.1f}%" if n else "-"


def _print_report(report, out):
    for path, entries in report["files"].items():
        out.write(f"{path}\n")
        if not entries:
            out.write("  (no Paddle API used)\n")
            continue
        width = max([len(a) for a in entries] + [len("API")])
        out.write(f"  {'API':<{width}}  {'uses':>4}  {'status':<10}  detail\n")
        for api, e in entries.items():
            if e["status"] == "missing":
                detail = f"lines {', '.join(map(str, e['lines']))}: {e['note']}"
            else:
                detail = e["note"] or ""
            out.write(f"  {api:<{width}}  {e['count']:>4}  {e['status']:<10}  {detail}".rstrip()
                      + "\n")
    n = report["missing"]
    out.write(f"{n} missing API{'s' if n != 1 else ''}\n")


def _print_table(rows, out, first="module"):
    width = max([len(r.module) for r in rows] + [len(first), 5])
    out.write(f"{first:<{width}}  {'provided':>8}  {'total':>6}  {'share':>6}\n")
    for r in rows:
        out.write(f"{r.module:<{width}}  {r.provided:>8}  {r.total:>6}  "
                  f"{_share(r.provided, r.total):>6}\n")
    got, total = sum(r.provided for r in rows), sum(r.total for r in rows)
    out.write(f"{'total':<{width}}  {got:>8}  {total:>6}  {_share(got, total):>6}\n")


def _rows_json(rows):
    return [{"module": r.module, "provided": r.provided, "total": r.total} for r in rows]


def add_arguments(parser):
    parser.epilog = ("exit status: 0 when every API used is provided, 1 when one is missing, 2 on "
                     "bad input (a path that does not exist, a script that does not parse)")
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="Python scripts or directories to scan")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--coverage", action="store_true",
                        help="share of Paddle 3.3.1's public API that paddle_compat provides, per "
                             "module with a total; with PATHs, the share of those scripts' uses")
    parser.add_argument("--missing", metavar="MODULE",
                        help="list the names of Paddle 3.3.1's MODULE that paddle_compat lacks")


def run(args, out=sys.stdout, err=sys.stderr):
    """Entry for the CLI: returns the exit status (1 when any API is missing, 2 on bad input)."""
    try:
        return _run(args, out)
    except CheckError as e:
        err.write(f"paddle_compat check: error: {e}\n")
        return 2


def _run(args, out):
    missing_module = getattr(args, "missing", None)
    if missing_module:
        names = missing_names(missing_module)
        if args.json:
            json.dump([{"name": n, "kind": k, "defined_in": d} for n, k, d in names], out, indent=1)
            out.write("\n")
        else:
            module = _census.paddle_name(missing_module)
            width = max([len(module) + 1 + len(n) for n, _, _ in names] + [len("API")])
            out.write(f"{'API':<{width}}  {'kind':<8}  defined in Paddle at\n")
            for n, k, d in names:
                out.write(f"{module + '.' + n:<{width}}  {k:<8}  {d or '-'}\n")
            out.write(f"{len(names)} missing in {module}\n")
        return 0
    if args.coverage and not args.paths:
        rows = coverage_table()
        if args.json:
            json.dump(_rows_json(rows), out, indent=1)
            out.write("\n")
        else:
            _print_table(rows, out)
        return 0
    if not args.paths:
        raise CheckError("give at least one script or directory (or --coverage, --missing MODULE)")
    report = check_paths(args.paths)
    if args.coverage:
        rows = script_coverage(report)
        if args.json:
            json.dump(_rows_json(rows), out, indent=1)
            out.write("\n")
        else:
            _print_table(rows, out, first="script")
    elif args.json:
        json.dump(report, out, indent=1)
        out.write("\n")
    else:
        _print_report(report, out)
    return 1 if report["missing"] else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="paddle_compat check", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
