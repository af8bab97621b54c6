"""paddle.callbacks (paddle_compat/_hapi/callbacks.py): Paddle 3.3.1 goldens (hook order, logs,
printed lines, errors) and the optional-package callbacks driven with stand-in modules."""
import sys
import types

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._hapi.callbacks import CallbackList, config_callbacks
from tests._hapi_goldens import params, replay


@pytest.mark.parametrize("name,src", params("callbacks"))
def test_matches_paddle(name, src):
    replay(name, src)


def test_config_callbacks_order():
    mine = paddle.callbacks.Callback()
    cbks = config_callbacks([mine], verbose=2, epochs=1, steps=3, metrics=["loss"])
    kinds = [type(c).__name__ for c in cbks]
    assert kinds == ["ProgBarLogger", "Callback", "ModelCheckpoint", "LRScheduler"]
    assert mine.params == {"batch_size": None, "epochs": 1, "steps": 3, "verbose": 2,
                           "metrics": ["loss"]}
    quiet = config_callbacks(None, verbose=0, mode="test", metrics=["loss"])
    assert [type(c).__name__ for c in quiet] == ["ModelCheckpoint", "LRScheduler"]
    assert quiet.callbacks[0].params["metrics"] == []


def test_callback_list_checks_mode():
    with pytest.raises(AssertionError, match="mode should be train, eval or predict"):
        CallbackList([]).on_begin("test")


def test_early_stopping_unknown_mode_warns():
    with pytest.warns(UserWarning, match="EarlyStopping mode sideways is unknown"):
        es = paddle.callbacks.EarlyStopping(mode="sideways", monitor="acc")
    assert es.monitor_op is np.greater


def test_monitors_missing_from_logs_warn():
    es = paddle.callbacks.EarlyStopping(monitor="nope")
    with pytest.warns(UserWarning, match="Monitor of EarlyStopping should be loss or metric"):
        es.on_eval_end({"loss": [1.0]})
    rl = paddle.callbacks.ReduceLROnPlateau(monitor="nope")
    with pytest.warns(UserWarning, match="Monitor of ReduceLROnPlateau should be loss"):
        rl.on_eval_end({"loss": [1.0]})


def test_reduce_lr_needs_float_lr():
    net = paddle.nn.Linear(2, 2)
    m = paddle.Model(net)
    sched = paddle.optimizer.lr.StepDecay(0.1, step_size=1)
    m.prepare(paddle.optimizer.SGD(sched, parameters=net.parameters()))
    cb = paddle.callbacks.ReduceLROnPlateau()
    cb.set_model(m)
    with pytest.warns(UserWarning, match="Expected learning_rate be float"):
        cb.on_eval_end({"loss": [1.0]})


class _Writer:
    def __init__(self, log_dir):
        self.log_dir, self.scalars, self.closed = log_dir, [], False

    def add_scalar(self, tag, step, value):
        self.scalars.append((tag, step, round(float(value), 6)))

    def close(self):
        self.closed = True


def test_visualdl_writes_scalars(monkeypatch, tmp_path):
    writers = []
    fake = types.ModuleType("visualdl")
    fake.LogWriter = lambda log_dir: writers.append(_Writer(log_dir)) or writers[-1]
    monkeypatch.setitem(sys.modules, "visualdl", fake)
    paddle.seed(0)
    m = paddle.Model(paddle.nn.Linear(3, 2))
    m.prepare(paddle.optimizer.SGD(0.1, parameters=m.parameters()), paddle.nn.CrossEntropyLoss(),
              paddle.metric.Accuracy())
    x = np.ones([4, 3], "float32")
    y = np.zeros([4, 1], "int64")
    data = paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])
    cb = paddle.callbacks.VisualDL(str(tmp_path))
    m.fit(data, data, batch_size=2, epochs=1, verbose=0, callbacks=cb)
    tags = [(t, s) for t, s, _ in writers[0].scalars]
    assert tags == [("train/loss", 1), ("train/acc", 1), ("train/loss", 2), ("train/acc", 2),
                    ("eval/loss", 0), ("eval/acc", 0)]
    assert writers[0].closed and writers[0].log_dir == str(tmp_path)


def test_wandb_logs(monkeypatch):
    logged = []

    class Run:
        def define_metric(self, *a, **k):
            logged.append(("define", a, tuple(sorted(k.items()))))

        def log(self, d):
            logged.append(("log", tuple(sorted(d))))

        def finish(self):
            logged.append(("finish",))

    fake = types.ModuleType("wandb")
    fake.run = None
    fake.init = lambda **kw: logged.append(("init", tuple(sorted(kw)))) or Run()
    monkeypatch.setitem(sys.modules, "wandb", fake)
    m = paddle.Model(paddle.nn.Linear(3, 2))
    m.prepare(paddle.optimizer.SGD(0.1, parameters=m.parameters()), paddle.nn.CrossEntropyLoss())
    data = paddle.io.TensorDataset([paddle.ones([2, 3]), paddle.zeros([2, 1], "int64")])
    m.fit(data, batch_size=2, epochs=1, verbose=0,
          callbacks=paddle.callbacks.WandbCallback(project="p", mode="offline"))
    assert logged[0] == ("init", ("dir", "entity", "job_type", "mode", "name", "project"))
    assert ("log", ("train/loss", "train/step")) in logged and logged[-1] == ("finish",)
