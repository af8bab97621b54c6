"""paddle.autograd.PyLayer and PyLayerContext on torch.autograd.Function (DESIGN decision 5).

One torch.autograd.Function per PyLayer subclass, made by the metaclass: torch's engine does all
of the differentiation (double backward, CUDA streams, graph freeing); this file only translates
Paddle's contract into it:

* `apply(*args, **kwargs)` takes Tensors anywhere: positional Tensors, then kwargs values in the
  order they were written at the call site; a list/tuple of Tensors is one "duplicable" slot.
  torch's `Function.apply` takes positional tensors only, so the slots are flattened into it and
  the user's forward is called with the original arguments (the same paddle Tensor objects).
* The user's ctx is an instance of `<Class>_backward`, Paddle's own type name; the torch ctx
  carries it to backward.
* Outputs keep the user's structure and objects; backward's return value is checked with Paddle's
  rules and messages (py_layer_errors.py) and flattened back to torch's one-grad-per-input.
* Saved tensors: items that are outputs of the call go through torch's `save_for_backward` (it
  avoids the output -> node -> ctx -> output reference cycle and rebuilds the graph link for double
  backward); every other item is kept as the very object saved, as Paddle does.

When no input needs grad (or grad is disabled) no torch Function is involved at all: forward runs
under no_grad and its outputs are returned as they are, which is also the fastest path.

Per-call cost matters (a PyLayer often wraps a tiny op): `apply` calls torch's C `Function.apply`
directly (torch's Python wrapper only binds `setup_context`, which PyLayer never has), the node's
`apply` is our backward itself, a slot's stop_gradient is read back from torch's
`needs_input_grad`, and one Tensor in / one Tensor out / `save_for_backward(out)` skip the general
bookkeeping (benchmarks/bench_pylayer.py).
"""
import functools
import weakref

import torch

from .._mode import STATE
from .._tensor import _LAZY_ZERO, Tensor, wrap
from . import py_layer_errors as _err
from .saved_tensors_hooks import ACTIVE as _HOOKS

__all__ = ["PyLayerContext", "PyLayer", "PyLayerBackward", "PyLayerMeta", "once_differentiable"]


class PyLayerContext:
    """The `ctx` object passed to `PyLayer.forward` and `PyLayer.backward`.

    It carries tensors (`save_for_backward` / `saved_tensor`) and any attribute the user sets
    (`ctx.func = ...`) from forward to backward, and the per-call options `mark_not_inplace`,
    `mark_non_differentiable`, `set_materialize_grads`, `set_grad_in_dtype_consistent`.

    Differences from Paddle: `materialize_grads` and `grad_in_dtype_consistent` are also
    readable (Paddle's are write-only attributes).
    """

    # Paddle's C++ context starts with these unset; class attributes keep instances light.
    non_differentiable = None
    not_inplace_tensors = None
    materialize_grads = True
    grad_in_dtype_consistent = True
    __raw = None      # what save_for_backward received, kept as is
    __hooked = None   # (unpack_hook, packed items): saved under saved_tensors_hooks
    __saved = None    # (template, positions, weakref(torch ctx)): outputs moved to torch

    def save_for_backward(self, *tensors):
        """Keep `tensors` for backward; read them back with `saved_tensor()`.

        Any objects are accepted (non-Tensors come back unchanged); a later call replaces an
        earlier one. Under `paddle.autograd.saved_tensors_hooks` each item is packed now.

        A saved forward *output* modified in place before backward is read with its new value, as
        in Paddle (which does not check the version of saved outputs).
        """
        if _HOOKS:
            self.container = tensors
        else:       # the `container` setter without hooks, inlined: this runs on every call
            self.__saved = self.__hooked = None
            self.__raw = tensors

    def saved_tensor(self):
        """The tuple given to `save_for_backward` (its last call), or None if it was never called."""
        saved = self.__saved
        if saved is not None:
            if saved[0] is _ONE_SAVED:
                tctx = saved[2]()
                if tctx is not None:
                    return (wrap(_saved_outputs(tctx)[0]),)    # `save_for_backward(out)`
            return self.__unpack_torch(saved)
        hooked = self.__hooked
        if hooked is not None:
            return _unpack_hooked(*hooked)
        return self.__raw

    @property
    def container(self):
        return self.saved_tensor()

    @container.setter
    def container(self, value):
        self.__saved = None
        if _HOOKS:
            # Paddle packs at save time, when hooks are active (one call per item, None included).
            pack, unpack = _HOOKS[-1]
            self.__hooked = (unpack, _pack_hooked(pack, value))
            self.__raw = None
        else:
            self.__hooked = None
            self.__raw = value

    def mark_not_inplace(self, *args):
        """Mark input Tensors that forward may return as they are: the caller then gets a new Tensor
        sharing their data, and the input keeps its own autograd history.

        Differences from Paddle: Paddle 3.3.1 attaches the PyLayer's history to the *input* and
        returns a detached leaf (so backward never reaches the input); paddle_compat does what
        Paddle's documentation describes.
        """
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        """Mark output Tensors that get no gradient (stop_gradient=True); backward still receives
        a zero Tensor for each of them."""
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """True (default): a missing output grad reaches backward as zeros shaped like the output;
        False: it arrives as None."""
        self.materialize_grads = value

    def set_grad_in_dtype_consistent(self, flag):
        """Whether grads reaching backward are cast to the forward output's dtype (default True).

        Differences from Paddle: torch's engine always casts a grad to the dtype of the output it
        belongs to, so with `False` the grad still arrives in the output's dtype.
        """
        self.grad_in_dtype_consistent = flag

    def name(self):
        """The backward node's name, `GradNodePyLayer_<Class>`."""
        return _err.node_name(self._forward_cls)

    def _pl_move_outputs_to_torch(self, tctx, wrappers):
        # Saved items that are outputs of this call go to torch's saved-variable store: holding
        # them here would make a cycle output -> grad_fn -> ctx -> output. Others stay as they are.
        raw = self.__raw
        if not raw:
            return
        if len(raw) == 1 and len(wrappers) == 1:
            item = raw[0]
            if isinstance(item, Tensor) and item._t is wrappers[0]._t:
                # `save_for_backward(out)` with one output: the common case, no template work.
                tctx.save_for_backward(item._t)
                tctx._pl_aliases = (item._t.detach(),)
                self.__saved = (_ONE_SAVED, _ONE_POSITION, weakref.ref(tctx))
                self.__raw = None
                return
        out_ids = {id(w._t) for w in wrappers}
        template = positions = None
        to_save = []
        for i, item in enumerate(raw):
            if isinstance(item, Tensor):
                if id(item._t) in out_ids:
                    if template is None:
                        template, positions = list(raw), []
                    template[i] = None
                    positions.append((i, -1))
                    to_save.append(item._t)
            elif isinstance(item, (list, tuple)):
                for j, e in enumerate(item):
                    if isinstance(e, Tensor) and id(e._t) in out_ids:
                        if template is None:
                            template, positions = list(raw), []
                        if template[i] is item:
                            template[i] = list(item)
                        template[i][j] = None
                        positions.append((i, j))
                        to_save.append(e._t)
                if template is not None and type(template[i]) is not type(item):
                    template[i] = _same_kind(item, template[i])
        if to_save:
            tctx.save_for_backward(*to_save)
            tctx._pl_aliases = tuple(t.detach() for t in to_save)
            self.__saved = (tuple(template), positions, weakref.ref(tctx))
            self.__raw = None

    @staticmethod
    def __unpack_torch(saved):
        template, positions, tref = saved
        tctx = tref()
        if tctx is None:
            raise RuntimeError("The tensors saved by this PyLayer were freed together with its "
                               "backward graph (backward already ran without retain_graph=True)")
        items = list(template)
        nested = None
        for (i, j), t in zip(positions, _saved_outputs(tctx)):
            if j < 0:
                items[i] = wrap(t)
            else:
                if nested is None:
                    nested = {}
                lst = nested.get(i)
                if lst is None:
                    lst = nested[i] = list(template[i])
                lst[j] = wrap(t)
        if nested:
            for i, lst in nested.items():
                items[i] = _same_kind(template[i], lst)
        return tuple(items)


_ONE_SAVED, _ONE_POSITION = (None,), ((0, -1),)   # saved-state of `save_for_backward(out)`


def _saved_outputs(tctx):
    """The saved outputs from torch's store; when one was modified in place after forward (torch's
    version check fails), their current values through detached aliases of the same storage, as
    Paddle reads them (no double-backward through those)."""
    try:
        return tctx.saved_tensors
    except RuntimeError as exc:
        if "modified by an inplace operation" not in str(exc):
            raise
        return tctx._pl_aliases


def _same_kind(like, items):
    return tuple(items) if isinstance(like, tuple) else list(items)


def _pack_hooked(pack, value):
    packed = []
    for obj in value:
        if obj is None or isinstance(obj, Tensor):
            packed.append(pack(obj))
        elif isinstance(obj, (list, tuple)):
            if not all(o is None or isinstance(o, Tensor) for o in obj):
                raise _err.hooks_save_type()
            packed.append(_same_kind(obj, [pack(o) for o in obj]))
        else:
            raise _err.hooks_save_type()
    return tuple(packed)


def _unpack_hooked(unpack, packed):
    return tuple(_same_kind(p, [unpack(o) for o in p]) if isinstance(p, (list, tuple))
                 else unpack(p) for p in packed)


class PyLayerBackward(PyLayerContext):
    """Base of every `<Class>_backward` context type; calling `backward` runs the user's."""

    def backward(self, *args):
        return self._forward_cls.backward(self, *args)


# One `apply` call is a plain list handed to the torch Function as its first (non-tensor)
# argument: a list literal costs a fraction of an object with attributes, and this runs per call.
# _apply fills the first six entries; forward fills the rest.
(_LAYER, _CTX, _ARGS, _KWARGS, _IN_SLOTS, _INPUTS,   # in_slots: tensors per input slot (0 = one
 _OUT, _WRAPPERS, _NONDIFF, _ALIASES) = range(10)    # Tensor), None when every slot is one Tensor


def _finish(call, torch_outs):
    """Fit the user's output Tensors to what torch handed back (aliases, non-differentiable and
    integer outputs); returns forward's result with its structure."""
    aliases, nondiff = call[_ALIASES], call[_NONDIFF]
    fresh = None
    for w, r in zip(call[_WRAPPERS], torch_outs):
        if w._t is not r:
            if aliases and any(w is a for a in aliases):
                if fresh is None:
                    fresh = {}
                fresh[id(w)] = wrap(r)
                continue
            w._t = r
        if nondiff and r.requires_grad and any(w is n for n in nondiff):
            w._t = r.detach()            # torch keeps views of inputs differentiable
            continue
        if not r.requires_grad and not (r.is_floating_point() or r.is_complex()) \
                and not any(w is n for n in nondiff):
            # Paddle gives integer/bool outputs stop_gradient=False too; torch cannot attach
            # them to the graph, so only the flag is kept (semantics §5 item 5).
            w._ensure_info()["needs_grad"] = True
    out = call[_OUT]
    return _replace(out, fresh) if fresh else out


class _PyLayerFunction(torch.autograd.Function):
    """Base of the one torch Function each PyLayer subclass gets."""

    @staticmethod
    def forward(tctx, call, *flat_inputs):
        # call: the list of this apply (above); flat_inputs are call[_INPUTS] (what torch records).
        layer, ctx, kwargs = call[_LAYER], call[_CTX], call[_KWARGS]
        out = call[_OUT] = (layer.forward(ctx, *call[_ARGS], **kwargs) if kwargs
                            else layer.forward(ctx, *call[_ARGS]))
        if isinstance(out, Tensor):
            wrappers, out_slots = [out], _ONE_SLOT
        else:
            wrappers, out_slots = _output_tensors(layer, out)
        call[_WRAPPERS] = wrappers
        nondiff = ctx.non_differentiable
        call[_NONDIFF] = nondiff = ([w for w in nondiff if isinstance(w, Tensor)]
                                    if nondiff else ())
        dirty = None
        inputs = call[_INPUTS]
        for w in wrappers:
            t = w._t
            for x in inputs:
                if t is x:
                    break
            else:
                continue
            # forward returned one of its inputs: Paddle's "inplace" rules.
            if _marked(ctx.not_inplace_tensors, t):
                if call[_ALIASES] is None:
                    call[_ALIASES] = []
                call[_ALIASES].append(w)     # torch hands back an alias; a new Tensor wraps it
                continue
            if t.grad_fn is None and not any(w is n for n in nondiff):
                raise _err.leaf_inplace(layer, (w._info or {}).get("name", ""))
            if dirty is None:
                dirty = []
            dirty.append(t)
        if dirty:
            # Paddle's bump_inplace_version: whatever saved the input before now fails at
            # backward. torch hands back an alias carrying this node, and `_finish` rebinds the
            # user's Tensor object to it, so `out is x` and x has the new history, as in Paddle.
            # (torch's mark_dirty would refuse views of leaves, which Paddle accepts.)
            for t in dirty:
                _bump_version(t)
        if nondiff:
            tctx.mark_non_differentiable(*[n._t for n in nondiff])
        if not ctx.materialize_grads:
            tctx.set_materialize_grads(False)
        if ctx._PyLayerContext__raw:
            ctx._pl_move_outputs_to_torch(tctx, wrappers)
        # The inputs that are autograd leaves, for Paddle's leaf-grad flag (None elsewhere). Held
        # as they are: the graph holds every leaf through its AccumulateGrad edge for as long as
        # this node lives. Non-leaf inputs are not held (that would keep activations alive).
        if len(inputs) == 1:
            leaves = inputs if inputs[0].grad_fn is None else None
        else:
            leaves = [t if t.grad_fn is None else None for t in inputs]
        tctx.pl_state = (ctx, call[_IN_SLOTS], out_slots, leaves, len(inputs))
        if len(wrappers) == 1:
            return (wrappers[0]._t,)
        return tuple([w._t for w in wrappers])

    @staticmethod
    def backward(tctx, *grads):
        ctx, in_slots, out_slots, leaves, n_inputs = tctx.pl_state
        layer = ctx._forward_cls
        if len(grads) == 1 and len(out_slots) == 1:
            g = grads[0]
            args = [None if g is None else wrap(g)]
        elif len(grads) == len(out_slots):
            args = [None if g is None else wrap(g) for g in grads]
        else:
            args, k = [], 0
            for n in out_slots:
                if n:
                    args.append([None if g is None else wrap(g) for g in grads[k:k + n]])
                    k += n
                else:
                    g = grads[k]
                    args.append(None if g is None else wrap(g))
                    k += 1
        try:
            result = layer.backward(ctx, *args)
        except Exception as e:
            # Paddle reports any failure of the user's backward as OSError naming the node;
            # chaining keeps the user's own traceback visible.
            raise _err.backward_failed(layer, tctx, e) from e
        if in_slots is None and n_inputs == 1 and isinstance(result, Tensor):
            # One Tensor input (it needs grad, or no node would exist), one grad returned: the
            # common case, nothing to check or flatten.
            flat, sources = [result._t], (result,)
        else:
            flat, sources = _err.flatten_grads(layer, result, in_slots, tctx.needs_input_grad)
        if leaves:
            for x, g, src in zip(leaves, flat, sources):
                # A gradient clear_grad() zeroed lazily counts as present (Paddle's is zeros).
                if x is not None and g is not None and not g.requires_grad and x.grad is None \
                        and not x.__dict__.get(_LAZY_ZERO) and src.stop_gradient \
                        and not _passed_through(src, args):
                    _mark_leaf_grad(x)
        return (None, *flat)


_bump_version = torch.autograd.graph.increment_version
_ONE_SLOT = (0,)    # output slots of a forward that returns one Tensor
_functorch_active = torch._C._are_functorch_transforms_active
_unwrap_if_dead = torch._C._functorch.unwrap_if_dead


def _marked(marked, t):
    if not marked:
        return False
    return any(isinstance(m, Tensor) and m._t is t for m in marked)


def _output_tensors(layer, out):
    """The Tensors among forward's outputs, in slot order, and the slot sizes (0 = one Tensor)."""
    if isinstance(out, Tensor):
        return [out], [0]
    wrappers, slots = [], []
    if isinstance(out, (tuple, list)):
        for item in out:
            if isinstance(item, Tensor):
                wrappers.append(item)
                slots.append(0)
            elif isinstance(item, (tuple, list)):
                ws = [e for e in item if isinstance(e, Tensor)]
                if ws:
                    wrappers.extend(ws)
                    slots.append(len(ws))
    if not wrappers:
        raise _err.no_tensor_output(layer)
    return wrappers, slots


def _replace(out, fresh):
    """`out` with the Tensors whose id is in `fresh` replaced, keeping list/tuple kinds."""
    if isinstance(out, Tensor):
        return fresh.get(id(out), out)
    items = [fresh.get(id(o), o) if isinstance(o, Tensor)
             else _replace(o, fresh) if isinstance(o, (list, tuple)) else o for o in out]
    if isinstance(out, list):
        return items
    return type(out)(*items) if hasattr(out, "_fields") else tuple(items)


def _mark_leaf_grad(leaf):
    # Paddle's leaf .grad is the first grad tensor that reached it, with that tensor's own
    # stop_gradient: True when the user's backward computed it (ops run under no_grad), False for
    # an incoming grad passed through. torch stores a copy, so the flag is put on the stored grad
    # once accumulation is done; Tensor.grad reads it (`_pd_stop_gradient`). Only a leaf whose
    # .grad is still None gets here: the first backward of a training loop, not the steps after.
    handle = []

    def mark(param, handle=handle):
        param.grad._pd_stop_gradient = True
        handle[0].remove()
    handle.append(leaf.register_post_accumulate_grad_hook(mark))


def _passed_through(src, args):
    """Whether `src` is one of the grads backward received (a Tensor or inside a list slot)."""
    for a in args:
        if a is src:
            return True
        if isinstance(a, list):
            for e in a:
                if e is src:
                    return True
    return False


def _alias(w):
    """A new Tensor over the same data as `w`, with its stop_gradient and no history."""
    t = w._t.detach()
    if w._t.requires_grad:
        t.requires_grad_(True)
    out = wrap(t)
    if w._info and w._info.get("needs_grad"):
        out._info = {"needs_grad": True}
    return out


def _apply(cls, *args, **kwargs):
    """Run forward on the arguments and record one backward node when any input Tensor needs
    grad and grad is enabled. Returns forward's result with its structure (Tensor, tuple or
    list). Tensor inputs are the positional Tensors then the kwargs values in call order; a
    list/tuple of Tensors is one input slot.
    """
    # (PyLayer.apply itself: a classmethod made from this function, one Python frame per call.)
    if STATE.static:
        raise NotImplementedError(
            f"{cls.__name__}.apply (paddle.autograd.PyLayer) runs in dynamic mode only; in static "
            "mode use paddle.static.nn.static_pylayer(forward_fn, inputs, backward_fn) instead")
    inputs = []      # torch tensors, Paddle's slot order
    in_slots = None  # tensors per input slot (0 = one Tensor); None while every slot is one
    need_grad = False
    for a in (args if not kwargs else (*args, *kwargs.values())):
        if isinstance(a, Tensor):
            t = a._t
            inputs.append(t)
            if in_slots is not None:
                in_slots.append(0)
            if not need_grad:
                need_grad = t.requires_grad
        elif isinstance(a, (list, tuple)):
            ts = [e._t for e in a if isinstance(e, Tensor)]
            if ts:
                if in_slots is None:
                    in_slots = [0] * len(inputs)
                inputs.extend(ts)
                in_slots.append(len(ts))
                need_grad = need_grad or any(t.requires_grad for t in ts)
    ctx = cls._backward_function()
    if need_grad and torch.is_grad_enabled():
        call = [cls, ctx, args, kwargs, in_slots, inputs, None, None, (), None]
        if _functorch_active():
            return _finish(call, cls._torch_function.apply(call, *inputs))   # torch's own error
        # torch's Function.apply minus its Python wrapper (no setup_context to bind here).
        outs = (cls._torch_apply(call, _unwrap_if_dead(inputs[0])) if len(inputs) == 1
                else cls._torch_apply(call, *map(_unwrap_if_dead, inputs)))
        if len(outs) == 1 and call[_ALIASES] is None and not call[_NONDIFF]:
            r = outs[0]
            if call[_WRAPPERS][0]._t is r and r.requires_grad:
                return call[_OUT]    # what `_finish` returns when there is nothing to fix up
        return _finish(call, outs)
    # No graph: Paddle builds no node, backward can never run, outputs stay as forward made them.
    with torch.no_grad():
        out = cls.forward(ctx, *args, **kwargs)
    wrappers, _ = _output_tensors(cls, out)
    marked = ctx.not_inplace_tensors
    if marked:
        fresh = {id(w): _alias(w) for w in wrappers
                 if _marked(marked, w._t) and any(w._t is x for x in inputs)}
        if fresh:
            return _replace(out, fresh)
    return out


_apply.__name__, _apply.__qualname__ = "apply", "PyLayer.apply"


class PyLayerMeta(type):
    """Gives each PyLayer subclass its context type `<Class>_backward` and its torch Function."""

    def __init__(cls, name, bases, attrs):
        cls._backward_function = type(name + "_backward", (PyLayerBackward,),
                                      {"_forward_cls": cls, "__module__": cls.__module__})
        cls._torch_function = tfn = type(name, (_PyLayerFunction,), {"__module__": cls.__module__})
        cls._torch_apply = super(torch.autograd.Function, tfn).apply
        # The engine calls the node's `apply`; torch's looks the user's backward up on every call
        # (vjp / boxed-grads checks that cannot apply here), so the node calls ours directly.
        tfn._backward_cls.apply = _PyLayerFunction.backward
        super().__init__(name, bases, attrs)


class PyLayer(PyLayerContext, metaclass=PyLayerMeta):
    """paddle.autograd.PyLayer: a custom operator with a Python forward and backward.

    Subclass it with static `forward(ctx, *args, **kwargs)` and `backward(ctx, *grads)` and run it
    with `apply`. backward receives one grad per Tensor output slot (a list for a list slot) and
    returns one grad per Tensor input slot: a Tensor, or None (required for stop_gradient inputs).

    Differences from Paddle: gradients cannot flow through integer/bool outputs (they report
    stop_gradient=False as in Paddle, but torch cannot differentiate them); a returned grad of
    the wrong shape is an error (Paddle accepts it silently); a list/tuple *output* slot works
    with backward (Paddle 3.3.1 crashes). Only dynamic mode is supported.
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """Compute the outputs; the first argument is the PyLayerContext. Runs with grad off."""
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        """Compute the input grads from the output grads; the first argument is the ctx."""
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    apply = classmethod(_apply)


def once_differentiable(backward):
    """Decorator for a PyLayer backward that runs it with grad disabled (no double backward)."""

    @functools.wraps(backward)
    def wrapper(ctx, *args):
        with torch.no_grad():
            return backward(ctx, *args)

    return wrapper
