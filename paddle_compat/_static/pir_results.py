"""Recorded ops whose PIR form has other results, or types them otherwise, than the recorded op.

Paddle 3.3.1's PIR op for `paddle.median` has a second result (the median's index) the recorded
op keeps no variable for; `pd_op.equal_all` types its result 0-D float32; `pd_op.slogdet` types
it with the input's shape; `pd_op.lstsq` takes rcond as an operand and is followed by the empty
singular values Paddle's Python code makes for the gelsy driver. These are the types PIR's infer
functions give (recorded from the oracle, conformance/record/record_pir.py, `ops_catalog_3`), not
the shapes of the values that run: only printing reads this table (through pir_expand.EXPANSIONS).
"""

__all__ = ["RESULT_FORMS"]


def _median(b, op):
    # paddle.median over every axis (mode avg): the index result typed [2] int64, the two
    # middle elements' positions (min mode: one, typed [])
    a = op.attrs
    if a.get("dim"):
        return None
    mode = a.get("mode", "avg")
    b.out_multi("pd_op.median", [b.input("X")], {"axis": [], "keepdim": bool(a.get("keep_dim")),
                                                "mode": mode},
                ["Out", ([2] if mode == "avg" else [], "int64")])
    return True


def _equal_all(b, op):
    # paddle.equal_all: PIR types the result 0-D float32
    return b.out("pd_op.equal_all", [b.input("X"), b.input("Y")], {}, shape=[],
                 dtype="float32")


def _slogdet(b, op):
    # paddle.linalg.slogdet: PIR's op is slogdet, typed with the input's shape
    x = b.input("Input")
    return b.out("pd_op.slogdet", [x], {}, shape=list(x.shape))


def _matrix_rank(b, op):
    # paddle.linalg.matrix_rank with a float tol (or none): the attributes, a float32 result
    if op.inputs.get("TolTensor"):
        return None
    a = op.attrs
    x = b.input("X")
    return b.out("pd_op.matrix_rank", [x], {"hermitian": bool(a.get("hermitian")),
                                            "tol": float(a.get("tol") or 0.0),
                                            "use_default_tol": bool(a.get("use_default_tol"))},
                 dtype="float32")


def _unique(b, op):
    # paddle.unique returning only the unique values: PIR types them [-1], the inverse [0]
    a = op.attrs
    if a.get("return_index") or a.get("return_inverse") or a.get("return_counts"):
        return None
    x = b.input("X")
    dt = b.dtype(x)
    b.out_multi("pd_op.unique", [x], {
        "axis": [int(v) for v in (a.get("axis") or [])], "dtype": b.raw(str(a.get("dtype"))),
        "is_sorted": bool(a.get("is_sorted", True)), "return_counts": False,
        "return_index": False, "return_inverse": False},
        [("Out", [-1], dt), None, ([0], dt), None])
    return True


def _lstsq(b, op):
    # paddle.linalg.lstsq: rcond a float32 operand; results solution, residuals, rank (typed as
    # the batch's float32), singular values; for gelsy Paddle then makes the empty singular values
    a = op.attrs
    driver = a.get("driver") or "gelsy"
    if driver != "gelsy":
        return None
    x, y = b.input("X"), b.input("Y")
    dt = b.dtype(x)
    rcond = b.full(float(a["rcond"]))
    batch = list(x.shape[:-2])
    m, n = int(x.shape[-2]), int(x.shape[-1])
    sol = b.legacy.outputs["Solution"][0]
    sol_shape = list(b.block._find_var_recursive(sol).shape)
    b.out_multi("pd_op.lstsq", [x, y, rcond], {"driver": driver},
                [("Solution", sol_shape, dt), ("Residuals", [0], dt), ("Rank", batch, "float32"),
                 (batch + [min(m, n) if m >= 0 and n >= 0 else -1], dt)])
    sv = b.legacy.outputs.get("SingularValues") or []
    if sv:
        b.op("pd_op.empty", [b.int_array([0])], {"dtype": b.raw(dt),
                                                    "place": b.raw(b.UNDEF)}, [0], dt, sg=True)
        b.view._bind(b.block, b.env, sv[0], b.ops[-1], 0, b.region)
    return True


RESULT_FORMS = {
    "median_avg": _median,
    "equal_all": _equal_all,
    "slogdeterminant": _slogdet,
    "matrix_rank": _matrix_rank,
    "unique": _unique,
    "lstsq": _lstsq,
}
