"""Record Paddle's paddle.distributed.io files (legacy static mode).

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_distributed_io.py

Builds `program()` (an fc layer, weights set to fixed values), then Paddle 3.3.1's
save_persistables writes conformance/goldens/distributed_io/: `sep/<var>` (one file per
variable), `comb/all` (filename="all") and `memory.bin` (the bytes returned for dirname=None);
paddle.incubate.distributed.fleet.utils.parse_program writes `parse/*.log`, and `checks.json`
holds check_pruned_program_vars on `pruned_pairs()`. tests/test_distributed_io.py checks that
paddle_compat writes the same bytes and reads Paddle's; tests/test_incubate_distributed_fleet_utils.py
the logs and checks.
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


def program(paddle, size=2):
    """-> (main, startup): x [None, 3] -> fc(size) (persistables fc_0.w_0, fc_0.b_0)."""
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [None, 3], "float32")
        paddle.static.nn.fc(x, size)
    return main, start


def pruned_pairs(paddle):
    """(train, pruned) program pairs: the same program; fc widths 2 and 4 (a shape mismatch);
    with and without an extra persistable parameter, both ways."""
    made = {}
    for key, size in (("a", 2), ("b", 4), ("extra", 2)):
        with paddle.utils.unique_name.guard():
            made[key] = program(paddle, size)[0]
            if key == "extra":
                with paddle.static.program_guard(made[key]):
                    paddle.static.create_parameter([5], "float32", name="extra_w")
    a, b, extra = made["a"], made["b"], made["extra"]
    return [(a, a), (a, b), (a, extra), (extra, a)]


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
    from paddle.incubate.distributed.fleet import utils as fleet_utils
    os.makedirs(os.path.join(tmp, "parse"))
    fleet_utils.parse_program(main, os.path.join(tmp, "parse"))
    import json
    checks = [fleet_utils.check_pruned_program_vars(a, b) for a, b in pruned_pairs(paddle)]
    with open(os.path.join(tmp, "checks.json"), "w") as f:
        json.dump(checks, f)
    shutil.rmtree(OUT, ignore_errors=True)
    os.replace(tmp, OUT)
