# env: FLAGS_enable_pir_api=0
# %% case: operators_with_numbers_program exact
import paddle
paddle.enable_static()
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    i = paddle.static.data('i', [2, 3], 'int32')
    b = paddle.static.data('b', [2, 3], 'bool')
    outs = [x + 1.0, x * 2, x - 1, x / 2, 1.0 - x, 2 * x, 3 + x, x + 1, x * 2.5, x / 3.0,
            i + 1, i * 2, i - 1, i / 2, i + 1.5, i * 2.5, 2 ** x, x ** 2, x ** 0.5, x < 1.0, x == 2, i > 1,
            x // 2, x % 2, 2 / x, 2 - i, -x, x + True, b + 1, i ** 2, 1 - i]
    for o in outs: print(o.name, o.dtype, o.shape)
print(main)
# %% case: operators_with_numbers_run_batch_dim
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [-1, 3], 'float32')
    i = paddle.static.data('i', [-1, 3], 'int32')
    b = paddle.static.data('b', [-1, 3], 'bool')
    outs = [x + 1.0, x * 2, x - 1, x / 2, 1.0 - x, 2 * x, 3 + x, x + 1, x * 2.5, x / 3.0,
            i + 1, i * 2, i - 1, i / 2, i + 1.5, i * 2.5, 2 ** x, x ** 2, x ** 0.5, x < 1.0, x == 2, i > 1,
            x // 2, x % 2, 2 / x, 2 - i, -x, x + True, b + 1, i ** 2, 1 - i, i // 2, i % 2, b == 1, x >= 2.5, i <= 1.5, paddle.neg(x), -i]
    for o in outs: print(o.name, o.dtype, o.shape)
exe = paddle.static.Executor()
exe.run(start)
xs = np.array([[1., 2., 3.], [4., 5., 6.]], 'float32'); is_ = np.array([[1, 2, 3], [4, 5, 6]], 'int32'); bs = is_ % 2 == 0
res = exe.run(main, feed={'x': xs, 'i': is_, 'b': bs}, fetch_list=outs)
for r in res: print(r.dtype, r.tolist())
print(main.global_block().ops[-1])
for op in main.global_block().ops[:60]: print(op.type, op.input_arg_names, op.output_arg_names)
# %% case: reversed_pow_int_batch_dim_error
import paddle
paddle.enable_static()
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    i = paddle.static.data('i', [-1, 3], 'int32')
    y = 2 ** i
# %% case: full_cast_scale_printing exact
import paddle
paddle.enable_static()
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    a = paddle.full([2], 1.5)
    b = paddle.zeros([2], 'int32')
    c = paddle.cast(x, 'int32')
    d = x.astype('float64')
    e = paddle.ones_like(x)
    f = paddle.full([2, 2], 3, 'int64')
    g = paddle.scale(x, 2.0, 1.0)
    h = paddle.full([1], 0.1)
print(main)
# %% case: create_var_defaults exact
import paddle
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    b = main.current_block()
    v = b.create_var(name='v', shape=[2], dtype='float32')
    w = b.create_var(name='w', shape=[2], dtype='int32')
    u = b.create_var(name='u', shape=[2], dtype='float32', persistable=True)
    print(v.stop_gradient, w.stop_gradient, u.stop_gradient, v.persistable)
    print(v); print(w); print(u)
    print(main)
# %% case: py_func_grad_op_printing exact
import paddle, numpy as np
paddle.enable_static()
def tanh(x): return np.tanh(x)
def tanh_grad(y, dy): return np.array(dy) * (1 - np.square(np.array(y)))
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    x.stop_gradient = False
    h = paddle.static.nn.fc(x, 4)
    out = main.current_block().create_var(name='out', dtype='float32', shape=[2, 4])
    paddle.static.py_func(func=tanh, x=h, out=out, backward_func=tanh_grad, skip_vars_in_backward_input=h)
    loss = paddle.mean(out)
    pg = paddle.static.append_backward(loss)
import re
print(re.sub(r'(callable_id = )\d+', r'\1K', str(main)))
print([(p.name, g.name) for p, g in pg])
exe = paddle.static.Executor(); exe.run(start)
r = exe.run(main, feed={'x': np.ones((2, 3), 'float32')}, fetch_list=[loss] + [g for _, g in pg])
print([a.shape for a in r])
# %% case: py_func_grad_empty_and_no_backward exact
import paddle, numpy as np
paddle.enable_static()
def f(a, b): return np.array(a) * np.array(b)
def fg(a, b, o, do): return np.array(do) * np.array(b), np.array(do) * np.array(a)
def g(a): return np.array(a) * 2
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    y = paddle.static.data('y', [2, 3], 'float32')
    h = paddle.static.nn.fc(x, 3)
    out = main.current_block().create_var(name='out', dtype='float32', shape=[2, 3])
    paddle.static.py_func(func=f, x=[h, y], out=out, backward_func=fg)
    h2 = paddle.static.nn.fc(x, 3)
    out2 = main.current_block().create_var(name='out2', dtype='float32', shape=[2, 3])
    paddle.static.py_func(func=g, x=h2, out=out2)
    loss = paddle.mean(out) + paddle.mean(out2)
    pg = paddle.static.append_backward(loss)
import re
print(re.sub(r'(callable_id = )\d+', r'\1K', str(main)))
print([(p.name, g.name) for p, g in pg])
exe = paddle.static.Executor(); exe.run(start)
r = exe.run(main, feed={'x': np.ones((2, 3), 'float32'), 'y': np.full((2, 3), 2., 'float32')}, fetch_list=[g for _, g in pg])
print([a.shape for a in r])
# %% case: py_func_backward_error_unchanged
import paddle, numpy as np
paddle.enable_static()
def f(a): return np.array(a) * 2
def fg(a, o, do): raise ValueError("bad backward")
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    x.stop_gradient = False
    out = main.current_block().create_var(name='out', dtype='float32', shape=[2, 3])
    paddle.static.py_func(func=f, x=x, out=out, backward_func=fg)
    loss = paddle.mean(out)
    g = paddle.static.gradients(loss, x)
exe = paddle.static.Executor(); exe.run(start)
try:
    exe.run(main, feed={'x': np.ones((2, 3), 'float32')}, fetch_list=[g[0]])
except Exception as e:
    print(type(e).__name__)
    msg = str(e)
    print(msg.count("In user code"), "bad backward" in msg)
    print(msg[-300:])
# %% case: py_func_forward_error_unchanged
import paddle, numpy as np
paddle.enable_static()
def f(a): raise ValueError("bad forward")
def fg(a, o, do): raise ValueError("bad backward")
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [2, 3], 'float32')
    x.stop_gradient = False
    out = main.current_block().create_var(name='out', dtype='float32', shape=[2, 3])
    paddle.static.py_func(func=f, x=x, out=out, backward_func=fg)
    loss = paddle.mean(out)
    g = paddle.static.gradients(loss, x)
exe = paddle.static.Executor(); exe.run(start)
try:
    exe.run(main, feed={'x': np.ones((2, 3), 'float32')}, fetch_list=[g[0]])
except Exception as e:
    print(type(e).__name__)
    msg = str(e)
    print(msg.count("In user code"), "bad backward" in msg)
    print(msg[-300:])
# %% case: py_func_errors_class_and_text
import paddle, numpy as np
paddle.enable_static()
def broken(v): return {}["missing"]
def bad_grad(v, o, do): raise RuntimeError("grad failed")
for case in (1, 2):
    main = paddle.static.Program(); start = paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data('x', [2], 'float32')
        x.stop_gradient = False
        y = main.current_block().create_var(name='y', dtype='float32', shape=[2])
        if case == 1:
            paddle.static.py_func(broken, x, y)
            fl = []
        else:
            paddle.static.py_func(lambda v: np.array(v) * 2, x, y, backward_func=bad_grad)
            fl = paddle.static.gradients([paddle.mean(y)], [x])
    exe = paddle.static.Executor()
    try:
        exe.run(main, feed={'x': np.ones([2], 'float32')}, fetch_list=fl)
    except Exception as e:
        print(type(e).__name__, repr(str(e)), type(e.__cause__).__name__, type(e.__context__).__name__)
# %% case: fc_training_clone_for_test
import paddle, numpy as np
paddle.enable_static()
paddle.seed(1)
np.random.seed(1)
main = paddle.static.Program(); start = paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data(name='x', shape=[None, 4], dtype='float32')
    y = paddle.static.data(name='y', shape=[None, 1], dtype='float32')
    hidden = paddle.static.nn.fc(x, size=8, activation='relu')
    pred = paddle.static.nn.fc(hidden, size=1)
    loss = paddle.nn.functional.square_error_cost(pred, y)
    avg = paddle.mean(loss)
    test_prog = main.clone(for_test=True)
    opt = paddle.optimizer.SGD(learning_rate=0.01)
    opt.minimize(avg)
print(x.shape, y.shape, pred.shape, loss.shape, avg.shape)
print(pred.name, avg.name)
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(start)
xs = np.random.rand(16, 4).astype('float32'); ys = xs.sum(1, keepdims=True)
for i in range(5):
    l, = exe.run(main, feed={'x': xs, 'y': ys}, fetch_list=[avg])
    print(i, l.shape, l.dtype, float(l) > 0)
t, = exe.run(test_prog, feed={'x': xs, 'y': ys}, fetch_list=[avg])
print(type(t).__name__, t.dtype)
print(len(main.global_block().ops), len(test_prog.global_block().ops))
print([op.type for op in main.global_block().ops])
print([op.type for op in test_prog.global_block().ops])
print(sorted(p.name for p in main.all_parameters()))
print([v.name for v in main.list_vars() if v.persistable])
# %% case: minimize_every_optimizer
import paddle, numpy as np
paddle.enable_static()
np.random.seed(1)
xs = np.random.rand(16, 4).astype('float32'); ys = xs.sum(1, keepdims=True)
for name, mk in [('SGD', lambda: paddle.optimizer.SGD(0.1)), ('Momentum', lambda: paddle.optimizer.Momentum(0.1, momentum=0.9)),
                 ('Adam', lambda: paddle.optimizer.Adam(0.01)), ('AdamW', lambda: paddle.optimizer.AdamW(0.01, weight_decay=0.1)),
                 ('Adagrad', lambda: paddle.optimizer.Adagrad(0.1)), ('RMSProp', lambda: paddle.optimizer.RMSProp(0.01)),
                 ('Adamax', lambda: paddle.optimizer.Adamax(0.01)), ('Lamb', lambda: paddle.optimizer.Lamb(0.01)),
                 ('Adadelta', lambda: paddle.optimizer.Adadelta(0.1)), ('SGDreg', lambda: paddle.optimizer.SGD(0.1, weight_decay=0.01)),
                 ('MomL2', lambda: paddle.optimizer.Momentum(0.1, weight_decay=paddle.regularizer.L2Decay(0.01)))]:
    paddle.seed(2024)
    main = paddle.static.Program(); start = paddle.static.Program()
    try:
        with paddle.static.program_guard(main, start):
            x = paddle.static.data(name='x', shape=[None, 4], dtype='float32')
            y = paddle.static.data(name='y', shape=[None, 1], dtype='float32')
            pred = paddle.static.nn.fc(x, size=1)
            avg = paddle.mean(paddle.nn.functional.square_error_cost(pred, y))
            opt = mk()
            r = opt.minimize(avg)
        print(name, type(r).__name__, len(r), [type(e).__name__ for e in r])
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(start)
        ls = [float(exe.run(main, feed={'x': xs, 'y': ys}, fetch_list=[avg])[0]) for _ in range(4)]
        print(name, np.round(ls, 5).tolist())
        print(name, sorted(v.name for v in main.list_vars() if v.persistable))
    except Exception as e:
        print(name, 'ERR', type(e).__name__, str(e)[:150])
# %% case: minimize_clip_by_value_and_norm
import paddle, numpy as np
paddle.enable_static()
np.random.seed(1)
xs = np.random.rand(16, 4).astype('float32'); ys = xs.sum(1, keepdims=True)
for name, mk in [('SGD', lambda: paddle.optimizer.SGD(0.1)), ('Momentum', lambda: paddle.optimizer.Momentum(0.1, momentum=0.9)),
                 ('Adam', lambda: paddle.optimizer.Adam(0.01)), ('AdamW', lambda: paddle.optimizer.AdamW(0.01, weight_decay=0.1)),
                 ('Adagrad', lambda: paddle.optimizer.Adagrad(0.1)), ('RMSProp', lambda: paddle.optimizer.RMSProp(0.01)),
                 ('Adamax', lambda: paddle.optimizer.Adamax(0.01)), ('Lamb', lambda: paddle.optimizer.Lamb(0.01)),
                 ('Adadelta', lambda: paddle.optimizer.Adadelta(0.1)), ('SGDreg', lambda: paddle.optimizer.SGD(0.1, weight_decay=0.01)),
                 ('MomL2', lambda: paddle.optimizer.Momentum(0.1, weight_decay=paddle.regularizer.L2Decay(0.01))),
                 ('AdamClipN', lambda: paddle.optimizer.SGD(0.1, grad_clip=paddle.nn.ClipGradByNorm(0.5))), ('AdamClip', lambda: paddle.optimizer.Adam(0.01, grad_clip=paddle.nn.ClipGradByValue(0.05)))]:
    paddle.seed(2024)
    main = paddle.static.Program(); start = paddle.static.Program()
    try:
        with paddle.static.program_guard(main, start):
            x = paddle.static.data(name='x', shape=[None, 4], dtype='float32')
            y = paddle.static.data(name='y', shape=[None, 1], dtype='float32')
            pred = paddle.static.nn.fc(x, size=1)
            avg = paddle.mean(paddle.nn.functional.square_error_cost(pred, y))
            opt = mk()
            r = opt.minimize(avg)
        print(name, type(r).__name__, len(r), [type(e).__name__ for e in r])
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(start)
        ls = [float(exe.run(main, feed={'x': xs, 'y': ys}, fetch_list=[avg])[0]) for _ in range(4)]
        print(name, np.round(ls, 5).tolist())
        print(name, sorted(v.name for v in main.list_vars() if v.persistable))
    except Exception as e:
        print(name, 'ERR', type(e).__name__, str(e)[:150])
# %% case: shape_ops_xshape_and_backward exact
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 6], "float32")
    x.stop_gradient = False
    y = paddle.reshape(x, [-1, 2, 3])
    z = paddle.transpose(y, [0, 2, 1])
    s = paddle.unsqueeze(z, [0])
    t = paddle.squeeze(s, [0])
    f = paddle.flatten(t)
    g = x.reshape([2, -1])
    loss = paddle.mean(f) + paddle.mean(g)
    print(paddle.static.append_backward(loss))
print(main)
for op in main.global_block().ops:
    print(op.type, op.input_names, op.output_names, op.input_arg_names, op.output_arg_names)
exe = paddle.static.Executor()
xs = np.arange(12, dtype="float32").reshape(2, 6)
out = exe.run(main, feed={"x": xs}, fetch_list=[loss, "x@GRAD", z])
for o in out: print(o.dtype, o.shape, o.tolist())
# %% case: append_backward_data_only_with_scale_grad exact
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 3], "float32")
    x.stop_gradient = False
    y = paddle.static.data("y", [None, 3], "float32")
    loss = paddle.mean(x * 2.0 + y)
    print(paddle.static.append_backward(loss))
print(main)
exe = paddle.static.Executor()
res = exe.run(main, feed={"x": np.ones((2, 3), "float32"), "y": np.zeros((2, 3), "float32")},
              fetch_list=[loss, "x@GRAD"])
for r in res: print(r.dtype, r.shape, r.tolist())
# %% case: repeated_gradient_sum_before_reader exact
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 3], "float32")
    x.stop_gradient = False
    y = x * 2.0
    z = y + y
    w = y * y
    loss = paddle.mean(z * w)
    gx = paddle.static.gradients([loss], [x])
    print([g.name for g in gx])
print(main)
exe = paddle.static.Executor()
res = exe.run(main, feed={"x": np.array([[0.1, -0.2, 0.3]], "float32")}, fetch_list=[loss] + gx)
for r in res: print(r.dtype, r.shape, np.round(r, 6).tolist())
# %% case: cross_entropy_and_square_error_cost_programs exact
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 3], "float32")
    x.stop_gradient = False
    l = paddle.static.data("l", [None], "int64")
    l2 = paddle.static.data("l2", [None, 1], "int64")
    a = paddle.nn.functional.cross_entropy(x, l)
    c = paddle.nn.functional.cross_entropy(x, l2, reduction="none")
    d = paddle.nn.functional.cross_entropy(x, l, reduction="none")
    e = paddle.nn.functional.softmax_with_cross_entropy(x, l2)
    f = paddle.nn.functional.square_error_cost(x, x * 0.5)
    for v in (a, c, d, e, f): print(v.name, v.shape)
    gx = paddle.static.gradients([a], [x])
print(main)
exe = paddle.static.Executor()
xs = np.array([[0.1, 0.5, -0.3], [1.0, -1.0, 0.0]], "float32")
res = exe.run(main, feed={"x": xs, "l": np.array([2, 0]), "l2": np.array([[1], [2]])},
              fetch_list=[a, c, d, e, f] + gx)
for r in res: print(r.dtype, r.shape, np.round(r, 6).tolist())
# %% case: getitem_slice_ops_names_and_shapes exact
import paddle
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 3, 4], "float32")
    outs = [x[0], x[:, 1:], x[::2], x[..., 1], x[1:3, 0], x[:, None], x[-1], x[:, :, -2:]]
    for o in outs: print(o.name, o.shape)
for op in main.global_block().ops: print(op)
# %% case: slice_apis_and_grads exact
import paddle, numpy as np
paddle.enable_static()
main = paddle.static.Program()
with paddle.static.program_guard(main):
    x = paddle.static.data("x", [None, 3, 4], "float32")
    x.stop_gradient = False
    a = paddle.slice(x, axes=[1], starts=[0], ends=[2])
    b = paddle.strided_slice(x, axes=[2], starts=[0], ends=[4], strides=[2])
    c = x[:, 1]
    loss = paddle.mean(a) + paddle.mean(b) + paddle.mean(c)
    gx = paddle.static.gradients([loss], [x])
print(main)
out = paddle.static.Executor().run(main, feed={"x": np.arange(24, dtype="float32").reshape(2, 3, 4)}, fetch_list=[a, b, c, loss] + gx)
for o in out: print(o.shape, o.ravel()[:6].tolist())
