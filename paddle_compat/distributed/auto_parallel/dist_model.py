"""paddle.distributed.to_static(layer, loader=None, loss=None, optimizer=None, strategy=None,
input_spec=None) -> DistModel: the train / eval / predict runner of Paddle's auto-parallel
static path.

    dist_model = dist.to_static(layer, dist_loader, loss_fn, opt)
    dist_model.train()
    for x, y in dist_loader:
        loss = dist_model(x, y)          # forward, backward and the optimizer step; numpy loss

In "train" mode a call runs the forward, the loss, backward and the optimizer step (after
strategy.gradient_merge.k_steps calls when gradient merge is on, the gradients averaged when its
avg is set) and returns the loss as a numpy array (Paddle's executor fetches numpy); "eval" returns
the loss without updating; "predict" returns the model's outputs (numpy). The feeds are the
inputs followed by the label (the last feed), as Paddle's engine splits a dataset sample.

Differences from Paddle: nothing is converted to a static program - the layer runs eagerly on
DTensor, which already executes the sharded computation; dist_main_program() and the other program
getters raise NotImplementedError. strategy.pipeline / amp / sharding / fused_passes enabled raise
NotImplementedError (use fleet's PipelineLayer, paddle.amp, shard_optimizer).
"""
import numpy as np

from ..._tensor import Tensor

__all__ = ["DistModel", "to_static"]


def _numpy(value):
    if isinstance(value, Tensor):
        if value.is_dist():
            from .api import unshard_dtensor
            value = unshard_dtensor(value)
        return value.numpy()
    if isinstance(value, (list, tuple)):
        return [_numpy(v) for v in value]
    return value


class DistModel:
    """The object to_static returns: train() / eval() / predict() then call it with a batch."""

    def __init__(self, layer, loader, loss=None, optimizer=None, strategy=None, metrics=None,
                 input_spec=None):
        from .strategy import Strategy
        strategy = strategy or Strategy()
        for category in ("pipeline", "amp", "sharding", "fused_passes"):
            if getattr(strategy, category).enable:
                raise NotImplementedError(
                    f"paddle.distributed.to_static: strategy.{category}.enable is not supported by "
                    "paddle_compat (the layer runs eagerly on DTensor); use fleet's PipelineLayer, "
                    "paddle.amp or dist.shard_optimizer instead")
        self._layer, self._loader, self._loss = layer, loader, loss
        self._optimizer, self._strategy = optimizer, strategy
        self._merge = strategy.gradient_merge
        self._pending = 0
        self._mode = None
        self.outs = {}
        if optimizer is not None and loss is not None:
            self.train()
        elif loss is not None:
            self.eval()
        else:
            self.predict()

    def train(self):
        """Calls update the parameters and return the loss."""
        self._mode = "train"
        self._layer.train()

    def eval(self):
        """Calls return the loss."""
        self._mode = "eval"
        self._layer.eval()

    def predict(self):
        """Calls return the model's outputs."""
        self._mode = "predict"
        self._layer.eval()

    def _program(self, mode=None):
        if mode is None and self._mode is None:
            raise ValueError("Please set the mode or call train()/eval()/predict() first.")
        if (mode or self._mode) not in ("train", "eval", "predict"):
            raise ValueError("mode can only be 'train', 'eval' or 'predict'.")
        raise NotImplementedError("DistModel programs: paddle_compat runs the layer eagerly on "
                                  "DTensor and builds no static program")

    dist_main_program = dist_startup_program = _program
    serial_main_program = serial_startup_program = _program

    def __call__(self, *args):
        import torch
        if self._mode is None:
            raise ValueError("Please call train()/eval()/predict() first.")
        if self._mode == "train" and (self._optimizer is None or self._loss is None):
            raise ValueError("Please set optimizer and loss function before training.")
        if self._mode == "eval" and self._loss is None:
            raise ValueError("Please set loss function before evaluation.")
        feeds = []
        for item in args:
            if isinstance(item, (list, tuple)):
                feeds += list(item)
            elif isinstance(item, Tensor):
                feeds.append(item)
            else:
                raise TypeError(f"The inputs of DistModel should be list or tensor, but got "
                                f"{type(item)}")
        if self._mode == "predict":
            with torch.no_grad():
                out = self._layer(*feeds)
            self.outs = {"outputs": _numpy(out)}
            return self.outs["outputs"]
        inputs, label = (feeds[:-1], feeds[-1]) if len(feeds) > 1 else (feeds, None)
        if self._mode == "eval":
            with torch.no_grad():
                loss = self._loss(self._layer(*inputs), label)
        else:
            loss = self._loss(self._layer(*inputs), label)
            scaled = loss
            if self._merge.enable and self._merge.k_steps > 1 and self._merge.avg:
                scaled = loss / self._merge.k_steps
            scaled.backward()
            self._pending += 1
            k = self._merge.k_steps if self._merge.enable else 1
            if self._pending >= k:
                self._optimizer.step()
                self._optimizer.clear_grad()
                self._pending = 0
        self.outs = {"loss": np.asarray(_numpy(loss))}
        return self.outs["loss"]

    def state_dict(self, mode="all"):
        """The layer's parameters ("param"), the optimizer's state ("opt") or both ("all")."""
        if mode not in ("all", "param", "opt"):
            raise ValueError(f"mode should be 'all', 'param' or 'opt', but received {mode!r}")
        out = {}
        if mode in ("all", "param"):
            out.update(self._layer.state_dict())
        if mode in ("all", "opt") and self._optimizer is not None:
            out.update({k: v for k, v in self._optimizer.state_dict().items()
                        if isinstance(v, Tensor)})
        return out

    def set_state_dict(self, state_dict):
        """Load parameters (and optimizer state) from a dict like state_dict()'s."""
        self._layer.set_state_dict(state_dict)


def to_static(layer, loader=None, loss=None, optimizer=None, strategy=None, input_spec=None):
    """paddle.distributed.to_static(layer, loader=None, loss=None, optimizer=None,
    strategy=None, input_spec=None) -> DistModel.

    Differences from Paddle: no static program is built (see the module docstring)."""
    return DistModel(layer, loader, loss, optimizer, strategy, input_spec=input_spec)
