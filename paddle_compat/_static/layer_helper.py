"""Paddle's legacy LayerHelper, the part the static.nn layers need: append one op whose output
variables are created in the order (and with the names) Paddle's layer creates them.

`record_op` (builder.py) names outputs in the kernel's result order; Paddle's layers create some
outputs first (layer_norm makes Mean and Variance before Y, so Y is `layer_norm_0.tmp_2`) and some
with `helper.create_variable` (`_generated_var_<n>`, stop_gradient True). Shapes come from the
kernel run on meta tensors, as for every recorded op.
"""
from .._dtype import to_dtype
from .builder import append_op, default_main_program, infer_outputs, program_name
from .ir import Variable

__all__ = ["append_layer_op"]


def _flat(vs):
    for v in vs:
        if isinstance(v, (list, tuple)):
            yield from v
        elif v is not None:
            yield v


def append_layer_op(opdef, inputs, attrs, helper, order=None, generated=(), stop=(),
                    omit_empty=(), types=None, late_inputs=None, bind=None, shapes=None,
                    skip=()):
    """Append `opdef` with `inputs` ({slot: Variable | [Variable] | None}) and `attrs` to the
    current block. Output variables are created in `order` (default: the op's output slots), named
    `<helper>.tmp_<n>`, or `_generated_var_<n>` for the slots in `generated`; slots in `stop` are
    stop_gradient, the others are when every input is. Every input slot of the op is recorded, an
    empty one as `[]` (as Paddle's Operator fills the slots of its proto), unless listed in
    `omit_empty`. `late_inputs()`, when given, is called once the outputs exist and returns more
    inputs (Paddle's bilinear_tensor_product creates its Bias after its output). `bind`
    ({slot: Variable}) writes those outputs into existing variables (batch_norm's running
    statistics); `shapes` ({slot: shape}) declares an output's shape where Paddle declares another
    than the kernel's (batch_norm's ReserveSpace is [-1]); outputs in `skip` are not recorded
    (batch_norm has no ReserveSpace in test mode). Returns {slot: Variable}."""
    block = default_main_program().current_block()
    in_vars = [inputs.get(s) for s in opdef.inputs]
    kattrs = dict(opdef.attrs)
    kattrs.update(attrs)
    specs = infer_outputs(opdef, in_vars, kattrs)
    specs = specs if isinstance(specs, tuple) else (specs,)
    spec_of = dict(zip(opdef.outputs, specs))
    all_stop = all(v.stop_gradient for v in _flat(in_vars))
    outs = dict(bind or {})
    for slot in order or opdef.outputs:
        if slot in outs or slot in skip:
            continue
        spec = spec_of[slot]
        name = None if slot in generated else program_name(helper + ".tmp")
        kind = (types or {}).get(slot, "DENSE_TENSOR")
        shape = (shapes or {}).get(slot)
        shape = spec.shape if shape is None else shape
        outs[slot] = block.create_var(name=name, shape=shape, dtype=to_dtype(spec.dtype), type=kind,
                                      stop_gradient=slot in stop or all_stop)
    if late_inputs is not None:
        inputs = dict(inputs, **late_inputs())
    in_names = {}
    for slot in opdef.inputs:
        v = inputs.get(slot)
        if v is None:
            if slot not in omit_empty:
                in_names[slot] = []
        elif isinstance(v, (list, tuple)) and not isinstance(v, Variable):
            in_names[slot] = [e.name for e in v]
        else:
            in_names[slot] = [v.name]
    append_op(block, opdef, in_names, {s: [v.name] for s, v in outs.items()}, attrs)
    return outs
