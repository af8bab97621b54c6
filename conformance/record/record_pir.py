"""Record the PIR face of static programs from real Paddle 3.3.1 (its default mode): run with the
oracle, with FLAGS_enable_pir_api unset (or 1).

    PADDLE_PY conformance/record/record_pir.py
    PADDLE_PY conformance/record/record_pir.py --only CASE...   (re-record those cases only)

The programs are the ones the legacy recorders build (record_static.py, record_static_gradients.py,
record_control_flow.py, record_static_pylayer.py, record_static_nn.py: the legacy-only layers there
are recorded as the failure Paddle's PIR mode meets); here what is recorded is how Paddle's PIR face
prints them (`print(value)`, `print(program)`) and what the Value / Operation API answers
(`.name()`, `operands()`, `results()`, `attrs()`, `get_defining_op()`, `.name` and its errors).
Each case is a snippet run with `paddle` (real Paddle here, paddle_compat in
tests/test_pir_printer.py and tests/test_pir_value.py) that stores JSON values in `out`.
Re-runnable: it overwrites conformance/goldens/pir.json (written atomically).
"""
import json
import os
import sys

PRELUDE = """
import numpy as np
paddle.enable_static()
out = {}
def fresh():
    return paddle.static.Program(), paddle.static.Program()
def err(fn):
    try:
        fn()
    except Exception as e:
        return [type(e).__name__, str(e).split(' (at ')[0]]
    return None
def op_view(op):
    return [op.name(), len(op.operands()), len(op.results()), sorted(op.attrs())]
"""

CASES = {
    "fc_program": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    out['x'] = str(x)
    out['x_shape'] = list(x.shape)
    x.stop_gradient = False
    y = paddle.static.nn.fc(x, 2, activation='relu')
    loss = paddle.mean(y)
    out['y'] = str(y)
    out['loss'] = str(loss)
    out['main_fwd'] = str(main)
    g = paddle.static.gradients([loss], [x])
    out['grads'] = [str(v) for v in g]
out['main_grad'] = str(main)
out['startup'] = str(startup)
out['num_blocks'] = main.num_blocks
out['random_seed'] = main.random_seed
""",
    "sgd_program": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    y = paddle.static.nn.fc(x, 2)
    loss = paddle.mean(y)
    paddle.optimizer.SGD(0.1).minimize(loss)
out['main'] = str(main)
out['startup'] = str(startup)
""",
    "linear_program": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 4], 'float32')
    w = paddle.static.create_parameter([3, 2], 'float32')
    a = paddle.nn.functional.linear(x, paddle.static.create_parameter([4, 3], 'float32'))
    h = paddle.nn.functional.relu(paddle.nn.Linear(4, 3)(x))
    z = paddle.nn.functional.linear(h, w, name='bar')
    m1 = paddle.mean(z)
    m2 = paddle.mean(z, axis=1)
    m3 = paddle.mean(z, axis=[0, 1], keepdim=True)
out['main'] = str(main)
out['ops'] = [op.name() for op in main.global_block().ops]
""",
    "elementwise_program": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 3], 'float32')
    y = paddle.static.data('y', [2, 3], 'float32')
    outs = [x + y, x - y, x * y, x / y, x * 2.0, x + 1, -x, x ** 2, paddle.exp(x),
            paddle.sum(x), paddle.sum(x, axis=1), paddle.reshape(x, [3, 2]),
            paddle.transpose(x, [1, 0]), paddle.cast(x, 'int32'), paddle.full([2], 3.0),
            paddle.zeros([1], 'int64'), paddle.less_than(x, y), paddle.concat([x, y]),
            paddle.nn.functional.softmax(x), paddle.tanh(x), paddle.sqrt(x), paddle.abs(x)]
    out['values'] = [str(v) for v in outs]
out['main'] = str(main)
""",
    "value_api": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    y = paddle.static.nn.fc(x, 2)
    z = paddle.nn.functional.relu(y)
    out['x_name'] = x.name
    out['z_name'] = err(lambda: z.name)
    out['x_def'] = x.get_defining_op().name()
    out['z_def'] = z.get_defining_op().name()
    out['z_index'] = z.index()
    out['x_dtype'] = str(x.dtype)
    out['z_shape'] = list(z.shape)
    out['is_dense'] = x.is_dense_tensor_type()
    out['ops'] = [op_view(op) for op in main.global_block().ops]
    op = z.get_defining_op()
    out['operand_defs'] = [v.get_defining_op().name() for v in op.operands_source()]
    out['results'] = [str(r) for r in op.results()]
    out['params'] = [p.name for p in main.global_block().all_parameters()]
    out['param_str'] = [str(p) for p in main.global_block().all_parameters()]
    out['in_pir_mode'] = paddle.framework.in_pir_mode()
    out['use_pir_api'] = paddle.framework.use_pir_api()
    out['program_type'] = type(main).__name__
    out['block_type'] = type(main.global_block()).__name__
    out['value_type'] = type(x).__name__
    out['op_type'] = type(op).__name__
    out['persistable'] = [x.persistable, main.global_block().all_parameters()[0].persistable]
paddle.disable_static()
out['in_pir_mode_dygraph'] = paddle.framework.in_pir_mode()
paddle.enable_static()
""",
    "target_gradients_double_backward": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [3], 'float32')
    x.stop_gradient = False
    v = paddle.static.data('v', [3], 'float32')
    v.stop_gradient = False
    y = x * x * x
    (gx,) = paddle.static.gradients([y], [x], target_gradients=[v])
    out['printed'] = str(main)
""",
    "cond_two_branches": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    x.stop_gradient = False
    y = paddle.static.data('y', [1], 'float32')
    pred = paddle.less_than(y, paddle.full([1], 1.0, 'float32'))
    res = paddle.static.nn.cond(pred, lambda: x * 2, lambda: x - 1)
    out['printed'] = str(main)
    out['res'] = str(res)
""",
    "while_counter": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    i = paddle.full([1], 0, 'int64')
    ten = paddle.full([1], 10, 'int64')
    res = paddle.static.nn.while_loop(lambda i, t: i < t, lambda i, t: [i + 1, t], [i, ten])
    out['printed'] = str(main)
    out['res'] = [str(r) for r in res]
""",
    "while_grad_one_var": """
# PIR's gradient through while_loop: cf.stack_create on top, cf.tuple_push before the body's
# yield, a backward pd_op.while over cf.has_elements / cf.tuple_pop.
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 3, 'int64')
    i, y = paddle.static.nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, y * 2], [i, x])
    loss = paddle.mean(y)
    g = paddle.static.gradients([loss], [x])
    out['printed'] = str(main)
    out['grads'] = [str(v) for v in g]
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    res = exe.run(main, feed={'x': np.array([1.0, 2.0], 'float32')}, fetch_list=[loss] + g)
    out['results'] = [r.tolist() for r in res]
""",
    "while_grad_two_vars": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    w = paddle.static.data('w', [2], 'float32')
    w.stop_gradient = False
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 2, 'int64')
    def body(i, a, b):
        return [i + 1, a * b, paddle.tanh(b) + a]
    i, a, b = paddle.static.nn.while_loop(lambda i, a, b: i < n, body, [i, x, w])
    loss = paddle.mean(a + b)
    g = paddle.static.gradients([loss], [x, w])
    out['printed'] = str(main)
    out['grads'] = [str(v) for v in g]
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    res = exe.run(main, feed={'x': np.array([1.0, 2.0], 'float32'),
                              'w': np.array([0.5, -1.0], 'float32')}, fetch_list=[loss] + g)
    out['results'] = [np.round(r, 5).tolist() for r in res]
""",
    "while_grad_parameter": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [1, 2], 'float32')
    x.stop_gradient = False
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 2, 'int64')
    w = paddle.static.create_parameter([2, 2], 'float32', name='w',
        default_initializer=paddle.nn.initializer.Constant(0.5))
    i, y = paddle.static.nn.while_loop(lambda i, y: i < n,
                                       lambda i, y: [i + 1, paddle.matmul(y, w)], [i, x])
    loss = paddle.mean(y)
    pg = paddle.static.append_backward(loss)
    out['printed'] = str(main)
    out['grads'] = [[str(p), str(g)] for p, g in pg]
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    res = exe.run(main, feed={'x': np.array([[1.0, 2.0]], 'float32')},
                  fetch_list=[loss] + [g for _, g in pg])
    out['results'] = [np.round(r, 5).tolist() for r in res]
""",
    "while_grad_cond": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 3, 'int64')
    one = paddle.full([1], 1, 'int64')
    def body(i, y):
        y = paddle.static.nn.cond(i < one, lambda: y * 3, lambda: paddle.exp(y))
        return [i + 1, y]
    i, y = paddle.static.nn.while_loop(lambda i, y: i < n, body, [i, x])
    loss = paddle.mean(y)
    g = paddle.static.gradients([loss], [x])
    out['printed'] = str(main)
    out['grads'] = [str(v) for v in g]
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    res = exe.run(main, feed={'x': np.array([0.1, 0.2], 'float32')}, fetch_list=[loss] + g)
    out['results'] = [np.round(r, 4).tolist() for r in res]
""",
    "tensor_array_forms": """
# array_write without an array (PIR makes the array there), 2-D elements (array_read typed
# -1 x -1), create_array with an initialized list, array_length of it
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    i = paddle.zeros([1], 'int64')
    x = paddle.full([2, 3], 3.0)
    a = paddle.tensor.array_write(x, i)
    r = paddle.tensor.array_read(a, i)
    b = paddle.tensor.create_array('float32', [paddle.full([2], 1.0), paddle.full([2], 2.0)])
    n = paddle.tensor.array_length(b)
    r1 = paddle.tensor.array_read(b, n - 1)
    out['array'] = str(a)
    out['read'] = str(r)
    out['printed'] = str(main)
exe.run(start)
out['values'] = [v.tolist() for v in exe.run(main, fetch_list=[r, n, r1])]
""",
    "pir_ops_arrays": """
# paddle._pir_ops' tensor-array functions (Paddle's test_array_read_write_op
# create_array_like_add_n), with increment_ in place: later ops read i's own value
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    d0 = paddle.static.data(name='d0', shape=[10], dtype='float32')
    d1 = paddle.static.data(name='d1', shape=[10], dtype='float32')
    i = paddle.zeros(shape=[1], dtype='int64')
    mem_array = paddle.tensor.array_write(x=d0, i=i)
    i = paddle.increment(i)
    paddle.tensor.array_write(x=d1, i=i, array=mem_array)
    copy_array = paddle._pir_ops.create_array_like(mem_array, 0.0)
    r0 = paddle.tensor.array_read(array=copy_array, i=i)
    paddle.tensor.array_write(x=d0, i=i, array=copy_array)
    i = paddle.increment(i, -1)
    paddle.tensor.array_write(x=d1, i=i, array=copy_array)
    add_array = paddle._pir_ops.add_n_array([mem_array, copy_array])
    r1 = paddle.tensor.array_read(array=add_array, i=i)
    i = paddle.increment(i, 1)
    r2 = paddle.tensor.array_read(array=add_array, i=i)
    n = paddle._pir_ops.array_length(add_array)
    e = paddle._pir_ops.create_array(paddle.float32)
    paddle._pir_ops.array_write_(e, d0, i)
    r3 = paddle._pir_ops.array_read(e, i)
    j = paddle.zeros([1], 'int64')
    paddle.increment(j, 2)
    k = j * 3
    out['copy'] = str(copy_array)
    out['sum'] = str(add_array)
    out['printed'] = str(main)
    out['errors'] = [err(lambda: paddle._pir_ops.create_array_like(d0, 0.0)),
                     err(lambda: paddle._pir_ops.array_length(d0))]
exe.run(start)
out['values'] = [v.tolist() for v in exe.run(
    main, feed={'d0': np.arange(10, dtype='float32'), 'd1': np.ones(10, 'float32')},
    fetch_list=[r0, r1, r2, n, r3, j, k])]
""",
    "tensor_array_in_while": """
# a while_loop body writing a tensor array made outside: the array is written in place (the
# loop carries only i and x), its create_array on top
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    arr = paddle.tensor.create_array('float32')
    i = paddle.zeros([1], 'int64')
    n = paddle.full([1], 3, 'int64')
    x = paddle.full([2], 1.0)
    def cond(i, x):
        return i < n
    def body(i, x):
        paddle.tensor.array_write(x, i, array=arr)
        return i + 1, x * 2
    i2, x2 = paddle.static.nn.while_loop(cond, body, [i, x])
    m = paddle.tensor.array_length(arr)
    r = paddle.tensor.array_read(arr, paddle.full([1], 2, 'int64'))
    out['printed'] = str(main)
exe.run(start)
out['values'] = [v.tolist() for v in exe.run(main, fetch_list=[m, r, i2, x2])]
""",
    "set_value_forms": """
# static x[index] = value: set_value_ (a Python value) / set_value_with_tensor_ (a Tensor), in
# place (later ops read x's own value); full slices left out, ints decreased, open ends 2**31-1
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [3, 4], 'float32')
    y = paddle.zeros([3, 4])
    y[1] = 2.0
    y[0:2, 1] = x[0:2, 1]
    y[2] = paddle.full([4], 5.0)
    y[:, 1:3] = 7
    y[-1] = 1
    y[..., 0] = 3
    y[::2] = 4.5
    y[1:, :-1] = 2
    k = paddle.zeros([3, 4], 'int32')
    k[0, 1] = 6
    z = y * 2
    out['y'] = str(y)
    out['printed'] = str(main)
exe.run(start)
out['values'] = [v.tolist() for v in exe.run(
    main, feed={'x': np.arange(12, dtype='float32').reshape(3, 4)}, fetch_list=[y, z, k])]
""",
    "tensor_array": """
# record_control_flow.py's case of the same name, in PIR mode
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    arr = paddle.tensor.create_array('float32')
    i = paddle.zeros([1], 'int64')
    x = paddle.full([2], 3.0)
    arr = paddle.tensor.array_write(x, i, array=arr)
    n = paddle.tensor.array_length(arr)
    r = paddle.tensor.array_read(arr, i)
    out['printed'] = str(main)
exe.run(start)
out['values'] = [v.tolist() for v in exe.run(main, fetch_list=[n, r])]
""",
    "while_grad_block_printed": """
# record_control_flow.py's case of the same name in PIR mode (gradients fetched as values: PIR
# values have no names to fetch by)
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    w = paddle.static.create_parameter([2], 'float32', name='w',
        default_initializer=paddle.nn.initializer.Constant(0.5))
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 3, 'int64')
    i2, y = paddle.static.nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, y * w + y], [i, x])
    loss = paddle.mean(y)
    pg = paddle.static.append_backward(loss)
    out['printed_with_grads'] = str(main)
    out['param_grads'] = [[str(p), str(g)] for p, g in pg]
exe.run(start)
vals = exe.run(main, feed={'x': np.array([1.0, 2.0], 'float32')}, fetch_list=[loss] + [g for _, g in pg])
out['values'] = [np.round(v, 5).tolist() for v in vals]
""",
    "cond_grad_blocks_printed": """
# record_control_flow.py's case of the same name in PIR mode (the gradient fetched as a value)
exe = paddle.static.Executor(paddle.CPUPlace())
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    y = paddle.static.data('y', [1], 'float32')
    pred = paddle.less_than(y, paddle.full([1], 1.0, 'float32'))
    res = paddle.static.nn.cond(pred, lambda: x * 2, lambda: x - 1)
    loss = paddle.mean(res)
    g = paddle.static.gradients([loss], [x])
    out['printed_with_grads'] = str(main)
exe.run(start)
for yv in (0.5, 2.0):
    vals = exe.run(main, feed={'x': np.array([1.0, 2.0], 'float32'),
                               'y': np.array([yv], 'float32')}, fetch_list=[loss] + g)
    out['values_%s' % yv] = [v.tolist() for v in vals]
""",
    "gradient_order": """
# PIR orders the grad ops as backward_utils.inverse_sort_op orders their forward ops: a value
# read by two ops gets its gradients summed (combine + add_n, in the order they were made) just
# before its own grad op; a scale's grad reads the forward factor.
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2], 'float32')
    x.stop_gradient = False
    t = paddle.tanh(x * 2)
    z = t * t + paddle.exp(t)
    g = paddle.static.gradients([paddle.mean(z)], [x])
    out['printed'] = str(main)
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [None, 3], 'float32')
    h = paddle.static.nn.fc(x, 3, activation='relu')
    h2 = paddle.static.nn.fc(h, 3) + h
    loss = paddle.mean(paddle.nn.functional.sigmoid(h2) * h)
    paddle.optimizer.SGD(0.1).minimize(loss)
    out['residual_minimize'] = str(main)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
""",
    "static_pylayer": """
def forward_fn(x):
    return paddle.exp(x)

def backward_fn(dy):
    return 2 * paddle.exp(dy)

main, start = fresh()
with paddle.static.program_guard(main, start):
    data = paddle.static.data(name="X", shape=[None, 5], dtype="float32")
    data.stop_gradient = False
    ret = paddle.static.nn.static_pylayer(forward_fn, [data], backward_fn)
    out['printed'] = str(main)
    out['ret'] = str(ret)
""",
    "static_pylayer_backward": """
def forward_fn(x):
    return paddle.exp(x)

def backward_fn(dy):
    return 2 * paddle.exp(dy)

main, start = fresh()
with paddle.static.program_guard(main, start):
    data = paddle.static.data(name="X", shape=[None, 5], dtype="float32")
    data.stop_gradient = False
    ret = paddle.static.nn.static_pylayer(forward_fn, [data], backward_fn)
    loss = paddle.mean(ret)
    pg = paddle.static.append_backward(loss, parameter_list=[data])
    out['printed'] = str(main)
    out['grad'] = str(pg[0][1])
""",
    "append_backward_fc": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data(name="X", shape=[None, 5], dtype="float32")
    y = paddle.static.nn.fc(x, 2)
    loss = paddle.mean(y)
    pg = paddle.static.append_backward(loss)
    out['printed'] = str(main)
    out['grads'] = [[str(p), str(g)] for p, g in pg]
""",
    "grad_disabled": """
# paddle.set_grad_enabled(False) left on (a script's or an earlier example's): PIR ops built then
# are stop_gradient, and gradients() finds no path (one None per input).
paddle.disable_static()
paddle.set_grad_enabled(False)
paddle.enable_static()
try:
    main, start = fresh()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data('x', [2, 3], 'float32')
        x.stop_gradient = False
        y = paddle.static.nn.fc(x, 2)
        out['y'] = str(y)
        out['grads'] = [str(g) for g in paddle.static.gradients([y], x)]
finally:
    paddle.disable_static()
    paddle.set_grad_enabled(True)
    paddle.enable_static()
""",
    "guards": """
pir_utils = paddle.pir_utils
paddle.disable_static()
def state():
    return [paddle.in_dynamic_mode(), paddle.framework.in_pir_mode(),
            paddle.framework.use_pir_api(), paddle.base.framework.in_dynamic_or_pir_mode()]
out['dygraph'] = state()
with pir_utils.OldIrGuard():
    out['old'] = state()
    out['old_data'] = str(paddle.static.data('x', [2], 'float32'))
out['after_old'] = state()
with pir_utils.IrGuard():
    out['new'] = state()
    out['new_data'] = str(paddle.static.data('y', [2], 'float32'))
out['after_new'] = state()
with pir_utils.DygraphOldIrGuard():
    out['dygraph_old'] = state()
with pir_utils.DygraphPirGuard():
    out['dygraph_pir'] = state()
paddle.enable_static()
out['static'] = state()
with pir_utils.OldIrGuard():
    out['static_old'] = state()
out['has_test_with_pir_api'] = hasattr(pir_utils, 'test_with_pir_api')
flag = lambda: paddle.get_flags('FLAGS_enable_pir_api')['FLAGS_enable_pir_api']
out['flag'] = flag()
with pir_utils.OldIrGuard():
    out['flag_old'] = flag()
paddle.set_flags({'FLAGS_enable_pir_api': False})
out['after_set_flags'] = state() + [flag()]
paddle.set_flags({'FLAGS_enable_pir_api': True})
""",
    "value_errors": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 3], 'float32')
    y = x + 1
    p = paddle.static.create_parameter([3], 'float32', name='pp')
    out['names'] = [x.name, p.name]
    out['y_name'] = err(lambda: y.name)
    out['y_def'] = [y.get_defining_op().name(), y.index(), y.get_defining_op().num_operands(),
                    y.get_defining_op().num_results()]
    out['p_def'] = [p.get_defining_op().name(), str(p)]
    op = y.get_defining_op()
    out['operand_sources'] = [str(o.source()) for o in op.operands()]
    out['attrs'] = {k: str(v) for k, v in op.attrs().items() if k != 'op_callstack'}
    out['full_attrs'] = {k: str(v) for k, v in op.operands()[1].source().get_defining_op().attrs().items()
                         if k != 'op_callstack'} if op.num_operands() > 1 else None
    out['block_ops'] = [o.name() for o in main.global_block().ops]
    out['param_names'] = [q.name for q in main.global_block().all_parameters()]
    out['shape_str'] = [str(x.shape), str(y.shape), type(x.shape).__name__]
    out['op_str'] = [str(y.get_defining_op()), str(main.global_block().ops[0])]
    out['missing_attrs'] = [err(lambda: x.get_value()), err(lambda: p.get_value()),
                            err(lambda: main.no_such), err(lambda: main.global_block().no_such)]
    out['block_str'] = str(main.global_block())
    out['legacy_only_attrs'] = [hasattr(main, n) for n in ('current_block', 'block',
                                                           'all_parameters', 'to_string')] + [
        hasattr(main.global_block(), n) for n in ('var', 'create_var', 'has_var', 'append_op')]
""",
    "legacy_only_in_pir": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [3, 4], 'float32')
    ids = paddle.static.data('ids', [3, 1], 'int64')
    img = paddle.static.data('img', [2, 3, 4, 4], 'float32')
    out['batch_norm'] = err(lambda: paddle.static.nn.batch_norm(x))
    out['embedding'] = err(lambda: paddle.static.nn.embedding(ids, size=[10, 4]))
    out['conv2d'] = err(lambda: paddle.static.nn.conv2d(img, 2, 3))
    out['create_global_var'] = err(lambda: paddle.static.create_global_var(
        shape=[2, 3], value=1.0, dtype='float32', persistable=True, name='gv'))
    out['params_left'] = sorted(p.name for p in main.global_block().all_parameters())
    out['fc_still_works'] = str(paddle.static.nn.fc(x, 2, name='fc'))
    out['fc_params'] = sorted(p.name for p in main.global_block().all_parameters())
    out['compiled'] = err(lambda: paddle.static.CompiledProgram(main))
    out['reduce_strategy'] = [str(paddle.static.BuildStrategy.ReduceStrategy.Reduce),
                              int(paddle.static.BuildStrategy.ReduceStrategy.AllReduce)]
""",
    "legacy_io_in_pir": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    img = paddle.static.data('img', [None, 4], 'float32')
    pred = paddle.static.nn.fc(img, 2)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    out['serialize_program'] = err(lambda: paddle.static.serialize_program([img], [pred],
                                                                           program=main))
    out['serialize_persistables'] = err(lambda: paddle.static.serialize_persistables(
        [img], [pred], exe, program=main))
    out['deserialize_persistables'] = err(lambda: paddle.static.deserialize_persistables(
        main, b'', exe))
    out['weight_norm'] = err(lambda: paddle.static.nn.fc(img, 3, weight_attr=(
        paddle.static.WeightNormParamAttr(dim=None, name='wn'))))
    vol = paddle.static.data('vol', [None, 1, 2, 4, 4], 'float32')
    out['conv3d_transpose'] = err(lambda: paddle.static.nn.conv3d_transpose(vol, 2, filter_size=3))
    out['clone_for_test'] = err(lambda: main.clone(for_test=True))
    out['clone_positional'] = err(lambda: main.clone(False))
    out['clone_plain'] = str(main.clone()) == str(main)
    out['block'] = err(lambda: main.block(0))
    other = paddle.static.data('other', [2], 'float32')
    out['unfed_data'] = err(lambda: exe.run(main, feed={'img': np.ones((1, 4), 'float32')},
                                            fetch_list=[pred]))
    out['fed'] = [a.shape for a in exe.run(main, feed={
        'img': np.ones((1, 4), 'float32'), 'other': np.ones(2, 'float32'),
        'vol': np.ones((1, 1, 2, 4, 4), 'float32')}, fetch_list=[pred])]
""",
    "scalar_tensor_operands": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    a = paddle.static.data('a', [None, 1], 'int32')
    f = paddle.static.data('f', [None, 1], 'float32')
    b = a + paddle.to_tensor(1)
    c = b * paddle.to_tensor(2)
    d = c / paddle.to_tensor(1)
    e = f - paddle.to_tensor(1)
    g = a * paddle.to_tensor(1.5)
    out['values'] = [str(v) for v in (b, c, d, e, g)]
    exe = paddle.static.Executor(paddle.CPUPlace())
    res = exe.run(main, feed={'a': np.array([[3]], 'int32'), 'f': np.array([[2.5]], 'float32')},
                  fetch_list=[b, c, d, e, g])
    out['results'] = [[str(r.dtype), r.tolist()] for r in res]
""",
    "fc_rank3_topk_accuracy": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [-1, 4, 4], 'float32')
    y = paddle.static.nn.fc(x, 10, activation='softmax')
    z = paddle.static.nn.fc(paddle.static.data('w', [-1, 3, 4], 'float32'), 2, num_flatten_dims=2)
    top = paddle.topk(y, 5)
    acc = paddle.static.accuracy(y, paddle.static.data('label', [-1, 1], 'int64'), k=5)
    out['values'] = [str(v) for v in (y, z, top[0], top[1], acc)]
out['main'] = str(main)
""",
    "cond_dtype_mismatch": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    p = paddle.full([1], True, 'bool')
    out['f32_i32'] = err(lambda: paddle.static.nn.cond(p, lambda: paddle.full([1], 1, 'float32'),
                                                       lambda: paddle.full([2], 1, 'int32')))
    out['second'] = err(lambda: paddle.static.nn.cond(
        p, lambda: (paddle.full([1], 1, 'float32'), paddle.full([1], 1, 'int64')),
        lambda: (paddle.full([2], 1, 'float32'), paddle.full([1], 1, 'int32'))))
    out['shapes_may_differ'] = str(paddle.static.nn.cond(
        p, lambda: paddle.full([1], 1, 'float32'), lambda: paddle.full([2], 1, 'float32')))
""",
    "ops_catalog": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2, 3], 'float32')
    lab = paddle.static.data('lab', [2, 1], 'int64')
    F = paddle.nn.functional
    outs = [paddle.matmul(x, x, transpose_y=True), paddle.unsqueeze(x, 0),
            paddle.squeeze(paddle.unsqueeze(x, 0), 0), paddle.flatten(x), x[0], x[:, 1:],
            paddle.max(x, axis=1), paddle.min(x), paddle.sigmoid(x), paddle.log(x),
            paddle.maximum(x, x), x > x, x == x, paddle.logical_not(x > x), paddle.square(x),
            F.relu6(x), F.silu(x), paddle.stack([x, x]), paddle.clip(x, 0.0, 1.0),
            F.cross_entropy(x, lab), paddle.argmax(x, axis=1), paddle.cumsum(x, axis=1),
            paddle.ones([2], 'float32'), paddle.zeros_like(x), paddle.expand(x[0], [2, 3]),
            paddle.split(x, 3, axis=1)[0], F.dropout(x, 0.5), paddle.gather(x, lab[:, 0]),
            paddle.where(x > 0, x, x * 0), F.gelu(x), F.log_softmax(x), F.leaky_relu(x)]
    out['values'] = [str(v) for v in outs]
out['main'] = str(main)
""",
    "ops_catalog_2": """
# One call of each API, printed in PIR form: the legacy -> PIR op table (pir_names.py).
F = paddle.nn.functional
SNIPPETS = [
    'paddle.acos(x)',
    'paddle.asin(x)',
    'paddle.atan(x)',
    'paddle.sinh(x)',
    'paddle.cosh(x)',
    'paddle.tan(x)',
    'paddle.expm1(x)',
    'paddle.log1p(x)',
    'paddle.log2(x)',
    'paddle.log10(x)',
    'paddle.round(x)',
    'paddle.trunc(x)',
    'paddle.neg(x)',
    'paddle.lgamma(x)',
    'paddle.digamma(x)',
    'paddle.erfinv(x)',
    'paddle.atan2(x, y)',
    'paddle.pow(x, 2.0)',
    'paddle.pow(x, y)',
    'paddle.bmm(paddle.unsqueeze(x, 0), paddle.unsqueeze(sq, 0))',
    'paddle.dot(x[0], y[0])',
    'paddle.mv(sq, x[0])',
    'paddle.flip(x, [0])',
    'paddle.roll(x, 1, 0)',
    'paddle.tile(x, [2, 1])',
    'paddle.index_select(x, idx)',
    'paddle.gather_nd(x, paddle.unsqueeze(idx, 1))',
    'paddle.argsort(x)',
    'paddle.sort(x)',
    'paddle.logsumexp(x)',
    'paddle.all(b)',
    'paddle.any(b)',
    'paddle.amax(x)',
    'paddle.amin(x)',
    'paddle.cumprod(x, 1)',
    'paddle.kron(x, y)',
    'paddle.trace(sq)',
    'paddle.diagonal(sq)',
    'paddle.tril(sq)',
    'paddle.triu(sq)',
    'paddle.diag(x[0])',
    'paddle.empty([2, 3])',
    'paddle.zeros_like(x)',
    'paddle.full_like(x, 2.0)',
    'paddle.ones_like(x)',
    'paddle.shape(x)',
    'paddle.numel(x)',
    'paddle.unbind(x)',
    'paddle.unstack(x)',
    'paddle.chunk(x, 3, 1)',
    'paddle.expand_as(x[0], x)',
    'paddle.broadcast_to(x[0], [2, 3])',
    'paddle.scatter(x, idx, y)',
    'paddle.index_sample(x, i)',
    'paddle.repeat_interleave(x, 2, 0)',
    'paddle.isclose(x, y)',
    'paddle.allclose(x, y)',
    'paddle.isnan(x)',
    'paddle.isinf(x)',
    'paddle.isfinite(x)',
    'paddle.bitwise_xor(i, i)',
    'paddle.increment(paddle.full([1], 0.0))',
    'paddle.lerp(x, y, 0.5)',
    'paddle.norm(x)',
    'paddle.norm(x, p=1)',
    'paddle.dist(x, y)',
    'paddle.mode(x)',
    'paddle.kthvalue(x, 1)',
    'paddle.searchsorted(x[0], y[0])',
    'F.one_hot(idx, 4)',
    'F.elu(x)',
    'F.selu(x)',
    'F.celu(x)',
    'F.hardswish(x)',
    'F.hardsigmoid(x)',
    'F.hardtanh(x)',
    'F.softsign(x)',
    'F.tanhshrink(x)',
    'F.mish(x)',
    'F.swish(x)',
    'F.logsigmoid(x)',
    'F.thresholded_relu(x)',
    'F.softshrink(x)',
    'F.hardshrink(x)',
    'F.prelu(x, paddle.full([1], 0.25))',
    'F.linear(x, sq)',
    'F.interpolate(img, scale_factor=2)',
    'F.max_pool2d(img, 2)',
    'F.avg_pool2d(img, 2)',
    'F.adaptive_avg_pool2d(img, 1)',
    'F.conv2d(img, paddle.full([3, 2, 3, 3], 0.1))',
    'F.pixel_shuffle(paddle.concat([img, img], 1), 2)',
    'F.smooth_l1_loss(x, y)',
    'F.kl_div(x, y)',
    'F.label_smooth(x)',
    'F.embedding(idx, sq)',
    'F.unfold(img, 2)',
    'paddle.flatten(img, 1)',
    'paddle.reshape(x, [3, 2])',
    'paddle.transpose(x, [1, 0])',
    'paddle.t(x)',
    'paddle.moveaxis(x, 0, 1)',
    'paddle.mean(x, 1)',
    'paddle.sum(x, 1)',
    'paddle.prod(x)',
    'paddle.max(x)',
    'paddle.topk(x, 2)',
    'paddle.clip(x, 0.0, 1.0)',
    'paddle.sign(x)',
    'paddle.floor_divide(i, i)',
    'paddle.remainder(x, y)',
    'paddle.mod(i, i)',
    'paddle.maximum(x, y)',
    'paddle.fmax(x, y)',
    'paddle.fmin(x, y)',
    'paddle.heaviside(x, y)',
    'paddle.logical_and(b, b)',
    'paddle.bitwise_and(i, i)',
    "paddle.cast(x, 'int32')",
    'paddle.assign(x)',
    'paddle.rand([2, 3])',
    'paddle.randn([2, 3])',
    'paddle.randint(0, 5, [2, 3])',
    'paddle.randperm(5)',
    'paddle.bernoulli(x)',
    'paddle.multinomial(x[0])',
    'paddle.normal(shape=[2, 3])',
    'paddle.uniform([2, 3])',
    'paddle.cross(sq, sq)',
    'paddle.cumsum(x)',
    'paddle.logcumsumexp(x)',
    'paddle.inverse(sq)',
    'paddle.linalg.det(sq)',
    'paddle.linalg.cholesky(sq)',
    'paddle.linalg.qr(sq)',
    'paddle.linalg.svd(sq)',
    'paddle.linalg.matrix_power(sq, 2)',
    'paddle.linalg.solve(sq, sq)',
    'paddle.meshgrid(x[0], y[0])',
    'paddle.stanh(x)',
    'paddle.addmm(sq, sq, sq)',
    'paddle.tensordot(x, y, 2)',
    'paddle.slice(x, [1], [0], [2])',
    'paddle.squeeze(paddle.unsqueeze(x, 0))',
    'paddle.split(x, [1, 2], 1)',
    'paddle.concat([x, y], 1)',
    'paddle.stack([x, y], 1)',
    'paddle.add_n([x, y])',
    'paddle.scale(x, 2.0, 1.0)',
    "x.astype('float64')",
    'x[:, 1]',
    'paddle.gather(x, idx, 1)',
    "F.interpolate(img, size=[6, 6], mode='bilinear')"
]
for k, code in enumerate(SNIPPETS):
    main, startup = fresh()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data('x', [2, 3], 'float32')
        y = paddle.static.data('y', [2, 3], 'float32')
        sq = paddle.static.data('sq', [3, 3], 'float32')
        i = paddle.static.data('i', [2, 3], 'int64')
        idx = paddle.static.data('idx', [2], 'int64')
        b = paddle.static.data('b', [2, 3], 'bool')
        img = paddle.static.data('img', [1, 2, 4, 4], 'float32')
        eval(code)
    out['p%03d' % k] = [code, str(main)]
""",
    "ops_catalog_3": """
# One call of each of more APIs, among them the ones Paddle's PIR Python code decomposes into
# several ops (pir_expand.py) and the ones whose results PIR types where the legacy op has none.
F = paddle.nn.functional
SNIPPETS = [
    'paddle.nansum(x)',
    'paddle.var(x)',
    'paddle.std(x)',
    'paddle.var(x, 1)',
    'paddle.quantile(x, 0.5)',
    'paddle.nan_to_num(x)',
    'paddle.rad2deg(x)',
    'paddle.deg2rad(x)',
    'paddle.frac(x)',
    'paddle.masked_fill(x, b, 1.0)',
    'F.glu(paddle.concat([x, x], 1))',
    'F.pad(img, [1, 1, 1, 1])',
    'F.mse_loss(x, y)',
    'F.l1_loss(x, y)',
    'F.binary_cross_entropy(F.sigmoid(x), y)',
    "F.mse_loss(x, y, reduction='sum')",
    "F.l1_loss(x, y, reduction='none')",
    'paddle.linalg.pinv(sq)',
    'F.normalize(x)',
    'F.cosine_similarity(x, y)',
    'paddle.crop(x, [1, 2])',
    'paddle.strided_slice(x, [1], [0], [3], [2])',
    'x[idx]',
    'paddle.eye(3)',
    'paddle.linspace(0, 1, 5)',
    'paddle.arange(5)',
    'paddle.arange(0, 6, 2)',
    'paddle.take_along_axis(x, i, 1)',
    'F.batch_norm(img, paddle.zeros([2]), paddle.ones([2]))',
    'F.layer_norm(x, 3)',
    'paddle.nn.LayerNorm(3)(x)',
    'paddle.mean(x)',
    'paddle.nanmean(x)',
    'paddle.median(x)',
    'paddle.logit(x)',
    'paddle.diff(x)',
    'paddle.outer(x[0], y[0])',
    'paddle.inner(x, y)',
    'paddle.count_nonzero(x)',
    'paddle.clip(x, 0.0)',
    'paddle.full([2, 3], 1.5)',
    'paddle.zeros([2, 3])',
    'F.softmax(x, 0)',
    'F.relu(x)',
    'F.sigmoid(x)',
    'F.tanh(x)',
    'F.cross_entropy(x, paddle.unsqueeze(idx, 1))',
    'F.dropout(x, 0.1, training=False)',
    'paddle.sum(x)',
    'paddle.argmin(x)',
    'paddle.nonzero(x)',
    'paddle.masked_select(x, b)',
    'paddle.unique(x)',
    'paddle.histogram(x)',
    'paddle.bucketize(x[0], y[0])',
    'F.log_softmax(x, 0)',
    'paddle.rot90(sq)',
    'paddle.nn.functional.square_error_cost(x, y)',
    'F.sigmoid_focal_loss(x, y)',
    'F.margin_ranking_loss(x, y, y)',
    'F.hinge_embedding_loss(x, y)',
    'F.soft_margin_loss(x, y)',
    'F.triplet_margin_loss(x, y, y)',
    'F.cosine_embedding_loss(x, y, idx)',
    'F.poisson_nll_loss(x, y)',
    'F.gaussian_nll_loss(x, y, paddle.ones([2, 3]))',
    'F.binary_cross_entropy_with_logits(x, y)',
    'F.nll_loss(x, idx)',
    'F.log_loss(F.sigmoid(x), y)',
    'F.instance_norm(img)',
    'paddle.nn.GroupNorm(1, 2)(img)',
    'F.local_response_norm(img, 3)',
    'F.avg_pool1d(x.unsqueeze(0), 2)',
    'F.max_pool1d(x.unsqueeze(0), 2)',
    'F.adaptive_max_pool2d(img, 1)',
    'F.upsample(img, scale_factor=2)',
    'F.softsign(x)',
    'F.gumbel_softmax(x)',
    'F.alpha_dropout(x, 0.1, training=False)',
    'F.zeropad2d(img, [1, 1, 1, 1])',
    'paddle.flatten(x)',
    'paddle.std(x, 1)',
    'paddle.cumsum(x, 0)',
    'paddle.cummax(x, 1)',
    'paddle.cummin(x, 1)',
    'paddle.trapezoid(x)',
    'paddle.vander(x[0])',
    'paddle.renorm(x, 2.0, 0, 1.0)',
    'paddle.polar(x, y)',
    'paddle.complex(x, y)',
    'paddle.sgn(x)',
    'paddle.lcm(i, i)',
    'paddle.gcd(i, i)',
    'paddle.hypot(x, y)',
    'paddle.logaddexp(x, y)',
    'paddle.copysign(x, y)',
    'paddle.ldexp(x, i)',
    'paddle.i0(x)',
    'paddle.erf(x)',
    'paddle.signbit(x)',
    'paddle.isneginf(x)',
    'paddle.isposinf(x)',
    'paddle.isreal(x)',
    'paddle.neg(x)',
    'paddle.multiply(x, y)',
    'paddle.subtract(x, y)',
    'paddle.divide(x, y)',
    'paddle.add(x, y)',
    'paddle.floor_mod(i, i)',
    'paddle.equal_all(x, y)',
    'paddle.is_empty(x)',
    'paddle.rank(x)',
    'paddle.reverse(x, 0)',
    'paddle.as_complex(paddle.stack([x, y], -1))',
    'paddle.put_along_axis(x, i, 1.0, 1)',
    'paddle.index_add(x, idx, 0, y)',
    'paddle.index_fill(x, idx, 0, 1.0)',
    'paddle.scatter_nd_add(x, paddle.unsqueeze(idx, 1), y)',
    'paddle.diag_embed(x)',
    'paddle.diagflat(x[0])',
    'paddle.hsplit(x, 3)',
    'paddle.unflatten(x, 1, [3, 1])',
    'paddle.broadcast_tensors([x, y])',
    'paddle.matmul(x, sq)',
    'paddle.linalg.norm(x)',
    'paddle.linalg.cond(sq)',
    'paddle.linalg.matrix_rank(sq)',
    'paddle.linalg.eigvalsh(sq)',
    'paddle.linalg.slogdet(sq)',
    'paddle.linalg.multi_dot([x, sq])',
    'paddle.linalg.lstsq(sq, sq)',
    'paddle.linalg.lu(sq)',
    'paddle.linalg.triangular_solve(sq, sq)',
    'paddle.linalg.cholesky_solve(sq, sq)',
    'paddle.linalg.cov(x)',
    'paddle.linalg.corrcoef(x)',
    "F.l1_loss(x, y, reduction='sum')",
    "F.binary_cross_entropy(F.sigmoid(x), y, reduction='sum')",
    "F.binary_cross_entropy(F.sigmoid(x), y, reduction='none')",
    'paddle.nanmean(x, 1, keepdim=True)',
    'paddle.count_nonzero(x, 1)',
    'paddle.std(x, unbiased=False)',
    'paddle.linspace(0, 1, 5, dtype="float64")',
    'paddle.eye(2, 3)',
    'F.pad(x.unsqueeze(0), [1, 2])',
    'F.normalize(x, axis=0)',
    'paddle.strided_slice(sq, [0, 1], [0, 0], [3, 3], [2, 1])',
    'F.layer_norm(img, [4, 4])',
]
for k, code in enumerate(SNIPPETS):
    main, startup = fresh()
    try:
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data('x', [2, 3], 'float32')
            y = paddle.static.data('y', [2, 3], 'float32')
            sq = paddle.static.data('sq', [3, 3], 'float32')
            i = paddle.static.data('i', [2, 3], 'int64')
            idx = paddle.static.data('idx', [2], 'int64')
            b = paddle.static.data('b', [2, 3], 'bool')
            img = paddle.static.data('img', [1, 2, 4, 4], 'float32')
            eval(code)
        out['p%03d' % k] = [code, str(main)]
    except Exception as e:         # recorded, so that one call failing keeps the others
        out['p%03d' % k] = [code, [type(e).__name__, str(e).split(' (at ')[0]]]
""",
    "layer_struct_names": """
class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.l = paddle.nn.Sequential(paddle.nn.Linear(2, 2), paddle.nn.ReLU())

    def forward(self, x):
        return self.l(x) * 2

main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [1, 2], 'float32')
    y = Net()(x)
    z = Net()(x)
out['main'] = str(main)
""",
    "data_same_name": """
main, startup = fresh()
with paddle.static.program_guard(main, startup):
    x1 = paddle.static.data('x', [None, 1], 'float32')
    y1 = x1 * 2
    x2 = paddle.static.data('x', [3, 4], 'int64')
    out['values'] = [str(x1), str(x2), x1.name, x2.name]
    out['main'] = str(main)
    z = paddle.cast(x2, 'float32') + 1
    out['main_after'] = str(main)
""",
}


def _legacy_recorder(module):
    """Legacy recorder `module` (a file beside this one), loaded by path."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        module, os.path.join(os.path.dirname(os.path.abspath(__file__)), module + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _legacy_outcomes(module, names):
    """A case running legacy recorder `module`'s cases `names` in PIR mode, each recorded as "ok"
    or the exception Paddle raises (the legacy-only static.nn layers fail in PIR mode: their
    PIR golden is that failure). The code is copied into the case, so the golden replays alone."""
    mod = _legacy_recorder(module)
    codes = {n: mod.PRELUDE + mod.CASES[n] for n in names}
    return (f"# {module}.py's program cases, run in PIR mode\n_CODES = {codes!r}\n" + """
for _name, _code in _CODES.items():
    _ns = {'paddle': paddle}
    try:
        exec(_code, _ns)
        out[_name] = 'ok'
    except Exception as e:
        out[_name] = [type(e).__name__, str(e).split('\\n')[0].split(' (at ')[0]]
    paddle.enable_static()
""")


# the conv layers' program, printed in PIR form (record_static.py prints it in legacy form)
CASES["conv_program"] = _legacy_recorder("record_static").CASES["conv_program"]
CASES["static_nn_in_pir"] = _legacy_outcomes("record_static_nn", [
    "norms", "instance_norm_affine", "conv_transpose", "conv3d", "deform_conv2d",
    "bilinear_spectral_row_conv", "nce", "sparse_embedding", "print_accuracy_auc",
    "conv2d_batch_norm_embedding"])


def run_case(paddle, code):
    ns = {"paddle": paddle}
    exec(PRELUDE + code, ns)
    return ns["out"]


def one_case(name):
    """Run one case in this (fresh) process: PIR's unique names are process-wide, so each case
    gets its own interpreter and starts at fc_0 as a fresh script does."""
    import paddle
    if not paddle.framework.use_pir_api():
        sys.exit("record_pir.py records Paddle's PIR face: unset FLAGS_enable_pir_api")
    try:
        result = run_case(paddle, CASES[name])
    except Exception as e:
        result = {"error": [type(e).__name__, str(e)]}
    print("\0" + json.dumps({"version": paddle.__version__, "result": result}))


def main(names=None):
    """Record every case, or only `names` (the other cases' goldens kept as committed)."""
    import subprocess
    results, version = {}, None
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "pir.json")
    if names:
        with open(path, encoding="utf-8") as f:
            results = json.load(f)["results"]
    for name in names or CASES:
        proc = subprocess.run([sys.executable, __file__, "--case", name], capture_output=True,
                              text=True, check=True)
        got = json.loads(proc.stdout.rsplit("\0", 1)[1])
        results[name], version = got["result"], got["version"]
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"paddle_version": version, "cases": CASES, "prelude": PRELUDE,
                   "results": results}, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    for name in names or results:
        r = results[name]
        print(name, "ERROR" if "error" in r else "ok", r.get("error", ""))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        one_case(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[1] == "--only":
        main(sys.argv[2:])
    else:
        main()
