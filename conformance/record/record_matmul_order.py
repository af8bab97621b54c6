"""Record Paddle 3.3.1's CPU float32 matmul / linear results and gradients bit for bit, and the
SGD / Momentum / Adam / AdamW steps that consume them, for tests/test_ops_matmul_order.py.

    PADDLE_PY conformance/record/record_matmul_order.py

Inputs are regenerated from numpy's RandomState by `make_inputs`, here and in the test; the golden
holds only Paddle's results (float.hex strings: every bit). Each case evaluates `call` with
paddle, F, the inputs a, b, c, d (numpy arrays) and `grads` (below), giving a list of tensors."""
import sys

import numpy as np

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from record_ops_math import write_golden  # noqa: E402

# name -> (seed, [input shapes], call)
CASES = {}
for i, (m, k, n) in enumerate([(37, 11, 37), (16, 16, 16), (6, 1, 1), (1, 6, 1), (8, 3, 2),
                               (64, 32, 16), (16, 96, 16), (5, 40, 7), (33, 24, 33)]):
    CASES[f"matmul_{m}x{k}x{n}"] = (300 + i, [(m, k), (k, n)], "[paddle.matmul(T(a), T(b))]")
CASES.update({
    "matmul_batched": (320, [(3, 5, 7), (3, 7, 4)], "[paddle.matmul(T(a), T(b))]"),
    "matmul_folded": (321, [(2, 9, 7), (7, 6)], "[T(a) @ T(b)]"),
    "mm": (322, [(12, 10), (10, 9)], "[paddle.mm(T(a), T(b))]"),
    "transpose_x": (323, [(10, 12), (10, 9)], "[paddle.matmul(T(a), T(b), transpose_x=True)]"),
    "matmul_grads": (324, [(12, 10), (10, 16), (12, 16)],
                     "grads(lambda x, y: paddle.matmul(x, y), [a, b], c)"),
    "linear": (330, [(37, 11), (11, 7), (7,)], "[F.linear(T(a), T(b), T(c))]"),
    "linear_nobias": (331, [(20, 8), (8, 16)], "[F.linear(T(a), T(b))]"),
    "linear_grads": (332, [(64, 32), (32, 16), (16,), (64, 16)],
                     "grads(lambda x, w, b: F.linear(x, w, b), [a, b, c], d)[1:]"),
    "linear_grads_3d": (333, [(4, 9, 12), (12, 8), (8,), (4, 9, 8)],
                        "grads(lambda x, w, b: F.linear(x, w, b), [a, b, c], d)[1:]"),
    "linear_1feature": (334, [(6, 1), (1, 1), (1,), (6, 1)],
                        "grads(lambda x, w, b: F.linear(x, w, b), [a, b, c], d)"),
    "matvec": (335, [(40, 300), (300, 1)], "[paddle.matmul(T(a), T(b))]"),
    "matvec_transpose_x": (336, [(64, 13), (64, 1)],
                           "[paddle.matmul(T(a), T(b), transpose_x=True)]"),
    "linear_to_1_grads": (337, [(64, 13), (13, 1), (1,), (64, 1)],
                          "grads(lambda x, w, b: F.linear(x, w, b), [a, b, c], d)"),
    "linear_to_1_wide_grads": (338, [(33, 700), (700, 1), (1,), (33, 1)],
                               "grads(lambda x, w, b: F.linear(x, w, b), [a, b, c], d)"),
    "sgd_steps": (340, [(10, 4), (4, 3), (3,), (10, 3)], "train(paddle, 'SGD', a, b, c, d)"),
    "momentum_steps": (341, [(10, 4), (4, 3), (3,), (10, 3)],
                       "train(paddle, 'Momentum', a, b, c, d)"),
    "adam_steps": (342, [(10, 4), (4, 3), (3,), (10, 3)], "train(paddle, 'Adam', a, b, c, d)"),
    "adamw_steps": (343, [(10, 4), (4, 3), (3,), (10, 3)], "train(paddle, 'AdamW', a, b, c, d)"),
})


def make_inputs(seed, shapes):
    """The case's inputs: numpy normal values in float32, one array per shape."""
    rs = np.random.RandomState(seed)
    return [rs.randn(*s).astype("float32") for s in shapes]


def grads(paddle, fn, arrays, weight):
    """[fn(*inputs), d(sum(fn * weight))/d input for each input]."""
    ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    out = fn(*ts)
    (out * paddle.to_tensor(weight)).sum().backward()
    return [out] + [t.grad for t in ts]


def train(paddle, opt_name, x, w, b, y):
    """Five steps of a Linear layer (weight w, bias b) on MSE; the losses and final parameters."""
    layer = paddle.nn.Linear(w.shape[0], w.shape[1])
    layer.weight.set_value(w)
    layer.bias.set_value(b)
    kw = {"momentum": 0.9} if opt_name == "Momentum" else {}
    opt = getattr(paddle.optimizer, opt_name)(learning_rate=0.01, parameters=layer.parameters(),
                                              **kw)
    losses = []
    for _ in range(5):
        loss = paddle.nn.functional.mse_loss(layer(paddle.to_tensor(x)), paddle.to_tensor(y))
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(loss)
    return losses + [layer.weight, layer.bias]


def run_case(paddle, F, case):
    """The case's results as numpy arrays."""
    seed, shapes, call = case
    arrays = make_inputs(seed, shapes)
    env = {"paddle": paddle, "F": F, "T": paddle.to_tensor, "grads": lambda *args: grads(paddle, *args), "train": train}
    env.update(zip("abcd", arrays))
    return [np.asarray(t.numpy()) for t in eval(call, env)]


def record(cases, golden, what):
    """Run `cases` under Paddle and write their outputs' bits (float.hex) to goldens/<golden>."""
    import paddle
    import paddle.nn.functional as F
    results = {}
    for name, case in cases.items():
        outs = run_case(paddle, F, case)
        results[name] = {"call": case[2], "shapes": [list(o.shape) for o in outs],
                         "hex": [[float(v).hex() for v in o.ravel()] for o in outs]}
    write_golden(golden, {"paddle_version": paddle.__version__, "cases": results},
                 f"{len(results)} {what}")


def main():
    record(CASES, "matmul_order", "matmul/linear cases")


if __name__ == "__main__":
    main()
