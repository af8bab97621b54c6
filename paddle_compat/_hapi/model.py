"""paddle.Model: Paddle's high-level training API (prepare / fit / evaluate / predict / save / load).

Follows Paddle 3.3.1's python/paddle/hapi/model.py (Model and its DynamicGraphAdapter) step for
step, so the same script prints the same log lines, passes callbacks the same `logs` dicts, and
writes files real Paddle reads:
* `_run_one_epoch` keeps Paddle's shared `logs={}` default: one dict lives across epochs, train and
  eval, so a callback sees e.g. the last training loss still in the eval logs, exactly as in Paddle.
* Losses are returned as numpy arrays, metrics are accumulated over an epoch and reset at its end.
* `save(path)` writes `path.pdparams` and (when the optimizer has state) `path.pdopt` with
  paddle.save's format, each file atomically; `load` reads them with the safe loader.
* In static mode (StaticGraphAdapter) one Program per mode is built from the network's forward on
  feed variables made from the InputSpecs and run by one Executor over the global scope.
"""
import contextlib
import inspect
import io
import os
import tempfile
import warnings

import numpy as np

from .._autograd.grad_mode import no_grad
from .._creation_core import to_tensor
from .._jit.save_load import save as _jit_save
from .._mode import in_dynamic_mode
from .._nn.layer.layers import Layer
from .._ops.math import add_n
from .._serialization import load as _load, save as _save
from .._tensor import Tensor
from .._distributed.env import ParallelEnv
from .._distributed.sampler import DistributedBatchSampler
from .._io.dataloader import DataLoader
from .._io.dataset import Dataset
from .._metric.metrics import Metric
from .._static.input_spec import InputSpec as Input
from .callbacks import EarlyStopping, config_callbacks
from .model_summary import summary

__all__ = ["Model"]


def to_list(value):
    """None stays None, a list/tuple becomes a list, anything else a one-item list."""
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def to_numpy(var):
    """A Tensor's values as a numpy array."""
    assert isinstance(var, Tensor), "not a variable"
    return np.array(var)


def _flatten(nest):
    # paddle.utils.flatten: nested lists/tuples/dicts (dict values in sorted key order) -> a list
    if isinstance(nest, (list, tuple)):
        return [leaf for item in nest for leaf in _flatten(item)]
    if isinstance(nest, dict):
        return [leaf for key in sorted(nest) for leaf in _flatten(nest[key])]
    return [nest]


def _as_tensor(x):
    # Paddle converts every batch with paddle.to_tensor (a copy). A Tensor that already stops
    # gradients is used as is: nothing can tell the copy from it, and the copy costs a full pass
    # over the batch each step (measured in benchmarks/bench_hapi.py).
    if isinstance(x, Tensor) and x.stop_gradient:
        return x
    return to_tensor(x)


def _train_mode(network):
    # Paddle calls network.train() before every training batch. Layer.train sets `training` on
    # the layer and each sublayer (no sublayer's own train() runs); this does the same without
    # building the sublayers' structured names each step. A network overriding train() gets its
    # own method called, as in Paddle.
    if type(network).train is not Layer.train:
        network.train()
        return
    seen = set()
    stack = [network]
    while stack:
        layer = stack.pop()
        if id(layer) in seen:
            continue
        seen.add(id(layer))
        layer.training = True
        stack.extend(sub for sub in layer._sub_layers.values() if sub is not None)


def _update_input_info(inputs):
    if isinstance(inputs, Input):
        return [list(inputs.shape)], [inputs.dtype]
    if isinstance(inputs, (list, tuple)):
        return [list(x.shape) for x in inputs], [x.dtype for x in inputs]
    if isinstance(inputs, dict):
        return [list(inputs[n].shape) for n in inputs], [inputs[n].dtype for n in inputs]
    return None


def _atomic_save(obj, path):
    # paddle.save's bytes, written to a temporary file in the same directory, synced, then renamed
    # over `path`, so a crash mid-save never leaves a truncated checkpoint behind.
    buf = io.BytesIO()
    _save(obj, buf)
    dirname = os.path.dirname(path) or "."
    os.makedirs(dirname, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=dirname)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(buf.getvalue())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


class DynamicGraphAdapter:
    """Runs Model's batches eagerly (Paddle's DynamicGraphAdapter, single process)."""

    def __init__(self, model):
        self.model = model
        self._nranks = ParallelEnv().nranks
        self._local_rank = ParallelEnv().local_rank
        self._merge_count = {"eval_total": 0, "test_total": 0, "eval_batch": 0, "test_batch": 0}
        self._input_info = None
        self._amp_level = "O0"
        self._amp_configs = {}
        self._amp_custom_lists = {}
        self._use_fp16_guard = True
        if self._nranks > 1:
            raise NotImplementedError(
                "paddle.Model with several trainers (PADDLE_TRAINERS_NUM > 1) is not supported by "
                "paddle_compat yet; wrap the network in paddle.DataParallel and write the training "
                "loop by hand")

    @property
    def mode(self):
        return self.model.mode

    @mode.setter
    def mode(self, value):
        self.model.mode = value

    def _update_metrics(self, outputs, labels):
        metrics = []
        for metric in self.model._metrics:
            metric_outs = metric.compute(*(to_list(outputs) + labels))
            metrics.append(metric.update(*[to_numpy(m) for m in to_list(metric_outs)]))
        return metrics

    def train_batch(self, inputs, labels=None, update=True):
        assert self.model._optimizer, "model not ready, please call `model.prepare()` first"
        _train_mode(self.model.network)
        self.mode = "train"
        inputs = to_list(inputs)
        self._input_info = _update_input_info(inputs)
        labels = [_as_tensor(l) for l in to_list(labels or [])]
        forward, scaler = contextlib.nullcontext(), None
        if self._amp_level != "O0":
            # Paddle's AMP step: the forward under auto_cast, the loss scaled by one GradScaler
            # made from amp_configs on the first step (on CPU Paddle's scaler is disabled: scale 1)
            from .._amp.auto_cast import auto_cast
            from .._amp.grad_scaler import GradScaler
            if self.model._scaler is None:
                self.model._scaler = GradScaler(**self._amp_configs)
            scaler = self.model._scaler
            forward = auto_cast(enable=True, **self._amp_custom_lists, level=self._amp_level)
        with forward:
            outputs = self.model.network(*[_as_tensor(x) for x in inputs])
        losses = to_list(self.model._loss(*(to_list(outputs) + labels)))
        # add_n of one loss is that loss; skipping the op changes no value or gradient
        final_loss = losses[0] if len(losses) == 1 else add_n(losses)
        if scaler is None:
            final_loss.backward()
            if update:
                self.model._optimizer.minimize(final_loss)
        else:
            scaled = scaler.scale(final_loss)
            scaled.backward()
            if update:
                scaler.minimize(self.model._optimizer, scaled)
        if update:
            self.model.network.clear_gradients()
        metrics = self._update_metrics(outputs, labels)
        loss_np = [to_numpy(l) for l in losses]
        return (loss_np, metrics) if len(metrics) > 0 else loss_np

    def eval_batch(self, inputs, labels=None):
        self.model.network.eval()
        self.mode = "eval"
        inputs = to_list(inputs)
        self._input_info = _update_input_info(inputs)
        labels = [_as_tensor(l) for l in to_list(labels or [])]
        outputs = self.model.network(*[_as_tensor(x) for x in inputs])
        if self.model._loss:
            losses = to_list(self.model._loss(*(to_list(outputs) + labels)))
        metrics = self._update_metrics(outputs, labels)
        if self.model._loss and len(metrics):
            return [to_numpy(l) for l in losses], metrics
        if self.model._loss:
            return [to_numpy(l) for l in losses]
        return metrics

    def predict_batch(self, inputs):
        self.model.network.eval()
        self.mode = "test"
        inputs = [_as_tensor(x) for x in to_list(inputs)]
        self._input_info = _update_input_info(inputs)
        outputs = self.model.network(*inputs)
        return [to_numpy(o) for o in to_list(outputs)]

    def parameters(self, *args, **kwargs):
        return self.model.network.parameters(*args, **kwargs)

    def save(self, path):
        _atomic_save(self.model.network.state_dict(), path + ".pdparams")
        opt = self.model._optimizer
        if opt is not None and opt.state_dict():
            _atomic_save(opt.state_dict(), path + ".pdopt")

    def load(self, param_state_pairs, optim_state, scaler_state=None):
        for param, state in param_state_pairs:
            param.set_value(state)
        opt = self.model._optimizer
        if not opt or not optim_state:
            return
        # Accumulators saved by Paddle's static graph are named <param>_<opt>_<acc>_<n>; rename
        # them to the dygraph optimizer's names (Paddle's conversion, kept as is).
        converted_state = dict(optim_state)
        opt_unq_name = opt._name or ""
        opt_cls_name = type(opt).__name__
        opt_name = opt_unq_name[:opt_unq_name.rfind("_")]
        param_names = [param.name for param in self.model.network.parameters()]
        for var_name, state_var in sorted(optim_state.items(), key=lambda x: len(x[0]),
                                          reverse=True):
            if var_name in ["@LR_DECAY_COUNTER@", "global_step"]:
                if var_name == "@LR_DECAY_COUNTER@":
                    converted_state["global_step"] = np.array(
                        converted_state.pop("@LR_DECAY_COUNTER@")) + 1
                continue
            for param_name in param_names:
                if var_name.startswith(param_name + "_" + opt_name):
                    accum_name = var_name[len(param_name + "_" + opt_name + "_"):]
                elif var_name.startswith(param_name + "_") and opt_name == opt_cls_name:
                    accum_name = var_name[len(param_name + "_"):]
                else:
                    continue
                accum_name = accum_name[:accum_name.rfind("_")]
                dy_state_name = param_name + "_" + opt_unq_name + "_" + accum_name + "_0"
                converted_state[dy_state_name] = state_var
        opt.set_state_dict(converted_state)

    def prepare(self):
        if self._amp_level == "O2" and self.model.mode == "train" and _on_cuda():
            # Paddle decorates for pure fp16 only where it has CUDA (on CPU, O2 runs as O1).
            from .._amp.auto_cast import decorate
            self.model.network, self.model._optimizer = decorate(
                models=self.model.network, optimizers=self.model._optimizer, level="O2")
        if self._amp_level != "O0":
            self.model._scaler = None


def _on_cuda():
    from .._place import get_device
    return get_device().startswith("gpu")


def _flatten_list(lists):
    flat, splits = [], []
    for sub in lists:
        splits.append(len(sub))
        flat += sub
    return flat, splits


def _restore_flatten_list(flat, splits):
    out = []
    for n in splits:
        out.append(flat[:n])
        flat = flat[n:]
    return out


def _is_belong_to_optimizer(var):
    # paddle.framework.io_utils.is_belong_to_optimizer: persistable, neither a parameter nor a feed
    from .._static.ir import Parameter
    return (not isinstance(var, Parameter) and not getattr(var, "is_data", False)
            and var.persistable)


class StaticGraphAdapter:
    """Runs Model on static Programs (Paddle's legacy StaticGraphAdapter): one Program per mode
    (train / eval / test) built from the network's forward on feed variables made from the
    InputSpecs, run by one Executor over the global scope."""

    def __init__(self, model):
        from .._static.builder import default_main_program, default_startup_program
        self.model = model
        self._startup_prog = default_startup_program()
        self._orig_prog = default_main_program()
        self._label_vars = {}
        self._input_vars = {}
        self._endpoints = {}
        self._loss_endpoint = None
        self._executor = None
        self._progs = {}
        self._compiled_progs = {}
        self._merge_count = {"eval_total": 0, "test_total": 0, "eval_batch": 0, "test_batch": 0}
        self._nranks = ParallelEnv().nranks
        self._local_rank = ParallelEnv().local_rank
        self._amp_level = "O0"
        self._amp_configs = {}
        self._amp_custom_lists = {}
        self._use_fp16_guard = None
        self._input_info = None
        if self._nranks > 1:
            raise NotImplementedError(
                "paddle.Model with several trainers (PADDLE_TRAINERS_NUM > 1) is not supported by "
                "paddle_compat yet")

    @property
    def mode(self):
        return self.model.mode

    @mode.setter
    def mode(self, value):
        self.model.mode = value

    def train_batch(self, inputs, labels=None, update=True):
        assert self.model._optimizer, "model not ready, please call `model.prepare()` first"
        self.mode = "train"
        assert update is True, "Does not support `update == False` in static graph mode by now."
        return self._run(inputs, labels)

    def eval_batch(self, inputs, labels=None):
        self.mode = "eval"
        return self._run(inputs, labels)

    def predict_batch(self, inputs):
        self.mode = "test"
        return self._run(inputs, None)

    def parameters(self, *args, **kwargs):
        return self.model.network.parameters(*args, **kwargs)

    @staticmethod
    def _value(var):
        from .._static.scope import global_scope
        return np.array(global_scope().find_var(var.name).get_tensor())

    def save(self, path):
        # Paddle pickles {name: ndarray} here (no name table), read from the global scope
        assert os.path.basename(path) != "", "path should be of 'dirname/filename' format"

        def _save(state, file):
            if state:
                _atomic_save({k: self._value(v) if hasattr(v, "block") else v
                              for k, v in state.items()}, file)
        _save(self.model.network.state_dict(), path + ".pdparams")
        prog = self._progs.get("train", None)
        if prog is None or self.model._optimizer is None:
            return
        _save({v.name: v for v in prog.list_vars() if _is_belong_to_optimizer(v)},
              path + ".pdopt")

    def _set_var(self, var, ndarray):
        from .._static.scope import global_scope
        global_scope().var(var.name).get_tensor().set(np.asarray(ndarray))

    def load(self, param_state_pairs, optim_state, scaler_state=None):
        for param, state in param_state_pairs:
            self._set_var(param, state)
        if not self.model._optimizer or not optim_state:
            return
        prog = self._progs.get("train", None)
        for var in (v for v in prog.list_vars() if _is_belong_to_optimizer(v)):
            if var.name.startswith("learning_rate_") and var.name not in optim_state:
                continue
            assert var.name in optim_state, (f"variable [{var.name}] is not in optimizer state "
                                             "file")
            self._set_var(var, optim_state[var.name])

    def _run(self, inputs, labels=None):
        prog = self._compiled_progs.get(self.mode, None)
        assert prog, "Model is not ready, please call `model.prepare()` first"
        inputs = to_list(inputs)
        if labels is not None:
            labels = to_list(labels)
        assert len(inputs) == len(self._input_vars[self.mode]), \
            "number of inputs does not match number of arguments of `forward` method"
        feed = {}
        for idx, v in enumerate(self._input_vars[self.mode]):
            if inputs[idx] is not None:
                feed[v.name] = inputs[idx]
        if labels is not None:
            for idx, v in enumerate(self._label_vars[self.mode]):
                feed[v.name] = labels[idx]
        endpoints = self._endpoints[self.mode]
        if self.mode == "test":
            fetch_list = endpoints["output"]
        else:
            metric_list, metric_splits = _flatten_list(endpoints["metric"])
            fetch_list = endpoints["loss"] + metric_list
            num_loss = len(endpoints["loss"])
        # a fetched feed variable is returned as fed (Paddle prunes it from the run)
        run_fetch = [v for v in fetch_list if v.name not in feed]
        rets = self._executor.run(prog, feed=feed, fetch_list=run_fetch, return_numpy=True)
        rets = list(rets)
        for i, v in enumerate(fetch_list):
            if v.name in feed:
                rets.insert(i, feed[v.name])
        rets = [np.array(v) for v in rets]
        if self.mode == "test":
            return rets[:]
        metric_states = _restore_flatten_list(rets[num_loss:], metric_splits)
        metrics = [metric.update(*state)
                   for metric, state in zip(self.model._metrics, metric_states)]
        if num_loss and len(metrics):
            return rets[:num_loss], metrics
        return rets[:num_loss] if num_loss else metrics

    def prepare(self):
        if self._amp_level != "O0":
            self._check_static_amp()
        for mode in ("train", "eval", "test"):
            self._make_program(mode)
            self._compile_and_initialize(self._progs[mode], mode)

    def _check_static_amp(self):
        # Paddle decorates the optimizer with paddle.static.amp.decorate. On a CPU place that
        # adds dynamic loss scaling only (a power-of-two scale, unscaled before the update: the
        # same float32 numbers, no float16 casts), so the programs here run as without AMP. On a
        # GPU Paddle also casts the white-list ops to float16, which this graph does not do.
        if _on_cuda():
            raise NotImplementedError(
                f"paddle.Model.prepare(amp_configs=...) with level '{self._amp_level}' in static "
                "mode on a GPU is not supported by paddle_compat (Paddle rewrites the Program "
                "with float16 casts); use AMP in dynamic mode (paddle.disable_static()), a CPU "
                "place, or amp_configs=None")
        lists = self._amp_custom_lists
        white, black = lists.get("custom_white_list"), lists.get("custom_black_list")
        if white and black:
            for op_name in white:
                if op_name in black:
                    raise ValueError(f"The given custom_white_list overlaps custom_black_list "
                                     f"with < {op_name} >!")

    def _make_program(self, mode):
        from .._static.builder import program_guard
        from .._static.layers import data
        if self._progs.get(mode) is not None:
            return
        prog = self._orig_prog.clone()
        if mode != "train":
            for _ in list(prog.global_block().ops):
                prog.global_block()._remove_op(0)
        losses = []
        metrics = []
        with program_guard(prog, self._startup_prog):
            inputs = [data(k.name, k.shape, k.dtype) for k in to_list(self.model._inputs)]
            labels = [data(k.name, k.shape, k.dtype) for k in to_list(self.model._labels or [])]
            self._label_vars[mode] = labels
            outputs = to_list(self.model.network.forward(*inputs))
            if mode != "test" and self.model._loss:
                losses = self.model._loss(*(outputs + labels))
            if mode != "test":
                for metric in self.model._metrics:
                    metrics.append(to_list(metric.compute(*(outputs + labels))))
            if mode == "train" and self.model._optimizer:
                self._loss_endpoint = add_n(to_list(losses))
                self.model._optimizer.minimize(self._loss_endpoint)
        if mode != "train":
            prog = prog.clone(for_test=True)
        self._input_vars[mode] = inputs
        self._progs[mode] = prog
        self._endpoints[mode] = {"output": outputs, "loss": to_list(losses), "metric": metrics}

    def _compile_and_initialize(self, prog, mode):
        from .._static.executor import Executor
        from .._static.scope import global_scope
        if self._compiled_progs.get(mode) is not None:
            return
        if self._executor is None:
            self._executor = Executor(self.model._place)
            scope = global_scope()
            # run the startup program when any of its variables is not initialized yet
            missing = [v for v in self._startup_prog.list_vars()
                       if scope.find_var(v.name) is None
                       or not scope.find_var(v.name).get_tensor()._is_initialized()]
            if missing:
                self._executor.run(self._startup_prog)
        self._compiled_progs[mode] = prog


_SHARED_LOGS = {}    # Paddle's `_run_one_epoch(..., logs={})` default: one dict for every run


class Model:
    """paddle.Model(network, inputs=None, labels=None): wraps a Layer for training, evaluation and
    inference with `prepare`, `fit`, `evaluate`, `predict`, `*_batch`, `save`, `load`, `summary`.

    `inputs` / `labels` are InputSpecs (a list, one, or for inputs a dict by forward argument
    name); without `inputs` the input shapes are taken from the first batch.

    Built after `paddle.enable_static()`, it trains on static Programs run by an Executor, as
    Paddle's legacy static graph does (FLAGS_enable_pir_api=0).

    Differences from Paddle: one trainer only (several raise NotImplementedError); `amp_configs`
    work in dynamic mode (auto_cast + GradScaler as Paddle's adapter does); in static mode on a
    CPU place they are checked and the Programs run in float32, which is what Paddle's
    paddle.static.amp.decorate computes there (loss scaling by a power of two, no float16 casts;
    its loss-scaling ops are not in the Program and a step with non-finite gradients is not
    skipped), and on a GPU they raise NotImplementedError (Paddle casts to float16); in dynamic mode `save(training=False)` writes paddle_compat's `paddle.jit.save` format (read by
    paddle_compat's `paddle.jit.load`, not by real Paddle); `load(skip_mismatch=True)` skips a
    mismatched first parameter (Paddle 3.3.1 fails with UnboundLocalError there); in static mode
    optimizer states are matched by variable name only (Paddle also renames dygraph-saved states,
    whose names are the same here)."""

    def __init__(self, network, inputs=None, labels=None):
        self.mode = "train"
        self.network = network
        self._inputs = None
        self._labels = None
        self._loss = None
        self._loss_weights = None
        self._optimizer = None
        self._scaler = None
        self._input_info = None
        self._is_shape_inferred = False
        self._test_dataloader = None
        self.stop_training = False
        if not in_dynamic_mode():
            if not isinstance(inputs, (list, tuple, dict, Input)):
                raise TypeError("'inputs' must be list or tuple or dict, and couldn't be None.")
        elif inputs:
            self._input_info = _update_input_info(inputs)
        self._inputs = self._verify_spec(inputs, is_input=True)
        self._labels = self._verify_spec(labels)
        self._metrics = []
        self._place = None
        if in_dynamic_mode():
            self._adapter = DynamicGraphAdapter(self)
        else:
            self._adapter = StaticGraphAdapter(self)

    def train_batch(self, inputs, labels=None, update=True):
        """One optimisation step on one batch; returns the losses (numpy arrays), or (losses,
        metrics) when metrics are prepared. `update=False` only accumulates gradients."""
        loss = self._adapter.train_batch(inputs, labels, update)
        if in_dynamic_mode() and self._input_info is None:
            self._update_inputs()
        return loss

    @no_grad()
    def eval_batch(self, inputs, labels=None):
        """Losses (and metrics) of one batch without training."""
        loss = self._adapter.eval_batch(inputs, labels)
        if in_dynamic_mode() and self._input_info is None:
            self._update_inputs()
        return loss

    @no_grad()
    def predict_batch(self, inputs):
        """The network's outputs on one batch, as a list of numpy arrays."""
        out = self._adapter.predict_batch(inputs)
        if in_dynamic_mode() and self._input_info is None:
            self._update_inputs()
        return out

    def save(self, path, training=True):
        """training=True: `path.pdparams` (+ `path.pdopt`) loadable by paddle.load and real Paddle;
        training=False: an inference model through paddle.jit.save."""
        if ParallelEnv().local_rank == 0:
            if not training:
                self._save_inference_model(path)
            else:
                self._adapter.save(path)

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Load `path.pdparams` (and `path.pdopt` unless `reset_optimizer`); with `skip_mismatch`
        missing or wrongly shaped parameters are skipped with a warning.

        Differences from Paddle: files are read with paddle.load's safe loader (only tensors,
        arrays, numbers, strings and containers), never with plain pickle."""
        def _load_state_from_path(p):
            if not os.path.exists(p):
                return None
            # raw file content as Paddle's pickle.load gives it: arrays, and the name table kept
            return _load(p, return_numpy=True, keep_name_table=True)

        def _check_match(key, param):
            state = param_state.get(key, None)
            if state is None:
                raise ValueError(f"{key} is not found in the providing file.")
            if list(state.shape) != list(param.shape):
                raise ValueError(f"{key} receives a shape {list(state.shape)}, but the expected "
                                 f"shape is {list(param.shape)}.")
            return param, state

        path, ext = os.path.splitext(path)
        assert ext in ["", ".pdparams", ".pdopt", ".pdmodel"], f"Unknown postfix {ext} from weights"
        param_state = _load_state_from_path(path + ".pdparams")
        assert param_state, "Failed to load parameters, please check path."
        matched_param_state = []
        for key, param in self.network.state_dict().items():
            try:
                match_res = _check_match(key, param)
            except ValueError as err:
                if skip_mismatch:
                    warnings.warn(f"Skip loading for {key}. " + str(err))
                    reset_optimizer = True
                    continue
                raise
            matched_param_state.append(match_res)
        optim_state = None if reset_optimizer else _load_state_from_path(path + ".pdopt")
        return self._adapter.load(matched_param_state, optim_state)

    def parameters(self, *args, **kwargs):
        """The network's parameters."""
        return self._adapter.parameters()

    def _prepare_amp(self, amp_configs):
        """Paddle's checks and split of amp_configs: the level; custom white/black lists for
        auto_cast; the GradScaler's arguments; 'use_fp16_guard' (static mode only)."""
        adapter = self._adapter
        adapter._amp_custom_lists = {}
        adapter._amp_configs = {}
        if not amp_configs:
            adapter._amp_level = "O0"
            return
        if isinstance(amp_configs, str):
            if amp_configs not in ("O0", "O1", "O2"):
                raise ValueError("The level of amp_configs should be 'O0', 'O1' or 'O2'.")
            adapter._amp_level = amp_configs
            self._check_pure_fp16_configs()
            return
        if "level" not in amp_configs:
            adapter._amp_level = "O1"
        elif amp_configs["level"] not in ("O0", "O1", "O2"):
            raise ValueError("amp_configs['level'] should be 'O0', 'O1' or 'O2'.")
        else:
            adapter._amp_level = amp_configs["level"]
        keys = set(amp_configs) - {"level"}
        if not keys or adapter._amp_level == "O0":
            return
        if "use_pure_fp16" in amp_configs:
            raise ValueError("'use_pure_fp16' is an invalid parameter, the level of mixed "
                             "precision training only depends on 'O1' or 'O2'.")
        self._check_pure_fp16_configs()
        for name in ("custom_white_list", "custom_black_list", "custom_black_varnames"):
            if name in keys:
                adapter._amp_custom_lists[name] = amp_configs[name]
                keys.discard(name)
        accepted = {"init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps",
                    "decr_every_n_nan_or_inf", "use_dynamic_loss_scaling", "use_fp16_guard"}
        if keys - accepted:
            raise ValueError("Except for 'level', the keys of 'amp_configs' must be accepted by "
                             "mixed precision APIs, but "
                             f"{tuple(keys - accepted)} could not be recognized.")
        if "use_fp16_guard" in keys:
            if in_dynamic_mode():
                raise ValueError("'use_fp16_guard' is supported in static graph mode only.")
            adapter._use_fp16_guard = amp_configs["use_fp16_guard"]
            keys.discard("use_fp16_guard")
        for key in keys:
            adapter._amp_configs[key] = amp_configs[key]

    def _check_pure_fp16_configs(self):
        # Paddle: O2 supports only norm-based gradient clipping.
        clip = getattr(self._optimizer, "_grad_clip", None)
        if self._adapter._amp_level == "O2" and clip:
            from .._optim.clip import ClipGradByGlobalNorm, ClipGradByNorm
            assert isinstance(clip, (ClipGradByGlobalNorm, ClipGradByNorm)), (
                "Only ClipGradByNorm and ClipGradByGlobalNorm are supported in amp training with "
                "level=O2 currently.")

    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Set the optimizer, the loss (a Layer or any callable of outputs + labels), the metrics
        (paddle.metric.Metric instances) and the AMP configuration."""
        from .._place import get_device
        self._place = get_device()
        self._optimizer = optimizer
        if loss is not None and not isinstance(loss, Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable "
                            "function.")
        self._loss = loss
        metrics = metrics or []
        for metric in to_list(metrics):
            assert isinstance(metric, Metric), (f"{metric.__class__.__name__} is not sub class of "
                                                "Metric")
        self._metrics = to_list(metrics)
        self._prepare_amp(amp_configs)
        self._adapter.prepare()

    def _make_loader(self, data, batch_size, shuffle=False, drop_last=False, num_workers=0):
        if data is not None and isinstance(data, Dataset):
            sampler = DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle,
                                              drop_last=drop_last)
            return DataLoader(data, batch_sampler=sampler, places=self._place,
                              num_workers=num_workers, return_list=True)
        return data

    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1,
            log_freq=10, save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True,
            num_workers=0, callbacks=None, accumulate_grad_batches=1, num_iters=None):
        """Train for `epochs` over `train_data` (a Dataset or a DataLoader), evaluating on
        `eval_data` every `eval_freq` epochs and saving `save_dir/<epoch>` every `save_freq` epochs
        and `save_dir/final` at the end. `batch_size` may be [train, eval]."""
        assert train_data is not None, "train_data must be given!"
        if isinstance(batch_size, (tuple, list)) and all(isinstance(x, int) for x in batch_size):
            assert len(batch_size) == 2, ("batch_size length error, expected train_batch_size and "
                                          "eval_batch_size.")
            train_batch_size, eval_batch_size = batch_size
        elif isinstance(batch_size, int):
            train_batch_size, eval_batch_size = batch_size, batch_size
        train_loader = self._make_loader(train_data, train_batch_size, shuffle, drop_last,
                                         num_workers)
        eval_loader = self._make_loader(eval_data, eval_batch_size, num_workers=num_workers)
        do_eval = eval_loader is not None
        self._test_dataloader = eval_loader
        self._accumulate = accumulate_grad_batches
        steps = self._len_data_loader(train_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            epochs = num_iters // steps + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(callbacks, model=self, epochs=epochs, steps=steps,
                                log_freq=log_freq, save_freq=save_freq, save_dir=save_dir,
                                verbose=verbose, metrics=self._metrics_name())
        if any(isinstance(k, EarlyStopping) for k in cbks) and not do_eval:
            warnings.warn("EarlyStopping needs validation data.")
        cbks.on_begin("train")
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs = self._run_one_epoch(train_loader, cbks, "train")
            cbks.on_epoch_end(epoch, logs)
            if do_eval and epoch % eval_freq == 0:
                eval_steps = self._len_data_loader(eval_loader)
                cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
                eval_logs = self._run_one_epoch(eval_loader, cbks, "eval")
                cbks.on_end("eval", eval_logs)
            if self.stop_training:
                break
        cbks.on_end("train", logs)
        self._test_dataloader = None

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0,
                 callbacks=None, num_iters=None):
        """Evaluate on `eval_data`; returns {'loss': [value], metric name: value, ...}."""
        eval_loader = self._make_loader(eval_data, batch_size, num_workers=num_workers)
        self._test_dataloader = eval_loader
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name())
        eval_steps = self._len_data_loader(eval_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(eval_steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            eval_steps = min(num_iters, eval_steps)
            self.num_iters = eval_steps
        cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(eval_loader, cbks, "eval")
        cbks.on_end("eval", logs)
        self._test_dataloader = None
        return {k: logs[k] for k in self._metrics_name()}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1,
                callbacks=None):
        """The network's outputs over `test_data`: a list with one entry per output, each a list
        of per-batch numpy arrays, or (stack_outputs=True) one array stacked over batches."""
        test_loader = self._make_loader(test_data, batch_size, num_workers=num_workers)
        self._test_dataloader = test_loader
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        test_steps = self._len_data_loader(test_loader)
        cbks.on_begin("predict", {"steps": test_steps})
        logs, outputs = self._run_one_epoch(test_loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(outs) for outs in outputs]
        self._test_dataloader = None
        cbks.on_end("predict", logs)
        return outputs

    def _save_inference_model(self, path):
        if not in_dynamic_mode():
            return self._save_static_inference_model(path)
        if self._input_info is None:
            raise RuntimeError("Saving inference model needs 'inputs' or running before saving. "
                               "Please specify 'inputs' in Model initialization or input training "
                               "data and perform a training for shape derivation.")
        if self._is_shape_inferred:
            warnings.warn("'inputs' was not specified when Model initialization, so the input "
                          "shape to be saved will be the shape derived from the user's actual "
                          f"inputs. The input shape to be saved is {self._input_info[0]}. For "
                          "saving correct input shapes, please provide 'inputs' for Model "
                          "initialization.")
        _jit_save(self.network, path, input_spec=self._inputs)

    def _save_static_inference_model(self, path):
        from .._static.io import save_inference_model
        file_prefix = os.path.basename(path)
        if file_prefix == "":
            raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\"
                             "file_prefix in Windows system], but received file_prefix is empty "
                             "string.")
        dirname = os.path.dirname(path)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname)
        prog = self._adapter._progs.get("test", None)
        assert prog, "Model is not ready, please call `model.prepare()` first"
        # Paddle 3.3.1 passes the *directory* as the path prefix here, so the files land beside
        # it as <dirname>.pdmodel / <dirname>.pdiparams; kept so scripts find them where Paddle
        # puts them.
        save_inference_model(dirname, list(self._adapter._input_vars["test"]),
                             self._adapter._endpoints["test"]["output"], self._adapter._executor,
                             program=prog.clone(for_test=True))

    def _run_one_epoch(self, data_loader, callbacks, mode, logs=_SHARED_LOGS):
        outputs = []
        n_steps = self._len_data_loader(data_loader)
        nranks = ParallelEnv().nranks          # read from the environment once per epoch
        for step, data in enumerate(data_loader):
            data = _flatten(data)
            batch_size = data[0].shape[0]
            callbacks.on_batch_begin(mode, step, logs)
            if mode != "predict":
                _inputs = [data[:len(self._inputs)], data[len(self._inputs):]]
                if mode == "train":
                    _inputs.append((step + 1) % self._accumulate == 0 or step + 1 == n_steps)
                outs = getattr(self, mode + "_batch")(*_inputs)
                if self._metrics and self._loss:
                    metrics = [[float(l) for l in outs[0]]]
                elif self._loss:
                    metrics = [[float(l) for l in outs]]
                else:
                    metrics = []
                for metric in self._metrics:
                    metrics.extend(to_list(metric.accumulate()))
                assert len(self._metrics_name()) == len(metrics)
                for k, v in zip(self._metrics_name(), metrics):
                    logs[k] = v
            else:
                if self._inputs is not None:
                    outs = self.predict_batch(data[:len(self._inputs)])
                else:
                    outs = self.predict_batch(data)
                outputs.append(outs)
            logs["step"] = step
            if mode == "train" or self._adapter._merge_count.get(mode + "_batch", 0) <= 0:
                logs["batch_size"] = batch_size * nranks
            else:
                logs["batch_size"] = self._adapter._merge_count[mode + "_batch"]
            callbacks.on_batch_end(mode, step, logs)
            if getattr(self, "num_iters", None) is not None:
                self.num_iters -= 1
                if self.num_iters <= 0:
                    self.stop_training = True
                    del self.num_iters
                    break
        self._reset_metrics()
        if mode == "predict":
            return logs, outputs
        return logs

    def summary(self, input_size=None, dtype=None):
        """paddle.summary of the network, with `input_size` or the Model's `inputs`."""
        assert input_size is not None or self._inputs is not None, \
            "'input_size' or 'self._input' must be set"
        _input_size = input_size if input_size is not None else self._inputs
        return summary(self.network, _input_size, dtypes=dtype)

    def _verify_spec(self, specs, shapes=None, dtypes=None, is_input=False):
        out_specs = []
        if specs is None:
            if is_input:
                arg_names = inspect.getfullargspec(self.network.forward).args[1:]
                if shapes is not None and dtypes is not None and in_dynamic_mode():
                    out_specs = [Input(name=n, dtype=dtypes[i], shape=shapes[i])
                                 for i, n in enumerate(arg_names)]
                else:
                    out_specs = [Input(name=n, shape=[None]) for n in arg_names]
            else:
                out_specs = to_list(specs)
        elif isinstance(specs, dict):
            assert is_input is False
            out_specs = [specs[n] for n in inspect.getfullargspec(self.network.forward).args
                         if n != "self"]
        else:
            out_specs = to_list(specs)
        if out_specs is not None:
            for i, spec in enumerate(out_specs):
                assert isinstance(spec, Input)
                if spec.name is None:
                    raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with "
                                     f"{spec}.")
        return out_specs

    def _reset_metrics(self):
        for metric in self._metrics:
            metric.reset()

    def _metrics_name(self):
        metrics_name = ["loss"] if self._loss else []
        for m in self._metrics:
            metrics_name.extend(to_list(m.name()))
        return metrics_name

    def _len_data_loader(self, data_loader):
        try:
            return len(data_loader)
        except Exception:     # Paddle: any loader without a length has unknown steps
            return None

    def _update_inputs(self):
        self._input_info = self._adapter._input_info
        if self._input_info is not None and len(self._input_info) == 2:
            self._inputs = self._verify_spec(None, self._input_info[0], self._input_info[1], True)
            self._is_shape_inferred = True
