"""`python -m paddle_compat check PATH...`: which Paddle APIs a script uses, and which paddle_compat has.

Scripts are parsed with `ast`; nothing is executed. Every `paddle.<...>` reference (through any import
alias: `import paddle as pd`, `import paddle.nn.functional as F`, `from paddle.autograd import
PyLayer`) is resolved against paddle_compat by importing its modules and reading attributes. Status:

* `supported`   - paddle_compat provides it;
* `difference`  - provided, and its docstring documents a "Differences from Paddle" paragraph;
* `missing`     - not provided: reported with every line that uses it, and the exit status is 1.

`check --coverage` prints, per module, the share of Paddle 3.3.1's public API (recorded from the real
package into paddle_compat/data/paddle_api.json by conformance/record/record_api_list.py) that
paddle_compat provides.
"""
import argparse
import ast
import importlib
import json
import os
import sys
from collections import defaultdict

__all__ = ["scan_source", "resolve", "check_paths", "coverage", "main"]

_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "paddle_api.json")


class _Uses(ast.NodeVisitor):
    """Collects {full paddle name: [line, ...]} from one module's AST."""

    def __init__(self):
        self.aliases = {}            # local name -> 'paddle.x.y'
        self.uses = defaultdict(list)

    def visit_Import(self, node):
        for a in node.names:
            if a.name == "paddle" or a.name.startswith("paddle."):
                if a.asname:
                    self.aliases[a.asname] = a.name
                else:
                    self.aliases["paddle"] = "paddle"

    def visit_ImportFrom(self, node):
        mod = node.module or ""
        if node.level == 0 and (mod == "paddle" or mod.startswith("paddle.")):
            for a in node.names:
                if a.name == "*":
                    self.uses[mod + ".*"].append(node.lineno)
                    continue
                full = f"{mod}.{a.name}"
                self.aliases[a.asname or a.name] = full
                self.uses[full].append(node.lineno)

    def visit_Attribute(self, node):
        chain = []
        cur = node
        while isinstance(cur, ast.Attribute):
            chain.append(cur.attr)
            cur = cur.value
        if isinstance(cur, ast.Name) and cur.id in self.aliases:
            full = ".".join([self.aliases[cur.id]] + chain[::-1])
            self.uses[full].append(node.lineno)
            return                   # the maximal chain only: do not count its prefixes
        self.generic_visit(node)


def scan_source(source, filename="<script>"):
    """-> {paddle API name: [line numbers]} for one script's source text."""
    visitor = _Uses()
    visitor.visit(ast.parse(source, filename=filename))
    return dict(visitor.uses)


def _compat_name(name):
    return "paddle_compat" + name[len("paddle"):]


def resolve(name):
    """-> (status, the paddle API name actually resolved) for a dotted `paddle...` name.

    The longest prefix that is a module is imported; the rest is read as attributes of modules and
    classes. Attributes of an instance (`paddle.float32.name`) count as that instance.
    """
    parts = name.split(".")
    if parts[-1] == "*":
        try:
            importlib.import_module(_compat_name(".".join(parts[:-1])))
            return "supported", name
        except ImportError:
            return "missing", name
    obj, depth = None, 0
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(_compat_name(".".join(parts[:i])))
            depth = i
            break
        except ImportError:
            continue
    for part in parts[depth:]:
        if not (_is_module(obj) or isinstance(obj, type)):
            break                                # `paddle.float32.name`: the API is paddle.float32
        if not hasattr(obj, part):
            return "missing", name               # a missing function, class or class member
        obj = getattr(obj, part)
        depth += 1
    return _status_of(obj), ".".join(parts[:depth])


def _is_module(obj):
    return type(obj).__name__ == "module"


def _status_of(obj):
    doc = getattr(obj, "__doc__", None) or ""
    return "difference" if "Differences from Paddle" in doc else "supported"


def check_paths(paths):
    """-> report dict: {'files': {path: {api: {'count', 'status', 'lines'}}}, 'missing': n}."""
    report = {"files": {}, "missing": 0}
    for path in _expand(paths):
        with open(path, encoding="utf-8") as f:
            uses = scan_source(f.read(), path)
        entries = {}
        for name, lines in sorted(uses.items()):
            status, api = resolve(name)
            e = entries.setdefault(api, {"count": 0, "status": status, "lines": []})
            e["count"] += len(lines)
            e["lines"].extend(lines)
            if status == "missing":
                report["missing"] += 1
        report["files"][path] = entries
    return report


def _expand(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(".py"):
                        yield os.path.join(root, f)
        else:
            yield p


def coverage():
    """-> {module: (provided, total)} over Paddle 3.3.1's recorded public API."""
    with open(_DATA, encoding="utf-8") as f:
        data = json.load(f)
    result = {}
    for module, names in data["modules"].items():
        got = sum(1 for n in names if resolve(f"{module}.{n}")[0] != "missing")
        result[module] = (got, len(names))
    return result


def _print_report(report, out):
    for path, entries in report["files"].items():
        out.write(f"{path}\n")
        width = max([len(a) for a in entries] + [10])
        for api, e in entries.items():
            where = "" if e["status"] != "missing" else "  lines " + ", ".join(map(str, e["lines"]))
            out.write(f"  {api:<{width}}  {e['count']:>3}  {e['status']}{where}\n")
    n = report["missing"]
    out.write(f"{n} missing API{'s' if n != 1 else ''}\n")


def _print_coverage(cov, out):
    total_got = total = 0
    out.write(f"{'module':<24} {'provided':>8} {'total':>6} {'share':>7}\n")
    for module, (got, n) in sorted(cov.items()):
        total_got += got
        total += n
        out.write(f"{module:<24} {got:>8} {n:>6} {100.0 * got / max(n, 1):>6.1f}%\n")
    out.write(f"{'all':<24} {total_got:>8} {total:>6} {100.0 * total_got / max(total, 1):>6.1f}%\n")


def add_arguments(parser):
    parser.add_argument("paths", nargs="*", help="Python scripts or directories to scan")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--coverage", action="store_true",
                        help="share of Paddle 3.3.1's public API that paddle_compat provides")


def run(args, out=sys.stdout):
    """Entry for the CLI: returns the exit status (1 when any API is missing)."""
    if args.coverage:
        cov = coverage()
        if args.json:
            json.dump({m: {"provided": g, "total": n} for m, (g, n) in cov.items()}, out, indent=1)
            out.write("\n")
        else:
            _print_coverage(cov, out)
        if not args.paths:
            return 0
    if not args.paths:
        out.write("check: give at least one script or directory (or --coverage)\n")
        return 2
    report = check_paths(args.paths)
    if args.json:
        json.dump(report, out, indent=1)
        out.write("\n")
    else:
        _print_report(report, out)
    return 1 if report["missing"] else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="paddle_compat check", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
