"""Record Paddle's paddle.distributed.io files (legacy static mode).

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_distributed_io.py

Builds `program()` (an fc layer, weights set to fixed values), then Paddle 3.3.1's
save_persistables writes conformance/goldens/distributed_io/: `sep/<var>` (one file per
variable), `comb/all` (filename="all") and `memory.bin` (the bytes returned for dirname=None).
tests/test_distributed_io.py checks that paddle_compat writes the same bytes and reads Paddle's.
"""
import os
import shutil

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "conformance", "goldens", "distributed_io")


def values():
    """The fixed values of the program's persistables."""
    return {"fc_0.w_0": (np.arange(6, dtype="float32").reshape(3, 2) - 2.5) / 4,
            "fc_0.b_0": np.array([0.5, -1.25], dtype="float32")}


def program(paddle):
    """-> (main, startup): x [None, 3] -> fc(2) (persistables fc_0.w_0, fc_0.b_0)."""
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 3], "float32")
        paddle.static.nn.fc(x, 2)
    return main, start


if __name__ == "__main__":
    import paddle
    import paddle.distributed.io as dio
    paddle.enable_static()
    paddle.utils.unique_name.switch()
    main, start = program(paddle)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(start)
    for name, arr in values().items():
        paddle.static.global_scope().find_var(name).get_tensor().set(arr, paddle.CPUPlace())
    tmp = OUT + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    dio.save_persistables(exe, os.path.join(tmp, "sep"), main)
    dio.save_persistables(exe, os.path.join(tmp, "comb"), main, filename="all")
    with open(os.path.join(tmp, "memory.bin"), "wb") as f:
        f.write(dio.save_persistables(exe, None, main))
    shutil.rmtree(OUT, ignore_errors=True)
    os.replace(tmp, OUT)
