"""paddle.DataParallel: gradients averaged across ranks during backward, on torch.distributed.

At construction, parameters and buffers are broadcast from rank 0 (Paddle's sync_params_buffers), so
every rank starts equal. During backward, the first parameter whose gradient is accumulated queues
one callback at the end of torch's backward pass; that callback flattens every trainable parameter's
gradient into one buffer, all-reduces it once and divides by the world size. One collective per
backward, in a fixed parameter order, so ranks cannot disagree on what is being reduced.

`no_sync()` skips the reduction (gradients accumulate locally and are reduced by the next synced
backward, as in Paddle). A trainable parameter that got no gradient is an error naming it unless
`find_unused_parameters=True`, which treats its gradient as zeros on that rank.

Differences from Paddle: `comm_buffer_size` / `last_comm_buffer_size` are accepted and ignored (one
bucket holds everything); `strategy` is accepted for compatibility.
"""
import contextlib

import torch
import torch.distributed as tdist

from .._nn.layer.layers import Layer
from .._tensor import lazy_zero_grad
from . import collective

__all__ = ["DataParallel"]


class DataParallel(Layer):
    """paddle.DataParallel(layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
    find_unused_parameters=False, group=None)"""

    def __init__(self, layers, strategy=None, comm_buffer_size=25, last_comm_buffer_size=1,
                 find_unused_parameters=False, group=None):
        super().__init__(layers.full_name() + "_data_parallel")
        if not isinstance(layers, Layer):
            raise TypeError(f"paddle.DataParallel: layers must be a paddle.nn.Layer, but received "
                            f"{type(layers).__name__}")
        self._layers = layers
        self.find_unused_parameters = find_unused_parameters
        self.group = group
        self._grad_need_sync = True
        self._sync_queued = False
        self._active = collective.is_initialized() and collective.get_world_size(group) > 1
        if self._active:
            pg = None if group is None else group.process_group
            with torch.no_grad():
                for t in list(layers.parameters()) + list(layers.buffers()):
                    tdist.broadcast(t._t.data, _global_rank(group, 0), group=pg)
            for p in self._trainable():
                p._t.register_post_accumulate_grad_hook(self._on_grad_ready)

    def _trainable(self):
        return [p for p in self._layers.parameters() if not p.stop_gradient]

    def forward(self, *inputs, **kwargs):
        return self._layers(*inputs, **kwargs)

    def _on_grad_ready(self, _tensor):
        if not self._grad_need_sync or self._sync_queued:
            return
        self._sync_queued = True
        torch.autograd.Variable._execution_engine.queue_callback(self._sync_grads)

    def _sync_grads(self):
        self._sync_queued = False
        params = self._trainable()
        grads = []
        for p in params:
            g = lazy_zero_grad(p._t)
            if g is None:
                if not self.find_unused_parameters:
                    raise RuntimeError(
                        f"paddle.DataParallel (rank {collective.get_rank()}): parameter {p.name} "
                        "received no gradient in this backward; pass find_unused_parameters=True to "
                        "DataParallel if some parameters are not used in every step")
                g = p._t.grad = torch.zeros_like(p._t)
            grads.append(g)
        flat = torch.cat([g.reshape(-1) for g in grads])
        pg = None if self.group is None else self.group.process_group
        tdist.all_reduce(flat, group=pg)
        flat.div_(tdist.get_world_size(pg))
        offset = 0
        for g in grads:
            n = g.numel()
            g.copy_(flat[offset:offset + n].view_as(g))
            offset += n

    @contextlib.contextmanager
    def no_sync(self):
        """Within this block, backward does not all-reduce gradients (they accumulate locally)."""
        old = self._grad_need_sync
        self._grad_need_sync = False
        try:
            yield
        finally:
            self._grad_need_sync = old

    def scale_loss(self, loss):
        """Kept for Paddle 2.x scripts: the loss is returned unchanged (averaging happens in backward)."""
        return loss

    def apply_collective_grads(self):
        """Kept for Paddle 2.x scripts: gradients are already reduced during backward."""

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        return self._layers.state_dict(destination, include_sublayers, structured_name_prefix,
                                       use_hook, keep_vars)

    def set_state_dict(self, state_dict, use_structured_name=True):
        return self._layers.set_state_dict(state_dict, use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict


def _global_rank(group, group_rank):
    return group_rank if group is None else group.ranks[group_rank]

# A name Paddle 3.3.1 has here and paddle_compat lacks: its package's object or the census error
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
