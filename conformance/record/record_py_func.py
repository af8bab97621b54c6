"""Record paddle.static.py_func goldens from real Paddle (legacy IR): run with the oracle.

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_py_func.py

Each case is a snippet run with `paddle` bound to real Paddle here and to paddle_compat in
tests/test_py_func.py; it stores what is compared in `out` (JSON values) and anything it prints is
captured as `out['stdout']` when the case sets `CAPTURE = True`. The documented examples are seeded
(np.random.seed / paddle.seed, as their 3.3.1 docstrings do). Re-runnable: it overwrites
conformance/goldens/py_func.json.
"""
import contextlib
import io
import json
import os
import re
import sys

PRELUDE = """
import numpy as np
paddle.enable_static()
out = {}
CAPTURE = False
def tmp_var(name, dtype, shape):
    return paddle.static.default_main_program().current_block().create_var(
        name=name, dtype=dtype, shape=shape)
def err(fn):
    try:
        fn()
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None
def op_error(e):
    # The Paddle-side line of a run-time op error: class, 'InvalidArgumentError: ...' first line.
    text = str(e)
    m = re.search(r"InvalidArgumentError: ([^\\n]*)", text)
    return [type(e).__name__, text.startswith("In user code:"), m.group(1) if m else None]
def run_one(func, nout=1, bwd=None, need_grad=False, nin=1, feed_value=1.0):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        xs = [paddle.static.data('x%d' % i, [2, 3], 'float32') for i in range(nin)]
        for x in xs:
            x.stop_gradient = not need_grad
        outs = [main.current_block().create_var(name='o%d' % i, dtype='float32', shape=[2, 3])
                for i in range(nout)]
        paddle.static.py_func(func, xs if nin > 1 else xs[0], outs if nout != 1 else outs[0],
                              backward_func=bwd)
        fetch = list(outs)
        if need_grad:
            fetch += paddle.static.gradients([mean(outs[0])], xs)
    exe = paddle.static.Executor(paddle.CPUPlace())
    feed = {'x%d' % i: np.full([2, 3], feed_value + i, 'float32') for i in range(nin)}
    try:
        res = exe.run(main, feed=feed, fetch_list=fetch)
    except Exception as e:
        return ["error"] + op_error(e)
    return [[str(a.dtype), list(a.shape), a.tolist()] for a in res]
"""

CASES = {
    # ---- the documented examples (paddle.static.py_func docstring, Paddle 3.3.1) ----------------
    "doc_example1": """
np.random.seed(1107)
paddle.seed(1107)
def tanh(x):
    return np.tanh(x)
def tanh_grad(y, dy):
    return np.array(dy) * (1 - np.square(np.array(y)))
def debug_func(x):
    pass
def create_tmp_var(name, dtype, shape):
    return paddle.static.default_main_program().current_block().create_var(
        name=name, dtype=dtype, shape=shape)
def simple_net(img, label):
    hidden = img
    for idx in range(4):
        hidden = paddle.static.nn.fc(hidden, size=200)
        new_hidden = create_tmp_var(name='hidden_{}'.format(idx),
            dtype=hidden.dtype, shape=hidden.shape)
        hidden = paddle.static.py_func(func=tanh, x=hidden,
            out=new_hidden, backward_func=tanh_grad,
            skip_vars_in_backward_input=hidden)
        paddle.static.py_func(func=debug_func, x=hidden, out=None)
    prediction = paddle.static.nn.fc(hidden, size=10, activation='softmax')
    ce_loss = paddle.nn.loss.CrossEntropyLoss()
    return ce_loss(prediction, label)
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data(name='x', shape=[1,4], dtype='float32')
    y = paddle.static.data(name='y', shape=[1], dtype='int64')
    res = simple_net(x, y)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    input1 = np.random.random(size=[1,4]).astype('float32')
    input2 = np.random.randint(1, 10, size=[1], dtype='int64')
    o = exe.run(main, feed={'x':input1, 'y':input2}, fetch_list=[res.name])
out['shape'] = list(o[0].shape)
out['dtype'] = str(o[0].dtype)
out['value'] = float(o[0])
out['py_func_ops'] = [op.type for op in main.global_block().ops].count('py_func')
""",
    "doc_example2": """
CAPTURE = True
np.random.seed(1107)
paddle.seed(1107)
def element_wise_add(x, y):
    x = np.array(x)
    y = np.array(y)
    if x.shape != y.shape:
        raise AssertionError("the shape of inputs must be the same!")
    result = np.zeros(x.shape, dtype='int32')
    for i in range(len(x)):
        for j in range(len(x[0])):
            result[i][j] = x[i][j] + y[i][j]
    return result
def create_tmp_var(name, dtype, shape):
    return paddle.static.default_main_program().current_block().create_var(
                name=name, dtype=dtype, shape=shape)
def py_func_demo():
    start_program = paddle.static.default_startup_program()
    main_program = paddle.static.default_main_program()
    x = paddle.static.data(name='x', shape=[2, 3], dtype='int32')
    y = paddle.static.data(name='y', shape=[2, 3], dtype='int32')
    output = create_tmp_var('output','int32', [3, 1])
    paddle.static.py_func(func=element_wise_add, x=[x, y], out=output)
    exe=paddle.static.Executor(paddle.CPUPlace())
    exe.run(start_program)
    input1 = np.random.randint(1, 10, size=[2, 3], dtype='int32')
    input2 = np.random.randint(1, 10, size=[2, 3], dtype='int32')
    out = exe.run(main_program,
               feed={'x':input1, 'y':input2},
               fetch_list=[output.name])
    print("{0} + {1} = {2}".format(input1, input2, out))
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    py_func_demo()
""",
    "batch_doc_example": """
CAPTURE = True
def reader():
    for i in range(10):
        yield i
batch_reader = paddle.batch(reader, batch_size=2)
for data in batch_reader():
    print(data)
out['drop_last'] = [b for b in paddle.batch(lambda: iter(range(5)), 2, drop_last=True)()]
out['keep_last'] = [b for b in paddle.batch(lambda: iter(range(5)), 2)()]
out['bad_size'] = err(lambda: paddle.batch(reader, 0))
""",
    # ---- the tutorial's ReLU (values; Paddle needs np.array(y) before `y > 0`) ------------------
    "tutorial_relu": """
def relu(x):
    return np.maximum(x, 0.0)
def relu_grad(y, dy):
    y = np.array(y)
    dx = np.zeros_like(y)
    dx[y > 0] = 1.0
    return np.array(dy) * dx
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 4], 'float32')
    x.stop_gradient = False
    y = tmp_var('relu', x.dtype, x.shape)
    r = paddle.static.py_func(func=relu, x=x, out=y, backward_func=relu_grad,
                              skip_vars_in_backward_input=x)
    out['returns_out'] = r is y
    loss = mean(y * y) if hasattr(y, '__mul__') else mean(y)
    gx = paddle.static.gradients([loss], [x])[0]
    ops = [op for op in main.global_block().ops if op.type == 'py_func']
    out['fwd_op'] = re.sub(r'callable_id = -?\\d+', 'callable_id = N', str(ops[0]))
    out['fwd_attrs'] = {'skip': ops[0].attr('backward_skip_vars')}
    out['out_var'] = str(y)
exe = paddle.static.Executor(paddle.CPUPlace())
xv = np.array([[-0.39, -0.73, -0.13, 0.56], [-0.87, 0.70, 0.04, -0.48]], 'float32')
o, g = exe.run(main, feed={'x': xv}, fetch_list=[y, gx])
out['y'] = o.tolist()
out['gx'] = g.tolist()
""",
    "multi_out_skip": """
seen = {}
def fwd(a, b):
    return np.array(a) + np.array(b), np.array(a) * np.array(b)
def bwd(b, s, p, ds, dp):
    seen['n'] = 5
    seen['ds'] = np.array(ds).tolist()
    seen['dp'] = np.array(dp).tolist()
    b, ds, dp = np.array(b), np.array(ds), np.array(dp)
    return ds + dp * b, None
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    a = paddle.static.data('a', [2, 2], 'float32')
    b = paddle.static.data('b', [2, 2], 'float32')
    a.stop_gradient = False
    s = tmp_var('s', 'float32', [2, 2])
    p = tmp_var('p', 'float32', [2, 2])
    r = paddle.static.py_func(fwd, [a, b], [s, p], backward_func=bwd,
                              skip_vars_in_backward_input=[a])
    out['returns_list'] = isinstance(r, list) and r[0] is s and r[1] is p
    ga = paddle.static.gradients([mean(s)], [a])[0]
exe = paddle.static.Executor(paddle.CPUPlace())
res = exe.run(main, feed={'a': np.array([[1, 2], [3, 4]], 'float32'),
                          'b': np.array([[5, 6], [7, 8]], 'float32')}, fetch_list=[s, p, ga])
out['fetched'] = [v.tolist() for v in res]
out['seen'] = seen
""",
    # ---- build-time checks ------------------------------------------------------------------
    "build_errors": """
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 3], 'float32')
    o = tmp_var('o', 'float32', [2, 3])
    noshape = main.current_block().create_var(name='ns', dtype='float32', shape=[])
    other = tmp_var('other', 'float32', [2, 3])
    f = lambda v: v
    out['x_str'] = err(lambda: paddle.static.py_func(f, 'abc', o))
    out['out_str'] = err(lambda: paddle.static.py_func(f, x, 'abc'))
    out['out_ndarray'] = err(lambda: paddle.static.py_func(f, x, np.zeros([2, 3], 'float32')))
    out['func_none'] = err(lambda: paddle.static.py_func(None, x, o))
    out['func_int'] = err(lambda: paddle.static.py_func(3, x, o))
    out['bwd_int'] = err(lambda: paddle.static.py_func(f, x, o, backward_func=3))
    out['no_shape'] = err(lambda: paddle.static.py_func(f, x, noshape))
    out['bad_skip'] = err(lambda: paddle.static.py_func(f, x, o, backward_func=f,
                                                        skip_vars_in_backward_input=other))
    out['bad_skip_no_bwd'] = err(lambda: paddle.static.py_func(f, x, o,
                                                               skip_vars_in_backward_input=other))
    out['x_none_ok'] = err(lambda: paddle.static.py_func(lambda: None, None, None))
paddle.disable_static()
out['dynamic'] = err(lambda: paddle.static.py_func(f, None, None))
paddle.enable_static()
""",
    # ---- run-time result handling --------------------------------------------------------------
    "run_results": """
def boom(x):
    raise KeyError("boom here")
out['none_1out'] = run_one(lambda x: None)
out['two_1out'] = run_one(lambda x: (np.array(x), np.array(x)))
out['list_1out'] = run_one(lambda x: [[1, 2, 3], [4, 5, 6]])
out['arr_0out'] = run_one(lambda x: np.array(x), nout=0)
out['none_0out'] = run_one(lambda x: None, nout=0)
out['nonelist_1out'] = run_one(lambda x: [None])
r = run_one(boom)
out['raise'] = [r[1], 'boom here' in str(r)]
out['f64'] = run_one(lambda x: np.array(x).astype('float64') * 2)
out['shape'] = run_one(lambda x: np.arange(5, dtype='float32'))
out['scalar_list'] = run_one(lambda x: [np.float32(3.5)])
out['two_outs'] = run_one(lambda x: [np.array(x) + 1, np.array(x) * 3], nout=2)
out['bwd_none'] = run_one(lambda x: np.array(x), bwd=lambda x, y, dy: None, need_grad=True)
out['bwd_two'] = run_one(lambda x: np.array(x), bwd=lambda x, y, dy: (np.array(dy), np.array(dy)),
                         need_grad=True)
out['bwd_f64'] = run_one(lambda x: np.array(x), bwd=lambda x, y, dy: np.array(dy).astype('float64'),
                         need_grad=True)
out['bwd_ok'] = run_one(lambda x: np.tanh(np.array(x)),
                        bwd=lambda x, y, dy: np.array(dy) * (1 - np.array(y) ** 2), need_grad=True,
                        feed_value=0.5)
""",
    "binding": """
seen = []
def f_short(a, b):
    return np.array(a)
def f_star(*args):
    seen.append(['star', len(args)])
    return np.array(args[0])
def f_none():
    seen.append(['none'])
    return np.ones([2, 3], 'float32')
def f_named(b, a, *rest):
    seen.append(['named', float(np.array(b)[0, 0]), float(np.array(a)[0, 0]), len(rest)])
    return np.array(a)
def f_default(a, b=None):
    seen.append(['default', b is None])
    return np.array(a)
r = run_one(f_short)
out['short'] = r[:2]
out['star'] = run_one(f_star, nin=2)
out['noargs'] = run_one(f_none, nin=2)
out['named'] = run_one(f_named, nin=2)
out['default_2in'] = run_one(f_default, nin=2)
r = run_one(f_default)
out['default_1in'] = r[:2]
out['seen'] = seen
""",
    "debug_print": """
CAPTURE = True
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 3], 'float32')
    i = paddle.static.data('i', [2], 'int64')
    d = paddle.static.data('d', [3], 'float64')
    def dbg(a, b, c):
        print(a)
        print(b)
        print(c)
        out['methods'] = [a.shape(), str(a._dtype()), str(b._dtype()), a.lod(),
                          a._is_initialized(), str(a._place())]
        out['np'] = [np.array(a).dtype.name, list(np.array(b).shape)]
    paddle.static.py_func(dbg, [x, i, d], None)
    print("after")
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(main, feed={'x': np.array([[0, 0.5, -1.25], [3, 1e-7, 123456789]], 'float32'),
                    'i': np.array([1, -2]), 'd': np.array([0.1, 2.0, -3.5])})
print("end")
""",
    # ---- what a callable may write: Paddle hands it copies (issue #16) ---------------------------
    "write_isolation": """
def f1(x):
    a = np.array(x)
    a[a < 0] = 0          # the documented idiom
    return a
def f2(x):
    b = np.asarray(x)
    out['asarray_writeable'] = bool(b.flags.writeable)
    b[...] = 7
    return np.array(x) * 1
main, start = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    o1 = tmp_var('o1', 'float32', [2, 3])
    o2 = tmp_var('o2', 'float32', [2, 3])
    paddle.static.py_func(f1, x, o1)
    y1 = x * 1
    paddle.static.py_func(f2, x, o2)
    y2 = x * 1
exe = paddle.static.Executor(paddle.CPUPlace())
feed = np.array([[-1, 2, -3], [4, -5, 6]], 'float32')
res = exe.run(main, feed={'x': feed}, fetch_list=[o1, y1, o2, y2])
out['results'] = [r.tolist() for r in res]
out['feed_after'] = feed.tolist()
""",
}


def _run(paddle, name, code, mean):
    ns = {"paddle": paddle, "mean": mean, "re": re}
    exec(PRELUDE, ns)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(code, ns)
    out = ns["out"]
    if ns.get("CAPTURE"):
        out["stdout"] = buf.getvalue()
    return out


def main():
    import numpy as np  # noqa: F401
    import paddle
    paddle.enable_static()
    results = {}
    for name, code in CASES.items():
        results[name] = _run(paddle, name, code, paddle.mean)
        print(name, "recorded", file=sys.stderr)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "goldens", "py_func.json")
    with open(path, "w") as f:
        json.dump({"paddle": paddle.__version__, "cases": results}, f, indent=1, sort_keys=True)
    print("wrote", path, file=sys.stderr)


if __name__ == "__main__":
    main()
