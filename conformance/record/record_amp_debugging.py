"""Record Paddle 3.3.1's paddle.amp.debugging tensor checker and operator statistics into
conformance/goldens/amp_debugging.json (read by tests/test_amp_debugging.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_amp_debugging.py

Each case is a function of `paddle` returning what a user sees: the stdout and stderr lines
(captured at the file-descriptor level, Paddle prints from C++; its glog "I1126 ..." lines are
dropped, and so is TensorCheckerConfig's "[Warning: Seed must be between 0 and 2**32 - 1", which
depends on whether the process called paddle.seed before) and the exception class and message (Paddle's " (at /paddle/...)" source suffix
removed). The ops used are called by their function names (paddle.divide, paddle.log, ...), whose
operator names paddle_compat shares; `x * 2` is Paddle's `scale` op, which paddle_compat reports
as elementwise_mul / multiply (docs/numerics.md).
"""
import contextlib
import json
import os
import re
import sys
import tempfile
import warnings


@contextlib.contextmanager
def _capture():
    """stdout + stderr of Python and C++ alike, as a list of lines filled in on exit."""
    lines = []
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    py = sys.stdout, sys.stderr
    with tempfile.TemporaryFile() as f:
        os.dup2(f.fileno(), 1)
        os.dup2(f.fileno(), 2)
        # Python's own streams too, line-buffered onto the same file (a test runner may have
        # replaced sys.stdout with an object that does not write to fd 1)
        sys.stdout = sys.stderr = open(os.dup(f.fileno()), "w", buffering=1)
        try:
            yield lines
        finally:
            sys.stdout.close()
            sys.stdout, sys.stderr = py
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            f.seek(0)
            text = f.read().decode("utf-8", "replace")
    lines.extend(ln for ln in text.split("\n")
                 if ln and not re.match(r"[IWE]\d{4} ", ln) and "Seed must be between" not in ln)


def _run(fn):
    """(lines printed, [exception class, message] or None)."""
    err = None
    with _capture() as lines:
        try:
            fn()
        except Exception as e:   # the exception itself is the recorded behaviour
            err = [type(e).__name__, re.sub(r" \(at /paddle/.*\)\n?$", "", str(e))]
    return {"lines": lines, "error": err}


def case_checker(paddle):
    d = paddle.amp.debugging
    # TensorCheckerConfig prints (and reseeds with) the default generator's initial seed: fix it
    paddle.seed(123)
    out = {}
    x = paddle.to_tensor([1.0, 0.0, 2.0])
    y = paddle.to_tensor([0.0, 0.0, 1.0])

    def checked(mode, body, **kw):
        def fn():
            cfg = d.TensorCheckerConfig(enable=True, debug_mode=mode, **kw)
            d.enable_tensor_checker(cfg)
            try:
                body()
            finally:
                d.disable_tensor_checker()
        return _run(fn)
    M = d.DebugMode
    out["abort_divide"] = checked(M.CHECK_NAN_INF_AND_ABORT, lambda: paddle.divide(x, y))
    out["abort_log"] = checked(M.CHECK_NAN_INF_AND_ABORT, lambda: paddle.log(x - 1))
    out["abort_log_nan_first"] = checked(M.CHECK_NAN_INF_AND_ABORT,
                                         lambda: paddle.log(paddle.to_tensor([-1.0, 0.0, 2.0])))
    out["abort_clean"] = checked(M.CHECK_NAN_INF_AND_ABORT,
                                 lambda: print(paddle.divide(x, x + 1).numpy()))
    out["nan_inf"] = checked(M.CHECK_NAN_INF,
                             lambda: print(paddle.divide(x, y).numpy(), paddle.log(y).numpy()))
    out["overflow_fp32"] = checked(M.CHECK_ALL_FOR_OVERFLOW, lambda: paddle.divide(x, y))
    out["all"] = checked(M.CHECK_ALL, lambda: paddle.multiply(x, paddle.to_tensor([3.0, 1.0,
                                                                                 -2.0])))
    out["checked_list"] = checked(M.CHECK_NAN_INF_AND_ABORT,
                                  lambda: (paddle.divide(x, y), paddle.log(x - 1)),
                                  checked_op_list=["log"])
    out["skipped_list"] = checked(M.CHECK_NAN_INF_AND_ABORT, lambda: paddle.divide(x, y),
                                  skipped_op_list=["divide"])
    out["int_and_float64"] = checked(
        M.CHECK_NAN_INF_AND_ABORT,
        lambda: (paddle.add(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])),
                 paddle.divide(paddle.to_tensor([1.0, 0.0], "float64"),
                               paddle.to_tensor([0.0, 0.0], "float64"))))
    out["debug_step"] = _run(lambda: _steps(paddle))
    return out


def _steps(paddle):
    d = paddle.amp.debugging
    x = paddle.to_tensor([1.0, 0.0])
    cfg = d.TensorCheckerConfig(enable=True, debug_mode=d.DebugMode.CHECK_NAN_INF,
                                debug_step=[1, 3])
    d.TensorCheckerConfig.current_step_id = 0
    for step in range(4):
        d.enable_tensor_checker(cfg)
        print("step", step, d.TensorCheckerConfig.current_step_id)
        paddle.divide(x, x)
        d.disable_tensor_checker()


def case_layer(paddle):
    d = paddle.amp.debugging
    y = paddle.to_tensor([0.0, 0.0, 1.0])

    class L(paddle.nn.Layer):
        @d.check_layer_numerics
        def forward(self, a):
            return a / y

    class Clean(paddle.nn.Layer):
        @d.check_layer_numerics
        def forward(self, a):
            return a * 2

    out = {}
    x = paddle.to_tensor([1.0, 0.0, 2.0])
    out["clean"] = _run(lambda: print(Clean()(x).numpy(), x.stop_gradient))
    out["nan"] = _run(lambda: L()(paddle.to_tensor([1.0, 0.0, 2.0])))
    # the failed forward never turned the check off again: the next op is still checked
    out["after"] = _run(lambda: paddle.divide(x, y))
    d.disable_tensor_checker()
    out["not_tensor"] = _run(lambda: L()(1.0))
    out["no_args"] = _run(lambda: L()())
    return out


def case_stats(paddle):
    d = paddle.amp.debugging
    x = paddle.to_tensor([1.0, 0.0, 2.0])

    def body():
        with d.collect_operator_stats():
            paddle.add(x, x)
            paddle.matmul(x, x)
            h = paddle.cast(x, "float16")
            paddle.cast(h, "float32")       # Paddle's CPU has no float16 multiply kernel
            paddle.add(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4]))
            paddle.cast(x, "bfloat16")
            paddle.log(x)
            paddle.log(x)

    def pair():
        d.enable_operator_stats_collection()
        paddle.divide(x, paddle.add(x, x))
        d.disable_operator_stats_collection()
        d.disable_operator_stats_collection()     # a second disable prints nothing

    def layers():
        # Paddle's dynamic conv2d / conv3d / conv2d_transpose add their bias as two more ops
        # (reshape, elementwise_add); reshape is counted under its phi name
        conv = paddle.nn.Conv2D(1, 2, 3)
        conv3 = paddle.nn.Conv3D(1, 2, 2, bias_attr=False)
        convt = paddle.nn.Conv2DTranspose(2, 1, 2)
        img = paddle.ones([1, 1, 4, 4])
        with d.collect_operator_stats():
            convt(conv(img))
            conv3(paddle.ones([1, 1, 3, 3, 3]))
            paddle.reshape(x, [3, 1])

    return {"collect": _run(body), "pair": _run(pair), "layers": _run(layers),
            "compare_assert": _run(lambda: d.compare_accuracy("a", "b", "c.xlsx",
                                                              dump_all_tensors=True))}


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    # the layer decorator first: after enable/disable_tensor_checker Paddle's model-level check
    # (check_layer_numerics) no longer reports anything in the same process
    layer = case_layer(paddle)
    out = {"paddle_version": paddle.__version__, "layer": layer,
           "checker": case_checker(paddle), "stats": case_stats(paddle)}
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "goldens", "amp_debugging.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"recorded amp.debugging goldens to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
