"""Hypothesis properties across the conformance table (DESIGN "Conformance").

For every record whose inputs hypothesis can redraw (float tensors of the record's shapes; the draw
is a salt for the record's seeded generator, plus a scale), these hold:

* dynamic == static (forward and gradients);
* gradients == central finite differences, in float64;
* the op wrapped in a PyLayer (forward = the op, backward = paddle.grad of the op) == the op;
* the op wrapped in a static py_func (numpy in, numpy out; backward through the op) == the op;
* the op wrapped in static_pylayer (forward_fn = the op) == the op, forward;
* the numpy formula of the record (`ref=`) == the op;
* differential mode: with PADDLE_ORACLE_PYTHON set, the drawn examples also run under real Paddle
  (conformance/oracle.py) and must agree; without it those tests skip, saying how to enable them.

Seeded RNG streams and print(tensor) text are checked against recorded Paddle goldens in
tests/test_random.py and tests/test_tensor_format.py (referenced by runner.PROPERTY_TESTS).
Example counts follow the hypothesis profile (conftest.py): `ci` draws a few per record,
`thorough` ten times more.
"""
import contextlib
import os

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck, Phase

import paddle_compat as paddle
from paddle_compat._static import executor
from conformance import oracle, runner
from conformance import records as R

PER_RECORD = max(2, settings.default.max_examples // 10)
# `derandomize` is NOT set here: it comes from the profile (conftest.py), so the `ci` profile draws
# the same examples every run and only `explore` / `thorough` draw fresh ones.
SETTINGS = settings(max_examples=PER_RECORD, deadline=None, print_blob=False,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

# Properties that do not hold by construction, with the reason (not bugs: excluded from a property).
NOT_SMOOTH = {"paddle.ceil", "paddle.floor", "paddle.round", "paddle.sign", "paddle.trunc",
              "paddle.nn.functional.relu6", "paddle.nn.functional.hardswish",
              "paddle.nn.functional.hardsigmoid", "paddle.remainder", "paddle.clip"}
FD_EXCLUDED = {
    "paddle.linalg.cholesky": "reads one triangle: the analytic gradient is the symmetrised one",
    "paddle.linalg.eigh": "reads one triangle",
    "paddle.nn.functional.batch_norm": "running statistics are updated in place by every call",
}


def _drawable(rec):
    return (not rec.elsewhere and rec.seed is None and rec.out is None and "forward" not in rec.xfail
            and any(isinstance(v, R.T) for v in list(rec.kw.values()) + list(rec.pos)))


DRAWABLE = [r for r in R.RECORDS if _drawable(r)]
GRAD = [r for r in DRAWABLE if r.grad and r.api not in NOT_SMOOTH]
STATIC = [r for r in DRAWABLE if r.static and "static" not in r.xfail]
SIMPLE = [r for r in GRAD if not r.pos and all(not isinstance(rec_v, list) for rec_v in r.kw.values())]
WITH_REF = [r for r in DRAWABLE if r.ref is not None and not r.pos]


def _ids(recs):
    return [r.id for r in recs]


@contextlib.contextmanager
def _dynamic():
    was_static = not paddle.in_dynamic_mode()
    paddle.disable_static()
    try:
        yield
    finally:
        if was_static:
            paddle.enable_static()


@contextlib.contextmanager
def _static_mode():
    paddle.enable_static()
    try:
        yield
    finally:
        paddle.disable_static()


@pytest.fixture(autouse=True)
def _fresh_mode():
    paddle.disable_static()
    yield
    paddle.disable_static()


def _salt(rec, n):
    return f"{rec.id}#{n}"


def _assert_same(want, got, rec, what, scale=1.0):
    if "error" in want and "out" not in want:
        pytest.skip(f"{rec.id}: the op raises on this draw ({want['error'][0]})")
    d = runner.diff(want["out"], got.get("out", got), rec.rtol * 10 * scale, rec.atol * 10 * scale,
                    what)
    assert d is None, d
    if "grads" in want:
        d = runner._grad_diff(want["grads"], got.get("grads", got), rec.rtol * scale, rec.atol * scale)
        assert d is None, f"{what}: {d}"


# ---- dynamic == static ------------------------------------------------------------------------

@pytest.mark.parametrize("rec", STATIC, ids=_ids(STATIC))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_dynamic_equals_static(rec, n):
    want = runner.execute(paddle, rec, None, "keyword", "dynamic", salt=_salt(rec, n))
    # Odd draws run every plan as generated code from its first run (codegen.py), even ones
    # through the interpreter (each of the runner's plans runs once), so both paths are checked.
    old, executor.CODEGEN_AFTER_RUNS = executor.CODEGEN_AFTER_RUNS, (0 if n % 2 else 1)
    try:
        got = runner.execute(paddle, rec, None, "keyword", "static", salt=_salt(rec, n))
    finally:
        executor.CODEGEN_AFTER_RUNS = old
    _assert_same(want, got, rec, "static vs dynamic")


# ---- gradients == finite differences (float64) ------------------------------------------------

def _loss(rec, pos, kw):
    """L = sum_i sum(out_i * W_i) over float outputs, in float64 numpy."""
    res = runner.execute(paddle, rec, "float64", "keyword", "dynamic", grads=False, inputs=(pos, kw))
    if "error" in res:
        raise AssertionError(res["error"])
    flat, total, i = [], 0.0, 0
    _leaves(res["out"], flat)
    for enc in flat:
        if enc["tensor"] in ("float32", "float64"):
            a = np.array(enc["data"], dtype=np.float64)
            total += float((a * R.weights(a.shape, i, "float64")).sum())
            i += 1
    return total


def _leaves(enc, out):
    if enc is None:
        return
    if "seq" in enc:
        for e in enc["items"]:
            _leaves(e, out)
    elif "tensor" in enc:
        out.append(enc)


@pytest.mark.parametrize("rec", [r for r in GRAD if r.api not in FD_EXCLUDED],
                         ids=_ids([r for r in GRAD if r.api not in FD_EXCLUDED]))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_gradient_equals_finite_differences(rec, n):
    pos, kw = runner.materialize(rec, _salt(rec, n), "float64")
    res = runner.execute(paddle, rec, "float64", "keyword", "dynamic", inputs=(pos, kw))
    if "error" in res or "error" in res.get("grads", {}):
        pytest.skip(f"{rec.id}: raises on this draw")
    eps = 1e-6
    centre = _loss(rec, pos, kw)
    for name in rec.grad:
        arrays = kw[name] if isinstance(kw[name], list) else [kw[name]]
        analytic = res["grads"][name] if isinstance(kw[name], list) else [res["grads"][name]]
        for arr, enc in zip(arrays, analytic):
            if arr.dtype.kind != "f":
                continue
            up, down = np.zeros(arr.shape), np.zeros(arr.shape)
            for idx in np.ndindex(arr.shape):
                orig = arr[idx]
                arr[idx] = orig + eps
                up[idx] = (_loss(rec, pos, kw) - centre) / eps
                arr[idx] = orig - eps
                down[idx] = (centre - _loss(rec, pos, kw)) / eps
                arr[idx] = orig
            got = np.zeros(arr.shape) if enc is None else np.array(enc["data"], dtype=np.float64)
            _assert_matches_fd(got, up, down, f"{rec.id}: d/d{name} != finite differences")


def _assert_matches_fd(got, up, down, msg):
    """The analytic gradient equals the central difference; where the op has a kink within the
    step (the one-sided slopes disagree: clip/clamp bounds such as logit's eps, relu at 0, a draw
    landing next to one), the central difference averages two slopes and means nothing, so there
    the gradient must equal one of the one-sided slopes (Paddle's subgradient picks a side)."""
    fd = (up + down) / 2
    central = np.isclose(got, fd, rtol=1e-4, atol=1e-5)
    kink = ~np.isclose(up, down, rtol=1e-3, atol=1e-4)
    one_sided = (np.isclose(got, up, rtol=1e-3, atol=1e-4)
                 | np.isclose(got, down, rtol=1e-3, atol=1e-4))
    ok = central | (kink & one_sided)
    if not ok.all():
        np.testing.assert_allclose(np.where(ok, fd, got), fd, rtol=1e-4, atol=1e-5, err_msg=msg)


# ---- PyLayer-wrapped op == op -----------------------------------------------------------------

def _wrap_pylayer(fn, names):
    from paddle_compat.autograd import PyLayer

    class Wrapped(PyLayer):
        @staticmethod
        def forward(ctx, *tensors):
            ctx.save_for_backward(*tensors)
            ctx.mark_not_inplace(*tensors)        # ops such as dropout(eval) return x itself
            return fn(**dict(zip(names, tensors)), **ctx_kwargs[0])

        @staticmethod
        def backward(ctx, *grads):
            saved = ctx.saved_tensor()
            xs = [t.detach() for t in saved]
            for x, t in zip(xs, saved):
                x.stop_gradient = t.stop_gradient
            need = [x for x in xs if not x.stop_gradient]
            with paddle.enable_grad():
                out = fn(**dict(zip(names, xs)), **ctx_kwargs[0])
                outs = [o for o in (out if isinstance(out, (list, tuple)) else [out])]
                pairs = [(o, g) for o, g in zip(outs, grads) if not o.stop_gradient]
                gs = iter(paddle.grad([o for o, _ in pairs], need, [g for _, g in pairs], allow_unused=True))
            # Paddle's rule: None for an input that stops gradient
            res = [None if x.stop_gradient else next(gs) for x in xs]
            return tuple(res) if len(res) > 1 else res[0]

    ctx_kwargs = [{}]
    return Wrapped, ctx_kwargs


@pytest.mark.parametrize("rec", SIMPLE, ids=_ids(SIMPLE))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_pylayer_wrapped_op_equals_op(rec, n):
    want = runner.execute(paddle, rec, None, "keyword", "dynamic", salt=_salt(rec, n))
    pos, kw = runner.materialize(rec, _salt(rec, n), None)
    tensor_names = [k for k, v in kw.items() if isinstance(v, np.ndarray)]
    fn = runner.resolve(paddle, rec.api)
    Wrapped, extra = _wrap_pylayer(fn, tensor_names)
    extra[0] = {k: v for k, v in kw.items() if k not in tensor_names}
    ts = [paddle.to_tensor(kw[k], stop_gradient=k not in rec.grad) for k in tensor_names]
    try:
        out = Wrapped.apply(*ts)
    except Exception as exc:      # noqa: BLE001 - compared with the op's own behaviour
        got = runner._error(exc)
        assert "error" in want, f"{rec.id}: PyLayer-wrapped op raised {got['error']}"
        return
    got = {"out": runner.encode(out, paddle)}
    outs = [t for t in runner._flatten(out, paddle, paddle.Tensor)
            if runner._is_float(t.dtype) and not t.stop_gradient]
    ins = [t for k, t in zip(tensor_names, ts) if k in rec.grad]
    ws = [paddle.to_tensor(R.weights(t.shape, i, runner._dtype_name(t.dtype))) for i, t in enumerate(outs)]
    gs = paddle.grad(outs, ins, grad_outputs=ws, allow_unused=True) if outs else [None] * len(ins)
    got["grads"] = {k: runner.encode(g, paddle) for k, g in zip(rec.grad, gs)}
    _assert_same(want, got, rec, "PyLayer(op) vs op")


# ---- py_func-wrapped op == op (static) --------------------------------------------------------

@pytest.mark.parametrize("rec", [r for r in SIMPLE if r.static], ids=_ids([r for r in SIMPLE if r.static]))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_py_func_wrapped_op_equals_op(rec, n):
    want = runner.execute(paddle, rec, None, "keyword", "dynamic", salt=_salt(rec, n))
    if "error" in want or "tensor" not in (want["out"] or {}):
        pytest.skip(f"{rec.id}: py_func wraps single-output ops that run on this draw")
    if not want["out"]["shape"]:
        pytest.skip(f"{rec.id}: 0-D output, which Paddle's py_func rejects (no declared shape)")
    pos, kw = runner.materialize(rec, _salt(rec, n), None)
    names = [k for k, v in kw.items() if isinstance(v, np.ndarray)]
    attrs = {k: v for k, v in kw.items() if k not in names}
    fn = runner.resolve(paddle, rec.api)
    out_enc = want["out"]

    def forward(*xs):
        with _dynamic():
            return fn(**dict(zip(names, [paddle.to_tensor(np.array(x)) for x in xs])), **attrs).numpy()

    def backward(*args):            # inputs..., out, dout (nothing skipped)
        xs, dout = args[:len(names)], args[-1]
        with _dynamic(), paddle.enable_grad():    # py_func backward runs under no_grad
            ts = [paddle.to_tensor(np.array(x), stop_gradient=k not in rec.grad) for k, x in zip(names, xs)]
            out = fn(**dict(zip(names, ts)), **attrs)
            need = [t for t in ts if not t.stop_gradient]
            gs = iter(paddle.grad([out], need, [paddle.to_tensor(np.array(dout))], allow_unused=True))
            res = []
            for t in ts:
                g = None if t.stop_gradient else next(gs)
                res.append(None if t.stop_gradient else
                           (np.zeros(t.shape, t.numpy().dtype) if g is None else g.numpy()))
            return res

    static = paddle.static
    with _static_mode():
        got = _py_func_run(static, rec, names, kw, out_enc, forward, backward)
    _assert_same(want, got, rec, "py_func(op) vs op")


def _py_func_run(static, rec, names, kw, out_enc, forward, backward):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        xs = []
        for k in names:
            v = static.data(name=k, shape=list(kw[k].shape), dtype=str(kw[k].dtype))
            v.stop_gradient = k not in rec.grad
            xs.append(v)
        out = main.current_block().create_var(name="out", dtype=out_enc["tensor"], shape=out_enc["shape"])
        out.stop_gradient = False
        static.py_func(func=forward, x=xs, out=out, backward_func=backward)
        w = static.data(name="w", shape=out_enc["shape"], dtype=out_enc["tensor"])
        gvars = static.gradients([out], [x for k, x in zip(names, xs) if k in rec.grad], target_gradients=[w])
    exe = static.Executor(paddle.CPUPlace())
    feed = {k: kw[k] for k in names}
    feed["w"] = R.weights(tuple(out_enc["shape"]), 0, out_enc["tensor"])
    res = exe.run(main, feed=feed, fetch_list=[out] + [g for g in gvars if g is not None])
    return {"out": runner.encode(res[0]), "grads": dict(zip(rec.grad, [runner.encode(r) for r in res[1:]]))}


# ---- static_pylayer-wrapped op == op (forward) -----------------------------------------------

@pytest.mark.parametrize("rec", [r for r in SIMPLE if r.static], ids=_ids([r for r in SIMPLE if r.static]))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_static_pylayer_wrapped_op_equals_op(rec, n):
    want = runner.execute(paddle, rec, None, "keyword", "dynamic", salt=_salt(rec, n), grads=False)
    if "error" in want:
        pytest.skip(f"{rec.id}: raises on this draw")
    pos, kw = runner.materialize(rec, _salt(rec, n), None)
    names = [k for k, v in kw.items() if isinstance(v, np.ndarray)]
    attrs = {k: v for k, v in kw.items() if k not in names}
    fn = runner.resolve(paddle, rec.api)
    static = paddle.static
    with _static_mode():
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            xs = [static.data(name=k, shape=list(kw[k].shape), dtype=str(kw[k].dtype)) for k in names]
            out = static.nn.static_pylayer(lambda *a: fn(**dict(zip(names, a)), **attrs), xs)
        flat = runner._flatten(out, paddle, static.Variable)
        res = static.Executor(paddle.CPUPlace()).run(main, feed={k: kw[k] for k in names}, fetch_list=flat)
    got = {"out": runner.encode(runner._rebuild(out, static.Variable, iter(res)), paddle)}
    _assert_same({"out": want["out"]}, got, rec, "static_pylayer(op) vs op")


# ---- numpy formula == op ------------------------------------------------------------------------

@pytest.mark.parametrize("rec", WITH_REF, ids=_ids(WITH_REF))
@SETTINGS
@given(n=st.integers(0, 10 ** 6), dtype=st.sampled_from(["float32", "float64"]))
def test_numpy_formula(rec, n, dtype):
    pos, kw = runner.materialize(rec, _salt(rec, n), dtype)
    got = runner.execute(paddle, rec, dtype, "keyword", "dynamic", grads=False, inputs=(pos, kw))
    assert "error" not in got, got
    want = np.asarray(rec.ref(**kw))
    have = np.array(got["out"]["data"], dtype=np.float64)
    tol = 1e-4 if dtype == "float32" else 1e-9
    np.testing.assert_allclose(have, want.astype(np.float64), rtol=tol, atol=tol)


# ---- differential mode: real Paddle on the drawn examples ---------------------------------------

DIFF = [r for r in DRAWABLE if r.api != "paddle.nn.functional.batch_norm"]


@pytest.mark.skipif(not oracle.configured(), reason=oracle.HOW_TO_ENABLE)
@pytest.mark.parametrize("rec", DIFF, ids=_ids(DIFF))
@SETTINGS
@given(n=st.integers(0, 10 ** 6))
def test_differential_against_real_paddle(rec, n):
    want = oracle.worker().execute(rec.id, _salt(rec, n))
    got = runner.execute(paddle, rec, None, "keyword", "dynamic", salt=_salt(rec, n))
    if "error" in want and "out" not in want:
        d = runner.diff(want, got if "error" in got else {"out": got.get("out")}, 0, 0, "error")
        assert d is None, d
        return
    try:
        _assert_same(want, got, rec, "paddle_compat vs real Paddle")
    except AssertionError:
        declared = rec.xfail.get("grad") or rec.xfail.get("forward")
        if declared:        # the difference records.py declares (and the golden replay checks)
            pytest.xfail(declared)
        raise


def test_referenced_golden_property_tests_exist():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for what, path in runner.PROPERTY_TESTS.items():
        assert os.path.exists(os.path.join(root, path)), f"{what}: {path} is missing"


# ---- the finite-difference property itself ------------------------------------------------------

def test_fd_property_holds_on_a_draw_next_to_logits_clamp():
    """Draw n=35237 of logit(eps=0.2) puts x = 0.20000052 within the step of the clamp bound: the
    central difference straddles the kink (half the slope) while the gradient is Paddle's (checked
    against Paddle 3.3.1: d/dx = 1/(x(1-x)) inside [eps, 1-eps], 0 outside). It must pass."""
    rec = next(r for r in GRAD if r.id == "paddle.logit[eps]")
    test_gradient_equals_finite_differences.hypothesis.inner_test(rec, 35237)


def test_fd_comparison_accepts_one_sided_slopes_only_at_a_kink():
    up, down = np.array([2.0, 6.25, 1.0]), np.array([2.0, 3.1, 1.0])
    _assert_matches_fd(np.array([2.0, 6.25, 1.0]), up, down, "kink: the right-hand slope")
    _assert_matches_fd(np.array([2.0, 3.1, 1.0]), up, down, "kink: the left-hand slope")
    with pytest.raises(AssertionError, match="wrong"):      # a wrong slope at the kink
        _assert_matches_fd(np.array([2.0, 4.0, 1.0]), up, down, "wrong")
    with pytest.raises(AssertionError, match="smooth"):     # no kink: the central difference only
        _assert_matches_fd(np.array([2.0, 6.25, 1.001]), up, down, "smooth")
