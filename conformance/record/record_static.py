"""Record static-graph goldens from real Paddle (legacy IR): run with the oracle interpreter.

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_static.py

Each case is a snippet run with `paddle` (real Paddle here, paddle_compat in tests/test_static_goldens.py)
and a `mean` helper; it stores what it wants compared in `out` (a dict of JSON values). Re-runnable:
it overwrites conformance/goldens/static.json.
"""
import json
import os
import sys

PRELUDE = """
import numpy as np
paddle.enable_static()
Constant = paddle.nn.initializer.Constant
ParamAttr = paddle.ParamAttr
out = {}
def err(fn):
    try:
        fn()
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None
"""

CASES = {
    "conv_program": """
main = paddle.static.Program()
with paddle.static.program_guard(main, paddle.static.Program()):
    x = paddle.static.data('x', [1, 4, 5, 5], 'float32')
    a = paddle.nn.Conv2D(4, 3, 3, padding=1)(x)
    b = paddle.nn.Conv2D(4, 8, 3, padding=1, groups=4)(x)
    c = paddle.nn.Conv2D(4, 2, 3, padding=[1, 2], bias_attr=False)(x)
    d = paddle.nn.Conv3D(2, 3, 3, padding=1)(paddle.static.data('x3', [1, 2, 4, 4, 4], 'float32'))
    e = paddle.nn.Conv2D(4, 2, 3, padding='SAME', data_format='NHWC')(
        paddle.static.data('xh', [1, 5, 5, 4], 'float32'))
    f = paddle.nn.Conv2DTranspose(4, 3, 3, padding=1)(x)
    g = paddle.nn.Conv2DTranspose(4, 2, 3, stride=2, bias_attr=False)(x)
out['main'] = str(main)
""",
    "fc_program": """
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    out['x'] = str(x)
    out['x_shape'] = list(x.shape)
    out['x_is_tuple'] = isinstance(x.shape, tuple)
    out['grad_name'] = x.grad_name
    x.stop_gradient = False
    y = paddle.static.nn.fc(x, 2, activation='relu')
    loss = mean(y)
    out['y'] = str(y)
    out['loss'] = str(loss)
    out['main_fwd'] = str(main)
    g = paddle.static.gradients([loss], [x])
    out['grads'] = [str(v) for v in g]
out['main_grad'] = str(main)
out['startup'] = str(startup)
out['params'] = [p.name for p in main.all_parameters()]
out['num_blocks'] = main.num_blocks
out['random_seed'] = main.random_seed
""",
    "sgd_program": """
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    y = paddle.static.nn.fc(x, 2)
    loss = mean(y)
    paddle.optimizer.SGD(0.1).minimize(loss)
out['main'] = str(main)
out['startup'] = str(startup)
out['clone'] = str(main.clone(for_test=True))
""",
    "train_values": """
main, startup = paddle.static.Program(), paddle.static.Program()
losses = {}
for opt_name in ['SGD', 'Momentum', 'Adam', 'AdamW']:
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data('x', [None, 3], 'float32')
        y = paddle.static.nn.fc(x, 2, weight_attr=ParamAttr(initializer=Constant(0.5)),
                                bias_attr=ParamAttr(initializer=Constant(0.1)))
        loss = mean(y * y)
        getattr(paddle.optimizer, opt_name)(0.1).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    scope = paddle.static.Scope()
    vals = []
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        data = np.arange(6, dtype='float32').reshape(2, 3) / 10
        for _ in range(3):
            l, = exe.run(main, feed={'x': data}, fetch_list=[loss])
            vals.append(float(l))
        w = np.array(scope.find_var(main.all_parameters()[0].name).get_tensor())
    losses[opt_name] = {'loss': vals, 'w': w.tolist()}
out['losses'] = losses
""",
    "grad_values": """
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    x.stop_gradient = False
    z = paddle.static.data('z', [3], 'float32')
    y = x * x
    s = mean(y * y)
    out['no_path'] = paddle.static.gradients([s], [z])
    g1 = paddle.static.gradients([s], [x])
    g2 = paddle.static.gradients([s], [x])
    g3 = paddle.static.gradients([s], x)
    gg = paddle.static.gradients(mean(g1[0]), [x])
    out['names'] = [g1[0].name, g2[0].name, g3[0].name, gg[0].name]
exe = paddle.static.Executor(paddle.CPUPlace())
data = np.arange(6, dtype='float32').reshape(2, 3) / 10
r = exe.run(main, feed={'x': data}, fetch_list=[s, g1[0], gg[0], 'x@GRAD'])
out['values'] = [a.tolist() for a in r]
out['shapes'] = [list(a.shape) for a in r]
""",
    "errors": """
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    y = x * x
exe = paddle.static.Executor(paddle.CPUPlace())
out['dims'] = err(lambda: exe.run(main, feed={'x': np.ones((2, 4), 'float32')}, fetch_list=[y]))
out['dtype'] = err(lambda: exe.run(main, feed={'x': np.ones((2, 3), 'float64')}, fetch_list=[y]))
out['fetch_int'] = err(lambda: exe.run(main, feed={'x': np.ones((2, 3), 'float32')},
                                       fetch_list=[3]))
out['feed_type'] = err(lambda: exe.run(main, feed=3, fetch_list=[y]))
e = err(lambda: exe.run(main, feed={}, fetch_list=[y]))
out['missing'] = [e[0], e[1].startswith('In user code:'),
                  [l.strip() for l in e[1].splitlines() if 'is not initialized' in l]]
out['targets_str'] = err(lambda: paddle.static.gradients('y', [x]))
out['loss_str'] = err(lambda: paddle.static.append_backward('y'))
out['seed_str'] = err(lambda: setattr(main, 'random_seed', 'seed'))
exe.close()
out['closed'] = err(lambda: exe.run(main, feed={'x': np.ones((2, 3), 'float32')}))
paddle.disable_static()
out['data_dygraph'] = err(lambda: paddle.static.data('q', [1], 'float32'))
paddle.enable_static()
""",
    "linear_program": """
progs = []
for i in range(2):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data('x', [None, 4], 'float32')
        w = paddle.static.create_parameter([3, 2], 'float32')
        a = paddle.nn.functional.linear(x, paddle.static.create_parameter([4, 3], 'float32'))
        h = paddle.nn.functional.relu(paddle.nn.Linear(4, 3)(x))
        z = paddle.nn.functional.linear(h, w, name='bar')
        m1 = paddle.mean(z)
        m2 = paddle.mean(z, axis=1)
        m3 = paddle.mean(z, axis=[0, 1], keepdim=True)
    progs.append([op.type for op in main.global_block().ops])
    progs.append([op.output_arg_names for op in main.global_block().ops])
out['ops'] = progs
out['main'] = [l for l in str(main).splitlines() if 'param linear_' not in l and 'linear_' not in l.split('=')[0] or 'tmp' in l]
out['mean_attrs'] = [[op.attr('dim'), op.attr('keep_dim'), op.attr('reduce_all')]
                     for op in main.global_block().ops if op.type == 'reduce_mean']
""",
}


def run_case(paddle, mean, code):
    ns = {"paddle": paddle, "mean": mean}
    exec(PRELUDE + code, ns)
    return ns["out"]


def main():
    import paddle
    goldens = {}
    for name, code in CASES.items():
        paddle.utils.unique_name.switch()
        goldens[name] = run_case(paddle, paddle.mean, code)
        paddle.disable_static()
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "static.json")
    with open(path, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": goldens}, f, indent=1,
                  sort_keys=True)
    print("wrote", os.path.normpath(path), file=sys.stderr)


if __name__ == "__main__":
    main()
