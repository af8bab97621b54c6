"""paddle.incubate.cc.compile (Paddle: python/paddle/incubate/cc/compiler.py): compile a function
whose inputs are annotated with paddle.incubate.cc.typing.Tensor into one specialisation per
combination of DTypeVar candidates, dispatched on the input dtypes at call time."""
from collections import OrderedDict

from . import typing as pct

__all__ = ["compile"]

_ENGINES = ("CINN", "PCC")


def _dtype_name(dtype):
    return str(dtype).replace("paddle.", "")


class OverloadedFunc:
    """The callable compile() returns: dispatches on the tuple of input dtypes."""

    def __init__(self, dtypes2func):
        self.dtypes2func = dtypes2func

    def __call__(self, *args):
        dtypes = tuple(_dtype_name(t.dtype) for t in args)
        func = self.dtypes2func.get(dtypes)
        assert func is not None, self.mismatched_debug_info(dtypes)
        return func(*args)

    def mismatched_debug_info(self, dtypes):
        valid = "; ".join(f"[{idx + 1}] {sig}" for idx, sig in enumerate(self.dtypes2func))
        return f"input signature {dtypes} mismatched, valid signatures are: {valid}"


def _annotations(func):
    import inspect
    spec = inspect.getfullargspec(func)
    return [spec.annotations[name] for name in spec.args]


def _signatures(annotations):
    """Paddle's _get_input_spec_lists: the cartesian product over the DTypeVars (keyed by their
    .name) of their candidate indices, each turned into one dtype per input."""
    num_candidates = OrderedDict()
    for ann in annotations:
        assert isinstance(ann.dtype, pct.DTypeVar), (
            f"pct_type.dtype should be a DTypeVar, but {type(ann.dtype)} were given.")
        name = ann.dtype.name
        if name in num_candidates:
            assert num_candidates[name] == len(ann.dtype.candidates)
        else:
            num_candidates[name] = len(ann.dtype.candidates)
    assert len(num_candidates) > 0
    names = list(num_candidates)
    combos = [()]
    for n in num_candidates.values():
        combos = [(*c, i) for c in combos for i in range(n)]
    for combo in combos:
        chosen = dict(zip(names, combo))
        sig = []
        for ann in annotations:
            assert isinstance(ann, pct.Tensor)
            for dim in ann.shape:
                assert isinstance(dim, (int, pct.DimVar))
            sig.append(ann.dtype.candidates[chosen[ann.dtype.name]])
        yield tuple(sig)


def compile(func, *args, **kwargs):
    """paddle.incubate.cc.compile(func, train=False, ap_path='', ap_workspace_dir=
    '/tmp/paddle/ap', backend_device='cuda', target_framework='paddle', compile_engine='PCC'):
    every argument of `func` must be annotated with paddle.incubate.cc.typing.Tensor(shape,
    DTypeVar); one specialisation is made per combination of dtype candidates and the returned
    callable dispatches on its inputs' dtypes (AssertionError "input signature ... mismatched,
    valid signatures are: ..." otherwise). Paddle's checks are kept: ``train`` must be False
    ("only support inference now"), compile_engine 'CINN' or 'PCC'.

    Differences from Paddle: no code is generated: each specialisation calls `func` eagerly
    (same values; for a compiled torch graph wrap the torch code in torch.compile). Paddle 3.3.1
    needs a CUDA build with CINN and its AP library here (its CPU wheel fails in
    jit.to_static). The specialisation is called as func(*inputs) and returns what func
    returns."""
    options = dict(zip(("train", "ap_path", "ap_workspace_dir", "backend_device",
                        "target_framework", "compile_engine"), args))
    options.update(kwargs)
    table = {}
    # Paddle reads the annotations first, then checks the options per signature (_compile)
    for sig in _signatures(_annotations(func)):
        assert options.get("ap_path", "") is not None
        assert not options.get("train", False), "only support inference now"
        assert options.get("compile_engine", "PCC") in _ENGINES
        table[sig] = func
    return OverloadedFunc(table)
