"""The launcher `python -m paddle_compat compare` runs a script through, on either side.

    PYTHON _compare_probe.py SIDE SCRIPT [ARGS...]        (SIDE: "paddle" or "compat")

It is run BY PATH with either interpreter: the oracle's (real Paddle, no paddle_compat) or ours, so
it imports nothing from paddle_compat at module level and uses only the standard library, numpy and
whatever `paddle` the side provides. What to probe comes from the environment:

    PADDLE_COMPAT_PROBE_OUT       where to write the digests (JSON), at interpreter exit
    PADDLE_COMPAT_PROBE_LAYERS    "1": digest every paddle.nn.Layer's output and parameter gradient
    PADDLE_COMPAT_PROBE_FETCHES   "1": digest every static Executor.run fetch
    PADDLE_COMPAT_PROBE_CALLS     how many calls per layer / runs per Executor to record (default 3)

The same code probes both sides, so a difference in a digest is a difference of the frameworks, not
of the probes. A layer is named by its path from the outermost layer being called (the root's class
name, then `named_sublayers` names: `LeNet.features.0`), so both sides name the same layer alike.
"""
import atexit
import json
import os
import runpy
import sys

SAMPLE = 8            # leading values of the flattened output kept in a digest


def digest(value):
    """A compact, framework-neutral summary of a tensor (or None for a non-tensor)."""
    import numpy as np
    if isinstance(value, (np.ndarray, np.generic)):     # static fetches come back as numpy
        arr = np.asarray(value)
    elif hasattr(value, "numpy") and hasattr(value, "shape"):
        try:
            arr = np.asarray(value.numpy())
        except Exception:                  # a tensor that cannot be read (e.g. on a meta device)
            return None
    else:
        return None
    out = {"shape": [int(s) for s in arr.shape], "dtype": str(arr.dtype)}
    if arr.dtype.kind in "biuf" and arr.size:
        a = arr.astype(np.float64).ravel()
        finite = a[np.isfinite(a)]
        out.update(mean=float(finite.mean()) if finite.size else None,
                   std=float(finite.std()) if finite.size else None,
                   min=float(finite.min()) if finite.size else None,
                   max=float(finite.max()) if finite.size else None,
                   nonfinite=int(a.size - finite.size),
                   sample=[float(v) for v in a[:SAMPLE]])
    return out


def _flatten(value):
    """Tensors of a layer output in a fixed order (tuple/list positions, sorted dict keys)."""
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _flatten(v)]
    if isinstance(value, dict):
        return [t for k in sorted(value, key=str) for t in _flatten(value[k])]
    return [value]


class Probe:
    def __init__(self, calls):
        self.calls = calls
        self.layers = []          # [name, call index, [digest per output tensor]] in call order
        self.grads = []           # [parameter name, call index, digest]
        self.fetches = []         # [run index, [digest per fetch]]
        self.names = {}           # id(layer) -> path name
        self.counts = {}
        self.depth = 0
        self.runs = 0

    def name_tree(self, root):
        """Name root and its sublayers (first time a layer is called outermost) and hook grads."""
        if id(root) in self.names:
            return
        base = type(root).__name__
        self.names[id(root)] = base
        for sub_name, sub in root.named_sublayers():
            self.names.setdefault(id(sub), f"{base}.{sub_name}")
        for p_name, param in root.named_parameters():
            self._hook_grad(f"{base}.{p_name}", param)

    def _hook_grad(self, name, param):
        if getattr(param, "stop_gradient", True) or not hasattr(param, "register_hook"):
            return
        counter = [0]

        def hook(grad):
            if counter[0] < self.calls:
                self.grads.append([name, counter[0], digest(grad)])
            counter[0] += 1
            return None
        param.register_hook(hook)

    def record_layer(self, layer, output):
        name = self.names.get(id(layer))
        if name is None:                  # a layer made after its root was first called
            name = f"<unnamed {type(layer).__name__}>"
        n = self.counts.get(name, 0)
        self.counts[name] = n + 1
        if n < self.calls:
            self.layers.append([name, n, [digest(t) for t in _flatten(output)]])

    def record_fetch(self, results):
        if self.runs < self.calls:
            self.fetches.append([self.runs, [digest(t) for t in _flatten(results or [])]])
        self.runs += 1

    def dump(self, path, side, paddle):
        data = {"side": side, "paddle_version": getattr(paddle, "__version__", None),
                "layers": self.layers, "grads": self.grads, "fetches": self.fetches}
        tmp = f"{path}.tmp"
        with open(tmp, "w") as f:
            json.dump(data, f)
        os.replace(tmp, path)


def install(paddle, probe, layers, fetches):
    """Wrap Layer.__call__ and Executor.run of the side's paddle with the probe."""
    if layers:
        layer_cls = paddle.nn.Layer
        original_call = layer_cls.__call__

        def __call__(self, *args, **kwargs):
            if probe.depth == 0:
                probe.name_tree(self)
            probe.depth += 1
            try:
                out = original_call(self, *args, **kwargs)
            finally:
                probe.depth -= 1
            probe.record_layer(self, out)
            return out
        layer_cls.__call__ = __call__
    if fetches:
        executor_cls = paddle.static.Executor
        original_run = executor_cls.run

        def run(self, *args, **kwargs):
            results = original_run(self, *args, **kwargs)
            probe.record_fetch(results)
            return results
        executor_cls.run = run


def main(argv):
    side, script, args = argv[0], argv[1], argv[2:]
    # Run by path, sys.path[0] is this file's folder (paddle_compat's own): the script's folder
    # takes its place, as under `python SCRIPT`.
    sys.path[0] = os.path.dirname(os.path.realpath(script))
    layers = os.environ.get("PADDLE_COMPAT_PROBE_LAYERS") == "1"
    fetches = os.environ.get("PADDLE_COMPAT_PROBE_FETCHES") == "1"
    out = os.environ.get("PADDLE_COMPAT_PROBE_OUT")
    if side == "compat":
        from paddle_compat._alias import install_alias
        from paddle_compat._cli import alias_environment
        alias_environment()
        install_alias()
    if out:
        import paddle
        probe = Probe(int(os.environ.get("PADDLE_COMPAT_PROBE_CALLS", "3")))
        install(paddle, probe, layers, fetches)
        atexit.register(probe.dump, out, side, paddle)
    sys.argv[:] = [script, *args]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
