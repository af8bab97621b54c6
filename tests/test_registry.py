"""The op registry's dispatch (paddle_compat/_ops/registry.py)."""
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._mode import STATE
from paddle_compat._ops import registry


def _op(name, kernel, **kw):
    # Test-only ops are registered under unique names and removed again.
    op = registry.defop(name, kernel, **kw)
    return op


@pytest.fixture
def scratch_ops():
    names = []
    yield names
    for n in names:
        registry.OPS.pop(n, None)


def test_apply_op_runs_kernel_and_wraps(scratch_ops):
    op = _op("test_double", lambda x, factor: x * factor, attrs={"factor": 2}, api="test.double")
    scratch_ops.append("test_double")
    out = registry.apply_op(op, (paddle.to_tensor([1.0, 2.0]),), {"factor": 3})
    assert isinstance(out, paddle.Tensor) and out.numpy().tolist() == [3.0, 6.0]


def test_tuple_and_list_results_keep_structure(scratch_ops):
    op = _op("test_split2", lambda x: (x[:1], [x[1:], x[1:]]), outputs=("A", "B"))
    scratch_ops.append("test_split2")
    a, b = registry.apply_op(op, (paddle.to_tensor([1.0, 2.0]),))
    assert isinstance(a, paddle.Tensor) and isinstance(b, list) and len(b) == 2


def test_non_tensor_input_names_the_api_and_slot(scratch_ops):
    op = _op("test_id", lambda x: x, api="paddle.test_id")
    scratch_ops.append("test_id")
    with pytest.raises(ValueError, match=r"\(InvalidArgument\) test_id\(\): argument 'x' "
                                         r"\(position 0\) must be Tensor, but got str"):
        registry.apply_op(op, ("abc",))
    with pytest.raises(ValueError, match=r"argument 'x' \(position 0\) must be Tensor, but got list"):
        registry.apply_op(op, ([1.0],))


def test_duplicate_registration_is_an_error(scratch_ops):
    _op("test_dup", lambda x: x)
    scratch_ops.append("test_dup")
    with pytest.raises(RuntimeError, match="registered twice"):
        registry.defop("test_dup", lambda x: x)


def test_static_mode_goes_to_the_hook(scratch_ops):
    op = _op("test_hooked", lambda x: x)
    scratch_ops.append("test_hooked")
    seen = []
    old = registry._static_hook[0]
    registry.set_static_hook(lambda o, ins, attrs: seen.append((o.type, ins, attrs)) or "recorded")
    STATE.static = True
    try:
        assert registry.apply_op(op, ("x_var",), {"a": 1}) == "recorded"
    finally:
        STATE.static = False
        registry.set_static_hook(old)
    assert seen == [("test_hooked", ("x_var",), {"a": 1})]
