"""Record Paddle 3.3.1's paddle.amp behaviour into conformance/goldens/amp.json (read by
tests/test_amp.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_amp.py

Three groups of cases, each a function of `paddle` (the module under test) returning JSON data:
- CPU behaviour: Paddle 3.3.1 disables auto_cast and GradScaler on CPU with a warning, leaves
  decorate(level='O2') models in float32, and reports its lists, errors and support flags.
- Training loops: a tiny MLP trained 4 steps with SGD under auto_cast O1 and under decorate O2 +
  auto_cast O2, bfloat16, on CPU: the losses Paddle prints.
- GradScaler arithmetic: Paddle's scaler only runs on GPU places, so the recorder makes Paddle's
  place check answer "GPU" (`enable_scaler`, below) and runs the real scaler code and kernels on CPU:
  scale, minimize / step + update / unscale_, through steps whose gradients overflow; the state_dict
  and parameters after every step. The test replays the same steps with paddle_compat's place check
  patched the same way.
Paddle 3.3.1 with numpy 2 raises TypeError printing the decreased scale (float() of a [1] array);
the recorder converts that float as numpy 1.x did (see paddle_enable_scaler). Left out on purpose: auto_cast(enable=False, dtype='float32') raises KeyError('float32') in Paddle
3.3.1 (its list lookup); paddle_compat accepts it.
"""
import contextlib
import io
import json
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _warns(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = fn()
    msgs = [str(i.message) for i in w if "ccache" not in str(i.message)]
    return out, msgs


def _error(fn):
    try:
        fn()
    except Exception as e:   # the exception itself is the recorded behaviour
        return [type(e).__name__, str(e)]
    return None


def case_cpu(paddle):
    out = {}
    out["supported"] = [paddle.amp.is_float16_supported(), paddle.amp.is_bfloat16_supported(),
                        paddle.amp.is_float16_supported("cpu"), paddle.amp.is_bfloat16_supported("cpu")]

    def inside():
        with paddle.amp.auto_cast(level="O1", dtype="bfloat16"):
            x = paddle.ones([2, 2])
            return [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype(),
                    str((x @ x).dtype)]
    out["auto_cast"] = _warns(inside)
    out["outside"] = [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype()]
    out["bad_level"] = _error(lambda: paddle.amp.auto_cast(level="O3").__enter__())
    out["bad_dtype"] = _error(lambda: paddle.amp.auto_cast(dtype="float32").__enter__())
    out["overlap"] = _error(lambda: paddle.amp.auto_cast(custom_white_list={"exp"},
                                                         custom_black_list={"exp"}).__enter__())
    out["disabled"] = _warns(lambda: _enter(paddle.amp.auto_cast(enable=False)))
    m = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=m.parameters())

    def deco():
        m2, o2 = paddle.amp.decorate(m, opt, level="O2", dtype="bfloat16")
        return [str(m2.weight.dtype), m2 is m, o2 is opt]
    out["decorate_O2"] = _warns(deco)
    out["decorate_O1_model_only"] = paddle.amp.decorate(m, level="O1") is m
    out["decorate_bad_level"] = _error(lambda: paddle.amp.decorate(m, opt, level="O3"))
    out["decorate_bad_dtype"] = _error(lambda: paddle.amp.decorate(m, opt, level="O2", dtype="float32"))

    def scaler():
        s = paddle.amp.GradScaler(init_loss_scaling=1024)
        loss = paddle.to_tensor(2.0)
        return [s.is_enable(), s.state_dict(), s.get_init_loss_scaling(),
                s.is_use_dynamic_loss_scaling(), float(s.scale(loss))]
    out["scaler_cpu"] = _warns(scaler)
    out["white_O1_fp16"] = sorted(paddle.amp.white_list()["float16"]["O1"])
    out["black_O1_bf16"] = sorted(paddle.amp.black_list()["bfloat16"]["O1"])
    out["black_O2_fp16"] = sorted(paddle.amp.black_list()["float16"]["O2"])
    out["black_OD"] = sorted(paddle.amp.black_list()["float16"]["OD"])
    return out


def _enter(ctx):
    with ctx:
        return None


def _mlp(paddle):
    paddle.seed(7)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 1))
    rs = np.random.RandomState(0)
    for p in net.parameters():
        p.set_value(rs.uniform(-0.5, 0.5, p.shape).astype("float32"))
    return net


def _data(paddle):
    rs = np.random.RandomState(1)
    x = paddle.to_tensor(rs.randn(16, 4).astype("float32"))
    y = paddle.to_tensor(rs.randn(16, 1).astype("float32"))
    return x, y


def case_train(paddle):
    out = {}
    for level in ("O1", "O2"):
        net = _mlp(paddle)
        opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters())
        if level == "O2":
            (net, opt), _ = _warns(lambda: paddle.amp.decorate(net, opt, level="O2", dtype="bfloat16"))
        x, y = _data(paddle)
        losses = []
        for _ in range(4):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with paddle.amp.auto_cast(level=level, dtype="bfloat16"):
                    loss = ((net(x) - y) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            losses.append(float(loss))
        out[level] = losses
    return out


def case_scaler(paddle, enable_scaler):
    """Each run: (kind, per-step [state_dict, params, found_inf skipped?, printed text])."""
    out = {}
    for kind in ("minimize", "step_update", "unscale", "no_dynamic"):
        with enable_scaler(paddle):
            net = paddle.nn.Linear(2, 1)
            net.weight.set_value(np.array([[0.5], [-0.25]], dtype="float32"))
            net.bias.set_value(np.array([0.1], dtype="float32"))
            opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
            scaler = paddle.amp.GradScaler(init_loss_scaling=1024.0, incr_every_n_steps=2,
                                           decr_every_n_nan_or_inf=2,
                                           use_dynamic_loss_scaling=kind != "no_dynamic")
            steps = []
            for i, big in enumerate([1.0, 1.0, 1e38, 1e38, 1e38, 1.0, 1.0, 1.0]):
                x = paddle.to_tensor(np.array([[big, 2.0]], dtype="float32"))
                loss = (net(x) ** 2).mean()
                scaled = scaler.scale(loss)
                scaled.backward()
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf):
                    if kind in ("minimize", "no_dynamic"):
                        scaler.minimize(opt, scaled)
                    elif kind == "step_update":
                        scaler.step(opt)
                        scaler.update()
                    else:
                        scaler.unscale_(opt)
                        grads = [p.grad.numpy().tolist() for p in net.parameters()]
                        scaler.step(opt)
                        scaler.update()
                opt.clear_grad()
                sd = scaler.state_dict()
                sd = {k: (v.tolist() if hasattr(v, "tolist") else v) for k, v in sd.items()}
                row = {"state": sd, "params": [p.numpy().tolist() for p in net.parameters()],
                       "scaled": scaled.numpy().tolist(), "printed": buf.getvalue()}
                if kind == "unscale":
                    row["unscaled_grads"] = grads
                steps.append(row)
            out[kind] = steps
            out[kind + "_errors"] = [
                _error(lambda: (scaler.unscale_(opt), scaler.unscale_(opt))),
                _error(lambda: scaler.load_state_dict({})),
            ]
    return out


@contextlib.contextmanager
def paddle_enable_scaler(paddle):
    """Make Paddle's AmpScaler believe it runs on a GPU place (it then runs its real code on CPU),
    and set the AMP dtype to float16 as an auto_cast(dtype='float16') would."""
    import paddle.amp.grad_scaler as gs

    class _Place:
        def is_gpu_place(self):
            return True

        def is_xpu_place(self):
            return False

        def is_custom_place(self):
            return False

    class _Tracer:
        _expected_place = _Place()

    saved, saved_dtype = gs._dygraph_tracer, gs.amp_global_state().amp_dtype
    saved_float = paddle.Tensor.__float__
    gs._dygraph_tracer = lambda: _Tracer()
    gs.amp_global_state().amp_dtype = "float16"
    # The scaler prints float(scale) of its [1]-shaped scale when it decreases; with numpy 2 that
    # float() raises TypeError in Paddle 3.3.1 (numpy 1.x converted it): convert as numpy 1.x did.
    paddle.Tensor.__float__ = lambda var: float(np.array(var).reshape(-1)[0])
    try:
        yield
    finally:
        gs._dygraph_tracer = saved
        gs.amp_global_state().amp_dtype = saved_dtype
        paddle.Tensor.__float__ = saved_float


def _jsonable(v):
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (np.floating, np.integer, np.bool_)):
        return v.item()
    if isinstance(v, np.ndarray):
        return v.tolist()
    return v


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = {"paddle_version": paddle.__version__,
           "cpu": _jsonable(case_cpu(paddle)), "train": _jsonable(case_train(paddle)),
           "scaler": _jsonable(case_scaler(paddle, paddle_enable_scaler))}
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "goldens", "amp.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"recorded amp goldens to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
