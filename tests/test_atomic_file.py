"""Atomic saves (_atomic_file.py): a save killed at a random moment never destroys the previous
good file -- paddle.save (model and optimizer state), paddle.static.save, save_inference_model
and paddle.jit.save each run in a child process that is SIGKILLed at random, then the file is
loaded: it is the previous checkpoint or the new one, complete."""
import os
import random
import signal
import stat
import sys
import time

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._atomic_file import atomic_write

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                                reason="the kill trials fork a child (POSIX)")


def _kill_trials(save_a, save_b, check, trials, max_delay, seed):
    """Save A; then `trials` times: fork a child that saves B, A, B, ... in a loop, SIGKILL it
    after a random delay in [0, max_delay), and `check()` the files. Returns the number of saves
    the children completed (so the caller can see that kills landed mid-loop)."""
    rng = random.Random(seed)
    save_a()
    completed = 0
    for _ in range(trials):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                                # child: save until killed
            os.close(r)
            try:
                n = 0
                while True:
                    (save_b if n % 2 == 0 else save_a)()
                    n += 1
                    os.write(w, b".")
            finally:
                os._exit(1)
        os.close(w)
        time.sleep(rng.uniform(0, max_delay))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(r, "rb") as f:
            completed += len(f.read())
        check()
    return completed


def _state(value, n=1 << 18):
    return {"w": paddle.to_tensor(np.full([n], value, "float32")),
            "b": paddle.to_tensor(np.full([7], value, "float32"))}


def test_paddle_save_killed_mid_write_leaves_a_whole_checkpoint(tmp_path):
    path = str(tmp_path / "model.pdparams")
    a, b = _state(1.0), _state(2.0)

    def check():
        sd = paddle.load(path)
        v = float(sd["w"].numpy()[0])
        assert v in (1.0, 2.0)
        assert (sd["w"].numpy() == v).all() and (sd["b"].numpy() == v).all()

    done = _kill_trials(lambda: paddle.save(a, path), lambda: paddle.save(b, path), check,
                        trials=8, max_delay=0.08, seed=0)
    assert done > 0


def test_optimizer_state_save_killed_mid_write_leaves_a_whole_file(tmp_path):
    path = str(tmp_path / "opt.pdopt")
    lin = paddle.nn.Linear(64, 64)
    opt = paddle.optimizer.Adam(parameters=lin.parameters())
    lin(paddle.ones([2, 64])).sum().backward()
    opt.step()
    state_a = opt.state_dict()
    state_b = {k: (v * 2 if isinstance(v, paddle.Tensor) else v) for k, v in state_a.items()}
    keys = sorted(k for k, v in state_a.items() if isinstance(v, paddle.Tensor))

    def check():
        sd = paddle.load(path)
        got = [sd[k].numpy() for k in keys]
        assert (all(np.array_equal(g, state_a[k].numpy()) for g, k in zip(got, keys))
                or all(np.array_equal(g, state_b[k].numpy()) for g, k in zip(got, keys)))

    _kill_trials(lambda: paddle.save(state_a, path), lambda: paddle.save(state_b, path), check,
                 trials=4, max_delay=0.02, seed=1)


def _static_program():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 256], "float32")
        y = paddle.static.nn.fc(x, 256)
    return main, startup, x, y


def test_static_save_and_inference_model_killed_mid_write_stay_loadable(tmp_path):
    paddle.enable_static()
    try:
        main, startup, x, y = _static_program()
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        scope = paddle.static.global_scope()
        names = [v.name for v in main.list_vars() if v.persistable]
        values = {n: scope._tensors[n].clone() for n in names}

        def set_to(k):
            for n in names:
                scope._tensors[n] = values[n] * k

        prefix = str(tmp_path / "static")
        infer = str(tmp_path / "infer")

        def save(k):
            set_to(k)
            paddle.static.save(main, prefix)
            paddle.static.save_inference_model(infer, [x], [y], exe, program=main)

        def check():
            state = paddle.static.load_program_state(prefix)
            ks = {float(np.round(state[n].reshape(-1)[0] / values[n].reshape(-1)[0].item(), 3))
                  for n in names if values[n].reshape(-1)[0].item() != 0}
            assert ks <= {1.0, 2.0} and len(ks) == 1
            program, feeds, fetches = paddle.static.load_inference_model(infer, exe)
            assert feeds == ["x"] and len(fetches) == 1

        _kill_trials(lambda: save(1), lambda: save(2), check, trials=4, max_delay=0.05, seed=2)
    finally:
        paddle.disable_static()


def test_jit_save_killed_mid_write_leaves_a_loadable_model(tmp_path):
    path = str(tmp_path / "net")
    paddle.seed(0)
    layer = paddle.nn.Linear(512, 512)      # 1 MB of weights: the write is part of each save
    spec = [paddle.static.InputSpec([None, 512], "float32")]
    w0 = layer.weight.numpy()

    def save(k):
        layer.weight.set_value(w0 * k)
        paddle.jit.save(layer, path, input_spec=spec)

    def check():
        try:
            loaded = paddle.jit.load(path)
        except ValueError as e:             # killed between the .pt2 and .json renames
            assert "different saves" in str(e)
            return
        w = loaded.parameters()[0].numpy()
        assert np.array_equal(w, w0) or np.array_equal(w, w0 * 2)

    _kill_trials(lambda: save(1), lambda: save(2), check, trials=3, max_delay=0.3, seed=3)


# ---- the helper itself -------------------------------------------------------------------------
def test_an_error_inside_the_block_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "f.bin"
    path.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic_write(str(path)) as f:
            f.write(b"partial")
            raise RuntimeError("pickling failed")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["f.bin"]


def test_new_files_get_the_umask_permissions_of_a_plain_open(tmp_path):
    with atomic_write(str(tmp_path / "a.txt"), "w", encoding="utf-8") as f:
        f.write("x")
    with open(tmp_path / "b.txt", "w") as f:
        f.write("x")
    mode = stat.S_IMODE(os.stat(tmp_path / "a.txt").st_mode)
    assert mode == stat.S_IMODE(os.stat(tmp_path / "b.txt").st_mode)
    assert (tmp_path / "a.txt").read_text() == "x"


def test_a_failed_pickle_in_paddle_save_keeps_the_previous_checkpoint(tmp_path):
    path = str(tmp_path / "m.pdparams")
    paddle.save({"w": paddle.ones([2])}, path)
    with pytest.raises(ValueError, match="Layer"):
        paddle.save({"layer": paddle.nn.Linear(2, 2), "x": 1}, path)
    assert paddle.load(path)["w"].numpy().tolist() == [1.0, 1.0]
