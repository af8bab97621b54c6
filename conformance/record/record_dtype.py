"""Record Paddle 3.3.1's behaviour for the storage-only dtypes (float8_e4m3fn, float8_e5m2, uint32,
uint64, pstring, raw), paddle.MmapStorage and the nn.functional ops Paddle exports at the top level
(paddle.pdist, paddle.conv1d/2d/3d, layer_norm, group_norm, adaptive_avg_pool1d) into
conformance/goldens/dtype.json. Cases are named `<module>:<case>`: `dtype:` cases are replayed by
tests/test_dtype.py, `creation:` (MmapStorage) by tests/test_ops_creation.py, `distance:` and
`toplevel:` by tests/test_nn_functional_distance.py.

A case is a Python expression evaluated after SETUP with `paddle` bound to the module under test;
results are described as in record_ops_math.py (a float8 tensor's values are its raw bits, as
Paddle's numpy() gives them).

Left out on purpose (Paddle bugs not copied; each is in a "Differences from Paddle" paragraph):
paddle.iinfo(paddle.uint64).max (Paddle 3.3.1 prints -1, an int64 overflow); get_slice past the mapped bytes (Paddle reads other memory or aborts) and a slice tensor that is
freed (Paddle 3.3.1 aborts the process then: every MmapStorage case here copies the values out with
numpy() and ends the interpreter with os._exit, see main()).

Run with the oracle interpreter (re-runnable; overwrites the golden):
    PADDLE_PY conformance/record/record_dtype.py
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = r"""
import os, tempfile
import numpy as np
T = paddle.to_tensor
F8 = [paddle.float8_e4m3fn, paddle.float8_e5m2]
sat = lambda: T([1.5, 2.25, 448., 1000., -1000., float('inf'), -float('inf'), float('nan'),
                 -float('nan'), 1e10, 0.3, -0.3, 1e-3, 1e-9, 0.])
def MM(nbytes, *slice_args, **slice_kw):
    # a file of float32 0..19, mapped; the slice's values copied out as numpy (see main())
    path = os.path.join(tempfile.mkdtemp(), 'test.pp')
    paddle.arange(20).astype('float32').numpy().tofile(path)
    s = paddle.MmapStorage(path, nbytes)
    t = s.get_slice(*slice_args, **slice_kw)
    return [str(t.dtype), list(t.shape), t.numpy().tolist(), t.stop_gradient]
pts = T([[0.06, 1.1, 0.4], [-1.5, 1.7, 0.13], [-0.59, -0.57, -1.03], [1., 2., 3.]], dtype='float64')
def E(fn):
    # an error whose message names a temporary folder: the folder replaced by DIR
    import re
    d = tempfile.gettempdir()
    try:
        fn()
    except Exception as e:
        msg = re.sub(r"\s*\(at /[^)]*\)", "", str(e)).strip()
        return [type(e).__name__, re.sub(re.escape(d) + r"/[^/>]*", "DIR", msg)]
def PG(p):
    x = T(pts.numpy(), stop_gradient=False)
    paddle.pdist(x, p).sum().backward()
    return x.grad
img = T(np.sin(np.arange(2 * 4 * 5, dtype='float32')).reshape(2, 4, 5))
"""

CASES = {}
for _i, _d in enumerate(("float8_e4m3fn", "float8_e5m2")):
    CASES.update({
        f"dtype:{_d}_repr": f"[repr(paddle.{_d}), str(paddle.{_d})]",
        f"dtype:{_d}_cast_saturates": f"sat().astype(paddle.{_d})",
        f"dtype:{_d}_cast_string": f"paddle.cast(sat(), '{_d}')",
        f"dtype:{_d}_back_to_float32": f"sat().astype(paddle.{_d}).astype('float32')",
        f"dtype:{_d}_back_to_float16": f"sat().astype(paddle.{_d}).astype('float16')",
        f"dtype:{_d}_from_int": f"T([1, 2, 300, -7]).astype(paddle.{_d})",
        f"dtype:{_d}_from_float64": f"T([0.1, 3.3, -2.7], dtype='float64').astype(paddle.{_d})",
        f"dtype:{_d}_from_bfloat16": f"T([1., 2.5], dtype='bfloat16').astype(paddle.{_d})",
        f"dtype:{_d}_print": f"str(sat().astype(paddle.{_d}))",
        f"dtype:{_d}_element_size": f"sat().astype(paddle.{_d}).element_size()",
        f"dtype:{_d}_to_tensor_list": f"T([1., 2.], dtype=paddle.{_d})",
        f"dtype:{_d}_to_tensor_string": f"T([1., 2.], dtype='{_d}')",
        f"dtype:{_d}_to_tensor_of_tensor": f"T(T([1.5, 2.]), dtype=paddle.{_d})",
        f"dtype:{_d}_finfo": f"str(paddle.finfo(paddle.{_d}))",
        f"dtype:{_d}_zeros": f"paddle.zeros([2], dtype=paddle.{_d})",
    })
for _d in ("uint32", "uint64"):
    CASES.update({
        f"dtype:{_d}_repr": f"[repr(paddle.{_d}), str(paddle.{_d})]",
        f"dtype:{_d}_cast": f"T([-1, 2, 3]).astype(paddle.{_d})",
        f"dtype:{_d}_cast_from_float": f"T([1.7, 2.2]).astype(paddle.{_d})",
        f"dtype:{_d}_back_to_int64": f"T([5, 2, 3]).astype(paddle.{_d}).astype('int64')",
        f"dtype:{_d}_print": f"str(T([-1, 2, 3]).astype(paddle.{_d}))",
        f"dtype:{_d}_element_size": f"T([1]).astype(paddle.{_d}).element_size()",
        f"dtype:{_d}_cast_string": f"paddle.cast(T([1., 2.]), '{_d}')",
        f"dtype:{_d}_cast_numpy": f"T([1., 2.]).astype(np.{_d})",
        f"dtype:{_d}_to_tensor_list": f"T([1, 2], dtype=paddle.{_d})",
        f"dtype:{_d}_to_tensor_string": f"T([1, 2], dtype='{_d}')",
        f"dtype:{_d}_to_tensor_of_tensor": f"T(T([1, 2]), dtype=paddle.{_d})",
    })
CASES["dtype:uint32_iinfo"] = "str(paddle.iinfo(paddle.uint32))"
for _d in ("pstring", "raw"):
    CASES.update({
        f"dtype:{_d}_repr": f"[repr(paddle.{_d}), str(paddle.{_d})]",
        f"dtype:{_d}_cast": f"paddle.cast(T([1., 2.]), paddle.{_d})",
        f"dtype:{_d}_cast_string": f"paddle.cast(T([1., 2.]), '{_d}')",
        f"dtype:{_d}_to_tensor": f"T([1., 2.], dtype=paddle.{_d})",
        f"dtype:{_d}_to_tensor_string": f"T([1., 2.], dtype='{_d}')",
    })
CASES.update({
    "dtype:pstring_is_not_raw": "[paddle.pstring == paddle.raw, paddle.raw == paddle.raw]",
    "creation:mmap_doc_example": "MM(80, dtype='float32', start=0, stop=20)",
    "creation:mmap_default_slice": "MM(80)",
    "creation:mmap_uint8": "MM(80, stop=5)",
    "creation:mmap_int32": "MM(80, dtype=paddle.int32, start=0, stop=3)",
    "creation:mmap_byte_offset": "MM(80, dtype='float32', start=4, stop=8)",
    "creation:mmap_unaligned_offset": "MM(80, dtype='float32', start=2, stop=6)",
    "creation:mmap_float64": "MM(80, dtype='float64', start=0, stop=3)",
    "creation:mmap_empty": "MM(80, dtype='float32', start=5, stop=2)",
    "creation:mmap_partial_map": "MM(40, dtype='float32', start=0, stop=10)",
    "creation:mmap_missing_file": "paddle.MmapStorage('/nonexistent/dir/x.pp', 10)",
    "creation:mmap_too_big": "E(lambda: MM(100))",
    "creation:mmap_directory": "E(lambda: paddle.MmapStorage(tempfile.mkdtemp(), 4))",
    "creation:mmap_bad_args": "paddle.MmapStorage(3, 4)",
    "distance:pdist_p2": "paddle.pdist(pts)",
    "distance:pdist_p1": "paddle.pdist(pts, 1.0)",
    "distance:pdist_p0": "paddle.pdist(pts, 0.0)",
    "distance:pdist_pinf": "paddle.pdist(pts, float('inf'))",
    "distance:pdist_p3_5": "paddle.pdist(pts, 3.5)",
    "distance:pdist_float32": "paddle.pdist(pts.astype('float32'))",
    "distance:pdist_one_row": "paddle.pdist(pts[:1])",
    "distance:pdist_3d": "paddle.pdist(pts.reshape([2, 2, 3]))",
    "distance:pdist_grad_p2": "PG(2.0)",
    "distance:pdist_grad_p1": "PG(1.0)",
    "toplevel:same_objects": "[paddle.conv1d is paddle.nn.functional.conv1d, paddle.conv2d is paddle.nn.functional.conv2d, paddle.conv3d is paddle.nn.functional.conv3d, paddle.layer_norm is paddle.nn.functional.layer_norm, paddle.group_norm is paddle.nn.functional.group_norm, paddle.adaptive_avg_pool1d is paddle.nn.functional.adaptive_avg_pool1d]",
    "toplevel:conv1d": "paddle.conv1d(img, T(np.cos(np.arange(24, dtype='float32')).reshape(2, 4, 3)), padding=1)",
    "toplevel:conv2d": "paddle.conv2d(img.reshape([1, 2, 4, 5]), T(np.cos(np.arange(36, dtype='float32')).reshape(2, 2, 3, 3)))",
    "toplevel:conv3d": "paddle.conv3d(img.reshape([1, 2, 4, 5, 1]), T(np.cos(np.arange(16, dtype='float32')).reshape(2, 2, 2, 2, 1)))",
    "toplevel:layer_norm": "paddle.layer_norm(img, 5)",
    "toplevel:group_norm": "paddle.group_norm(img.reshape([2, 4, 5, 1]), 2)",
    "toplevel:adaptive_avg_pool1d": "paddle.adaptive_avg_pool1d(img, 3)",
})


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def _one(name):
    """Run one case in this (oracle) process and print its JSON: MmapStorage's tensors abort
    Paddle 3.3.1's interpreter when freed, so each case runs in a child that exits with os._exit."""
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    result = run_case(paddle, CASES[name])
    sys.stdout.write(json.dumps(result))
    sys.stdout.flush()
    os._exit(0)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    def in_child(name, expr):
        child = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name],
                               capture_output=True, text=True, check=True)
        return json.loads(child.stdout.splitlines()[-1])
    write_golden("dtype", expression_golden(paddle, SETUP, CASES, in_child), f"{len(CASES)} cases")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        _one(sys.argv[2])
    else:
        main()
