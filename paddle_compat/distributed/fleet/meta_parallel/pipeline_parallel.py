"""fleet's pipeline parallelism: LayerDesc, PipelineLayer and PipelineParallel (1F1B).

    model = PipelineLayer([LayerDesc(nn.Linear, 4, 8), LayerDesc(nn.ReLU), ...],
                          num_stages=2, loss_fn=nn.MSELoss())
    model = fleet.distributed_model(model)              # PipelineParallel when pp_degree > 1
    loss = model.train_batch([x, y], optimizer)         # 1F1B over accumulate_steps micro batches

The layer list is cut into num_stages consecutive parts (seg_method "uniform": by count, the extra
layers to the last stages, as Paddle; or a list of boundaries) and each pipeline stage builds only
its part. train_batch splits the batch into hybrid_configs["pp_configs"]["accumulate_steps"] micro
batches of micro_batch_size, runs Paddle's 1F1B schedule - warm-up forwards, then one forward /
one backward, then the cool-down backwards - sending activations forward and their gradients back
with torch.distributed point-to-point calls, scales each micro batch's loss by 1/accumulate_steps,
steps the optimizer and returns the mean loss (on every stage, broadcast from the last).

SharedLayerDesc(key, layer_class, forward_func=None, shared_weight_attr="weight", ...) is one layer
used at several places of the list (tied input embedding and output head): each stage that uses it
builds it once; its `shared_weight_attr` parameter is broadcast from the first such stage at
construction, and train_batch sums that parameter's gradient over those stages before the
optimizer steps, so the copies stay equal, as Paddle's PipelineLayer does. `forward_func(layer, x)`
is how a later use runs it (the first use calls the layer).

num_virtual_pipeline_stages=V cuts the list into num_stages * V chunks, stage s holding chunks s,
s + num_stages, ... (Paddle's interleaved layout); fleet.distributed_model then returns a
PipelineParallelWithInterleave, which runs each micro batch through the chunks in order around the
ring of stages and back, with the same losses and gradients as one process.

Differences from Paddle: the interleaved schedule runs one micro batch's chunks at a time (forward,
then backward) instead of Paddle's interleaved 1F1B, which overlaps stages (same results, less
overlap); recompute_interval and eval_batch's compute_loss=False micro-batch outputs are not
supported; a stage sends one Tensor (or a tuple of Tensors) of a floating or integer dtype to the
next.
"""
import functools
import math

import torch
import torch.distributed as tdist

from ...._tensor import Tensor, wrap
from ...._nn.layer.layers import Layer
from .tensor_parallel import _MetaParallelBase, broadcast_parameters

__all__ = ["LayerDesc", "SharedLayerDesc", "PipelineLayer", "PipelineParallel",
           "PipelineParallelWithInterleave"]


class LayerDesc:
    """fleet.meta_parallel.LayerDesc(layer_class, *inputs, **kwargs): a Layer built later, only on
    the pipeline stage that runs it."""

    def __init__(self, layer_func_or_spec, *inputs, **kwargs):
        self.kwargs = kwargs
        self.inputs = inputs
        self.layer_func = layer_func_or_spec
        if not issubclass(layer_func_or_spec, Layer):     # a non-class: issubclass's TypeError, as Paddle
            raise TypeError("The input(layer_func) should be a derived class of Layer.")

    def build_layer(self):
        return self.layer_func(*self.inputs, **self.kwargs)

    def __repr__(self):
        return f"LayerDesc({self.layer_func.__name__})"


class SharedLayerDesc(LayerDesc):
    """fleet.meta_parallel.SharedLayerDesc(key, layer_func, forward_func=None,
    shared_weight_attr='weight', *inputs, **kwargs): a layer shared by every place of the
    PipelineLayer list that names the same `key` (see the module docstring)."""

    def __init__(self, key, layer_func, forward_func=None, shared_weight_attr="weight", *inputs,
                 **kwargs):
        super().__init__(layer_func, *inputs, **kwargs)
        self.layer_name = key
        self.forward_func = forward_func
        self.shared_weight_attr = shared_weight_attr


def _uniform(num_items, num_parts):
    result = [0] * (num_parts + 1)
    part_size = math.floor(num_items / num_parts)
    extra = num_items % num_parts
    for i in range(1, num_parts):
        offset = 1 if i > (num_parts - extra) else 0
        result[i] = int(min(result[i - 1] + part_size + offset, num_items))
    result[num_parts] = num_items
    return result


class PipelineLayer(Layer):
    """fleet.meta_parallel.PipelineLayer(layers, num_stages=None, topology=None, loss_fn=None,
    seg_method="uniform", ...): this stage's part of `layers`, run in order by forward."""

    def __init__(self, layers, num_stages=None, topology=None, loss_fn=None, seg_method="uniform",
                 recompute_interval=0, recompute_ctx=None, num_virtual_pipeline_stages=None,
                 use_cudagraph=False, use_dualpipev=False):
        super().__init__()
        from .. import _state
        if num_stages is None and topology is None:
            raise ValueError("should provide num_stages or topology")
        self._num_virtual = num_virtual_pipeline_stages or 1
        if recompute_interval:
            raise NotImplementedError("PipelineLayer: recompute_interval is not supported by "
                                      "paddle_compat; call fleet.utils.recompute inside a layer")
        hcg = _state.HCG[0]
        if topology is not None:
            num_stages = topology.get_dim("pipe")
        elif hcg is not None and hcg.get_pipe_parallel_world_size() > 1:
            assert hcg.get_pipe_parallel_world_size() == num_stages, (
                f"num_stages should be equal to be {hcg.get_pipe_parallel_world_size()}")
        self._num_stages = num_stages
        self._stage_id = hcg.get_stage_id() if hcg is not None and num_stages > 1 else 0
        self._loss_fn = loss_fn if isinstance(loss_fn, (list, tuple)) else [loss_fn]
        self._layers_desc = list(layers)
        if self._stage_id >= num_stages:
            raise ValueError(f"stage {self._stage_id} is outside the {num_stages} stages")
        n = len(self._layers_desc)
        assert n >= num_stages, "layer number should be greater than number of segments"
        parts = num_stages * self._num_virtual
        assert n >= parts, "layer number should be greater than number of segments"
        if isinstance(seg_method, list):
            bounds = seg_method + ([n] if len(seg_method) == parts else [])
        elif seg_method == "uniform":
            bounds = _uniform(n, parts)
        else:
            raise NotImplementedError(f"PipelineLayer: seg_method {seg_method!r} is not supported "
                                      "by paddle_compat; use 'uniform' or a list of boundaries")
        self.segment_parts = bounds
        # this stage's chunks (one unless interleaved): chunk k of stage s is part s + k * stages
        self._chunk_bounds = [(bounds[c], bounds[c + 1])
                              for c in range(self._stage_id, parts, num_stages)]
        self._start, self._end = self._chunk_bounds[0][0], self._chunk_bounds[-1][1]
        self.run_function = []
        self._chunks = []
        from ...._nn.layer.container import LayerDict
        self.shared_layers = LayerDict()
        self.shared_weight_attrs = {}
        for lo, hi in self._chunk_bounds:
            self._chunks.append(self._build(lo, hi))
            self.run_function.extend(self._chunks[-1])
        self._shared_groups = self._shared_comm(hcg) if num_stages > 1 and hcg is not None else {}

    def _build(self, lo, hi):
        """The callables of layers lo..hi-1 (this stage builds only these)."""
        run = []
        for i in range(lo, hi):
            desc = self._layers_desc[i]
            if isinstance(desc, SharedLayerDesc):
                first = desc.layer_name not in self.shared_layers
                if first:
                    self.shared_layers[desc.layer_name] = desc.build_layer()
                    self.shared_weight_attrs[desc.layer_name] = desc.shared_weight_attr
                shared = self.shared_layers[desc.layer_name]
                run.append(shared if desc.forward_func is None else
                           functools.partial(desc.forward_func, shared))
                continue
            layer = desc.build_layer() if isinstance(desc, LayerDesc) else desc
            if isinstance(layer, Layer):
                self.add_sublayer(str(i), layer)
            run.append(layer)
        return run

    def _shared_comm(self, hcg):
        """{key: group} for the shared layers this stage holds and another stage holds too: the
        groups are made by every process (torch's new_group requires it), one per pipeline line;
        each shared weight starts as the first stage's."""
        from ... import collective
        groups = {}
        keys = sorted({d.layer_name for d in self._layers_desc if isinstance(d, SharedLayerDesc)})
        me = collective.get_rank()
        for key in keys:
            stages = sorted({self.get_stage_from_index(i) for i, d in enumerate(self._layers_desc)
                             if isinstance(d, SharedLayerDesc) and d.layer_name == key})
            if len(stages) < 2:
                continue
            for line in hcg.topology().get_comm_list("pipe"):
                ranks = [line[s] for s in stages]
                group = collective.new_group(ranks)
                if me in ranks:
                    groups[key] = group
                    weight = getattr(self.shared_layers[key], self.shared_weight_attrs[key])
                    with torch.no_grad():
                        tdist.broadcast(weight._t.data, ranks[0], group=group.process_group)
        return groups

    def allreduce_shared_weight_gradients(self):
        """Sum each shared weight's gradient over the stages that hold it (Paddle's name)."""
        for key, group in self._shared_groups.items():
            weight = getattr(self.shared_layers[key], self.shared_weight_attrs[key])
            grad = weight._t.grad
            if grad is None:
                grad = weight._t.grad = torch.zeros_like(weight._t)
            tdist.all_reduce(grad, group=group.process_group)

    def get_stage_from_index(self, layer_idx):
        for part in range(len(self.segment_parts) - 1):
            if self.segment_parts[part] <= layer_idx < self.segment_parts[part + 1]:
                return part % self._num_stages
        raise ValueError(f"layer index {layer_idx} is outside the model")

    def get_num_virtual_stages(self):
        return self._num_virtual

    def forward(self, input, chunk_id=None):
        """Run this stage's layers (one chunk of them when interleaved: `chunk_id`)."""
        for fn in (self.run_function if chunk_id is None else self._chunks[chunk_id]):
            input = fn(*input) if isinstance(input, tuple) else fn(input)
        return input


_DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int64, torch.int32,
           torch.bool]


def _send(raws, dst, handles):
    """Send a tuple of torch tensors: a header (count, then per tensor dtype, ndim, shape)."""
    header = [len(raws)]
    for r in raws:
        header += [_DTYPES.index(r.dtype), r.dim()] + list(r.shape)
    head = torch.tensor([len(header)] + header, dtype=torch.int64)
    size = torch.tensor([head.numel()], dtype=torch.int64)
    for t in [size, head] + [r.detach().contiguous() for r in raws]:
        handles.append((tdist.isend(t, dst), t))


def _recv(src):
    size = torch.zeros(1, dtype=torch.int64)
    tdist.recv(size, src)
    head = torch.zeros(int(size.item()), dtype=torch.int64)
    tdist.recv(head, src)
    h = head.tolist()[1:]
    count, pos, out = h[0], 1, []
    for _ in range(count):
        dtype, ndim = _DTYPES[h[pos]], h[pos + 1]
        shape = h[pos + 2:pos + 2 + ndim]
        pos += 2 + ndim
        t = torch.empty(shape, dtype=dtype)
        tdist.recv(t, src)
        out.append(t)
    return out


def _raws(obj):
    return [o._t for o in obj] if isinstance(obj, (tuple, list)) else [obj._t]


class PipelineParallel(_MetaParallelBase):
    """fleet.meta_parallel.PipelineParallel(layers, hcg, strategy): train_batch / eval_batch on a
    PipelineLayer with the 1F1B schedule."""

    def _prepare_for_model(self):
        cfg = self._strategy.hybrid_configs["pp_configs"] if self._strategy else {}
        self.micro_batch_size = cfg.get("micro_batch_size", 1)
        self.accumulate_steps = cfg.get("accumulate_steps", 1)
        self.num_stages = self._hcg.get_pipe_parallel_world_size()
        self.stage_id = self._hcg.get_stage_id()
        self.is_pipeline_first_stage = self.stage_id == 0
        self.is_pipeline_last_stage = self.stage_id == self.num_stages - 1
        self._next = self._hcg._get_p2p_next_rank()
        self._prev = self._hcg._get_p2p_prev_rank()
        broadcast_parameters(self._layers, self._hcg.get_data_parallel_group())

    def _micro(self, data, i):
        if data is None:
            return None
        if isinstance(data, (tuple, list)):
            return tuple(self._micro(d, i) for d in data)
        b = self.micro_batch_size
        return wrap(data._t[i * b:(i + 1) * b])

    def _check_batch(self, data):
        first = data
        while isinstance(first, (tuple, list)):
            first = first[0]
        if isinstance(first, Tensor):
            assert first.shape[0] == self.micro_batch_size * self.accumulate_steps, (
                f"batch_size needs to be divisible by micro_batch_size. Currently, batch_size = "
                f"{first.shape[0]}, micro_batch_size = {self.micro_batch_size}, "
                f"accumulate_steps = {self.accumulate_steps}.")

    def _forward_step(self, inputs, labels, i, handles, compute_loss=True, chunk=None):
        """Micro batch i through this stage (through model chunk `chunk` of the interleaved
        ring when given); -> (the tensors received from the previous stage, the output)."""
        total = self.num_stages * self._layers.get_num_virtual_stages()
        first = self.is_pipeline_first_stage if chunk is None else chunk == 0
        last = self.is_pipeline_last_stage if chunk is None else chunk == total - 1
        if first:
            x = self._micro(inputs, i)
            x = x[0] if isinstance(x, tuple) and len(x) == 1 else x
            received = None
        else:
            received = [r.requires_grad_(r.is_floating_point()) for r in _recv(self._prev)]
            x = tuple(wrap(r) for r in received)
            x = x[0] if len(x) == 1 else x
        out = self._layers(x) if chunk is None else \
            self._layers(x, chunk_id=chunk // self.num_stages)
        if last:
            if compute_loss:
                label = self._micro(labels, i)
                label = label[0] if isinstance(label, tuple) and len(label) == 1 else label
                out = self._layers._loss_fn[0](out, label)
                if self.accumulate_steps > 1:
                    out = out / self.accumulate_steps
        else:
            _send(_raws(out), self._next, handles)
        return received, out

    def _backward_step(self, received, out, handles, last=None):
        if self.is_pipeline_last_stage if last is None else last:
            out._t.backward()
        else:
            outs = _raws(out)
            grads = _recv(self._next)
            pairs = [(o, g) for o, g in zip(outs, grads) if o.requires_grad]
            torch.autograd.backward([o for o, _ in pairs], [g for _, g in pairs])
        if received is not None:
            grads = [r.grad if r.grad is not None else torch.zeros_like(r) for r in received]
            _send(grads, self._prev, handles)

    def forward_backward_pipeline(self, data, scaler=None, return_micro_batch_loss=False):
        """The 1F1B schedule over accumulate_steps micro batches; the summed (scaled) loss."""
        inputs, labels = (data[0], data[1]) if isinstance(data, (tuple, list)) else (data, None)
        steps = self.accumulate_steps
        warmup = min(self.num_stages - self.stage_id - 1, steps)
        handles, pending, losses = [], [], []
        fwd = 0
        for _ in range(warmup):
            pending.append(self._forward_step(inputs, labels, fwd, handles))
            fwd += 1
        for _ in range(steps - warmup):
            pending.append(self._forward_step(inputs, labels, fwd, handles))
            fwd += 1
            received, out = pending.pop(0)
            if self.is_pipeline_last_stage:
                losses.append(out._t.detach())
            self._backward_step(received, out, handles)
        while pending:
            received, out = pending.pop(0)
            self._backward_step(received, out, handles)
        for work, _ in handles:
            work.wait()
        return self._broadcast_final_loss(losses, return_micro_batch_loss)

    def _broadcast_final_loss(self, losses, per_micro=False):
        last = self._hcg.get_rank_from_stage(self.num_stages - 1)
        group = self._hcg.get_pipe_parallel_group()
        if self.is_pipeline_last_stage:
            value = torch.stack([l.reshape(()) for l in losses]) if per_micro else \
                sum(l.reshape(()) for l in losses)
            value = value.clone()
        else:
            value = torch.zeros([self.accumulate_steps] if per_micro else [])
        tdist.broadcast(value, last, group=group.process_group)
        return wrap(value)

    def train_batch(self, data, optimizer, lr_scheduler=None, scaler=None, loss_fn_idx=0,
                    return_micro_batch_loss=False):
        """One training step over the global batch `data` = [inputs, labels]: 1F1B forward and
        backward, then optimizer.step() (and lr_scheduler.step()); the mean loss."""
        assert loss_fn_idx in range(len(self._layers._loss_fn)) and \
            self._layers._loss_fn[loss_fn_idx] is not None, \
            f"loss function {loss_fn_idx} should exist to compute loss"
        self._check_batch(data[0] if isinstance(data, (tuple, list)) else data)
        self._layers.train()
        loss = self.forward_backward_pipeline(data, scaler, return_micro_batch_loss)
        self._layers.allreduce_shared_weight_gradients()
        optimizer.step()
        optimizer.clear_grad()
        if lr_scheduler is not None:
            lr_scheduler.step()
        return loss

    def eval_batch(self, data, compute_loss=False, loss_fn_idx=0):
        """Forward only over the micro batches; with compute_loss, the mean loss (every stage)."""
        if not compute_loss:
            raise NotImplementedError("PipelineParallel.eval_batch(compute_loss=False) is not "
                                      "supported by paddle_compat; pass compute_loss=True")
        self._layers.eval()
        inputs, labels = data[0], data[1]
        handles, losses = [], []
        with torch.no_grad():
            for i in range(self.accumulate_steps):
                _, out = self._forward_step(inputs, labels, i, handles)
                if self.is_pipeline_last_stage:
                    losses.append(out._t.detach())
        for work, _ in handles:
            work.wait()
        return self._broadcast_final_loss(losses)


class PipelineParallelWithInterleave(PipelineParallel):
    """fleet.meta_parallel.PipelineParallelWithInterleave: train_batch / eval_batch on a
    PipelineLayer with virtual stages; each micro batch goes through the chunks in order (chunk c
    on stage c % stages, around the ring), then back through them (module docstring)."""

    def forward_backward_pipeline(self, data, scaler=None, return_micro_batch_loss=False):
        """Each micro batch forward through every chunk, then backward; the summed loss."""
        inputs, labels = (data[0], data[1]) if isinstance(data, (tuple, list)) else (data, None)
        total = self.num_stages * self._layers.get_num_virtual_stages()
        mine = [c for c in range(total) if c % self.num_stages == self.stage_id]
        handles, losses = [], []
        for i in range(self.accumulate_steps):
            done = [(c, self._forward_step(inputs, labels, i, handles, chunk=c)) for c in mine]
            if total - 1 in mine:
                losses.append(done[-1][1][1]._t.detach())
            for c, (received, out) in reversed(done):
                self._backward_step(received, out, handles, last=c == total - 1)
        for work, _ in handles:
            work.wait()
        return self._broadcast_final_loss(losses, return_micro_batch_loss)

    def eval_batch(self, data, compute_loss=False, loss_fn_idx=0):
        """Forward only through every chunk; with compute_loss, the mean loss (every stage)."""
        if not compute_loss:
            raise NotImplementedError("PipelineParallel.eval_batch(compute_loss=False) is not "
                                      "supported by paddle_compat; pass compute_loss=True")
        self._layers.eval()
        inputs, labels = data[0], data[1]
        total = self.num_stages * self._layers.get_num_virtual_stages()
        handles, losses = [], []
        with torch.no_grad():
            for i in range(self.accumulate_steps):
                for c in range(self.stage_id, total, self.num_stages):
                    _, out = self._forward_step(inputs, labels, i, handles, chunk=c)
                    if c == total - 1:
                        losses.append(out._t.detach())
        for work, _ in handles:
            work.wait()
        return self._broadcast_final_loss(losses)
