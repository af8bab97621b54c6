"""`python -m paddle_compat compare`: does a ported script still do what it did on Paddle?

Runs SCRIPT under real Paddle (`--oracle PYTHON`, an interpreter with paddlepaddle installed) and
under paddle_compat, each in a fresh temporary working directory with the same arguments,
environment and seeds, and compares what a person would look at: stdout line by line (numbers within
a tolerance, timings, addresses and the working directories masked), the exit status and exception,
and the files the script wrote (tensors of `paddle.save` / `.pdparams` / `.pdopt` / numpy files by
name, shape, dtype and value; text files line by line). With `--layers`, both sides digest every
`paddle.nn.Layer` output and parameter gradient (`_compare_probe.py`), and the report names the first
layer whose output differs; with `--fetches`, every static `Executor.run` fetch. `--record DIR` runs
only the Paddle side and keeps what it did; `--against DIR` compares a run with that record, with no
Paddle installed. Exit status: 0 when everything matches, 1 when something differs, 2 when the
comparison could not be made (no script, no oracle, a side timed out).

Differences from a plain diff: stderr is compared only with `--stderr` (the two frameworks print
different warnings and logs there); formats that differ by design between the frameworks
(`.pdmodel`, `.pdiparams`, `.json` programs of `jit.save`, `.pt2`) are listed, not compared. Both
sides run with CUDA hidden unless `--keep-devices`: the oracle wheel computes on CPU.
"""
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

from ._atomic_file import atomic_write

__all__ = ["add_arguments", "run", "compare_lines", "compare_line", "compare_digests",
           "DEFAULT_MASKS"]

RECORD_VERSION = 1
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_compare_probe.py")
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What changes from run to run whatever the framework: masked on both sides before comparing.
DEFAULT_MASKS = [
    r"ETA: \S+",
    r"\b\d+(?:\.\d+)?\s?(?:ms|us|µs|ns|s)/(?:step|sample|batch)\b",
    r"\b\d+(?:\.\d+)?\s?(?:ms|us|µs|ns|sec|seconds|s)\b",
    r"\b0x[0-9a-fA-F]+\b",
    r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?",
]
# Files whose format is each framework's own: present on both sides is all that is checked.
UNCOMPARED_SUFFIXES = (".pdmodel", ".pdiparams", ".pdiparams.info", ".pt2", ".json.pdmodel")
TENSOR_SUFFIXES = (".pdparams", ".pdopt", ".pdtensor", ".pdstates", ".pkl", ".pickle", ".pd")
NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b")


# ---- command line -------------------------------------------------------------------------------

def add_arguments(p):
    p.add_argument("--oracle", metavar="PYTHON",
                   help="interpreter with real paddlepaddle installed (default: $PADDLE_ORACLE_PYTHON)")
    p.add_argument("--rtol", type=float, default=1e-5, help="relative tolerance (default 1e-5)")
    p.add_argument("--atol", type=float, default=1e-6, help="absolute tolerance (default 1e-6)")
    p.add_argument("--mask", action="append", default=[], metavar="REGEX",
                   help="also mask text matching REGEX before comparing (repeatable)")
    p.add_argument("--no-default-masks", action="store_true",
                   help="do not mask timings, addresses and dates")
    p.add_argument("--stderr", action="store_true", help="compare stderr too, line by line")
    p.add_argument("--layers", action="store_true",
                   help="digest every Layer output and parameter gradient; name the first that differs")
    p.add_argument("--fetches", action="store_true",
                   help="digest every static Executor.run fetch")
    p.add_argument("--calls", type=int, default=3, metavar="N",
                   help="calls per layer / Executor runs digested (default 3)")
    p.add_argument("--record", metavar="DIR", help="run only the Paddle side and record it in DIR")
    p.add_argument("--against", metavar="DIR", help="compare with a record instead of running Paddle")
    p.add_argument("--timeout", type=float, default=600, help="seconds per side (default 600)")
    p.add_argument("--keep-devices", action="store_true",
                   help="do not hide CUDA devices from the two runs")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("script", metavar="SCRIPT", help="the Paddle script")
    p.add_argument("args", nargs="...", metavar="ARGS", help="arguments passed to the script")


class _Unusable(Exception):
    """The comparison cannot be made (exit status 2)."""


def run(args):
    try:
        return _run(args)
    except _Unusable as e:
        print(f"compare: {e}", file=sys.stderr)
        return 2


def _run(args):
    script = os.path.abspath(args.script)
    if not os.path.isfile(script):
        raise _Unusable(f"no such script: {args.script}")
    if args.record and args.against:
        raise _Unusable("--record and --against exclude each other")
    probes = {"layers": args.layers, "fetches": args.fetches, "calls": args.calls}
    if args.against:
        reference = load_record(args.against)
        probes = reference["probes"]             # digest what the record digested
    else:
        oracle = args.oracle or os.environ.get("PADDLE_ORACLE_PYTHON")
        if not oracle:
            raise _Unusable("no Paddle interpreter: pass --oracle PYTHON (a Python with "
                            "paddlepaddle installed), set PADDLE_ORACLE_PYTHON, or use --against DIR")
        reference = run_side("paddle", oracle, script, args.args, probes, args)
        if args.record:
            save_record(reference, args.record, script, args.args, probes)
            print(f"recorded the Paddle run of {args.script} in {args.record} "
                  f"(exit {reference['returncode']}, {len(reference['stdout'])} stdout lines, "
                  f"{len(reference['files'])} files)")
            return 0
    ours = run_side("compat", sys.executable, script, args.args, probes, args)
    result = compare(reference, ours, args)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(format_report(result, args.script))
    return 0 if result["same"] else 1


# ---- running one side ---------------------------------------------------------------------------

def run_side(side, python, script, script_args, probes, args):
    """Run SCRIPT with PYTHON in a fresh directory; return what it did (stdout, files, digests)."""
    workdir = tempfile.mkdtemp(prefix=f"paddle_compat_compare_{side}_")
    probe_out = workdir + ".probe.json"
    env = dict(os.environ)
    env.setdefault("PYTHONHASHSEED", "0")
    if not args.keep_devices:
        env["CUDA_VISIBLE_DEVICES"] = ""
    for key in ("PADDLE_COMPAT_PROBE_OUT", "PADDLE_COMPAT_PROBE_LAYERS", "PADDLE_COMPAT_PROBE_FETCHES"):
        env.pop(key, None)
    if side == "paddle":
        # Real Paddle must not see paddle_compat's alias bootstrap (our `run` puts it there).
        env.pop("PADDLE_COMPAT_ALIAS", None)
        env.pop("PYTHONPATH", None)
        env.setdefault("GLOG_minloglevel", "2")
    else:
        env["PYTHONPATH"] = os.pathsep.join(
            [PACKAGE_PARENT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    if probes["layers"] or probes["fetches"]:
        env.update(PADDLE_COMPAT_PROBE_OUT=probe_out,
                   PADDLE_COMPAT_PROBE_LAYERS="1" if probes["layers"] else "0",
                   PADDLE_COMPAT_PROBE_FETCHES="1" if probes["fetches"] else "0",
                   PADDLE_COMPAT_PROBE_CALLS=str(probes["calls"]))
    try:
        proc = subprocess.run([python, PROBE, side, script, *script_args], cwd=workdir, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", timeout=args.timeout)
    except FileNotFoundError:
        shutil.rmtree(workdir, ignore_errors=True)
        raise _Unusable(f"cannot start {python}") from None
    except subprocess.TimeoutExpired:
        shutil.rmtree(workdir, ignore_errors=True)
        raise _Unusable(f"the {_SIDE_NAMES[side]} run took longer than {args.timeout:g} s") from None
    stdout = _unwork(proc.stdout, workdir).splitlines()
    stderr = _unwork(proc.stderr, workdir).splitlines()
    digests = {}
    if os.path.exists(probe_out):
        with open(probe_out) as f:
            digests = json.load(f)
        os.unlink(probe_out)
    files = {}
    for root, _, names in os.walk(workdir):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, workdir).replace(os.sep, "/")
            if "__pycache__" not in rel:
                files[rel] = read_file(path)
    shutil.rmtree(workdir, ignore_errors=True)
    return {"returncode": proc.returncode, "exception": exception_of(stderr), "stdout": stdout,
            "stderr": stderr, "files": files, "digests": digests}


_SIDE_NAMES = {"paddle": "Paddle", "compat": "paddle_compat"}


def _unwork(text, workdir):
    return text.replace(os.path.realpath(workdir), "<WORKDIR>").replace(workdir, "<WORKDIR>")


def exception_of(stderr_lines):
    """(class name, first message line) of the last traceback in stderr, or None."""
    starts = [i for i, line in enumerate(stderr_lines) if line.startswith("Traceback (most recent")]
    if not starts:
        return None
    for line in stderr_lines[starts[-1] + 1:]:
        if line and not line[0].isspace():
            cls, _, message = line.partition(":")
            return [cls.rsplit(".", 1)[-1].strip(), message.strip()]
    return None


def read_file(path):
    """What a written file holds, in a form both sides can be compared by."""
    name = os.path.basename(path)
    if name.endswith(UNCOMPARED_SUFFIXES):
        return {"kind": "uncompared", "size": os.path.getsize(path)}
    if name.endswith((".npy", ".npz")) or name.endswith(TENSOR_SUFFIXES):
        tensors = _load_tensors(path)
        if tensors is not None:
            return {"kind": "tensors", "tensors": tensors}
    with open(path, "rb") as f:
        data = f.read()
    try:
        return {"kind": "text", "lines": data.decode("utf-8").splitlines()}
    except UnicodeDecodeError:
        return {"kind": "binary", "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def _load_tensors(path):
    """{key path: [shape, dtype, flat values]} of a tensor file, read safely (never runs code)."""
    import numpy as np
    try:
        if path.endswith(".npy"):
            obj = np.load(path, allow_pickle=False)
        elif path.endswith(".npz"):
            with np.load(path, allow_pickle=False) as z:
                obj = {k: z[k] for k in z.files}
        else:
            from ._serialization import load
            obj = load(path, return_numpy=True)
    except Exception:
        return None
    out = {}
    _flatten_tensors(obj, "", out)
    return out


def _flatten_tensors(obj, prefix, out):
    import numpy as np
    if isinstance(obj, dict):
        for key in sorted(obj, key=str):
            _flatten_tensors(obj[key], f"{prefix}.{key}" if prefix else str(key), out)
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            _flatten_tensors(v, f"{prefix}[{i}]", out)
    elif hasattr(obj, "numpy") and not isinstance(obj, np.ndarray):
        _flatten_tensors(np.asarray(obj.numpy()), prefix, out)
    elif isinstance(obj, (np.ndarray, np.generic, int, float, bool)):
        arr = np.asarray(obj)
        values = arr.astype(np.float64).ravel().tolist() if arr.dtype.kind in "biuf" else \
            [str(v) for v in arr.ravel().tolist()]
        out[prefix or "<value>"] = [list(arr.shape), str(arr.dtype), values]
    else:
        out[prefix or "<value>"] = [None, type(obj).__name__, [repr(obj)]]


# ---- records ------------------------------------------------------------------------------------

def save_record(outcome, directory, script, script_args, probes):
    """Write a Paddle run to DIR/record.json (atomically)."""
    os.makedirs(directory, exist_ok=True)
    with open(script, "rb") as f:
        script_sha = hashlib.sha256(f.read()).hexdigest()
    data = dict(outcome, version=RECORD_VERSION, script=os.path.basename(script),
                script_sha256=script_sha, args=list(script_args), probes=probes)
    path = os.path.join(directory, "record.json")
    with atomic_write(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)


def load_record(directory):
    path = os.path.join(directory, "record.json")
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise _Unusable(f"cannot read the record {path}: {e}") from None
    if data.get("version") != RECORD_VERSION:
        raise _Unusable(f"{path} is a record of version {data.get('version')!r}; this "
                        f"paddle_compat reads version {RECORD_VERSION}: record it again")
    return data


# ---- comparing ----------------------------------------------------------------------------------

def _masks(args):
    patterns = ([] if args.no_default_masks else list(DEFAULT_MASKS)) + list(args.mask)
    try:
        return [re.compile(p) for p in patterns]
    except re.error as e:
        raise _Unusable(f"bad --mask pattern: {e}") from None


def _decimals(token):
    mantissa, _, exponent = token.lower().partition("e")
    places = len(mantissa.split(".", 1)[1]) if "." in mantissa else 0
    return places - int(exponent or 0)


def _notation(token):
    """How a number is written, apart from its digits' values: exponent or not, decimals."""
    mantissa, e, _ = token.lower().lstrip("+-").partition("e")
    return bool(e), len(mantissa.split(".", 1)[1]) if "." in mantissa else -1


def compare_line(a, b, rtol, atol, masks=()):
    """None when two printed lines agree, else a short reason. Numbers must be written alike
    (exponent or not, the same number of decimals: that is printing, which must match Paddle's) and
    agree within atol + rtol*|b| plus one unit in the last printed digit (a value printed with 4
    decimals may round either way); integers printed as integers must be equal."""
    for m in masks:
        a, b = m.sub("<MASKED>", a), m.sub("<MASKED>", b)
    if a == b:
        return None
    nums_a, nums_b = NUMBER.findall(a), NUMBER.findall(b)
    if NUMBER.sub("#", a) != NUMBER.sub("#", b) or len(nums_a) != len(nums_b):
        return "text differs"
    for x, y in zip(nums_a, nums_b):
        if _notation(x) != _notation(y):
            return f"{x} vs {y} (printed differently)"
        fx, fy = float(x), float(y)
        if math.isnan(fx) or math.isnan(fy):
            if not (math.isnan(fx) and math.isnan(fy)):
                return f"{x} vs {y}"
            continue
        if fx == fy:
            continue
        if _notation(x) == (False, -1):
            return f"{x} vs {y}"
        unit = 10.0 ** -_decimals(x)
        if abs(fx - fy) > atol + rtol * abs(fy) + unit * (1 + 1e-9):
            return f"{x} vs {y}"
    return None


def compare_lines(a_lines, b_lines, rtol, atol, masks=()):
    """(number of differing lines, first difference as [line number, a, b, reason]) or (0, None)."""
    first, count = None, 0
    for i in range(max(len(a_lines), len(b_lines))):
        a = a_lines[i] if i < len(a_lines) else None
        b = b_lines[i] if i < len(b_lines) else None
        reason = "missing" if a is None or b is None else compare_line(a, b, rtol, atol, masks)
        if reason:
            count += 1
            if first is None:
                first = [i + 1, a, b, reason]
    return count, first


def _close(x, y, rtol, atol):
    if x is None or y is None:
        return x is y
    if isinstance(x, list):
        return len(x) == len(y) and all(_close(p, q, rtol, atol) for p, q in zip(x, y))
    if isinstance(x, str) or isinstance(y, str):
        return x == y
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return abs(x - y) <= atol + rtol * abs(y)


def compare_digest(a, b, rtol, atol):
    """None when two tensor digests agree, else [field, a's value, b's value]."""
    if a is None or b is None:
        return None if a is b else ["presence", a is not None, b is not None]
    for key in ("shape", "dtype"):
        if a.get(key) != b.get(key):
            return [key, a.get(key), b.get(key)]
    for key in ("nonfinite", "mean", "std", "min", "max", "sample"):
        if not _close(a.get(key), b.get(key), rtol, atol):
            return [key, a.get(key), b.get(key)]
    return None


def compare_digests(reference, ours, rtol, atol):
    """First differing entry of the probes, in the reference's order, per kind."""
    found = {}
    for kind in ("layers", "grads", "fetches"):
        ref_entries = reference.get(kind, [])
        our_entries = {tuple(e[:-1]): e[-1] for e in ours.get(kind, [])}
        for entry in ref_entries:
            key, ref_value = tuple(entry[:-1]), entry[-1]
            if key not in our_entries:
                found[kind] = {"at": list(key), "field": "missing in paddle_compat's run"}
                break
            our_value = our_entries[key]
            ref_list = ref_value if isinstance(ref_value, list) else [ref_value]
            our_list = our_value if isinstance(our_value, list) else [our_value]
            if len(ref_list) != len(our_list):
                found[kind] = {"at": list(key), "field": "number of outputs",
                               "paddle": len(ref_list), "paddle_compat": len(our_list)}
                break
            diffs = [(i, compare_digest(p, q, rtol, atol)) for i, (p, q) in
                     enumerate(zip(ref_list, our_list))]
            diffs = [(i, d) for i, d in diffs if d]
            if diffs:
                i, (field, p, q) = diffs[0]
                found[kind] = {"at": list(key), "output": i, "field": field,
                               "paddle": p, "paddle_compat": q}
                break
    return found


def compare_files(ref_files, our_files, rtol, atol, masks):
    problems = []
    for rel in sorted(set(ref_files) | set(our_files)):
        a, b = ref_files.get(rel), our_files.get(rel)
        if a is None or b is None:
            problems.append([rel, "written by " + ("paddle_compat only" if a is None else "Paddle only")])
        elif a["kind"] != b["kind"]:
            problems.append([rel, f"{a['kind']} file from Paddle, {b['kind']} from paddle_compat"])
        elif a["kind"] == "tensors":
            problems.extend([rel] + p for p in _compare_tensors(a["tensors"], b["tensors"], rtol, atol))
        elif a["kind"] == "text":
            count, first = compare_lines(a["lines"], b["lines"], rtol, atol, masks)
            if count:
                problems.append([rel, f"{count} lines differ; first at line {first[0]}: "
                                      f"{first[1]!r} vs {first[2]!r}"])
        elif a["kind"] == "binary" and a["sha256"] != b["sha256"]:
            problems.append([rel, f"binary contents differ ({a['size']} vs {b['size']} bytes)"])
    return problems


def _compare_tensors(ref, ours, rtol, atol):
    import numpy as np
    out = []
    for key in sorted(set(ref) | set(ours)):
        if key not in ours or key not in ref:
            out.append([key, "only in " + ("Paddle's" if key in ref else "paddle_compat's") + " file"])
            continue
        (shape_a, dtype_a, va), (shape_b, dtype_b, vb) = ref[key], ours[key]
        if shape_a != shape_b or dtype_a != dtype_b:
            out.append([key, f"shape/dtype {shape_a} {dtype_a} vs {shape_b} {dtype_b}"])
            continue
        if va and isinstance(va[0], str):
            if va != vb:
                out.append([key, "values differ"])
            continue
        a, b = np.asarray(va, dtype=np.float64), np.asarray(vb, dtype=np.float64)
        bad = ~np.isclose(b, a, rtol=rtol, atol=atol, equal_nan=True)
        if bad.any():
            diff = np.where(np.isnan(a - b), np.inf, np.abs(a - b))
            i = int(np.argmax(np.where(bad, diff, -1)))
            where = list(np.unravel_index(i, shape_a)) if shape_a else []
            out.append([key, f"{int(bad.sum())} of {a.size} values differ; largest at "
                             f"{[int(w) for w in where]}: {a[i]!r} vs {b[i]!r}"])
    return out


def compare(reference, ours, args):
    masks = _masks(args)
    result = {"returncode": [reference["returncode"], ours["returncode"]],
              "exception": [reference.get("exception"), ours.get("exception")]}
    differs = []
    if reference["returncode"] != ours["returncode"]:
        differs.append("exit status")
    ref_exc, our_exc = result["exception"]
    if (ref_exc is None) != (our_exc is None) or (ref_exc and (
            ref_exc[0] != our_exc[0] or compare_line(ref_exc[1], our_exc[1], args.rtol, args.atol, masks))):
        differs.append("exception")
    count, first = compare_lines(reference["stdout"], ours["stdout"], args.rtol, args.atol, masks)
    result["stdout"] = {"lines": [len(reference["stdout"]), len(ours["stdout"])],
                        "differing": count, "first": first}
    if count:
        differs.append("stdout")
    if args.stderr:
        count, first = compare_lines(reference["stderr"], ours["stderr"], args.rtol, args.atol, masks)
        result["stderr"] = {"differing": count, "first": first}
        if count:
            differs.append("stderr")
    result["files"] = compare_files(reference["files"], ours["files"], args.rtol, args.atol, masks)
    result["uncompared_files"] = sorted(rel for rel, f in reference["files"].items()
                                        if f["kind"] == "uncompared")
    if result["files"]:
        differs.append("files")
    result["probes"] = compare_digests(reference.get("digests") or {}, ours.get("digests") or {},
                                       args.rtol, args.atol)
    differs.extend(result["probes"])
    result["differs"] = differs
    result["same"] = not differs
    return result


# ---- the report ---------------------------------------------------------------------------------

def _describe_exception(exc):
    return "no exception" if exc is None else f"{exc[0]}: {exc[1]}"


def format_report(result, script):
    lines = [f"compare {script}: Paddle vs paddle_compat"]
    ref_rc, our_rc = result["returncode"]
    lines.append(f"  exit status: {ref_rc} vs {our_rc}" + ("" if ref_rc == our_rc else "   DIFFERENT"))
    if "exception" in result["differs"] or result["exception"][0]:
        lines.append(f"  exception:   Paddle: {_describe_exception(result['exception'][0])}")
        lines.append(f"               paddle_compat: {_describe_exception(result['exception'][1])}")
    out = result["stdout"]
    if out["differing"]:
        n, a, b, reason = out["first"]
        lines.append(f"  stdout: {out['differing']} of {max(out['lines'])} lines differ; "
                     f"first at line {n} ({reason}):")
        lines.append(f"    Paddle:        {a if a is not None else '<no line>'}")
        lines.append(f"    paddle_compat: {b if b is not None else '<no line>'}")
    else:
        lines.append(f"  stdout: {out['lines'][0]} lines, the same")
    if "stderr" in result and result["stderr"]["differing"]:
        n, a, b, reason = result["stderr"]["first"]
        lines.append(f"  stderr: {result['stderr']['differing']} lines differ; first at line {n}:")
        lines.append(f"    Paddle:        {a}")
        lines.append(f"    paddle_compat: {b}")
    for problem in result["files"]:
        lines.append("  file " + ": ".join(str(p) for p in problem))
    if result["uncompared_files"]:
        lines.append("  not compared (each framework's own format): "
                     + ", ".join(result["uncompared_files"]))
    labels = {"layers": "layer output", "grads": "parameter gradient", "fetches": "Executor fetch"}
    for kind, found in result["probes"].items():
        at = found["at"]
        where = f"{at[0]} (call {at[1]})" if kind != "fetches" else f"run {at[0]}"
        detail = found["field"]
        if "paddle" in found:
            detail += f": Paddle {found['paddle']!r} vs paddle_compat {found['paddle_compat']!r}"
        lines.append(f"  first differing {labels[kind]}: {where}, {detail}")
    verdict = "SAME" if result["same"] else "DIFFERENT (" + ", ".join(result["differs"]) + ")"
    lines.append(f"verdict: {verdict}")
    return "\n".join(lines)
