"""Record Paddle's program files (framework.proto ProgramDesc) from real Paddle (legacy IR).

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_program_files.py
        builds the PROGRAMS below under Paddle and writes, per program, into
        conformance/goldens/program_files/: <name>.pdmodel / <name>.pdiparams
        (save_inference_model), <name>.program (serialize_program bytes), both without their
        op_callstack attributes (see _strip_callstacks), and into
        program_files.json the fetch values for the fixed feed and the printed deserialized program.

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_program_files.py --ours DIR
        loads the files paddle_compat wrote into DIR (tests/test_static_io.py's
        `write_ours`: <name>.pdmodel/.pdiparams/.program for each program) with real Paddle,
        runs them on the same feed and writes what Paddle computed into
        conformance/goldens/program_files/ours.json, with the sha256 of each file it read
        (tests check paddle_compat still writes those very bytes).

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_program_files.py --tables
        regenerates paddle_compat/_static/op_proto_tables.py from Paddle's op registry.

The snippets run under real Paddle here and under paddle_compat in tests (they only use the public
API); each defines `main`, `startup`, `feeds` (Variables), `fetches` (Variables) and `feed` (a
{name: array} dict).
"""
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN_DIR = os.path.join(ROOT, "conformance", "goldens", "program_files")

PRELUDE = """
import numpy as np
paddle.enable_static()
rng = np.random.RandomState(7)
def init(*shape):
    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(
        rng.uniform(-1, 1, shape).astype('float32')))
main, startup = paddle.static.Program(), paddle.static.Program()
"""

PROGRAMS = {
    "fc_relu": """
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 3], 'float32')
    y = paddle.nn.functional.relu(paddle.static.nn.fc(x, 2, weight_attr=init(3, 2),
                                                       bias_attr=init(2)))
feeds, fetches = [x], [y]
feed = {'x': rng.uniform(-1, 1, (2, 3)).astype('float32')}
""",
    "conv_bn": """
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('img', [None, 1, 4, 4], 'float32')
    c = paddle.static.nn.conv2d(x, 2, 3, padding=1, param_attr=init(2, 1, 3, 3),
                                bias_attr=False)
    y = paddle.static.nn.batch_norm(c, act='relu', param_attr=init(2), bias_attr=init(2))
feeds, fetches = [x], [y]
feed = {'img': rng.uniform(-1, 1, (1, 1, 4, 4)).astype('float32')}
""",
    "cond_while": """
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2], 'float32')
    big = paddle.mean(x) > 0.0
    y = paddle.static.nn.cond(big, lambda: x * 2.0, lambda: x - 1.0)
    i = paddle.full([1], 0, 'int64')
    n = paddle.full([1], 3, 'int64')
    i, y = paddle.static.nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, y + 0.5],
                                       [i, y])
feeds, fetches = [x], [y]
feed = {'x': np.array([0.5, -0.25], 'float32')}
""",
    "array_loop": """
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [2], 'float32')
    arr = paddle.tensor.create_array('float32')
    i = paddle.zeros([1], 'int64')
    arr = paddle.tensor.array_write(x, i, arr)
    def body(i, a):
        v = paddle.tensor.array_read(a, i)
        a = paddle.tensor.array_write(v * 2.0, i + 1, a)
        return [i + 1, a]
    n = paddle.full([1], 3, 'int64')
    i, arr = paddle.static.nn.while_loop(lambda i, a: i < n, body, [i, arr])
    y = paddle.tensor.array_read(arr, i) + paddle.tensor.array_length(arr).astype('float32')
feeds, fetches = [x], [y]
feed = {'x': np.array([1.0, 2.0], 'float32')}
""",
    "mlp_ops": """
F = paddle.nn.functional
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('x', [None, 4], 'float32')
    h = paddle.nn.Linear(4, 3, weight_attr=init(4, 3), bias_attr=init(3))(x)
    h = F.dropout(h, 0.5)
    h = F.layer_norm(h, [3])
    h = paddle.concat([h, F.relu(h)], axis=1)
    h = paddle.reshape(h, [-1, 2, 3])
    y = F.softmax(paddle.mean(h, axis=1) * 0.5 + 1.0).astype('float64')
feeds, fetches = [x], [y]
feed = {'x': rng.uniform(-1, 1, (2, 4)).astype('float32')}
""",
    "lenet": """
nn = paddle.nn
with paddle.static.program_guard(main, startup):
    x = paddle.static.data('img', [None, 1, 6, 6], 'float32')
    h = nn.Conv2D(1, 2, 3, padding=1, weight_attr=init(2, 1, 3, 3), bias_attr=init(2))(x)
    h = nn.MaxPool2D(2, 2)(nn.ReLU()(h))
    h = nn.AvgPool2D(3, 1, padding=1)(h)
    h = paddle.flatten(h, 1)
    y = nn.Linear(18, 3, weight_attr=init(18, 3), bias_attr=init(3))(h)
feeds, fetches = [x], [y]
feed = {'img': rng.uniform(-1, 1, (2, 1, 6, 6)).astype('float32')}
""",
}

NAMES = sorted(PROGRAMS)


def build(paddle, name):
    """Run program `name`'s snippet with module `paddle`: its namespace. Under a fresh
    unique_name generator, so its variable names do not depend on what ran before."""
    ns = {"paddle": paddle}
    with paddle.utils.unique_name.guard():
        exec(PRELUDE + PROGRAMS[name], ns)
    return ns


def _write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _paddle():
    import paddle
    from paddle.tensor import logic
    # Paddle 3.3.1's legacy `cond` with a false_fn calls the PIR-only generated
    # paddle.logical_not (record_control_flow.py explains); point it at the legacy op builder.
    paddle.logical_not = lambda x, out=None, name=None: logic._logical_op(
        "logical_not", x, None, out, name, False)
    return paddle


def _strip_callstacks(path):
    """Rewrite Paddle's ProgramDesc file without the op_callstack attributes (the Python stack of
    each op, many KB of recorder paths) so the committed goldens stay small; everything else is
    Paddle's message unchanged, re-serialized by Paddle's own protobuf."""
    from paddle.base.proto.framework_pb2 import ProgramDesc
    with open(path, "rb") as f:
        desc = ProgramDesc.FromString(f.read())
    for block in desc.blocks:
        for op in block.ops:
            keep = [a for a in op.attrs if a.name != "op_callstack"]
            del op.attrs[:]
            op.attrs.extend(keep)
    _write(path, desc.SerializeToString())


def record():
    paddle = _paddle()
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    out = {}
    for name in NAMES:
        ns = build(paddle, name)
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(ns["startup"])
            values = exe.run(ns["main"], feed=ns["feed"], fetch_list=ns["fetches"])
            prefix = os.path.join(GOLDEN_DIR, name)
            paddle.static.save_inference_model(prefix, ns["feeds"], ns["fetches"], exe,
                                               program=ns["main"])
            data = paddle.static.serialize_program(ns["feeds"], ns["fetches"],
                                                   program=ns["main"])
            _write(prefix + ".program", data)
            _strip_callstacks(prefix + ".program")
            _strip_callstacks(prefix + ".pdmodel")
            with open(prefix + ".program", "rb") as f:
                data = f.read()
        with paddle.static.scope_guard(paddle.static.Scope()):
            prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
            loaded = exe.run(prog, feed=ns["feed"], fetch_list=fetch_targets)
        out[name] = {"feed": {k: v.tolist() for k, v in ns["feed"].items()},
                     "fetch": [v.tolist() for v in values],
                     "loaded_fetch": [v.tolist() for v in loaded],
                     "feed_names": feed_names,
                     "printed": str(paddle.static.deserialize_program(data))}
    errors = {}
    for label, data in (("junk", b"junk"), ("truncated", b"\n\x05\x08\x00")):
        try:
            paddle.static.deserialize_program(data)
        except Exception as e:      # noqa: BLE001 - recording Paddle's own exception
            errors[label] = [type(e).__name__, str(e)]
    try:
        paddle.static.deserialize_program(3)
    except TypeError as e:
        errors["not_bytes"] = [type(e).__name__, str(e)]
    empty = paddle.static.deserialize_program(b"")
    out["_empty"] = {"printed": str(empty), "num_blocks": empty.num_blocks}
    out["_errors"] = errors
    with open(os.path.join(GOLDEN_DIR, "program_files.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


def check_ours(folder):
    """Paddle loads and runs the files paddle_compat wrote into `folder`."""
    paddle = _paddle()
    out = {}
    for name in NAMES:
        if not os.path.exists(os.path.join(folder, name + ".pdmodel")):
            continue                    # a program paddle_compat does not write as Paddle does
        ns = build(paddle, name)        # only for the feed values
        exe = paddle.static.Executor(paddle.CPUPlace())
        prefix = os.path.join(folder, name)
        digests = {}
        for ext in (".pdmodel", ".pdiparams", ".program"):
            if not os.path.exists(prefix + ext):     # no .pdiparams without persistables
                continue
            with open(prefix + ext, "rb") as f:
                digests[ext] = hashlib.sha256(f.read()).hexdigest()
        with paddle.static.scope_guard(paddle.static.Scope()):
            prog, feed_names, fetch_targets = paddle.static.load_inference_model(prefix, exe)
            loaded = exe.run(prog, feed=ns["feed"], fetch_list=fetch_targets)
        with open(prefix + ".program", "rb") as f:
            program = paddle.static.deserialize_program(f.read())
        out[name] = {"sha256": digests, "fetch": [v.tolist() for v in loaded],
                     "feed_names": feed_names, "printed": str(program)}
    with open(os.path.join(GOLDEN_DIR, "ours.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


_COMMON = ("op_role", "op_role_var", "op_namescope", "op_callstack", "op_device",
           "with_quant_attr")


def tables():
    """paddle_compat/_static/op_proto_tables.py from Paddle's op registry."""
    paddle = _paddle()
    from paddle.base import core, framework
    from paddle.base.proto import framework_pb2
    names = {v.number: v.name for v in framework_pb2.AttrType.DESCRIPTOR.values}
    holder = framework.OpProtoHolder.instance()
    attr_types, extras, duplicable = {}, {}, {}
    for op in sorted(core.get_all_op_names()):
        try:
            proto = holder.get_op_proto(op)
        except (ValueError, KeyError):
            continue
        extra = sorted(core.get_op_extra_attrs(op))
        if extra:
            extras[op] = extra
        types = {a.name: names[a.type] for a in proto.attrs
                 if a.name not in extra and a.name not in _COMMON}
        if types:
            attr_types[op] = types
        slots = tuple(v.name for v in list(proto.inputs) + list(proto.outputs) if v.duplicable)
        if slots:
            duplicable[op] = slots
    paddle.enable_static()
    prog = paddle.static.Program()
    with paddle.static.program_guard(prog):
        paddle.static.data("x", [1], "float32")
    from paddle.base.proto.framework_pb2 import ProgramDesc
    desc = ProgramDesc.FromString(prog.desc.serialize_to_string())
    versions = [(p.op_name, p.op_version.version) for p in desc.op_version_map.pair]
    lines = ['"""What Paddle 3.3.1\'s C++ op registry says about its legacy ops, generated from it by',
             "conformance/record/record_program_files.py --tables (do not edit by hand).", "",
             "ATTR_TYPES: {op type: {attribute: framework.proto AttrType name}} (the common op_role /",
             "op_namescope / op_callstack / op_device / with_quant_attr attributes left out);",
             "EXTRA_ATTRS: {op type: names of its runtime-only (\"extra\") attributes, which Paddle",
             "keeps out of print(program)}; DUPLICABLE: {op type: its input/output slots that hold",
             "a list of variables}; PROGRAM_VERSION and OP_VERSIONS: the version and",
             "op_version_map every ProgramDesc Paddle writes carries (in Paddle's order).",
             '"""', "",
             '__all__ = ["ATTR_TYPES", "EXTRA_ATTRS", "DUPLICABLE", "PROGRAM_VERSION", "OP_VERSIONS"]', "",
             f"PROGRAM_VERSION = {desc.version.version}", "", "OP_VERSIONS = ("]
    lines += [f"    ({n!r}, {v})," for n, v in versions] + [")", "", "ATTR_TYPES = {"]
    for op, types in attr_types.items():
        lines.append(f"    {op!r}: {types!r},")
    lines += ["}", "", "EXTRA_ATTRS = {"]
    for op, extra in extras.items():
        lines.append(f"    {op!r}: {tuple(extra)!r},")
    lines += ["}", "", "DUPLICABLE = {"]
    for op, slots in duplicable.items():
        lines.append(f"    {op!r}: {slots!r},")
    lines += ["}", ""]
    path = os.path.join(ROOT, "paddle_compat", "_static", "op_proto_tables.py")
    _write(path, "\n".join(lines).encode())


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Paddle's while_loop orders its op's X / Out from a Python set of names: a fixed
        # string hash seed keeps the recorded files the same from run to run.
        os.execve(sys.executable, [sys.executable] + sys.argv,
                  dict(os.environ, PYTHONHASHSEED="0"))
    if "--ours" in sys.argv:
        check_ours(sys.argv[sys.argv.index("--ours") + 1])
    elif "--tables" in sys.argv:
        tables()
    else:
        record()
