"""paddle.jit.save / paddle.jit.load on torch.export, and TranslatedLayer.

Format: `paddle.jit.save(layer, path)` writes two files.
* `path.pt2` - the torch.export archive (`torch.export.save`): the traced forward graph (ATen ops,
  no Python class needed), its input/output tree specs, the dynamic-dimension ranges, and the
  parameter and buffer values. Plain torch can read it too (`torch.export.load`).
* `path.json` - paddle_compat's description: {"format": "paddle_compat.jit.v1", "input_spec":
  [[shape, dtype, name, stop_gradient] | {"const": value} ...], "params": [{"key", "name",
  "structured_name", "kind", "trainable"} ...], "source": the layer's class name, "archive_id":
  the .pt2's serialization id}.
Both files are written atomically (temporary file, fsync, os.replace), the archive first; the
archive id in the description ties the pair together, so jit.load notices a description and an
archive from different saves (a save interrupted between the two renames). jit.load reads the
archive through `archive.read_checked`: it never lets torch unpickle arbitrary objects or load
native code from the file (see that module).
Why these names: real Paddle 3.x writes `path.json` (the PIR program) and `path.pdiparams`; keeping
`.json` for the program description means "does this model exist" checks on `path.json` still work,
while the weights live inside the torch archive under torch's own extension `.pt2` rather than a
`.pdiparams` that real Paddle tools would try (and fail) to read. Neither file is interchangeable
with real Paddle's; jit.load says so clearly when given a real Paddle model.

Export runs the layer's *dynamic-mode* forward in eval mode (Paddle saves the inference program;
the layer's mode is restored afterwards) with torch.export's non-strict tracing, through the same
raw-tensor trampoline idea as to_static: the export module takes torch tensors, wraps them, calls
the Paddle forward and unwraps the result. While it traces, the Paddle parameters are re-pointed at
the export module's (fake) parameters so that they are saved as parameters, not as constants.
"""
import io
import json
import os

import torch
from torch.export.passes import move_to_device_pass

from .._atomic_file import atomic_write
from .._nn.layer.layers import Layer
from .._nn.parameter import make_parameter
from .._place import current_torch_device
from .._static.input_spec import InputSpec
from .._tensor import wrap
from . import tree
from .archive import archive_id, read_checked
from .static_function import user_location
from .._dtype import to_dtype

__all__ = ["save", "load", "TranslatedLayer", "FORMAT"]

FORMAT = "paddle_compat.jit.v1"
_FIRST_DYNAMIC_SIZE = 16   # example sizes for -1 dims: 16, 17, ... (distinct: no duck-shaping)


def _resolve(layer):
    """(function, instance, layer-or-None, StaticFunction-or-None) for what jit.save received."""
    from .static_function import StaticFunction
    if isinstance(layer, Layer):
        fwd = layer.__dict__.get("forward")
        sf = fwd if isinstance(fwd, StaticFunction) else None
        if sf is None:
            cls_fwd = type(layer).__dict__.get("forward")
            if isinstance(cls_fwd, StaticFunction):
                sf = cls_fwd.__get__(layer, type(layer))
        func = sf._function if sf is not None else type(layer).forward
        return func, layer, layer, sf
    if isinstance(layer, StaticFunction):
        return layer._function, layer._instance, layer._instance, layer
    if callable(layer) and not isinstance(layer, type):
        return layer, None, None, None
    raise TypeError(f"The input of paddle.jit.save should be 'Layer' or 'Function', but received "
                    f"input type is {type(layer)}.")


def _specs_for(input_spec, sf, func):
    from .static_function import _normalize_specs
    specs = _normalize_specs(input_spec) if input_spec is not None else None
    inferred = False
    if specs is None and sf is not None:
        inferred = sf.input_spec is None
        specs = sf.input_spec if sf.input_spec is not None else sf.last_input_spec
    if specs is None:
        args = ", ".join(_arg_names(func))
        raise ValueError(f"No valid transformed program for function: {func.__name__}({args}), "
                         f"input_spec: None.\n\t    Please specific `input_spec` in "
                         f"`@paddle.jit.to_static` or feed input tensor to call the decorated "
                         f"function at once.\n")
    for i, s in enumerate(specs):
        if isinstance(s, (list, tuple)) and any(isinstance(e, (list, tuple)) for e in s):
            raise NotImplementedError(f"paddle.jit.save: input_spec[{i}] is nested more than one "
                                      f"level; use a flat list of InputSpec per argument")
    return [s for s in specs], InputSpec, inferred


def _arg_names(func):
    import inspect
    try:
        names = list(inspect.signature(func).parameters)
    except (TypeError, ValueError):
        return []
    return names[1:] if names and names[0] == "self" else names


def _example(spec, sizes, auto=False):
    """An example tensor for `spec` and its dynamic-shape entry for torch.export. With `auto`
    (a spec inferred from the latest call) every size of 2 or more is Dim.AUTO: dynamic unless
    the traced code fixes it, as Paddle's saved program runs any shape its ops accept."""
    shape = []
    dims = {}
    for d, n in enumerate(spec.shape):
        if n == -1:
            n = _FIRST_DYNAMIC_SIZE + len(sizes)
            sizes.append(n)
            dims[d] = torch.export.Dim.DYNAMIC
        elif auto and n >= 2:   # torch specialises sizes 0 and 1 whatever it is told
            dims[d] = torch.export.Dim.AUTO
        shape.append(n)
    dt = to_dtype(spec.dtype if spec.dtype is not None else "float32").torch
    t = torch.zeros(shape, dtype=dt) if not dt.is_floating_point else torch.rand(shape, dtype=dt)
    return t, (dims or None)


def _encode_spec(s, InputSpec):
    if isinstance(s, InputSpec):
        dt = to_dtype(s.dtype if s.dtype is not None else "float32").short
        return {"shape": list(s.shape), "dtype": dt, "name": s.name,
                "stop_gradient": bool(s.stop_gradient)}
    if isinstance(s, (list, tuple)):
        return {"list": [_encode_spec(e, InputSpec) for e in s]}
    try:
        json.dumps(s)
    except TypeError:
        raise TypeError(f"paddle.jit.save: a non-Tensor input_spec entry must be a JSON value "
                        f"(int, float, str, bool, None, list), but received "
                        f"{type(s).__name__}") from None
    return {"const": s}


def _decode_spec(d, InputSpec):
    if "shape" in d:
        return InputSpec(d["shape"], d["dtype"], d["name"], d["stop_gradient"])
    if "list" in d:
        return [_decode_spec(e, InputSpec) for e in d["list"]]
    return d["const"]


class _ExportModule(torch.nn.Module):
    """torch view of a Paddle callable for torch.export: torch tensors in, torch tensors out."""

    def __init__(self, func, instance, template):
        super().__init__()
        self._pd_func = func
        self._pd_instance = instance
        self._pd_template = template

    def forward(self, *raw):
        # Point each Paddle parameter/buffer at this module's attribute *as seen now*: during
        # export torch swaps the module's state for fake tensors, and the Paddle objects must use
        # those (else the values are baked in as constants). Restored afterwards.
        links = self._pd_links
        saved = [p._t for p, _ in links]
        for p, key in links:
            p._t = getattr(self, key)
        try:
            args = tree.rebuild(self._pd_template, raw)
            inst = self._pd_instance
            out = self._pd_func(*args) if inst is None else self._pd_func(inst, *args)
            return tree.unwrap_out(out)
        finally:
            for (p, _), t in zip(links, saved):
                p._t = t


def _check_path(path):
    if not isinstance(path, str):
        raise TypeError(f"The input path of paddle.jit.save should be str, but received "
                        f"{type(path).__name__}.")
    if os.path.basename(path) == "":
        raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\file_prefix "
                         "in Windows system], but received file_prefix is empty string.")
    dirname = os.path.dirname(path)
    if dirname:
        try:
            os.makedirs(dirname, exist_ok=True)
        except OSError as e:
            raise OSError(f"paddle.jit.save cannot create the directory {dirname!r} for path "
                          f"{path!r}: {e.strerror}") from e
    target = dirname or "."
    if not os.access(target, os.W_OK):
        raise PermissionError(f"paddle.jit.save cannot write the model to {path!r}: the directory "
                              f"{target!r} is not writable")


def save(layer, path, input_spec=None, **configs):
    """paddle.jit.save(layer, path, input_spec=None, **configs): trace `layer` (a Layer, a
    to_static function, or a plain function) with torch.export and write `path.pt2` + `path.json`
    (format in this module's docstring). `input_spec` defaults to the to_static input_spec, then to
    the shapes of the latest call; -1 dimensions stay dynamic in the saved program. Shapes taken
    from the latest call are saved dynamic wherever the traced code allows (batch size and the
    like), so the loaded model runs other batch sizes, as Paddle's does.

    Differences from Paddle: the files are torch.export's, not Paddle's (`.json` + `.pt2` instead
    of `.json` + `.pdiparams`); data-dependent Python control flow cannot be saved (Paddle's AST
    mode converts it) and raises NotImplementedError naming the line; a PyLayer is saved as its
    forward ops (the loaded layer differentiates them with torch autodiff, not the custom
    backward). configs `output_spec`, `combine_params`, `skip_forward`, ... are not supported.
    A latest-call size of 1 (or 0) is saved fixed (torch.export specialises it); Paddle's program
    runs any size its ops accept.
    """
    if configs:
        raise NotImplementedError(f"paddle.jit.save: the configs {sorted(configs)} are not "
                                  f"supported by paddle_compat; save the whole forward instead")
    func, instance, owner, sf = _resolve(layer)
    _check_path(path)
    specs, InputSpec, inferred = _specs_for(input_spec, sf, func)
    example, dyn, template_args = _examples(specs, InputSpec, inferred)
    module = _ExportModule(func, instance, tuple(template_args))
    _attach_state(module, owner)
    # Trace where the weights live (a GPU model traces on the GPU); the file holds a CPU program,
    # place-free like Paddle's, and load() moves it to the place current then.
    device = next((t.device for t in (*module.parameters(), *module.buffers())),
                  current_torch_device())
    example = [t.to(device) for t in example]
    was_training = owner.training if owner is not None else None
    if owner is not None:
        owner.eval()
    try:
        try:
            ep = _export(module, tuple(example), tuple(dyn), func)
        except (ValueError, RuntimeError):
            if not inferred:
                raise
            # The inferred sizes could not be traced dynamically: save them as they were called.
            example, dyn, template_args = _examples(specs, InputSpec, False)
            ep = _export(module, tuple(t.to(device) for t in example), tuple(dyn), func)
        if inferred:
            specs = _traced_specs(ep, specs, InputSpec)
        if device.type != "cpu":
            ep = move_to_device_pass(ep, "cpu")
    finally:
        if owner is not None and was_training:
            owner.train()
    meta = {"format": FORMAT, "source": type(owner).__name__ if owner is not None else
            getattr(func, "__qualname__", "function"),
            "input_spec": [_encode_spec(s, InputSpec) for s in specs],
            "params": module._pd_params}
    buf = io.BytesIO()
    torch.export.save(ep, buf)
    data = buf.getvalue()
    meta["archive_id"] = archive_id(data)
    with atomic_write(path + ".pt2") as f:
        f.write(data)
    with atomic_write(path + ".json", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)


def _map_specs(specs, InputSpec, leaf):
    """`specs` with `leaf(spec)` in place of each InputSpec, at the top level and inside a flat
    list/tuple of InputSpecs (in order); other entries unchanged."""
    out = []
    for s in specs:
        if isinstance(s, InputSpec):
            out.append(leaf(s))
        elif isinstance(s, (list, tuple)) and s and all(isinstance(e, InputSpec) for e in s):
            out.append(type(s)([leaf(e) for e in s]))
        else:
            out.append(s)
    return out


def _examples(specs, InputSpec, auto):
    """Example tensors, dynamic-shape entries and the argument template for `specs`."""
    example, dyn, sizes = [], [], []

    def leaf(spec):
        t, d = _example(spec, sizes, auto)
        example.append(t)
        dyn.append(d)
        return tree.LEAF
    template_args = _map_specs(specs, InputSpec, leaf)
    return example, dyn, template_args


def _traced_specs(ep, specs, InputSpec):
    """`specs` with -1 wherever the exported program kept a size symbolic (read from its input
    placeholders, in the order the examples were given)."""
    names = ep.graph_signature.user_inputs
    vals = {n.name: n.meta.get("val") for n in ep.graph.nodes if n.op == "placeholder"}
    shapes = iter([None if vals.get(n) is None else [_size(d) for d in vals[n].shape]
                   for n in names])

    def one(spec):
        shape = next(shapes, None)
        if shape is None:
            return spec
        return InputSpec(shape, spec.dtype, spec.name, spec.stop_gradient)
    return _map_specs(specs, InputSpec, one)


def _size(d):
    """A traced size: the int, or -1 when it stayed symbolic (a SymInt the trace fixed is an int)."""
    if isinstance(d, int):
        return d
    n = d.node.maybe_as_int()
    return -1 if n is None else n


def _attach_state(module, owner):
    """Register the layer's parameters and buffers on `module` under flat keys ('p_fc__weight')."""
    module._pd_params = []
    module._pd_links = []
    if owner is None:
        return
    for kind, items in (("param", owner.named_parameters()), ("buffer", owner.named_buffers())):
        for sname, p in items:
            key = ("p_" if kind == "param" else "b_") + sname.replace(".", "__")
            if kind == "param":
                module.register_parameter(key, torch.nn.Parameter(
                    p._t.detach(), requires_grad=p._t.requires_grad))
            else:
                module.register_buffer(key, p._t)
            module._pd_links.append((p, key))
            module._pd_params.append({"key": key, "kind": kind, "structured_name": sname,
                                      "name": p.name, "trainable": not p.stop_gradient})


def _export(module, example, dyn, func):
    name = getattr(func, "__qualname__", "forward")
    try:
        # forward(*raw) is one variadic parameter: its dynamic shapes are one nested tuple.
        return torch.export.export(module, example, dynamic_shapes=(dyn,), strict=False)
    except Exception as e:   # torch raises many types here; all are re-raised with context
        text = str(e)
        first = text.strip().splitlines()[0] if text.strip() else type(e).__name__
        loc = user_location(e)
        where = f" at {loc}" if loc else ""
        if "data-dependent" in text or "GuardOnDataDependent" in type(e).__name__:
            raise NotImplementedError(
                f"paddle.jit.save: `{name}` uses Python control flow that depends on Tensor "
                f"values{where}; torch.export cannot save it. Rewrite that part with tensor ops "
                f"(paddle.where, masking) or save a layer without it. torch said: {first}") from e
        if "Constraints violated" in text or "specialized" in text or "constant" in text:
            raise ValueError(
                f"paddle.jit.save: `{name}` fixes the size of a dimension that its input_spec "
                f"declares dynamic (-1/None); give that size in the InputSpec. torch said: "
                f"{first}") from e
        raise RuntimeError(f"paddle.jit.save: torch.export could not trace `{name}`: "
                           f"{type(e).__name__}: {first}") from e


class TranslatedLayer(Layer):
    """The Layer `paddle.jit.load` returns: runs the saved torch.export program; no Python
    class of the original model is needed. Parameters are `param_0`, `param_1`, ... (each
    keeps its original Paddle `name`); it starts in eval mode, as in Paddle.

    Differences from Paddle: `program()` returns the torch.export.ExportedProgram; gradients
    through a loaded layer come from torch autodiff of the saved forward (Paddle 3.3.1's
    PIR layer gives its parameters no gradient at all).
    """

    def __init__(self, ep, meta, path):
        super().__init__()
        self._ep = ep
        self._gm = ep.module()
        self._path = path
        self._input_spec = [_decode_spec(d, InputSpec) for d in meta["input_spec"]]
        self._links = []
        for i, d in enumerate(meta["params"]):
            raw = self._gm.get_parameter(d["key"]) if d["kind"] == "param" else \
                self._gm.get_buffer(d["key"])
            if d["kind"] == "param":
                p = make_parameter(raw, d["name"], trainable=d["trainable"])
                p._t = raw          # share the graph module's own tensor: grads land on it
                self.add_parameter(f"param_{i}", p)
            else:
                p = wrap(raw)
                p.name = d["name"]
                self.register_buffer(f"buffer_{i}", p)
            self._links.append((d["key"], p))
        self.eval()

    def program(self):
        return self._ep

    def forward(self, *inputs):
        owner = f"TranslatedLayer({self._path})"
        specs = self._input_spec
        n_tensor_args = len(specs)
        if len(inputs) != n_tensor_args:
            raise ValueError(f"{owner}: the saved program takes {n_tensor_args} inputs "
                             f"{specs}, but received {len(inputs)}.")
        tree.check_specs(owner, [f"inputs[{i}]" for i in range(len(inputs))], inputs, specs)
        raw = []
        for x, s in zip(inputs, specs):
            if isinstance(s, (list, tuple)) or hasattr(s, "shape"):
                tree.flatten(x, raw)
        gm = self._gm
        if any(_attr(gm, k) is not p._t for k, p in self._links):
            # Layer.to() replaced a parameter's tensor: run with the current ones.
            out = torch.func.functional_call(gm, {k: p._t for k, p in self._links},
                                             tuple(raw))
        else:
            out = gm(*raw)
        return tree.wrap_out(out)



def _attr(gm, key):
    return getattr(gm, key)


def load(path, **configs):
    """paddle.jit.load(path): the TranslatedLayer saved by paddle.jit.save at `path`.

    Differences from Paddle: reads paddle_compat's `path.json` + `path.pt2` (see the module
    docstring), not real Paddle's model files; configs (`model_filename`, `params_filename`)
    are not supported.
    """
    if configs:
        raise NotImplementedError(f"paddle.jit.load: the configs {sorted(configs)} are not "
                                  f"supported by paddle_compat; pass the path prefix only")
    meta_path, pt2 = path + ".json", path + ".pt2"
    if not os.path.exists(meta_path):
        if os.path.exists(path + ".pdmodel"):
            raise ValueError(f"paddle.jit.load: {path}.pdmodel is a static-graph inference model; "
                             f"load it with paddle.static.load_inference_model({path!r}, exe)")
        raise ValueError(f"The ``path`` ({path}) to load model not exists. Please make sure that "
                         f"*.pdmodel(json) exists or don't using ``skip_forward=True`` to "
                         f"jit.save.")
    try:
        with open(meta_path) as f:
            meta = json.load(f)
    except ValueError:
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ValueError(f"paddle.jit.load: {meta_path} is not a paddle_compat model (it may be "
                         f"a real Paddle PIR program, which paddle_compat cannot run); save the "
                         f"model with paddle_compat's paddle.jit.save")
    if not os.path.exists(pt2):
        raise ValueError(f"paddle.jit.load: {pt2} (the torch.export archive with the program and "
                         f"weights) is missing next to {meta_path}")
    data = read_checked(pt2)
    expected = meta.get("archive_id")
    if expected is not None and expected != archive_id(data):
        raise ValueError(f"paddle.jit.load: {meta_path} and {pt2} come from different saves (was "
                         f"a paddle.jit.save interrupted between writing the two?); save the "
                         f"model again")
    _check_meta(meta, meta_path)
    ep = torch.export.load(io.BytesIO(data))
    device = current_torch_device()
    if device.type != "cpu":       # Paddle loads a program onto the current place
        ep = move_to_device_pass(ep, device)
    return TranslatedLayer(ep, meta, path)


def _check_meta(meta, meta_path):
    """The description's fields have the types TranslatedLayer relies on."""
    params, specs = meta.get("params"), meta.get("input_spec")
    ok = isinstance(params, list) and isinstance(specs, list) and all(
        isinstance(d, dict) and isinstance(d.get("key"), str) and d.get("kind") in (
            "param", "buffer") and isinstance(d.get("name"), str) for d in params)
    if not ok:
        raise ValueError(f"paddle.jit.load: {meta_path} is damaged (its params or input_spec "
                         f"table is malformed); save the model again")

