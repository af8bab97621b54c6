"""paddle.callbacks: the hooks Model.fit / evaluate / predict call, and Paddle's stock callbacks.

Hook order, `logs` dicts and printed text follow Paddle 3.3.1's python/paddle/hapi/callbacks.py:
`config_callbacks` puts a ProgBarLogger first (when verbose) and appends a ModelCheckpoint and an
LRScheduler unless the user gave their own; hooks run in list order.
"""
import importlib
import numbers
import os
import time
import warnings

import numpy as np

from .._optim.lr import LRScheduler as _LRSchedulerBase
from .._distributed.env import ParallelEnv
from .progressbar import ProgressBar

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau", "WandbCallback", "config_callbacks",
           "CallbackList"]


def _try_import(module_name, err_msg=None):
    # paddle.utils.try_import's message, word for word
    install_name = module_name.split(".")[0]
    try:
        return importlib.import_module(module_name)
    except ImportError:
        if err_msg is None:
            err_msg = (f"Failed importing {module_name}. This likely means that some paddle "
                       "modules require additional dependencies that have to be manually "
                       f"installed (usually with `pip install {install_name}`). ")
        raise ImportError(err_msg) from None


def _local_rank():
    return ParallelEnv().local_rank


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None,
                     log_freq=2, verbose=2, save_freq=1, save_dir=None, metrics=None,
                     mode="train"):
    """The CallbackList Model.fit/evaluate/predict run: the user's callbacks plus a ProgBarLogger
    (first, when verbose and none given), a ModelCheckpoint and an LRScheduler (appended when
    absent), with `params` set."""
    _cbks = callbacks or []
    cbks = list(_cbks if isinstance(_cbks, (list, tuple)) else [_cbks])
    if not any(isinstance(k, ProgBarLogger) for k in cbks) and verbose:
        cbks = [ProgBarLogger(log_freq, verbose=verbose), *cbks]
    if not any(isinstance(k, ModelCheckpoint) for k in cbks):
        cbks = [*cbks, ModelCheckpoint(save_freq, save_dir)]
    for k in cbks:
        if isinstance(k, EarlyStopping):
            k.save_dir = save_dir
    if not any(isinstance(k, LRScheduler) for k in cbks):
        cbks = [*cbks, LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    metrics = metrics or [] if mode != "test" else []
    cbk_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps,
                         "verbose": verbose, "metrics": metrics})
    return cbk_list


class CallbackList:
    """A list of callbacks called in order; `on_begin(mode)` / `on_batch_end(mode, step)` dispatch
    to `on_<mode>_begin` / `on_<mode>_batch_end`."""

    def __init__(self, callbacks=None):
        assert callbacks is not None
        self.callbacks = list(callbacks)
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        for c in self.callbacks:
            c.set_params(params)

    def set_model(self, model):
        for c in self.callbacks:
            c.set_model(model)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    def _check_mode(self, mode):
        assert mode in ["train", "eval", "predict"], "mode should be train, eval or predict"

    def on_begin(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_end", step, logs)


class Callback:
    """paddle.callbacks.Callback: the base class; override any hook.

    `self.model` is the paddle.Model; `self.params` is {'batch_size', 'epochs', 'steps', 'verbose',
    'metrics'}. Train hooks get `logs` with 'loss', the metric names, 'step' and 'batch_size';
    `on_eval_begin` / `on_predict_begin` get {'steps', 'metrics'}."""

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        """Called by Model with the run's parameters."""
        self.params = params

    def set_model(self, model):
        """Called by Model with itself."""
        self.model = model

    def on_train_begin(self, logs=None):
        """Called once when fit starts."""

    def on_train_end(self, logs=None):
        """Called once when fit ends, with the last epoch's logs."""

    def on_eval_begin(self, logs=None):
        """Called when evaluation starts, with {'steps', 'metrics'}."""

    def on_eval_end(self, logs=None):
        """Called when evaluation ends, with the evaluation's logs."""

    def on_predict_begin(self, logs=None):
        """Called when predict starts, with {'steps'}."""

    def on_predict_end(self, logs=None):
        """Called when predict ends."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of each training epoch (0-based)."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of each training epoch with its logs."""

    def on_train_batch_begin(self, step, logs=None):
        """Called before each training batch."""

    def on_train_batch_end(self, step, logs=None):
        """Called after each training batch with the logs so far."""

    def on_eval_batch_begin(self, step, logs=None):
        """Called before each evaluation batch."""

    def on_eval_batch_end(self, step, logs=None):
        """Called after each evaluation batch."""

    def on_predict_batch_begin(self, step, logs=None):
        """Called before each predict batch."""

    def on_predict_batch_end(self, step, logs=None):
        """Called after each predict batch."""


class ProgBarLogger(Callback):
    """paddle.callbacks.ProgBarLogger(log_freq=1, verbose=2): prints `Epoch 1/2`, the progress bar
    (verbose=1) or step lines (verbose=2; verbose=3 adds reader/batch costs and ips), the eval and
    predict lines, on local rank 0 only."""

    def __init__(self, log_freq=1, verbose=2):
        self.epochs = None
        self.steps = None
        self.progbar = None
        self.verbose = verbose
        self.log_freq = log_freq

    def _is_print(self):
        return self.verbose and _local_rank() == 0

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._train_timer = {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is the "
                  "average value of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        self.train_step = 0
        if self.epochs and self._is_print():
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self.train_progbar = ProgressBar(num=self.steps, verbose=self.verbose)
        self._train_timer["batch_start_time"] = time.time()

    def _updates(self, logs, mode):
        values = []
        metrics = getattr(self, f"{mode}_metrics")
        progbar = getattr(self, f"{mode}_progbar")
        steps = getattr(self, f"{mode}_step")
        for k in metrics:
            if k in logs:
                values.append((k, logs[k]))
        if self.verbose == 3 and hasattr(self, f"_{mode}_timer"):
            timer = getattr(self, f"_{mode}_timer")
            cnt = timer["count"] if timer["count"] > 0 else 1.0
            samples = timer["samples"] if timer["samples"] > 0 else 1.0
            values.append(("avg_reader_cost", "%.5f sec" % (timer["data_time"] / cnt)))
            values.append(("avg_batch_cost", "%.5f sec" % (timer["batch_time"] / cnt)))
            values.append(("ips", "%.5f samples/sec"
                           % (samples / (timer["data_time"] + timer["batch_time"]))))
            timer["count"] = 0
            timer["samples"] = 0
            timer["data_time"] = 0.0
            timer["batch_time"] = 0.0
        progbar.update(steps, values)

    def _batch_begin(self, timer):
        timer["batch_data_end_time"] = time.time()
        timer["data_time"] += timer["batch_data_end_time"] - timer["batch_start_time"]

    def _batch_done(self, timer, logs):
        timer["batch_time"] += time.time() - timer["batch_data_end_time"]
        timer["count"] += 1
        timer["samples"] += logs.get("batch_size", 1)

    def on_train_batch_begin(self, step, logs=None):
        self._batch_begin(self._train_timer)

    def on_train_batch_end(self, step, logs=None):
        logs = logs or {}
        self.train_step += 1
        self._batch_done(self._train_timer, logs)
        if self._is_print() and self.train_step % self.log_freq == 0:
            if self.steps is None or self.train_step < self.steps:
                self._updates(logs, "train")
        self._train_timer["batch_start_time"] = time.time()

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self._is_print() and self.steps is not None:
            self._updates(logs, "train")

    def on_eval_begin(self, logs=None):
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0
        self._eval_timer = {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}
        self.eval_progbar = ProgressBar(num=self.eval_steps, verbose=self.verbose)
        if self._is_print():
            print("Eval begin...")
        self._eval_timer["batch_start_time"] = time.time()

    def on_eval_batch_begin(self, step, logs=None):
        self._batch_begin(self._eval_timer)

    def on_eval_batch_end(self, step, logs=None):
        logs = logs or {}
        self.eval_step += 1
        self.evaled_samples += logs.get("batch_size", 1)
        self._batch_done(self._eval_timer, logs)
        if self._is_print() and self.eval_step % self.log_freq == 0:
            if self.eval_steps is None or self.eval_step < self.eval_steps:
                self._updates(logs, "eval")
        self._eval_timer["batch_start_time"] = time.time()

    def on_predict_begin(self, logs=None):
        self.test_steps = logs.get("steps", None)
        self.test_metrics = logs.get("metrics", [])
        self.test_step = 0
        self.tested_samples = 0
        self._test_timer = {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}
        self.test_progbar = ProgressBar(num=self.test_steps, verbose=self.verbose)
        if self._is_print():
            print("Predict begin...")
        self._test_timer["batch_start_time"] = time.time()

    def on_predict_batch_begin(self, step, logs=None):
        self._batch_begin(self._test_timer)

    def on_predict_batch_end(self, step, logs=None):
        logs = logs or {}
        self.test_step += 1
        self.tested_samples += logs.get("batch_size", 1)
        self._batch_done(self._test_timer, logs)
        if self.test_step % self.log_freq == 0 and self._is_print():
            if self.test_steps is None or self.test_step < self.test_steps:
                self._updates(logs, "test")
        self._test_timer["batch_start_time"] = time.time()

    def on_eval_end(self, logs=None):
        logs = logs or {}
        if self._is_print() and self.eval_steps is not None:
            self._updates(logs, "eval")
            print(f"Eval samples: {self.evaled_samples}")

    def on_predict_end(self, logs=None):
        logs = logs or {}
        if self._is_print():
            if self.test_step % self.log_freq != 0 or self.verbose == 1:
                self._updates(logs, "test")
            print(f"Predict samples: {self.tested_samples}")


class ModelCheckpoint(Callback):
    """paddle.callbacks.ModelCheckpoint(save_freq=1, save_dir=None): `Model.save(save_dir/<epoch>)`
    every `save_freq` epochs and `save_dir/final` at the end, printing `save checkpoint at
    <absolute path>`."""

    def __init__(self, save_freq=1, save_dir=None):
        self.save_freq = save_freq
        self.save_dir = save_dir

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self):
        return self.model and self.save_dir and _local_rank() == 0

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            path = f"{self.save_dir}/{epoch}"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)

    def on_train_end(self, logs=None):
        if self._is_save():
            path = f"{self.save_dir}/final"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)


def _scheduler_of(model):
    opt = model._optimizer
    if opt and isinstance(getattr(opt, "_learning_rate", None), _LRSchedulerBase):
        return opt._learning_rate
    return None


class LRScheduler(Callback):
    """paddle.callbacks.LRScheduler(by_step=True, by_epoch=False): steps the optimizer's
    paddle.optimizer.lr.LRScheduler after every batch or every epoch."""

    def __init__(self, by_step=True, by_epoch=False):
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            sched = _scheduler_of(self.model)
            if sched is not None:
                sched.step()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            sched = _scheduler_of(self.model)
            if sched is not None:
                sched.step()


class EarlyStopping(Callback):
    """paddle.callbacks.EarlyStopping(monitor='loss', mode='auto', patience=0, verbose=1,
    min_delta=0, baseline=None, save_best_model=True): stops fit when the monitored eval value
    stops improving; saves `save_dir/best_model` on each improvement."""

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0,
                 baseline=None, save_best_model=True):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.save_best_model = save_best_model
        self.save_dir = None
        if mode not in ["auto", "min", "max"]:
            warnings.warn(f"EarlyStopping mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "min":
            self.monitor_op = np.less
        elif mode == "max":
            self.monitor_op = np.greater
        else:
            self.monitor_op = np.greater if "acc" in self.monitor else np.less
        if self.monitor_op == np.greater:
            self.min_delta *= 1
        else:
            self.min_delta *= -1

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op == np.less else -np.inf
            self.best_weights = None

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of EarlyStopping should be loss or metric name.")
            return
        current = logs[self.monitor]
        if isinstance(current, (list, tuple)):
            current = current[0]
        elif not isinstance(current, numbers.Number):
            return
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and self.save_dir is not None:
                self.model.save(os.path.join(self.save_dir, "best_model"))
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and self.save_dir is not None:
                    best = os.path.abspath(os.path.join(self.save_dir, "best_model"))
                    print(f"Best checkpoint has been saved at {best}")
        self.stopped_epoch += 1


class VisualDL(Callback):
    """paddle.callbacks.VisualDL(log_dir): writes train/eval scalars with visualdl's LogWriter.

    visualdl is optional: as in Paddle, the first write raises ImportError ("Failed importing
    visualdl. ...") when it is not installed."""

    def __init__(self, log_dir):
        self.log_dir = log_dir
        self.epochs = None
        self.steps = None
        self.epoch = 0

    def _is_write(self):
        return _local_rank() == 0

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._is_fit = True
        self.train_step = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _updates(self, logs, mode):
        if not self._is_write():
            return
        if not hasattr(self, "writer"):
            self.writer = _try_import("visualdl").LogWriter(self.log_dir)
        metrics = getattr(self, f"{mode}_metrics")
        total_step = getattr(self, f"{mode}_step") if mode == "train" else self.epoch
        for k in metrics:
            if k in logs:
                if isinstance(logs[k], (list, tuple)):
                    value = logs[k][0]
                elif isinstance(logs[k], numbers.Number):
                    value = logs[k]
                else:
                    continue
                self.writer.add_scalar(tag=mode + "/" + k, step=total_step, value=value)

    def on_train_batch_end(self, step, logs=None):
        logs = logs or {}
        self.train_step += 1
        if self._is_write():
            self._updates(logs, "train")

    def on_eval_begin(self, logs=None):
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0

    def on_train_end(self, logs=None):
        if hasattr(self, "writer"):
            self.writer.close()
            delattr(self, "writer")

    def on_eval_end(self, logs=None):
        if self._is_write():
            self._updates(logs, "eval")
            if not hasattr(self, "_is_fit") and hasattr(self, "writer"):
                self.writer.close()
                delattr(self, "writer")


class WandbCallback(Callback):
    """paddle.callbacks.WandbCallback(project=None, entity=None, name=None, dir=None, mode=None,
    job_type=None, **kwargs): logs train/eval scalars to Weights & Biases.

    wandb is optional: constructing the callback without it raises Paddle's ImportError ("You
    want to use `wandb` which is not installed yet install it with `pip install wandb`")."""

    def __init__(self, project=None, entity=None, name=None, dir=None, mode=None, job_type=None,
                 **kwargs):
        self.wandb = _try_import("wandb", "You want to use `wandb` which is not installed yet "
                                          "install it with `pip install wandb`")
        self.wandb_args = {"project": project, "name": name, "entity": entity, "dir": dir,
                           "mode": mode, "job_type": job_type}
        self._run = None
        self.wandb_args.update(**kwargs)
        _ = self.run

    def _is_write(self):
        return _local_rank() == 0

    @property
    def run(self):
        if self._is_write() and self._run is None:
            if self.wandb.run is not None:
                warnings.warn("There is a wandb run already in progress and newly created "
                              "instances of `WandbCallback` will reuse this run. If this is not "
                              "desired , call `wandb.finish()` before instantiating "
                              "`WandbCallback`.")
                self._run = self.wandb.run
            else:
                self._run = self.wandb.init(**self.wandb_args)
        return self._run

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._is_fit = True
        self.train_step = 0
        if self._is_write():
            self.run.define_metric("train/step")
            self.run.define_metric("train/*", step_metric="train/step")
            self.run.define_metric("epoch")
            self.run.define_metric("eval/*", step_metric="epoch")

    def on_epoch_begin(self, epoch, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _updates(self, logs, mode):
        if not self._is_write():
            return
        metrics = getattr(self, f"{mode}_metrics")
        if mode == "train":
            out = {"train/step": getattr(self, f"{mode}_step")}
        else:
            out = {"epoch": self.epoch}
        for k in metrics:
            if k in logs:
                if isinstance(logs[k], (list, tuple)):
                    out[mode + "/" + k] = logs[k][0]
                elif isinstance(logs[k], numbers.Number):
                    out[mode + "/" + k] = logs[k]
        self.run.log(out)

    def on_train_batch_end(self, step, logs=None):
        logs = logs or {}
        self.train_step += 1
        if self._is_write():
            self._updates(logs, "train")

    def on_eval_begin(self, logs=None):
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0

    def on_train_end(self, logs=None):
        if self._is_write():
            self.run.finish()

    def on_eval_end(self, logs=None):
        if self._is_write():
            self._updates(logs, "eval")
            if not hasattr(self, "_is_fit") and hasattr(self, "run"):
                self.run.finish()
                delattr(self, "run")


class ReduceLROnPlateau(Callback):
    """paddle.callbacks.ReduceLROnPlateau(monitor='loss', factor=0.1, patience=10, verbose=1,
    mode='auto', min_delta=1e-4, cooldown=0, min_lr=0): multiplies a float learning rate by
    `factor` when the monitored eval value stops improving."""

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto",
                 min_delta=1e-4, cooldown=0, min_lr=0):
        super().__init__()
        self.monitor = monitor
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = 0
        self.mode = mode
        self.monitor_op = None
        self.epoch = 0
        self._reset()

    def _reset(self):
        if self.mode not in ["auto", "min", "max"]:
            warnings.warn(f"Learning rate reduction mode {self.mode} is unknown, "
                          "fallback to auto mode.")
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.")
            return
        try:
            lr = self.model._optimizer._learning_rate
            if not isinstance(lr, float):
                warnings.warn(f"Expected learning_rate be float, bug got {type(lr)}.")
                return
        except Exception as e:     # Paddle warns and carries on for any failure here
            warnings.warn(f"There are something wrong when get learning_rate from optimizer: {e}.")
            return
        current = logs[self.monitor]
        if isinstance(current, (list, tuple)):
            current = current[0]
        elif not isinstance(current, numbers.Number):
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = self.model._optimizer.get_lr()
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    self.model._optimizer._learning_rate = new_lr
                    if self.verbose > 0 and _local_rank() == 0:
                        print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning "
                              f"rate to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
        self.epoch += 1

    def in_cooldown(self):
        """True while the cooldown after a reduction lasts."""
        return self.cooldown_counter > 0
