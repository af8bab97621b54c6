"""Record paddle.load's errors for damaged files and the numpy-boundary copy semantics from real
Paddle: run with the oracle.

    PADDLE_PY conformance/record/record_serialization.py

Writes conformance/goldens/serialization.json; tests/test_serialization.py and tests/test_tensor.py
run the same CASES against paddle_compat. Files are written into a temporary directory and the
messages stored with the directory replaced by '<dir>'.
"""
import json
import os
import sys
import tempfile

CASES = {
    "damaged_files": """
good = os.path.join(d, 'good.pdparams')
paddle.save({'w': paddle.to_tensor(np.arange(6, dtype='float32'))}, good)
data = open(good, 'rb').read()
files = {'trunc': data[:len(data) // 2], 'text': b'hello world\\nthis is text\\n',
         'garbage': bytes(range(256)), 'empty': b'', 'memo': b'\\x80\\x04h\\x05.'}
for name, raw in files.items():
    p = os.path.join(d, name + '.pdparams')
    open(p, 'wb').write(raw)
    try:
        paddle.load(p)
        out[name] = None
    except Exception as e:
        out[name] = [type(e).__name__, str(e).replace(d, '<dir>')]
""",
    "numpy_copies": """
t = paddle.to_tensor(np.arange(4, dtype='float32'))
a = t.numpy(); a[0] = 100
b = np.asarray(t); b[1] = 100
c = np.array(t); c[2] = 100
e = np.asarray(t, copy=False); e[3] = 100
out['tensor_after'] = t.numpy().tolist()
out['writeable'] = [bool(a.flags.writeable), bool(b.flags.writeable), bool(c.flags.writeable),
                    bool(e.flags.writeable)]
lin = paddle.nn.Linear(2, 2)
snap = {k: v.numpy() for k, v in lin.state_dict().items()}
lin.weight.set_value(lin.weight.numpy() + 1)
out['snapshot_kept'] = bool((snap['weight'] + 1 == lin.weight.numpy()).all())
""",
}


def run(paddle, name):
    import numpy as np
    d = tempfile.mkdtemp()
    ns = {"paddle": paddle, "np": np, "os": os, "d": d, "out": {}}
    exec(CASES[name], ns)
    return ns["out"]


def main():
    import paddle
    results = {name: run(paddle, name) for name in CASES}
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "goldens", "serialization.json")
    with open(path, "w") as f:
        json.dump({"paddle": paddle.__version__, "cases": results}, f, indent=1, sort_keys=True)
    print("wrote", path, file=sys.stderr)


if __name__ == "__main__":
    main()
