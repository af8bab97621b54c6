"""One runner for the conformance table, used by pytest, by `python -m paddle_compat conformance`,
by the recorder (under real Paddle) and by the differential oracle worker.

`execute(paddle, record, ...)` runs one record with whatever module it is given as `paddle` (real
Paddle or paddle_compat) using only Paddle's public API, and returns a JSON-able result. So the
golden and the replay go through the same code, and a difference can only come from the library.
`check_variant` compares paddle_compat against the golden and returns one row per mode for the table.
"""
import inspect
import json
import math
import os
import re

import numpy as np

from conformance import records as R

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "goldens", "records.json")
STYLES = ("positional", "keyword", "shuffled", "defaults")
MODES = ("dynamic", "static")

# Conformance checked by other golden-backed tests (DESIGN "Conformance"): the runner lists them
# so that `python -m paddle_compat conformance` reports them with the table instead of duplicating.
PROPERTY_TESTS = {
    "seeded RNG == recorded Paddle streams": "tests/test_random.py",
    "print(tensor) == recorded Paddle text": "tests/test_tensor_format.py",
    "documented examples == Paddle output": "conformance/test_cases.py",
    "properties (static, finite differences, PyLayer, py_func, static_pylayer)":
        "conformance/test_properties.py",
}


# ---- calling an API -------------------------------------------------------------------------------

def resolve(paddle, api):
    obj = paddle
    for part in api.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def _params(fn):
    try:
        return list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None


def call_plan(fn, npos, names):
    """From Paddle's signature: which named arguments the positional style passes positionally (the
    longest prefix of the signature the record gives) and which the defaults style keeps (those
    without a default). Recorded in the golden, so the replay follows Paddle's signature even where
    paddle_compat's differs."""
    params = _params(fn)
    if params is None:
        return None
    named = [p for p in params[npos:]
             if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    positional = []
    for p in named:
        if p.name not in names or p.kind == p.KEYWORD_ONLY:
            break
        positional.append(p.name)
    keep = [n for n in names if not any(p.name == n and p.default is not p.empty for p in named)]
    if not named and any(p.kind == p.VAR_KEYWORD for p in params):
        return None                       # (*args, **kwargs): the signature says nothing
    return {"positional": positional, "defaults": keep}


def call_args(fn, pos, kw, style, plan=None):
    """-> (args, kwargs) for one of PaConvert's four call styles; None if the style does not apply."""
    if style == "keyword":
        return list(pos), dict(kw)
    if style == "shuffled":
        return list(pos), dict(reversed(list(kw.items())))
    plan = plan or call_plan(fn, len(pos), list(kw))
    if plan is None:
        return None
    if style == "positional":
        rest = dict(kw)
        return list(pos) + [rest.pop(n) for n in plan["positional"]], rest
    if style == "defaults":
        return list(pos), {k: v for k, v in kw.items() if k in plan["defaults"]}
    raise ValueError(style)


# ---- encoding results -----------------------------------------------------------------------------

def _dtype_name(d):
    s = str(d)
    return s.split(".")[-1].lower().replace("fp32", "float32")


def encode(obj, paddle=None):
    """Tensor / numpy array / sequence / scalar -> JSON-able structure (dtype, shape, data)."""
    if obj is None:
        return None
    if isinstance(obj, np.ndarray) or (paddle is not None and isinstance(obj, paddle.Tensor)):
        arr = obj if isinstance(obj, np.ndarray) else obj.numpy()
        dtype = _dtype_name(arr.dtype if isinstance(obj, np.ndarray) else obj.dtype)
        if arr.dtype.kind == "c":
            data = [arr.real.tolist(), arr.imag.tolist()]
        else:
            data = arr.tolist()
        return {"tensor": dtype, "shape": list(arr.shape), "data": data}
    if isinstance(obj, (list, tuple)):
        return {"seq": type(obj).__name__, "items": [encode(o, paddle) for o in obj]}
    if isinstance(obj, (bool, int, float, str)):
        return {"py": type(obj).__name__, "value": obj}
    return {"py": type(obj).__name__, "value": repr(obj)}


def _error(exc):
    return {"error": [type(exc).__name__, str(exc)]}


def normalize_message(msg):
    msg = re.sub(r"\s*\(at /[^)]*\)", "", msg)
    msg = re.sub(r"\n\s*\[Hint:.*", "", msg, flags=re.S)
    return msg.strip()


def diff(expected, actual, rtol, atol, where="out"):
    """-> None when equal within tolerance, else a one-line description of the first difference."""
    if isinstance(expected, dict) and "error" in expected:
        if not (isinstance(actual, dict) and "error" in actual):
            return f"{where}: Paddle raised {expected['error'][0]}: {expected['error'][1][:200]}"
        e, a = expected["error"], actual["error"]
        if e[0] != a[0]:
            return f"{where}: exception class {a[0]} != Paddle's {e[0]} ({a[1][:200]})"
        if normalize_message(e[1]) not in a[1]:
            return f"{where}: message {a[1][:300]!r} does not contain Paddle's {normalize_message(e[1])[:300]!r}"
        return None
    if isinstance(actual, dict) and "error" in actual:
        return f"{where}: raised {actual['error'][0]}: {actual['error'][1][:300]}"
    if expected is None or actual is None:
        return None if expected is actual else f"{where}: {actual!r} != Paddle's {expected!r}"
    if "seq" in expected:
        if "seq" not in actual or len(actual["items"]) != len(expected["items"]):
            return f"{where}: structure {_kind(actual)} != Paddle's {_kind(expected)}"
        for i, (e, a) in enumerate(zip(expected["items"], actual["items"])):
            d = diff(e, a, rtol, atol, f"{where}[{i}]")
            if d:
                return d
        return None
    if "py" in expected:
        if actual.get("py") != expected["py"]:
            return f"{where}: {_kind(actual)} != Paddle's {_kind(expected)}"
        ev, av = expected["value"], actual["value"]
        if isinstance(ev, float) and isinstance(av, float) and math.isclose(ev, av, rel_tol=rtol, abs_tol=atol):
            return None
        return None if ev == av else f"{where}: {av!r} != Paddle's {ev!r}"
    if "tensor" not in actual:
        return f"{where}: {_kind(actual)} != Paddle's {_kind(expected)}"
    if actual["tensor"] != expected["tensor"]:
        return f"{where}: dtype {actual['tensor']} != Paddle's {expected['tensor']}"
    if actual["shape"] != expected["shape"]:
        return f"{where}: shape {actual['shape']} != Paddle's {expected['shape']}"
    if "data" not in expected or "data" not in actual:      # out="shape_dtype"
        return None
    e, a = np.array(expected["data"], dtype=float), np.array(actual["data"], dtype=float)
    if not np.allclose(a, e, rtol=rtol, atol=atol, equal_nan=True):
        bad = np.argwhere(~np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True))[0]
        idx = tuple(int(i) for i in bad)
        return f"{where}: value at {list(idx)} is {a[idx]!r}, Paddle's is {e[idx]!r}"
    return None


def _kind(enc):
    if enc is None:
        return "None"
    return enc.get("tensor") and "Tensor" or ("seq" in enc and enc["seq"]) or enc.get("py", "?")


# ---- executing one record -------------------------------------------------------------------------

def _flatten(obj, paddle, kind):
    if isinstance(obj, (list, tuple)):
        return [t for o in obj for t in _flatten(o, paddle, kind)]
    return [obj] if isinstance(obj, kind) else []


def _is_float(dtype):
    return _dtype_name(dtype) in ("float16", "bfloat16", "float32", "float64")


def materialize(rec, salt, dtype):
    pos = [R.materialize(v, f"{salt}/{i}", dtype) for i, v in enumerate(rec.pos)]
    kw = {k: R.materialize(v, f"{salt}/{k}", dtype) for k, v in rec.kw.items()}
    return pos, kw


def execute(paddle, rec, dtype=None, style="keyword", mode="dynamic", salt=None, grads=True,
            overrides=None, plan=None, inputs=None):
    """Run `rec` once with `paddle` and return {'out': enc, 'grads': {name: enc}} or {'error': ..}.

    `salt` picks the input draw (default: the record id; hypothesis passes its own), `inputs`
    gives the materialized (pos, kw) directly, `overrides` replaces arguments (error cases). Only Paddle's public API is used, so real Paddle can run it.
    """
    salt = rec.id if salt is None else salt
    pos, kw = materialize(rec, salt, dtype) if inputs is None else (list(inputs[0]), dict(inputs[1]))
    for k, v in (overrides or {}).items():
        if v is R.DROP:
            kw.pop(k, None)
        else:
            kw[k] = v
    fn = resolve(paddle, rec.api)
    if mode == "static":
        return _execute_static(paddle, rec, fn, pos, kw, style, grads, plan)
    return _execute_dynamic(paddle, rec, fn, pos, kw, style, grads, plan)


def _to_tensors(paddle, value, needs_grad):
    if isinstance(value, np.ndarray):
        return paddle.to_tensor(value, stop_gradient=not needs_grad)
    if isinstance(value, list) and value and all(isinstance(v, np.ndarray) for v in value):
        return [paddle.to_tensor(v, stop_gradient=not needs_grad) for v in value]
    return value


def _execute_dynamic(paddle, rec, fn, pos, kw, style, grads, plan):
    pos = [_to_tensors(paddle, v, False) for v in pos]
    kw = {k: _to_tensors(paddle, v, grads and k in rec.grad) for k, v in kw.items()}
    ca = call_args(fn, pos, kw, style, plan)
    if ca is None:
        return {"n/a": f"{style} style needs a readable signature"}
    if rec.seed is not None:
        paddle.seed(rec.seed)
    try:
        out = fn(*ca[0], **ca[1])
    except Exception as exc:          # noqa: BLE001 - the error is the result being compared
        return _error(exc)
    if rec.out == "self":
        out = pos[0]
    result = {"out": _shape_only(encode(out, paddle)) if rec.out == "shape_dtype" else encode(out, paddle)}
    if grads and rec.grad:
        outs = [t for t in _flatten(out, paddle, paddle.Tensor)
                if _is_float(t.dtype) and not t.stop_gradient]
        ins = [t for k in rec.grad for t in (kw[k] if isinstance(kw[k], list) else [kw[k]])]
        ws = [paddle.to_tensor(R.weights(t.shape, i, _dtype_name(t.dtype))) for i, t in enumerate(outs)]
        try:
            gs = paddle.grad(outs, ins, grad_outputs=ws, allow_unused=True) if outs else [None] * len(ins)
        except Exception as exc:      # noqa: BLE001
            return dict(result, grads=_error(exc))
        result["grads"] = _group(rec, kw, [encode(g, paddle) for g in gs])
    return result


def _shape_only(enc):
    return {k: v for k, v in enc.items() if k != "data"} if enc and "tensor" in enc else enc


def _group(rec, kw, flat):
    """Flat gradient list -> {input name: enc or [enc, ...]} following the record's grad names."""
    out, i = {}, 0
    for k in rec.grad:
        if isinstance(kw[k], list):
            out[k] = flat[i:i + len(kw[k])]
            i += len(kw[k])
        else:
            out[k] = flat[i]
            i += 1
    return out


def _execute_static(paddle, rec, fn, pos, kw, style, grads, plan):
    static = paddle.static
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        feed = {}

        def data(name, value, needs_grad):
            if isinstance(value, np.ndarray):
                v = static.data(name=name, shape=list(value.shape), dtype=str(value.dtype))
                v.stop_gradient = not needs_grad
                feed[name] = value
                return v
            if isinstance(value, list) and value and all(isinstance(e, np.ndarray) for e in value):
                return [data(f"{name}_{i}", e, needs_grad) for i, e in enumerate(value)]
            return value

        with static.program_guard(main, startup):
            spos = [data(f"p{i}", v, False) for i, v in enumerate(pos)]
            skw = {k: data(k, v, grads and k in rec.grad) for k, v in kw.items()}
            ca = call_args(fn, spos, skw, style, plan)
            if ca is None:
                return {"n/a": f"{style} style needs a readable signature"}
            try:
                out = fn(*ca[0], **ca[1])
            except Exception as exc:  # noqa: BLE001
                return _error(exc)
            flat = _flatten(out, paddle, static.Variable)
        exe = static.Executor(paddle.CPUPlace())
        exe.run(startup)
        try:
            first = exe.run(main, feed=feed, fetch_list=flat) if flat else []
        except Exception as exc:      # noqa: BLE001
            return _error(exc)
        gvars = []
        if grads and rec.grad:
            # the weights get the shapes the forward run produced (static shapes may hold -1)
            with static.program_guard(main, startup):
                outs = [(v, a) for v, a in zip(flat, first)
                        if _is_float(v.dtype) and not v.stop_gradient]
                ins = [v for k in rec.grad for v in (skw[k] if isinstance(skw[k], list) else [skw[k]])]
                ws = []
                for i, (v, arr) in enumerate(outs):
                    ws.append(static.data(name=f"w{i}", shape=list(arr.shape), dtype=str(arr.dtype)))
                    feed[f"w{i}"] = R.weights(arr.shape, i, str(arr.dtype))
                try:
                    gvars = (static.gradients([v for v, _ in outs], ins, target_gradients=ws)
                             if outs else [None] * len(ins))
                except Exception as exc:  # noqa: BLE001
                    return _error(exc)
            try:
                more = exe.run(main, feed=feed, fetch_list=[g for g in gvars if g is not None])
            except Exception as exc:  # noqa: BLE001
                return _error(exc)
            res = list(first) + list(more)
        else:
            res = first
    finally:
        paddle.disable_static()
    it = iter(res)
    result = {"out": encode(_rebuild(out, static.Variable, it), paddle)}
    if grads and rec.grad:
        flat_g = [None if g is None else encode(next(it)) for g in gvars]
        result["grads"] = _group(rec, kw, flat_g)
    return result


def _rebuild(obj, kind, it):
    if isinstance(obj, (list, tuple)):
        items = [_rebuild(o, kind, it) for o in obj]
        return type(obj)(*items) if hasattr(obj, "_fields") else type(obj)(items)   # namedtuple
    return next(it) if isinstance(obj, kind) else obj


# ---- checking paddle_compat against the golden ----------------------------------------------------

def load_goldens(path=GOLDEN):
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def variants(pattern=None):
    """-> [(variant id, record, dtype)] for every table record, filtered by a substring/regex."""
    out = []
    for rec in R.RECORDS:
        if rec.elsewhere:
            continue
        for vid, dtype in rec.variants():
            if pattern and not re.search(pattern, vid):
                continue
            out.append((vid, rec, dtype))
    return out


def _grad_diff(expected, actual, rtol, atol):
    if isinstance(actual, dict) and "error" in actual:
        return f"grad: raised {actual['error'][0]}: {actual['error'][1][:300]}"
    for k, e in expected.items():
        a = actual.get(k)
        if isinstance(e, list):
            for i, (ee, aa) in enumerate(zip(e, a or [None] * len(e))):
                d = diff(ee, aa, rtol * 10, atol * 10, f"grad[{k}][{i}]")
                if d:
                    return d
        else:
            d = diff(e, a, rtol * 10, atol * 10, f"grad[{k}]")
            if d:
                return d
    return None


def check_variant(paddle, vid, rec, dtype, mode, golden):
    """-> row dict: api, id, mode, forward, grad, errors, status, problems (for pytest and the CLI)."""
    row = {"api": rec.api, "id": vid, "mode": mode, "forward": "-", "grad": "-", "errors": "-",
           "status": "pass", "problems": [], "xfail": []}
    if mode == "static" and not rec.static:
        row.update(status="n/a", forward="n/a", grad="n/a", errors="n/a", why=rec.why)
        return row
    if golden is None:
        row.update(status="fail", problems=[f"{vid}: no golden: run conformance/record/record_records.py"
                                            " with real Paddle"])
        return row
    fails = []

    def judge(key, problem):
        """Record a problem under key unless it is a declared xfail; an xfail that passes fails."""
        reason = rec.xfail.get(key) or (rec.xfail.get(mode) if not key.startswith("error:") else None)
        if problem and reason:
            row["xfail"].append(f"{key}: {reason}")
            return "xfail"
        if not problem and key in rec.xfail:
            fails.append(f"{key}: declared xfail passes now ({rec.xfail[key]}): remove it from records.py")
            return "XPASS"
        if problem:
            fails.append(problem)
            return "FAIL"
        return "ok"

    try:
        resolve(paddle, rec.api)
    except AttributeError:
        row["forward"] = judge("forward", f"{rec.api} is not provided by paddle_compat")
        row["problems"] = fails
        row["status"] = "fail" if fails else "xfail"
        return row
    styles = [s for s in golden.get("styles", STYLES) if s in (rec.styles or STYLES)]
    forward_states, grad_state = [], "-"
    for style in STYLES:
        if style not in styles:
            continue
        want = golden["defaults"] if style == "defaults" else golden["full"]
        with_grad = style == "keyword" and bool(rec.grad)
        got = execute(paddle, rec, dtype, style, mode, grads=with_grad, plan=golden.get("plan"))
        if "n/a" in got:
            continue
        want_out = want if "error" in want else want["out"]
        got_out = got if "error" in got and "out" not in got else got.get("out")
        p = diff(want_out, got_out, rec.rtol, rec.atol, f"{mode}/{style}")
        forward_states.append(judge(f"style:{style}" if f"style:{style}" in rec.xfail else "forward", p))
        if with_grad and "error" not in want and "grads" in want:
            gp = _grad_diff(want["grads"], got.get("grads", {}), rec.rtol, rec.atol)
            grad_state = judge("grad", gp and f"{mode}/{style} {gp}")
    row["forward"] = _summary(forward_states)
    row["grad"] = grad_state
    errs = golden.get("errors", {})
    if errs and mode == "dynamic":
        n_ok = 0
        for case, want in errs.items():
            got = execute(paddle, rec, dtype, "keyword", mode, grads=False, overrides=rec.errors[case])
            p = diff(want, got if "error" in got else {"out": got.get("out")}, 0, 0, f"error:{case}")
            state = judge(f"error:{case}", p)
            n_ok += state in ("ok", "xfail")
        row["errors"] = f"{n_ok}/{len(errs)}"
    if mode in rec.xfail and not row["xfail"] and not fails:
        fails.append(f"{mode}: declared xfail passes now ({rec.xfail[mode]}): remove it from records.py")
    row["problems"] = fails
    if fails:
        row["status"] = "fail"
    elif row["xfail"]:
        row["status"] = "xfail"
    return row


def _summary(states):
    if not states:
        return "-"
    for s in ("FAIL", "XPASS", "xfail"):
        if s in states:
            return s
    return f"ok x{len(states)}"


def coverage_gaps(ops, paddle):
    """OpDef public APIs with neither a record nor a covered_elsewhere entry -> sorted list."""
    have = {r.api for r in R.RECORDS}
    return sorted({op.api for op in ops.values() if op.api and op.api not in have})
