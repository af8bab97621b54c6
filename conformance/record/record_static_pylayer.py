"""Record paddle.static.nn.static_pylayer goldens from real Paddle 3.3.1: run with the oracle.

    PADDLE_PY conformance/record/record_static_pylayer.py

static_pylayer works only in PIR mode in Paddle 3.3.1, so this runs WITHOUT FLAGS_enable_pir_api=0
(paddle_compat builds the same programs in its legacy-style IR). Each case is a snippet run with a
`paddle` namespace (real Paddle here, paddle_compat in tests/test_static_pylayer.py); it stores what
it wants compared in `out` (JSON values). Errors are recorded as [class name, message] around the
whole build-and-gradients sequence, because Paddle raises some of them when `gradients` calls the
backward function while paddle_compat raises them when static_pylayer traces it. Re-runnable: it
overwrites conformance/goldens/static_pylayer.json, and static_pylayer_examples.json with the
stdout of the example scripts listed in EXAMPLES.
"""
import contextlib
import io
import json
import os
import sys

PRELUDE = """
import numpy as np
paddle.enable_static()
out = {}
def err(fn):
    try:
        fn()
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None
def fresh():
    return paddle.static.Program(), paddle.static.Program()
exe = paddle.static.Executor(paddle.CPUPlace())
"""

CASES = {
    # The documented example, verbatim apart from collecting the printed text.
    "doc_example": """
def forward_fn(x):
    return paddle.exp(x)

def backward_fn(dy):
    return 2 * paddle.exp(dy)

main_program = paddle.static.Program()
start_program = paddle.static.Program()
with paddle.static.program_guard(main_program, start_program):
    data = paddle.static.data(name="X", shape=[None, 5], dtype="float32")
    data.stop_gradient = False
    ret = paddle.static.nn.static_pylayer(forward_fn, [data], backward_fn)
    data_grad = paddle.static.gradients([ret], data)[0]
exe.run(start_program)
x = np.array([[1.0, 2.0, 3.0, 4.0, 5.0]], dtype=np.float32)
x, x_grad, y = exe.run(main_program, feed={"X": x}, fetch_list=[data, data_grad, ret])
out['printed'] = [str(x), str(x_grad), str(y)]
out['values'] = [x.tolist(), x_grad.tolist(), y.tolist()]
out['dtypes'] = [str(a.dtype) for a in (x, x_grad, y)]
out['ret_stop_gradient'] = ret.stop_gradient
""",
    "errors": """
def fwd(x):
    return paddle.exp(x)
def bwd(dy):
    return paddle.exp(dy)
def build(forward_fn, inputs, backward_fn=None, sg=True, grads=False):
    main, start = fresh()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data('x', [2, 3], 'float32')
        y = paddle.static.data('y', [3], 'float64')
        x.stop_gradient = sg
        y.stop_gradient = sg
        o = paddle.static.nn.static_pylayer(forward_fn, inputs(x, y), backward_fn)
        if grads:
            paddle.static.gradients([o] if not isinstance(o, list) else o, [x, y])
out['inputs_tuple'] = err(lambda: build(fwd, lambda x, y: (x,)))
out['forward_not_callable'] = err(lambda: build(3, lambda x, y: [x]))
out['backward_not_callable'] = err(lambda: build(fwd, lambda x, y: [x], 'bwd'))
out['backward_none_needs_grad'] = err(lambda: build(fwd, lambda x, y: [x, y], None, sg=False))
out['backward_arity'] = err(lambda: build(lambda a, b: (a * 2, b * 2, b * 3),
                                          lambda x, y: [x, y], lambda da, db: (da, db),
                                          sg=False, grads=True))
out['backward_too_few'] = err(lambda: build(lambda a, b: paddle.exp(a), lambda x, y: [x, y],
                                            lambda d: d * 2, sg=False, grads=True))
out['backward_too_many'] = err(lambda: build(lambda a: paddle.exp(a), lambda x, y: [x],
                                             lambda d: (d * 2, d * 3), sg=False, grads=True))
out['grad_dtype'] = err(lambda: build(lambda a: paddle.exp(a), lambda x, y: [x],
                                      lambda d: paddle.cast(d, 'float64'), sg=False, grads=True))
out['grad_shape'] = err(lambda: build(lambda a: paddle.exp(a), lambda x, y: [x],
                                      lambda d: paddle.sum(d, axis=0), sg=False, grads=True))
paddle.disable_static()
out['dygraph'] = err(lambda: paddle.static.nn.static_pylayer(fwd, [paddle.ones([2])], bwd))
paddle.enable_static()
""",
    "structures": """
res = {}
for name, fn in [('single', lambda x: x * 2), ('tuple1', lambda x: (x * 2,)),
                 ('list1', lambda x: [x * 2]), ('tuple2', lambda x: (x * 2, x * 3)),
                 ('nested', lambda x: (x * 2, [x * 3, x * 4])), ('none', lambda x: None)]:
    main, start = fresh()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data('x', [2], 'float32')
        o = paddle.static.nn.static_pylayer(fn, [x])
    def leaves(v):
        if isinstance(v, (list, tuple)):
            return [leaf for item in v for leaf in leaves(item)]
        return [] if v is None else [v]
    flat = leaves(o)
    vals = exe.run(main, feed={'x': np.array([1.0, 2.0], 'float32')}, fetch_list=list(flat))
    res[name] = [type(o).__name__, len(flat), [v.tolist() for v in vals]]
out['results'] = res
""",
    "multi_io": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    a = paddle.static.data('a', [2, 3], 'float32')
    b = paddle.static.data('b', [2, 3], 'float32')
    a.stop_gradient = False
    b.stop_gradient = False
    def fwd(a, b):
        return paddle.multiply(a, b), paddle.add(a, b)
    def bwd(d1, d2):
        return paddle.multiply(d1, d2) * 3.0, paddle.subtract(d1, d2)
    p, s = paddle.static.nn.static_pylayer(fwd, [a, b], bwd)
    loss = paddle.mean(paddle.multiply(p, s))
    ga, gb = paddle.static.gradients([loss], [a, b])
av = np.arange(6, dtype='float32').reshape(2, 3) / 4
bv = np.arange(6, 12, dtype='float32').reshape(2, 3) / 5
r = exe.run(main, feed={'a': av, 'b': bv}, fetch_list=[p, s, loss, ga, gb])
out['values'] = [v.tolist() for v in r]
out['shapes'] = [list(v.shape) for v in r]
""",
    "unused_output": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    a = paddle.static.data('a', [3], 'float32')
    a.stop_gradient = False
    y1, y2 = paddle.static.nn.static_pylayer(lambda a: (a * 1.0, a * 2.0), [a],
                                             lambda d1, d2: d1 * 2.0 + d2 * 5.0)
    ga, = paddle.static.gradients([y1], [a])
out['grad'] = exe.run(main, feed={'a': np.ones(3, 'float32')}, fetch_list=[ga])[0].tolist()
""",
    "zero_dim": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    data = paddle.full(shape=[], dtype='float32', fill_value=-2.0)
    data.stop_gradient = False
    o = paddle.static.nn.static_pylayer(lambda x: 3 * x, [data], lambda dy: -5 * dy)
    grads = paddle.static.append_backward(o, [data])
    g = grads[0][1]
r, gr = exe.run(main, fetch_list=[o, g])
out['values'] = [r.tolist(), gr.tolist()]
out['shapes'] = [list(r.shape), list(gr.shape)]
""",
    "nested": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 2], 'float32')
    x.stop_gradient = False
    def inner_fwd(v):
        return paddle.exp(v)
    def inner_bwd(dv):
        return dv * 7.0
    def outer_fwd(v):
        return paddle.static.nn.static_pylayer(inner_fwd, [v * 2.0], inner_bwd) + 1.0
    def outer_bwd(dv):
        return paddle.static.nn.static_pylayer(lambda t: t * 3.0, [dv], lambda t: t)
    y = paddle.static.nn.static_pylayer(outer_fwd, [x], outer_bwd)
    gx, = paddle.static.gradients([y], [x])
r = exe.run(main, feed={'x': np.array([[0.0, 0.5], [1.0, -1.0]], 'float32')}, fetch_list=[y, gx])
out['values'] = [v.tolist() for v in r]
""",
    "fc_inside_forward": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    x.stop_gradient = False
    def fwd(v):
        return paddle.static.nn.fc(v, 4, weight_attr=paddle.ParamAttr(
            initializer=paddle.nn.initializer.Constant(0.5)))
    def bwd(dy):
        return paddle.ones([2, 3], 'float32') * paddle.sum(dy)
    y = paddle.static.nn.static_pylayer(fwd, [x], bwd)
    loss = paddle.mean(y)
    pg = paddle.static.append_backward(loss)
    gx, = paddle.static.gradients([loss], [x])
exe.run(start)
r = exe.run(main, feed={'x': np.ones((2, 3), 'float32')}, fetch_list=[y, gx])
out['params_grads'] = [p.name for p, g in pg]
out['values'] = [v.tolist() for v in r]
""",
    "train_with_pylayer": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [-1, 2], 'float32')
    label = paddle.static.data('label', [-1, 1], 'int64')
    def fwd(v):
        return 3 * v
    def bwd(dy):
        return paddle.exp(dy)
    y = paddle.static.nn.static_pylayer(fwd, [x], bwd)
    w = paddle.ParamAttr(name='fc_weight', learning_rate=0.5,
                         initializer=paddle.nn.initializer.Constant(1.0))
    hidden = paddle.static.nn.fc(x=[y], size=4, activation='softmax', weight_attr=w,
                                 bias_attr=paddle.ParamAttr(
                                     initializer=paddle.nn.initializer.Constant(0.1)))
    loss = paddle.mean(paddle.nn.functional.cross_entropy(
        input=hidden, label=label, reduction='none', use_softmax=False))
    _, pg = paddle.optimizer.SGD(learning_rate=1.0).minimize(loss)
exe.run(start)
xv = np.array([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]], 'float32')
lv = np.array([[0], [3], [1]], 'int64')
losses = []
for _ in range(3):
    l, = exe.run(main, feed={'x': xv, 'label': lv}, fetch_list=[loss])
    losses.append(float(l))
out['losses'] = losses
out['params_grads'] = sorted(p.name for p, g in pg)
wt = paddle.static.global_scope().find_var('fc_weight').get_tensor()
out['weight'] = np.array(wt).tolist()
""",
}


# Scripts in examples/ whose stdout the tests compare (run with `python -m paddle_compat run`).
EXAMPLES = ["static_pylayer_doc.py", "static_pylayer_straight_through.py"]


def record_examples():
    import subprocess
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    out = {}
    for name in EXAMPLES:
        res = subprocess.run([sys.executable, os.path.join(root, "examples", name)],
                             capture_output=True, text=True, check=True)
        out[name] = res.stdout
    return out


def run_case(paddle, code):
    ns = {"paddle": paddle}
    exec(PRELUDE + code, ns)
    return ns["out"]


def main():
    import paddle
    goldens = {}
    for name, code in CASES.items():
        paddle.utils.unique_name.switch()
        with contextlib.redirect_stdout(io.StringIO()):
            goldens[name] = run_case(paddle, code)
        paddle.disable_static()
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "static_pylayer.json")
    with open(path, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": goldens}, f, indent=1,
                  sort_keys=True)
    print("wrote", os.path.normpath(path), file=sys.stderr)
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "static_pylayer_examples.json")
    with open(path, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "stdout": record_examples()}, f, indent=1,
                  sort_keys=True)
    print("wrote", os.path.normpath(path), file=sys.stderr)


if __name__ == "__main__":
    main()
