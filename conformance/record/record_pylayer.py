"""Record real Paddle's PyLayer behaviour: run with the oracle's interpreter (re-runnable).

    PADDLE_PY conformance/record/record_pylayer.py

Writes two goldens, each case holding its code, what Paddle printed and the exception it raised:
* conformance/goldens/pylayer_examples.json: every examples/pylayer_*.py script (the documented
  examples of paddle.autograd.PyLayer, PyLayerContext, saved_tensors_hooks and the custom Python op
  guide);
* conformance/goldens/pylayer_behaviour.json: the probes below (error texts, ctx, outputs,
  inplace rules, materialize, double backward...).
Each case also lists the paddle APIs it needs (`needs`), so tests/test_py_layer.py can skip a case
whose ops paddle_compat does not provide yet instead of failing for an unrelated reason.
tests/test_py_layer.py replays every case through paddle_compat with conformance/snippets.py.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDENS = os.path.join(ROOT, "conformance", "goldens")

HEAD = "import paddle\nfrom paddle.autograd import PyLayer\n"

# name -> (code after HEAD, APIs used besides PyLayer: names on `paddle` or 'Tensor.<method>')
PROBES = {
    "no_tensor_output": ("""
class NoT(PyLayer):
    @staticmethod
    def forward(ctx, x): return 3, None, "s"
    @staticmethod
    def backward(ctx, dy): return dy.reshape([1, 2])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
NoT.apply(x)
""", []),
    "too_many_grads": ("""
class TooMany(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return dy, dy
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
TooMany.apply(x).backward()
""", []),
    "grad_for_stop_gradient_input": ("""
class NonNone(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return paddle.matmul(x, y)
    @staticmethod
    def backward(ctx, dy): return dy, dy
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
y = paddle.to_tensor([[1.0], [1.0]])
NonNone.apply(x, y).backward()
""", ["matmul"]),
    "grad_not_tensor": ("""
class NonT(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return 3
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
NonT.apply(x).backward()
""", []),
    "grad_numpy_not_tensor": ("""
class NonT(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return dy.numpy()
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
NonT.apply(x).backward()
""", []),
    "grad_missing": ("""
class Missing(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return paddle.matmul(x, y)
    @staticmethod
    def backward(ctx, dy): return (dy,)
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
y = paddle.to_tensor([[1.0], [1.0]], stop_gradient=False)
Missing.apply(x, y).backward()
""", ["matmul"]),
    "grad_list_is_one_item": ("""
class ListRet(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return paddle.matmul(x, y)
    @staticmethod
    def backward(ctx, dy): return [dy, dy]
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
y = paddle.to_tensor([[1.0], [1.0]], stop_gradient=False)
ListRet.apply(x, y).backward()
""", ["matmul"]),
    "grad_none_single_item_two_inputs": ("""
class NoneRet(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return paddle.matmul(x, y)
    @staticmethod
    def backward(ctx, dy): return None
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
y = paddle.to_tensor([[1.0], [1.0]], stop_gradient=False)
NoneRet.apply(x, y).backward()
""", ["matmul"]),
    "grad_empty_tuple": ("""
class Empty(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return ()
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
Empty.apply(x).backward()
""", []),
    "none_grad_allowed": ("""
class NoneOk(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return paddle.matmul(x, y)
    @staticmethod
    def backward(ctx, dy): return None, paddle.to_tensor([[1.0], [1.0]])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
y = paddle.to_tensor([[1.0], [1.0]], stop_gradient=False)
NoneOk.apply(x, y).backward()
print(x.grad is None, y.grad.shape)
""", ["matmul"]),
    "wrong_shape_grad": ("""
class WS(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return paddle.to_tensor([1.0, 1.0, 1.0])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
WS.apply(x).backward()
print(x.grad.shape)
""", []),
    "backward_raises": ("""
class Raise(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx, dy):
        raise KeyError("boom")
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
try:
    Raise.apply(x).backward()
except OSError as e:
    lines = str(e).splitlines()
    print(lines[0], "|", lines[1], "|", lines[3].strip(), "|", lines[5].strip())
    print(lines[2].strip().startswith("============================ Error message in backward of GradNodePyLayer_Raise(0x"))
""", []),
    "backward_not_implemented": ("""
class NoBack(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
try:
    NoBack.apply(x).backward()
except OSError as e:
    print(type(e).__name__, str(e).splitlines()[3].strip())
""", []),
    "backward_wrong_arity": ("""
class Arity(PyLayer):
    @staticmethod
    def forward(ctx, x): return x.reshape([2])
    @staticmethod
    def backward(ctx): return None
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
try:
    Arity.apply(x).backward()
except OSError as e:
    print(type(e).__name__, str(e).splitlines()[3].strip())
""", []),
    "forward_not_implemented": ("""
class NoFwd(PyLayer):
    pass
NoFwd.apply(paddle.to_tensor([1.0]))
""", []),
    "forward_exception_unchanged": ("""
class FE(PyLayer):
    @staticmethod
    def forward(ctx, x): raise KeyError("fwd")
FE.apply(paddle.to_tensor([1.0], stop_gradient=False))
""", []),
    "leaf_inplace_error": ("""
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return x
    @staticmethod
    def backward(ctx, dy): return dy, None
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
Ident.apply(x, paddle.to_tensor([1.0, 2.0]))
""", []),
    "stop_gradient_leaf_inplace_error": ("""
class Ident2(PyLayer):
    @staticmethod
    def forward(ctx, x, y): return y
    @staticmethod
    def backward(ctx, dy): return dy, None
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
Ident2.apply(x, paddle.to_tensor([1.0, 2.0]))
""", []),
    "nonleaf_inplace_version_bump": ("""
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, dy): return paddle.matmul(dy, paddle.to_tensor([[3.0]]))
a = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
b = a.reshape([2, 1])
out = Ident.apply(b)
print(out is b, b.stop_gradient, b.is_leaf)
out.backward()
print(a.grad.numpy().tolist())
""", ["matmul"]),
    "inplace_then_stale_use": ("""
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, dy): return dy.reshape([1, 2])
a = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
b = a.reshape([2, 1])
c = paddle.matmul(b, b, transpose_x=True)
Ident.apply(b)
c.backward()
""", ["matmul"]),
    "inplace_then_stale_use_autograd_backward": ("""
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, dy): return dy
a = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
b = a.reshape([2, 1])
c = paddle.matmul(b, b, transpose_x=True)
Ident.apply(b)
paddle.autograd.backward([c])
""", ["matmul"]),
    "no_grad_returns_input": ("""
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, dy): return dy.reshape([1, 2])
x = paddle.to_tensor([1.0, 2.0])
print(Ident.apply(x) is x)
x.stop_gradient = False
with paddle.no_grad():
    print(Ident.apply(x) is x, x.is_leaf)
""", ["no_grad"]),
    "kwargs_call_order_quirk": ("""
class KW(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2, k=1):
        return paddle.matmul(x1, x2)
    @staticmethod
    def backward(ctx, dy):
        return paddle.to_tensor([[10.0]]), paddle.to_tensor([[100.0]])
a = paddle.to_tensor([[1.0]], stop_gradient=False)
b = paddle.to_tensor([[1.0]], stop_gradient=False)
KW.apply(x2=b, k=3, x1=a).backward()
print(a.grad.numpy().tolist(), b.grad.numpy().tolist())
""", ["matmul"]),
    "list_input_slot": ("""
class LI(PyLayer):
    @staticmethod
    def forward(ctx, xs, w, k=None):
        print(type(xs).__name__, len(xs), k)
        return paddle.matmul(xs[0], w)
    @staticmethod
    def backward(ctx, dy):
        return [paddle.to_tensor([[2.0]]), paddle.to_tensor([[3.0]])], paddle.to_tensor([[4.0]])
a = paddle.to_tensor([[1.0]], stop_gradient=False)
b = paddle.to_tensor([[1.0]], stop_gradient=False)
w = paddle.to_tensor([[1.0]], stop_gradient=False)
LI.apply([a, b], w, k=7).backward()
print(a.grad.numpy().tolist(), b.grad.numpy().tolist(), w.grad.numpy().tolist())
""", ["matmul"]),
    "list_input_slot_needs_list": ("""
class LI(PyLayer):
    @staticmethod
    def forward(ctx, xs, w):
        return paddle.matmul(xs[0], w)
    @staticmethod
    def backward(ctx, dy):
        return dy, dy
a = paddle.to_tensor([[1.0]], stop_gradient=False)
b = paddle.to_tensor([[1.0]], stop_gradient=False)
w = paddle.to_tensor([[1.0]], stop_gradient=False)
LI.apply([a, b], w).backward()
""", ["matmul"]),
    "list_input_slot_short": ("""
class LI(PyLayer):
    @staticmethod
    def forward(ctx, xs, w):
        return paddle.matmul(xs[0], w)
    @staticmethod
    def backward(ctx, dy):
        return [dy], dy
a = paddle.to_tensor([[1.0]], stop_gradient=False)
b = paddle.to_tensor([[1.0]], stop_gradient=False)
w = paddle.to_tensor([[1.0]], stop_gradient=False)
LI.apply([a, b], w).backward()
""", ["matmul"]),
    "outputs_structure_and_stop_gradient": ("""
class IO(PyLayer):
    @staticmethod
    def forward(ctx, x):
        return x.reshape([2]), paddle.to_tensor([1, 2]), 5, None, "s"
    @staticmethod
    def backward(ctx, d1, d2):
        print("grads", d1.numpy().tolist(), d2.dtype, d2.numpy().tolist())
        return d1.reshape([1, 2])
class LO(PyLayer):
    @staticmethod
    def forward(ctx, x):
        return [x.reshape([2])]
    @staticmethod
    def backward(ctx, d1):
        return d1.reshape([1, 2])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
r = IO.apply(x)
print(type(r).__name__, [getattr(t, "stop_gradient", t) for t in r])
r[0].backward()
print(x.grad.numpy().tolist())
print(type(LO.apply(x)).__name__)
print(IO.apply(paddle.to_tensor([[1.0, 2.0]]))[0].stop_gradient)
""", []),
    "ctx_object": ("""
class T(PyLayer):
    @staticmethod
    def forward(ctx, x):
        print(type(ctx).__name__, isinstance(ctx, paddle.autograd.PyLayerContext),
              isinstance(ctx, PyLayer), ctx.saved_tensor(), ctx.container)
        print(ctx.non_differentiable, ctx.not_inplace_tensors)
        ctx.save_for_backward(x, 3, "s", None)
        print(ctx.saved_tensor()[1:])
        ctx.save_for_backward(x, 4)
        ctx.func = len
        return x.reshape([2])
    @staticmethod
    def backward(ctx, dy):
        s = ctx.saved_tensor()
        print(type(s).__name__, s[0] is X, s[1], ctx.func([1, 2]), ctx.name())
        print(hasattr(ctx, "needs_input_grad"), hasattr(ctx, "saved_tensors"),
              hasattr(ctx, "mark_dirty"))
        return dy.reshape([1, 2])
X = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
T.apply(X).backward()
print(X.grad.numpy().tolist())
print(paddle.autograd.Function is PyLayer)
""", []),
    "materialize_and_non_differentiable": ("""
class M(PyLayer):
    @staticmethod
    def forward(ctx, x, flag):
        ctx.set_materialize_grads(flag)
        return x.reshape([2]), x.reshape([2, 1])
    @staticmethod
    def backward(ctx, d1, d2):
        print("grads", d1.numpy().tolist(), None if d2 is None else d2.numpy().tolist())
        return d1.reshape([1, 2])
class ND(PyLayer):
    @staticmethod
    def forward(ctx, x):
        a, b = x.reshape([2]), x.reshape([2, 1])
        ctx.mark_non_differentiable(a)
        return a, b
    @staticmethod
    def backward(ctx, ga, gb):
        print("nd grads", ga.numpy().tolist(), gb.numpy().tolist())
        return gb.reshape([1, 2])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
M.apply(x, True)[0].backward()
M.apply(x, False)[0].backward()
a, b = ND.apply(x)
print(a.stop_gradient, b.stop_gradient)
b.backward()
""", []),
    "hooks_save_non_tensor": ("""
class S(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x.reshape([2])
    @staticmethod
    def backward(ctx, dy): return dy.reshape([1, 2])
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
with paddle.autograd.saved_tensors_hooks(lambda t: t, lambda t: t):
    S.apply(x)
""", []),
    "hooks_pack_per_item": ("""
class S(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, (x, x))
        return x.reshape([2])
    @staticmethod
    def backward(ctx, dy):
        s = ctx.saved_tensor()
        print(type(s).__name__, type(s[1]).__name__, len(s[1]))
        return dy.reshape([1, 2])
def pack(t):
    print("pack", t.shape)
    return t.numpy()
def unpack(t):
    print("unpack", t.tolist())
    return paddle.to_tensor(t)
x = paddle.to_tensor([[1.0, 2.0]], stop_gradient=False)
with paddle.autograd.saved_tensors_hooks(pack, unpack):
    y = S.apply(x)
y.backward()
""", []),
    "double_backward_tanh": ("""
class CT(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        ctx.save_for_backward(y)
        return y
    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return dy * (1 - paddle.square(y))
x = paddle.to_tensor([0.5, -1.0, 2.0], dtype="float64", stop_gradient=False)
y = CT.apply(x)
g, = paddle.grad(y.sum(), x, create_graph=True)
gg, = paddle.grad(g.sum(), x)
print(g.numpy().tolist())
print(gg.numpy().tolist())
""", ["tanh", "square", "Tensor.__mul__", "Tensor.__rsub__", "Tensor.sum"]),
    "double_backward_square_input_saved": ("""
class CS(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, dy):
        x, = ctx.saved_tensor()
        return dy * 2 * x
x = paddle.to_tensor([0.5, -1.0, 2.0], dtype="float64", stop_gradient=False)
g, = paddle.grad(CS.apply(x).sum(), x, create_graph=True)
gg, = paddle.grad(g.sum(), x)
print(g.numpy().tolist(), gg.numpy().tolist())
""", ["Tensor.__mul__", "Tensor.sum"]),
    "static_mode_apply": ("""
class CT(PyLayer):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, dy): return dy.reshape([1, 2])
paddle.enable_static()
x = paddle.static.data("x", [2, 3], "float32")
CT.apply(x)
""", ["enable_static", "static"]),
}


def _needs_of_example(code):
    # The examples use paddle ops; list those a replay needs (checked by the test before running).
    names = ["seed", "randn", "tanh", "square", "multiply", "ones", "zeros", "cast", "exp",
             "mean", "sum", "detach", "clone", "astype"]
    found = []
    for n in names:
        if f"paddle.{n}(" in code:
            found.append(n)
        elif f".{n}(" in code:
            found.append("Tensor." + n)
    for op, meth in (("*", "__mul__"), ("+", "__add__"), ("1 -", "__rsub__"), ("==", "__eq__")):
        if op in code:
            found.append("Tensor." + meth)
    return found


CHILD = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
from conformance import snippets
import paddle

def reset():
    try:
        paddle.disable_static()
    except Exception:
        pass

cases = json.loads(sys.stdin.read())
out = {}
for name, code in cases.items():
    out[name] = snippets.run_case(code, reset)
json.dump(out, sys.stdout)
"""


def _run_in_paddle(cases):
    # One process per case: a case that crashes Paddle must not take the others with it.
    env = dict(os.environ, GLOG_minloglevel="3")
    out = {}
    for name, code in cases.items():
        proc = subprocess.run([sys.executable, "-c", CHILD, ROOT], input=json.dumps({name: code}),
                              env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"case {name} crashed Paddle (exit {proc.returncode}):\n"
                               f"{proc.stderr[-2000:]}")
        out.update(json.loads(proc.stdout))
    return out


def _write(name, cases, needs, results):
    import paddle
    golden = {k: {"code": cases[k], "needs": needs[k], "paddle_version": paddle.__version__,
                  **results[k]} for k in cases}
    path = os.path.join(GOLDENS, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{path}: {len(golden)} cases")


def main():
    examples, ex_needs = {}, {}
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "pylayer_*.py"))):
        name = os.path.basename(path)[:-3]
        with open(path, encoding="utf-8") as f:
            examples[name] = f.read()
        ex_needs[name] = _needs_of_example(examples[name])
    _write("pylayer_examples.json", examples, ex_needs, _run_in_paddle(examples))
    probes = {k: HEAD + code.lstrip("\n") for k, (code, _) in PROBES.items()}
    needs = {k: n for k, (_, n) in PROBES.items()}
    _write("pylayer_behaviour.json", probes, needs, _run_in_paddle(probes))


if __name__ == "__main__":
    main()
