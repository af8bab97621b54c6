"""The safe unpickler (_safe_pickle.py): each attack from issue #16 is reproduced and shown to do
nothing -- no marker file, bounded memory and time, Paddle's error for a damaged file."""
import os
import pickle
import struct
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from paddle_compat import _safe_pickle as sp
from paddle_compat import _serialization as ser
from paddle_compat._creation_core import to_tensor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _u(s):
    b = s.encode()
    return b"\x8c" + bytes([len(b)]) + b


def _global(module, name):
    return _u(module) + _u(name) + b"\x93"          # SHORT_BINUNICODE x2, STACK_GLOBAL


def _call(callable_ops, *arg_ops):
    return callable_ops + b"(" + b"".join(arg_ops) + b"tR"     # MARK args TUPLE REDUCE


def _marker_payload(marker):
    # numpy.dtypes.__builtins__.get('eval')("__import__('os').system('touch M')"): a dotted
    # protocol-4 name reaching eval through a module the old allow-list admitted wholesale.
    get = _global("numpy.dtypes", "__builtins__.get")
    code = f"__import__('os').system('touch {marker}')"
    return b"\x80\x04" + _call(_call(get, _u("eval")), _u(code)) + b"."


def _load_bytes(tmp_path, data, name="f.pdparams", **kw):
    path = tmp_path / name
    path.write_bytes(data)
    return ser.load(str(path), **kw)


# ---- code execution ---------------------------------------------------------------------------
def test_dotted_name_through_numpy_dtypes_is_refused_and_runs_nothing(tmp_path):
    marker = tmp_path / "MARK"
    data = _marker_payload(marker)
    with pytest.raises(sp.UnsafeLoadError, match=r"'numpy\.dtypes\.__builtins__\.get'.*trusted=True"):
        _load_bytes(tmp_path, data)
    assert not marker.exists()
    # the same payload really runs code under plain pickle: the test would notice a regression
    pickle.loads(data)
    assert marker.exists()


@pytest.mark.parametrize("module,name", [("posix", "system"), ("os", "system"),
                                         ("builtins", "eval"), ("builtins", "getattr"),
                                         ("numpy", "load"), ("numpy.dtypes", "Float32DType"),
                                         ("torch", "load"), ("copyreg", "_reconstructor"),
                                         ("numpy.core.multiarray", "_reconstruct.__globals__")])
def test_any_global_off_the_exact_list_is_refused_by_name(tmp_path, module, name):
    data = b"\x80\x04" + _global(module, name) + b"."
    with pytest.raises(sp.UnsafeLoadError) as info:
        _load_bytes(tmp_path, data)
    assert f"'{module}.{name}'" in str(info.value)
    assert isinstance(info.value, pickle.UnpicklingError) and isinstance(info.value, ValueError)


def test_reduce_payload_is_refused_before_running(tmp_path):
    marker = tmp_path / "MARK2"

    class Evil:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)

    with pytest.raises(sp.UnsafeLoadError, match="system"):
        _load_bytes(tmp_path, pickle.dumps({"w": Evil()}, protocol=2))
    assert not marker.exists()


def test_trusted_opt_in_loads_what_the_safe_loader_refuses(tmp_path, monkeypatch):
    data = pickle.dumps({"when": __import__("datetime").date(2024, 1, 2)}, protocol=4)
    with pytest.raises(sp.UnsafeLoadError, match="datetime.date"):
        _load_bytes(tmp_path, data)
    assert _load_bytes(tmp_path, data, trusted=True)["when"].year == 2024
    monkeypatch.setenv(sp.TRUSTED_ENV, "1")
    assert _load_bytes(tmp_path, data)["when"].month == 1


def test_object_arrays_and_object_scalars_are_refused(tmp_path):
    # numpy crashes (segfault) on some inconsistent object-array states; none are ever built.
    for proto in (2, 4):
        data = pickle.dumps(np.array([1, None], dtype=object), protocol=proto)
        with pytest.raises(sp.UnsafeLoadError, match="dtype object"):
            _load_bytes(tmp_path, data)


def test_ndarray_state_must_match_its_data(tmp_path):
    good = pickle.dumps(np.arange(4, dtype="float32"), protocol=4)
    raw = np.arange(4, dtype="float32").tobytes()
    bad = good.replace(raw, raw[:8] + b"\x00" * 8).replace(b"K\x04\x85", b"J\x00\x00\x00\x10\x85")
    assert bad != good
    with pytest.raises(ValueError, match="can not parse"):
        _load_bytes(tmp_path, bad)
    assert _load_bytes(tmp_path, good, return_numpy=True).tolist() == [0, 1, 2, 3]


# ---- resource bounds (in a child: its peak memory is what is measured) --------------------------
_CHILD = textwrap.dedent("""
    import os, pickle, resource, sys, time
    sys.path.insert(0, {root!r})
    import numpy as np
    from paddle_compat import _serialization as ser
    def g(m, n):
        return b"\\x8c" + bytes([len(m)]) + m.encode() + b"\\x8c" + bytes([len(n)]) + n.encode() + b"\\x93"
    cases = {{
        "bytearray": b"\\x80\\x04" + g("builtins", "bytearray") + b"J\\x00\\x00\\x00\\xb0\\x85R.",
        "bytes": b"\\x80\\x02" + g("__builtin__", "bytes") + b"J\\x00\\x00\\x00\\xb0\\x85R.",
        "memo": b"\\x80\\x04N r\\xff\\xff\\xff\\xff.",
        "binbytes8": b"\\x80\\x04\\x8e" + (3 << 30).to_bytes(8, "little") + b"x.",
        "frame": b"\\x80\\x04\\x95" + (3 << 30).to_bytes(8, "little") + b"N.",
        "ndarray_new": b"\\x80\\x04" + g("numpy", "ndarray") + b"J\\x00\\x00\\x00\\xb0\\x85\\x81.",
        "reconstruct": b"\\x80\\x04" + g("numpy.core.multiarray", "_reconstruct") + g("numpy", "ndarray")
                       + b"J\\x00\\x00\\x00\\xb0\\x85C\\x01b\\x87R.",
    }}
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for name, data in cases.items():
        path = os.path.join({tmp!r}, name)
        open(path, "wb").write(data)
        try:
            ser.load(path)
            print(name, "LOADED")
        except Exception as e:
            print(name, type(e).__name__)
    o = [1]
    for _ in range(28):
        o = [o, o]
    path = os.path.join({tmp!r}, "shared")
    open(path, "wb").write(pickle.dumps(o, protocol=4))
    t0 = time.perf_counter()
    out = ser.load(path)
    shared = out[0] is out[1] and out[0][0] is out[0][1]
    print("shared", len(open(path, "rb").read()), shared, round(time.perf_counter() - t0, 3))
    print("grew_mb", (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) // 1024)
""")


def test_resource_attacks_stay_bounded_in_memory_and_time(tmp_path):
    code = _CHILD.format(root=ROOT, tmp=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.strip().splitlines())
    assert lines["bytearray"] == lines["bytes"] == "UnsafeLoadError"
    assert lines["ndarray_new"] == "UnsafeLoadError"
    assert lines["reconstruct"] == "LOADED"         # the declared shape is ignored: empty array
    assert lines["memo"] == lines["binbytes8"] == lines["frame"] == "ValueError"
    size, shared, seconds = lines["shared"].split()
    assert int(size) < 400 and shared == "True" and float(seconds) < 2.0
    assert int(lines["grew_mb"]) < 64


def test_shared_references_are_visited_once_and_stay_shared(tmp_path):
    leaf = np.arange(3, dtype="float32")
    o = [leaf]
    for _ in range(40):                     # 2**40 paths: only a memoised walk finishes
        o = [o, o]
    out = _load_bytes(tmp_path, pickle.dumps(o, protocol=4))
    assert out[0] is out[1]
    while isinstance(out, list) and len(out) == 2:
        out = out[0]
    assert out[0].numpy().tolist() == [0, 1, 2]


def test_cyclic_containers_load(tmp_path):
    a = [1]
    a.append(a)
    out = _load_bytes(tmp_path, pickle.dumps({"a": a}, protocol=4))["a"]
    assert out[0] == 1 and out[1] is out


# ---- damaged files ------------------------------------------------------------------------------
def test_damaged_files_raise_paddles_value_error(tmp_path):
    # Paddle 3.3.1: ValueError("`paddle.load` can not parse the file:<path>.") (an empty file:
    # EOFError('Ran out of input')), as recorded from Paddle 3.3.1 (conformance/goldens).
    path = tmp_path / "w.pdparams"
    ser.save({"w": to_tensor(np.arange(6, dtype="float32")), "b": to_tensor([1, 2])}, str(path))
    good = path.read_bytes()
    for cut in range(1, len(good) - 1):     # every truncation: never a partly built object
        path.write_bytes(good[:cut])
        with pytest.raises(ValueError) as info:
            ser.load(str(path))
        assert str(info.value) == f"`paddle.load` can not parse the file:{path}."
    for junk in (b"hello world\nthis is text\n", bytes(range(256)) * 2, b"\x80\x04h\x05."):
        path.write_bytes(junk)
        with pytest.raises(ValueError, match=r"^`paddle\.load` can not parse the file:"):
            ser.load(str(path))
    path.write_bytes(b"")
    with pytest.raises(EOFError, match="Ran out of input"):
        ser.load(str(path))


def _sample_file():
    import io
    buf = io.BytesIO()
    t = to_tensor(np.arange(4, dtype="float32"))
    t.name = "w0"                                   # fixed: the file is the same every run
    ser.save({"w": t, "n": [1, "x", (2.5, None)]}, buf)
    return buf.getvalue()


_SAMPLE = _sample_file()


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_files_load_or_raise_only_the_documented_errors(data):
    import io
    raw = bytearray(_SAMPLE)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    try:
        ser.load(io.BytesIO(bytes(raw)))
    except (ValueError, EOFError):          # Paddle's parse error, or a refusal (a ValueError)
        pass


def test_scan_bounds_memo_indices_and_lengths():
    with pytest.raises(sp._Damaged):
        sp._scan(b"\x80\x04N r" + struct.pack("<I", 10) + b".")
    with pytest.raises(sp._Damaged):
        sp._scan(b"\x80\x04\x8d" + struct.pack("<Q", 100) + b".")
    sp._scan(pickle.dumps({"a": [1, 2.0, "x", b"y", None, True]}, protocol=0))
    sp._scan(pickle.dumps({"a": [1, 2.0, "x", b"y", None, True]}, protocol=5))


def test_deep_nesting_raises_paddles_error_instead_of_crashing(tmp_path):
    n = 100_000                                     # EMPTY_LIST x n, APPEND x (n - 1): n deep
    data = b"\x80\x04" + b"]" * n + b"a" * (n - 1) + b"."
    with pytest.raises(ValueError, match="can not parse the file"):
        _load_bytes(tmp_path, data)
