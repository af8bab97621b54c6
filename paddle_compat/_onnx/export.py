"""paddle.onnx.export (Paddle: onnx/export.py): write a Layer as an ONNX model, `path + '.onnx'`.

Paddle converts its saved inference program with the paddle2onnx package. paddle_compat traces
the layer exactly as paddle.jit.save does (torch.export of the dynamic-mode forward in eval mode,
-1 dimensions of the input_spec kept dynamic) and hands the program to torch.onnx's exporter,
which needs the optional packages `onnx` and `onnxscript` (a clear ImportError names them when
they are missing). The file is written atomically.

Differences from Paddle: the ONNX graph is torch's (ATen ops lowered by torch.onnx), not
paddle2onnx's; torch's exporter emits opset 18 or newer, so an `opset_version` below 18 is raised
to 18 (Paddle's default is 9); `configs` such as `output_spec` are not supported.
"""
import os
import tempfile

from .._jit import save_load as _sl

__all__ = ["export"]

_MIN_OPSET = 18


def _require_onnx():
    missing = []
    for name in ("onnx", "onnxscript"):
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise ImportError(
            f"paddle.onnx.export needs the package(s) {', '.join(missing)} (torch.onnx's "
            f"exporter uses them): pip install {' '.join(missing)}. To keep a model without them, "
            "use paddle.jit.save, which paddle.jit.load reads back")


def export(layer, path, input_spec=None, opset_version=9, **configs):
    """paddle.onnx.export(layer, path, input_spec=None, opset_version=9, **configs): trace `layer`
    with `input_spec` (default: the to_static input_spec or the latest call's shapes) and write
    `path + '.onnx'` (see the module docstring for the differences from Paddle)."""
    import torch
    if configs:
        raise NotImplementedError(f"paddle.onnx.export: the configs {sorted(configs)} are not "
                                  "supported by paddle_compat; export the whole forward instead")
    _require_onnx()
    func, instance, owner, sf = _sl._resolve(layer)
    _sl._check_path(path)
    specs, InputSpec, inferred = _sl._specs_for(input_spec, sf, func)
    for s in specs:
        if not isinstance(s, InputSpec):
            raise NotImplementedError("paddle.onnx.export: every input_spec entry must be an "
                                      f"InputSpec (or a Tensor), got {type(s).__name__}")
    example, dyn, template = _sl._examples(specs, InputSpec, inferred)
    module = _sl._ExportModule(func, instance, tuple(template))
    _sl._attach_state(module, owner)
    was_training = owner.training if owner is not None else None
    if owner is not None:
        owner.eval()
    try:
        program = _sl._export(module, tuple(example), tuple(dyn), func)
    finally:
        if owner is not None and was_training:
            owner.train()
    target = path + ".onnx"
    folder = os.path.dirname(os.path.abspath(target))
    fd, tmp = tempfile.mkstemp(prefix=".tmp_", suffix=".onnx", dir=folder)
    os.close(fd)
    try:
        onnx_program = torch.onnx.export(program, tuple(example), dynamo=True,
                                         opset_version=max(int(opset_version), _MIN_OPSET))
        onnx_program.save(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
