"""paddle.distributed.io (paddle_compat/distributed/io.py): the files Paddle 3.3.1 writes
(conformance/goldens/distributed_io/, conformance/record/record_distributed_io.py) are the bytes
paddle_compat writes, and paddle_compat reads them back; Paddle's failures in PIR and dynamic mode."""
import os

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import _unique_name
from paddle_compat._mode import STATE
from paddle_compat.distributed import io as dist_io
from tests._distributed_io_goldens import GOLD, legacy, recorder  # noqa: F401 (legacy: a fixture)


def _built(rec):
    with _unique_name.guard():
        main, start = rec.program(paddle)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    return main, exe


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _scope_values(names):
    scope = paddle.static.global_scope()
    return {n: np.array(scope.find_var(n).get_tensor()) for n in names}


def test_writes_paddles_bytes(legacy, tmp_path):
    rec = recorder()
    main, exe = _built(rec)
    assert [v.name for v in main.list_vars() if dist_io.is_persistable(v)] == \
        ["fc_0.w_0", "fc_0.b_0"]
    for name, arr in rec.values().items():
        paddle.static.global_scope().find_var(name).get_tensor().set(arr, paddle.CPUPlace())
    assert dist_io.save_persistables(exe, str(tmp_path / "sep"), main) is None
    dist_io.save_persistables(exe, str(tmp_path / "comb"), main, filename="all")
    for name in ("fc_0.w_0", "fc_0.b_0"):
        assert _read(tmp_path / "sep" / name) == _read(os.path.join(GOLD, "sep", name))
    assert _read(tmp_path / "comb" / "all") == _read(os.path.join(GOLD, "comb", "all"))
    assert dist_io.save_persistables(exe, None, main) == _read(os.path.join(GOLD, "memory.bin"))


@pytest.mark.parametrize("layout", ["sep", "comb"])
def test_reads_paddles_files(legacy, layout):
    rec = recorder()
    main, exe = _built(rec)
    before = _scope_values(rec.values())
    assert not np.array_equal(before["fc_0.w_0"], rec.values()["fc_0.w_0"])
    dist_io.load_persistables(exe, os.path.join(GOLD, layout), main,
                              filename="all" if layout == "comb" else None)
    for name, arr in _scope_values(rec.values()).items():
        np.testing.assert_array_equal(arr, rec.values()[name])


def test_load_errors(legacy, tmp_path):
    main, exe = _built(recorder())
    with pytest.raises(RuntimeError, match="does not exist"):
        dist_io.load_persistables(exe, str(tmp_path), main)
    (tmp_path / "bad").write_bytes(b"not a tensor")
    with pytest.raises(ValueError, match="not a Paddle persistables stream"):
        dist_io.load_persistables(exe, str(tmp_path), main, filename="bad")


def test_pir_and_dynamic_mode_fail_as_paddle():
    with pytest.raises(NotImplementedError, match="paddle.static.load_inference_model"):
        dist_io.load_inference_model_distributed("d", None)
    with pytest.raises(AssertionError, match="We don't support save_persistables in dynamic "
                                             "graph mode"):
        dist_io.save_persistables(None, "d")
    old = STATE.static, STATE.pir
    paddle.enable_static()
    STATE.pir = True
    try:
        main = paddle.static.Program()
        with pytest.raises(AttributeError, match="'paddle.base.libpaddle.pir.Program' object has "
                                                 "no attribute '_is_distributed'"):
            dist_io.save_persistables(None, "d", main)
        with pytest.raises(AttributeError, match="pir.Value' object has no attribute 'desc'"):
            dist_io.is_persistable(None)
    finally:
        STATE.static, STATE.pir = old
