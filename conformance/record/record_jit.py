"""Record Paddle 3.3.1's paddle.jit / InputSpec behaviour into conformance/goldens/jit.json.

Run with the oracle interpreter: PADDLE_PY conformance/record/record_jit.py
(re-runnable: the golden is rewritten from scratch). Each case is a snippet executed with `paddle`,
`np`, `InputSpec` and `TMP` (a fresh temporary directory) in scope; it leaves its result in `out`.
The golden keeps `repr(out)` or the raised exception's class name and message. `match` says how
tests compare messages: "exact" or "prefix" (paddle_compat appends to Paddle's text).
tests/test_jit_goldens.py replays the same snippets (imported from here) on paddle_compat.
"""
import json
import linecache
import os
import sys
import tempfile

OUT = os.path.join(os.path.dirname(__file__), "..", "goldens", "jit.json")

NET = """
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 2)
    def forward(self, x):
        return self.fc(x)
"""

CASES = [
    # ---- InputSpec ------------------------------------------------------------------------------
    ("spec_repr_none_dim", "out = InputSpec([None, 3], 'float32', 'x')", "exact"),
    ("spec_repr_minus1", "out = InputSpec([-1, 3])", "exact"),
    ("spec_below_minus1", "out = InputSpec([-2, 5])", "exact"),
    ("spec_dtype_paddle", "out = InputSpec([2, 3], dtype=paddle.int64)", "exact"),
    ("spec_dtype_numpy_name", "out = InputSpec([2], 'float')", "exact"),
    ("spec_dtype_np_dtype", "out = InputSpec([2], np.dtype('int32'))", "exact"),
    ("spec_dtype_none", "out = InputSpec([2], None)", "exact"),
    ("spec_stop_gradient", "out = InputSpec((4,), 'float64', 'y', stop_gradient=True)", "exact"),
    ("spec_shape_tuple", "out = InputSpec([2, 3]).shape", "exact"),
    ("spec_empty_shape", "out = InputSpec([])", "exact"),
    ("spec_bool_dim", "out = InputSpec([True, 3])", "exact"),
    ("spec_from_tensor_name",
     "out = InputSpec.from_tensor(paddle.to_tensor(np.ones([2, 3], 'float32')), name='t')", "exact"),
    ("spec_from_tensor_int",
     "out = InputSpec.from_tensor(paddle.to_tensor(np.ones([4], 'int64')), name='i')", "exact"),
    ("spec_from_numpy", "out = InputSpec.from_numpy(np.ones([2, 3], 'int32'), name='n')", "exact"),
    ("spec_from_numpy_f64", "out = InputSpec.from_numpy(np.ones([5]))", "exact"),
    ("spec_batch", "s = InputSpec([None, 3], 'float32', 'x'); r = s.batch(8); out = (r is s, s)",
     "exact"),
    ("spec_batch_list", "out = InputSpec([3]).batch([4])", "exact"),
    ("spec_batch_twice", "out = InputSpec([3]).batch(2).batch(-3)", "exact"),
    ("spec_unbatch", "s = InputSpec([4, 3]); out = (s.unbatch() is s, s)", "exact"),
    ("spec_unbatch_neg", "out = InputSpec([4, None, -5]).unbatch()", "exact"),
    ("spec_eq", "out = InputSpec([None, 3], 'float32', 'x') == InputSpec([-1, 3], 'float32', 'x')",
     "exact"),
    ("spec_eq_name", "out = InputSpec([3], name='a') == InputSpec([3], name='b')", "exact"),
    ("spec_hash_name", "out = hash(InputSpec([3], name='a')) == hash(InputSpec([3], name='b'))",
     "exact"),
    ("spec_ne_dtype", "out = InputSpec([3], 'float16') != InputSpec([3], 'float32')", "exact"),
    ("spec_err_shape_type", "out = InputSpec(3)", "exact"),
    ("spec_err_shape_elem", "out = InputSpec([1, 'a'])", "exact"),
    ("spec_err_shape_float", "out = InputSpec([2.5])", "exact"),
    ("spec_err_shape_np_int", "out = InputSpec([np.int64(3)])", "exact"),
    ("spec_err_dtype", "out = InputSpec([2], 'foo')", "exact"),
    ("spec_err_batch_type", "out = InputSpec([2]).batch('a')", "exact"),
    ("spec_err_batch_len", "out = InputSpec([2]).batch([1, 2])", "exact"),
    ("spec_err_unbatch_empty", "out = InputSpec([]).unbatch()", "exact"),
    ("spec_err_from_tensor", "out = InputSpec.from_tensor(np.ones(3))", "exact"),
    # ---- to_static ----------------------------------------------------------------------------
    ("to_static_layer_same_object", NET + "n = Net(); out = paddle.jit.to_static(n) is n", "exact"),
    ("to_static_disabled_runs_dygraph",
     "f = paddle.jit.to_static(lambda x: paddle.matmul(x, x))\n"
     "paddle.jit.enable_to_static(False)\n"
     "try:\n    out = f(paddle.to_tensor(np.eye(2, dtype='float32') * 3))\n"
     "finally:\n    paddle.jit.enable_to_static(True)", "exact"),
    ("to_static_input_spec_type",
     "out = paddle.jit.to_static(lambda x: x, input_spec=InputSpec([2]))", "exact"),
    ("to_static_unknown_backend", "out = paddle.jit.to_static(lambda x: x, backend='foo')",
     "prefix"),
    ("to_static_too_many_args",
     NET + "n = Net()\n"
     "s = paddle.jit.to_static(n, input_spec=[InputSpec([None, 3], 'float32', 'x')], "
     "full_graph=True)\n"
     "a = paddle.to_tensor(np.ones([1, 3], 'float32'))\n"
     "out = s(a, a)", "exact"),
    ("not_to_static_is_function",
     "def h(x):\n    return x\nout = type(paddle.jit.not_to_static(h)).__name__", "exact"),
    # ---- jit.save / jit.load ------------------------------------------------------------------
    ("save_not_layer", "out = paddle.jit.save(3, TMP + '/m')", "exact"),
    ("save_empty_prefix",
     NET + "out = paddle.jit.save(Net(), TMP + '/', input_spec=[InputSpec([None, 3])])", "exact"),
    ("save_no_spec", NET + "out = paddle.jit.save(Net(), TMP + '/n2')", "exact"),
    ("load_missing", "out = paddle.jit.load('/nonexistent_dir_for_jit/m')", "exact"),
    ("load_eval_mode_and_names",
     NET + "n = Net()\npaddle.jit.save(n, TMP + '/m', input_spec=[InputSpec([None, 3])])\n"
     "m = paddle.jit.load(TMP + '/m')\n"
     "out = (m.training, sorted(k for k, _ in m.named_parameters()), n.training)", "exact"),
    ("load_output_shape",
     NET + "n = Net()\npaddle.jit.save(n, TMP + '/m', input_spec=[InputSpec([None, 3])])\n"
     "m = paddle.jit.load(TMP + '/m')\n"
     "out = m(paddle.to_tensor(np.ones([5, 3], 'float32'))).shape", "exact"),
]


def run_case(paddle, code):
    """Execute one snippet; ('ok', repr) or ('error', class name, message)."""
    import numpy as np
    ns = {"paddle": paddle, "np": np, "InputSpec": paddle.static.InputSpec,
          "TMP": tempfile.mkdtemp()}
    # Paddle's AST mode reads the source of decorated functions: make the snippet a "file".
    fname = f"<jit_case_{abs(hash(code))}>"
    linecache.cache[fname] = (len(code), None, code.splitlines(True), fname)
    try:
        exec(compile(code, fname, "exec"), ns)
    except Exception as e:      # the recorded behaviour *is* the exception
        return {"kind": "error", "type": type(e).__name__, "message": str(e)}
    return {"kind": "ok", "repr": repr(ns["out"])}


def main():
    import paddle
    paddle.disable_static()
    golden = {}
    for cid, code, match in CASES:
        paddle.seed(2024)
        rec = run_case(paddle, code)
        rec.update({"code": code, "match": match})
        golden[cid] = rec
    with open(OUT, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": golden}, f, indent=1,
                  sort_keys=True)
    print(f"wrote {len(golden)} cases to {os.path.normpath(OUT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
