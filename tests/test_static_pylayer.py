"""paddle.static.nn.static_pylayer (paddle_compat/_static/static_pylayer.py).

Goldens: conformance/goldens/static_pylayer.json, recorded from Paddle 3.3.1 by
conformance/record/record_static_pylayer.py; the same snippets run here on paddle_compat.
"""
import importlib
import importlib.util
import json
import os

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat
from paddle_compat import _unique_name
from paddle_compat._mode import STATE
from paddle_compat._static.executor import RUNNING_SCOPES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDENS = json.load(open(os.path.join(ROOT, "conformance", "goldens",
                                      "static_pylayer.json")))["cases"]
_spec = importlib.util.spec_from_file_location(
    "record_static_pylayer", os.path.join(ROOT, "conformance", "record", "record_static_pylayer.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

# Public ops other parts export; until their exports land in paddle_compat/__init__.py, fall back
# to the modules that define them (importing them also attaches Paddle's Tensor operators).
_FALLBACKS = ("paddle_compat._ops.math", "paddle_compat._ops.stat",
              "paddle_compat._ops.creation", "paddle_compat._ops.logic")


class _Paddle:
    def __getattr__(self, name):
        if hasattr(paddle_compat, name):
            return getattr(paddle_compat, name)
        for mod in _FALLBACKS:
            try:
                m = importlib.import_module(mod)
            except ImportError:
                continue
            if hasattr(m, name):
                return getattr(m, name)
        raise AttributeError(name)


paddle = _Paddle()
for _m in _FALLBACKS:
    try:
        importlib.import_module(_m)
    except ImportError:
        pass
static_pylayer = paddle_compat.static.nn.static_pylayer


@pytest.fixture(autouse=True)
def _static_mode():
    _unique_name.switch()
    old = STATE.static
    paddle_compat.enable_static()
    yield
    STATE.static = old


def _run_case(name):
    return record.run_case(paddle, record.CASES[name])


def _exe():
    return paddle_compat.static.Executor(paddle_compat.CPUPlace())


# ---- goldens ------------------------------------------------------------------------------------
def test_doc_example_prints_documented_values():
    out = _run_case("doc_example")
    gold = GOLDENS["doc_example"]
    assert out["printed"] == gold["printed"]
    assert out["printed"][1] == "[[5.4365635 5.4365635 5.4365635 5.4365635 5.4365635]]"
    assert out["dtypes"] == gold["dtypes"]
    for a, b in zip(out["values"], gold["values"]):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    assert out["ret_stop_gradient"] == gold["ret_stop_gradient"]


@pytest.mark.parametrize("key", sorted(GOLDENS["errors"]))
def test_errors_match_paddle(key):
    out = _run_case("errors")
    got, want = out[key], GOLDENS["errors"][key]
    assert got is not None, f"{key}: no error raised, Paddle raises {want}"
    assert got[0] == want[0]
    if key == "inputs_tuple":
        # Paddle's bare assert has no text; ours names the argument and what was received.
        assert "inputs" in got[1] and "tuple" in got[1]
    else:
        assert got[1] == want[1]


@pytest.mark.parametrize("name", ["multi_io", "unused_output", "zero_dim", "nested",
                                  "fc_inside_forward"])
def test_values_match_paddle(name):
    out = _run_case(name)
    gold = GOLDENS[name]
    for key, want in gold.items():
        if key == "values":
            for a, b in zip(out[key], want):
                np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-5, atol=1e-6)
        elif key == "grad":
            np.testing.assert_allclose(out[key], want, rtol=1e-6)
        else:
            assert out[key] == want, key


def test_structures_values_match_paddle_and_keep_structure():
    out = _run_case("structures")["results"]
    gold = GOLDENS["structures"]["results"]
    for name, (kind, n, vals) in gold.items():
        got_kind, got_n, got_vals = out[name]
        assert got_n == n and got_vals == vals, name
    # Legacy structure (documented difference from PIR's flattening).
    assert [out[k][0] for k in ("single", "tuple1", "list1", "tuple2", "nested", "none")] == \
        ["Variable", "tuple", "list", "tuple", "tuple", "NoneType"]


def test_training_through_static_pylayer_matches_paddle():
    out = _run_case("train_with_pylayer")
    gold = GOLDENS["train_with_pylayer"]
    np.testing.assert_allclose(out["losses"], gold["losses"], rtol=1e-5)
    np.testing.assert_allclose(out["weight"], gold["weight"], rtol=1e-5, atol=1e-6)
    # Paddle's PIR counter names the bias fc_1.b_0; the weight name is the user's.
    assert len(out["params_grads"]) == len(gold["params_grads"])
    assert "fc_weight" in out["params_grads"]


# ---- program structure ----------------------------------------------------------------------------
def _doc_program(backward=True):
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("X", [None, 5], "float32")
        x.stop_gradient = not backward
        y = static_pylayer(lambda v: paddle.exp(v), [x],
                           (lambda d: paddle.scale(paddle.exp(d), 2.0)) if backward else None)
    return main, x, y


def test_program_has_pylayer_op_and_two_sub_blocks():
    main, x, y = _doc_program()
    assert main.num_blocks == 3
    ops = main.global_block().ops
    assert [op.type for op in ops] == ["pylayer"]
    op = ops[0]
    assert op.input("Input") == ["X"] and op.output("Out") == [y.name]
    assert [b.idx for b in op.attr("blocks")] == [1, 2]
    fwd, bwd = main.block(1), main.block(2)
    assert fwd.parent_idx == 0 and bwd.parent_idx == 0 and bwd.forward_block_idx == 1
    assert [o.type for o in fwd.ops] == ["exp", "assign"]
    assert fwd.ops[-1].output("Out") == [y.name]
    assert bwd.ops[0].type == "assign" and bwd.ops[0].input("X") == [y.name + "@GRAD"]
    assert bwd.ops[-1].output_arg_names == ["X@GRAD"]
    assert all(o.attr("op_role") == 1 for o in bwd.ops)
    # The temporary grad variable is removed from the parent block again, as in Paddle.
    assert (y.name + "@GRAD") not in main.global_block().vars
    text = str(main)
    assert "pylayer(inputs={Input=['X']}" in text and "blocks = blocks[1, 2]" in text
    assert "block_idx:2  parent_idx:0  forward_idx:1" in text
    assert y.block is main.global_block() and y.shape == (-1, 5)


def test_backward_none_builds_only_forward_block():
    main, x, y = _doc_program(backward=False)
    assert main.num_blocks == 2
    assert [b.idx for b in main.global_block().ops[0].attr("blocks")] == [1]
    r, = _exe().run(main, feed={"X": np.ones((2, 5), "float32")}, fetch_list=[y])
    np.testing.assert_allclose(r, np.full((2, 5), np.e, "float32"), rtol=1e-6)


def test_forward_returning_none_builds_no_backward():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [3], "float32")
        x.stop_gradient = False
        out = static_pylayer(lambda v: None, [x], lambda d: d)
    assert out is None
    assert main.num_blocks == 2
    _exe().run(main, feed={"x": np.ones(3, "float32")})


def test_repeated_runs_reuse_plans_and_track_feeds():
    main, x, y = _doc_program()
    exe = _exe()
    for k in range(3):
        r, = exe.run(main, feed={"X": np.full((1, 5), k, "float32")}, fetch_list=[y])
        np.testing.assert_allclose(r, np.exp(np.full((1, 5), k, "float32")), rtol=1e-6)


def test_clone_for_test_keeps_forward_and_runs():
    main, x, y = _doc_program()
    with paddle_compat.static.program_guard(main):
        paddle_compat.static.gradients([y], [x])
    test_prog = main.clone(for_test=True)
    assert [op.type for op in test_prog.global_block().ops] == ["pylayer"]
    r, = _exe().run(test_prog, feed={"X": np.zeros((1, 5), "float32")}, fetch_list=[y.name])
    np.testing.assert_allclose(r, np.ones((1, 5)), rtol=1e-6)


# ---- reading values from enclosing blocks -----------------------------------------------------------
def test_captured_outer_variable_is_fed_and_gets_no_gradient():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [3], "float32")
        c = paddle_compat.static.data("c", [3], "float32")
        x.stop_gradient = False
        c.stop_gradient = False
        cc = paddle.scale(c, 2.0)             # an intermediate only the sub-blocks read
        y = static_pylayer(lambda v: paddle.multiply(v, cc), [x],
                           lambda d: paddle.multiply(d, cc) + 100.0)
        gx, gc = paddle_compat.static.gradients([y], [x, c])
    op = main.global_block().ops[1]
    assert op.input("Input") == ["x", cc.name]
    xv, cv = np.array([1, 2, 3], "float32"), np.array([4, 5, 6], "float32")
    r = _exe().run(main, feed={"x": xv, "c": cv}, fetch_list=[y, gx, gc])
    np.testing.assert_allclose(r[0], xv * 2 * cv)
    np.testing.assert_allclose(r[1], 2 * cv + 100.0)
    np.testing.assert_allclose(r[2], np.zeros(3))


def test_backward_block_reads_forward_values():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    saved = {}

    def fwd(v):
        saved["e"] = paddle.exp(v)
        return paddle.scale(saved["e"], 1.0)

    def bwd(d):
        return paddle.multiply(d, saved["e"])  # d/dx exp(x) from the forward block's value

    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [4], "float32")
        x.stop_gradient = False
        y = static_pylayer(fwd, [x], bwd)
        g, = paddle_compat.static.gradients([y], [x])
    xv = np.linspace(-1, 1, 4).astype("float32")
    r = _exe().run(main, feed={"x": xv}, fetch_list=[y, g])
    np.testing.assert_allclose(r[1], np.exp(xv), rtol=1e-6)


def test_parameters_inside_forward_read_from_the_run_scope():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    const = paddle_compat.nn.initializer.Constant
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [2, 3], "float32")
        y = static_pylayer(lambda v: paddle_compat.static.nn.fc(
            v, 2, weight_attr=paddle_compat.ParamAttr(name="w_in", initializer=const(0.5)),
            bias_attr=False), [x])
    scope = paddle_compat.static.Scope()
    exe = _exe()
    exe.run(start, scope=scope)
    r, = exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[y], scope=scope)
    np.testing.assert_allclose(r, np.full((2, 2), 1.5))
    assert RUNNING_SCOPES == []


def test_repeated_input_gets_each_gradient():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [2], "float32")
        x.stop_gradient = False
        y = static_pylayer(lambda a, b: paddle.multiply(a, b), [x, x],
                           lambda d: (paddle.scale(d, 2.0), paddle.scale(d, 3.0)))
        g, = paddle_compat.static.gradients([y], [x])
    r, = _exe().run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[g])
    np.testing.assert_allclose(r, [5.0, 5.0])


def test_backward_returning_an_input_or_none():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        a = paddle_compat.static.data("a", [2], "float32")
        b = paddle_compat.static.data("b", [2], "float32")
        a.stop_gradient = b.stop_gradient = False
        y = static_pylayer(lambda u, v: paddle.add(u, v), [a, b], lambda d: (b, None))
        ga, gb = paddle_compat.static.gradients([y], [a, b])
    r = _exe().run(main, feed={"a": np.ones(2, "float32"), "b": np.full(2, 7.0, "float32")},
                   fetch_list=[ga, gb])
    np.testing.assert_allclose(r[0], [7.0, 7.0])
    np.testing.assert_allclose(r[1], [0.0, 0.0])


def test_gradient_of_gradient_runs_the_backward_block_differentiably():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [3], "float64")
        x.stop_gradient = False
        y = static_pylayer(lambda v: v * v * v, [x], lambda d: d * 3.0 * x * x)
        g, = paddle_compat.static.gradients([paddle.sum(y)], [x])
        gg, = paddle_compat.static.gradients([paddle.sum(g)], [x])
    xv = np.array([1.0, 2.0, 3.0])
    r = _exe().run(main, feed={"x": xv}, fetch_list=[y, g, gg])
    np.testing.assert_allclose(r[1], 3 * xv ** 2)
    np.testing.assert_allclose(r[2], 6 * xv)


def test_compiled_program_runs_the_op():
    main, x, y = _doc_program(backward=False)
    cp = paddle_compat.static.CompiledProgram(main)
    r, = _exe().run(cp, feed={"X": np.zeros((2, 5), "float32")}, fetch_list=[y])
    np.testing.assert_allclose(r, np.ones((2, 5)))


# ---- py_func inside, CUDA -----------------------------------------------------------------------------
def test_py_func_inside_static_pylayer():
    py_func = paddle_compat.static.py_func
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()

    def fwd(v):
        out = main.current_block().create_var(name="pf_out", shape=v.shape, dtype=v.dtype)
        py_func(func=lambda t: np.asarray(t) * 3.0, x=v, out=out)
        return paddle.scale(out, 1.0)

    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [3], "float32")
        x.stop_gradient = False
        y = static_pylayer(fwd, [x], lambda d: paddle.scale(d, 3.0))
        g, = paddle_compat.static.gradients([y], [x])
    r = _exe().run(main, feed={"x": np.array([1, 2, 3], "float32")}, fetch_list=[y, g])
    np.testing.assert_allclose(r[0], [3.0, 6.0, 9.0])
    np.testing.assert_allclose(r[1], [3.0, 3.0, 3.0])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_cuda_place():
    main, x, y = _doc_program()
    with paddle_compat.static.program_guard(main):
        g, = paddle_compat.static.gradients([y], [x])
    exe = paddle_compat.static.Executor(paddle_compat.CUDAPlace(0))
    xv = np.array([[1, 2, 3, 4, 5]], "float32")
    r = exe.run(main, feed={"X": xv}, fetch_list=[y, g], return_numpy=False)
    assert all(t._t.device.type == "cuda" for t in r)
    np.testing.assert_allclose(r[1].numpy(), np.full((1, 5), 2 * np.e, "float32"), rtol=1e-6)


# ---- hypothesis properties -------------------------------------------------------------------------
_shapes = st.lists(st.integers(1, 4), min_size=0, max_size=3)
# Compositions of registry ops and their derivatives: (forward, derivative) on Variables.
_FUNCS = {
    "exp": (lambda v: paddle.exp(v), lambda v: paddle.exp(v)),
    "tanh": (lambda v: paddle.tanh(v),
             lambda v: paddle.subtract(paddle.ones_like(v), paddle.square(paddle.tanh(v)))),
    "scale": (lambda v: paddle.scale(v, 3.0, bias=1.0), lambda v: paddle.full_like(v, 3.0)),
    "square": (lambda v: paddle.square(v), lambda v: paddle.scale(v, 2.0)),
    "sin": (lambda v: paddle.sin(v), lambda v: paddle.cos(v)),
}


def _compose(names):
    def fwd(v):
        for n in names:
            v = _FUNCS[n][0](v)
        return v

    def deriv(v):                 # chain rule: product of derivatives at each intermediate
        d = paddle.ones_like(v)
        for n in names:
            d = paddle.multiply(d, _FUNCS[n][1](v))
            v = _FUNCS[n][0](v)
        return d
    return fwd, deriv


def _build_pair(shape, names, custom):
    fwd, deriv = _compose(names)
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    holder = {}

    def backward(d):
        return custom(d, holder["x"]) if custom else paddle.multiply(d, deriv(holder["x"]))

    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", shape, "float64")
        x.stop_gradient = False
        holder["x"] = x
        y = static_pylayer(fwd, [x], backward)
        loss = paddle.sum(paddle.multiply(y, y))
        g, = paddle_compat.static.gradients([loss], [x])
        y_ref = fwd(x)
        loss_ref = paddle.sum(paddle.multiply(y_ref, y_ref))
        g_ref, = paddle_compat.static.gradients([loss_ref], [x])
    return main, [y, g, y_ref, g_ref]


@settings(max_examples=25, deadline=None)
@given(shape=_shapes, names=st.lists(st.sampled_from(sorted(_FUNCS)), min_size=1, max_size=3),
       seed=st.integers(0, 2 ** 31 - 1))
def test_true_derivative_matches_plain_ops(shape, names, seed):
    _unique_name.switch()
    main, fetch = _build_pair(shape, names, None)
    xv = np.random.default_rng(seed).uniform(-1, 1, shape)
    y, g, y_ref, g_ref = _exe().run(main, feed={"x": xv}, fetch_list=fetch)
    np.testing.assert_allclose(y, y_ref, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(g, g_ref, rtol=1e-9, atol=1e-9)


@settings(max_examples=20, deadline=None)
@given(shape=_shapes, names=st.lists(st.sampled_from(sorted(_FUNCS)), min_size=1, max_size=2),
       k=st.floats(-3, 3, allow_nan=False), seed=st.integers(0, 2 ** 31 - 1))
def test_gradient_is_exactly_what_backward_fn_computes(shape, names, k, seed):
    _unique_name.switch()
    # backward_fn ignores the true derivative: dL/dx = k * dL/dy + x, whatever forward_fn was.
    main, fetch = _build_pair(shape, names, lambda d, x: paddle.add(paddle.scale(d, k), x))
    xv = np.random.default_rng(seed).uniform(-1, 1, shape)
    y, g, y_ref, _ = _exe().run(main, feed={"x": xv}, fetch_list=fetch)
    np.testing.assert_allclose(y, y_ref, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(g, k * 2 * y_ref + xv, rtol=1e-12, atol=1e-12)


# ---- errors not covered by the goldens ---------------------------------------------------------------
def test_name_is_accepted_and_unused():
    main = paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main):
        x = paddle_compat.static.data("x", [1], "float32")
        y = static_pylayer(lambda v: v, [x], name="my_layer")
    assert "my_layer" not in str(main) and y.shape == (1,)


def test_runtime_error_names_the_sub_block_op():
    main, start = paddle_compat.static.Program(), paddle_compat.static.Program()
    with paddle_compat.static.program_guard(main, start):
        x = paddle_compat.static.data("x", [2], "float32")
        c = paddle_compat.static.data("c", [2], "float32")
        y = static_pylayer(lambda v: paddle.add(v, c), [x])
    with pytest.raises(ValueError, match="In user code") as e:
        _exe().run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[y])
    assert "is not initialized" in str(e.value)


# ---- the documented example in the website's form, and the example scripts ------------------------
def test_doc_example_fetching_by_name():
    # The website's version of the example fetches `data.name, data_grad.name, ret.name`
    # (Paddle 3.3.1 under PIR rejects `.name` of a computed value; the legacy IR accepts it).
    main, x, y = _doc_program()
    with paddle_compat.static.program_guard(main):
        g = paddle_compat.static.gradients([y], x)[0]
    r = _exe().run(main, feed={"X": np.array([[1.0, 2.0, 3.0, 4.0, 5.0]], "float32")},
                   fetch_list=[x.name, g.name, y.name])
    assert [str(a) for a in r] == GOLDENS["doc_example"]["printed"]


EXAMPLE_GOLDENS = json.load(open(os.path.join(ROOT, "conformance", "goldens",
                                              "static_pylayer_examples.json")))["stdout"]


@pytest.mark.parametrize("script", sorted(EXAMPLE_GOLDENS))
def test_example_scripts_print_what_paddle_prints(script):
    import re
    import subprocess
    import sys
    res = subprocess.run([sys.executable, "-m", "paddle_compat", "run",
                          os.path.join(ROOT, "examples", script)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    want = EXAMPLE_GOLDENS[script]
    if script == "static_pylayer_doc.py":
        assert res.stdout == want
    else:                 # a training trajectory: the same numbers to float32 accuracy
        num = re.compile(r"-?\d+\.\d+")
        got_lines, want_lines = res.stdout.splitlines(), want.splitlines()
        assert len(got_lines) == len(want_lines)
        for g, w in zip(got_lines, want_lines):
            assert num.sub("#", g) == num.sub("#", w)
            np.testing.assert_allclose([float(v) for v in num.findall(g)],
                                       [float(v) for v in num.findall(w)], atol=2e-5)
