"""paddle.static.CompiledProgram / BuildStrategy: the opt-in torch.compile path.

`CompiledProgram(program, build_strategy)` runs through the same lowered plan as a plain Program;
the forward op steps of a plan without gradient groups are fused into one Python function handed to
`torch.compile` (`BuildStrategy.enable_torch_compile`, default True; `torch_compile_mode`).
Differences from Paddle: Paddle's graph passes (fuse_* flags) are accepted as attributes and
ignored; torch.compile does the fusion. As in Paddle 3.3.1, CompiledProgram takes a legacy
Program only: in the default PIR mode it raises Paddle's TypeError (FLAGS_enable_pir_api=0).
"""
import torch

from .executor import _OpStep, execute
from .pir_legacy_only import reject_in_pir

__all__ = ["BuildStrategy", "CompiledProgram", "IpuStrategy", "IpuCompiledProgram"]


class _ReduceStrategy(int):
    """BuildStrategy.ReduceStrategy: AllReduce = 0, Reduce = 1 (accepted, ignored)."""

    def __repr__(self):
        return "ReduceStrategy." + {0: "AllReduce", 1: "Reduce", 2: "_NoReduce"}[int(self)]

    __str__ = __repr__


class _ReduceStrategies:
    AllReduce, Reduce, _NoReduce = _ReduceStrategy(0), _ReduceStrategy(1), _ReduceStrategy(2)


class BuildStrategy:
    """paddle.static.BuildStrategy(): build options; see the module docstring."""

    ReduceStrategy = _ReduceStrategies

    def __init__(self):
        self.enable_torch_compile = True
        self.torch_compile_mode = None
        self.fuse_elewise_add_act_ops = False
        self.fuse_bn_act_ops = False
        self.enable_inplace = False
        self.memory_optimize = False
        self.debug_graphviz_path = ""
        self.reduce_strategy = _ReduceStrategies.AllReduce


class CompiledProgram:
    """paddle.static.CompiledProgram(program_or_graph, build_strategy=None)."""

    _compiled_program_ = True

    def __init__(self, program_or_graph, build_strategy=None):
        reject_in_pir("CompiledProgram")
        self._program = program_or_graph
        self._build_strategy = build_strategy or BuildStrategy()
        self._fns = {}

    def _execute(self, plan, env, scope_tensors, leaves=None):
        bs = self._build_strategy
        if not bs.enable_torch_compile or plan.has_grad or not all(
                isinstance(s, _OpStep) and not s.writes for s in plan.steps):
            return execute(plan, env, scope_tensors, leaves)
        fn = self._fns.get(id(plan))
        if fn is None:
            fn = self._fns[id(plan)] = _compile(plan, bs)
        for n in plan.scope_reads:
            if n in scope_tensors:
                env[n] = scope_tensors[n]
        names = sorted(env)
        with torch.no_grad():
            out = fn(*[env[n] for n in names], names=tuple(names))
        env.update(out)


def _compile(plan, bs):
    steps = plan.steps
    fetch = plan.fetch

    def run(*tensors, names):
        env = dict(zip(names, tensors))
        for step in steps:
            args = [env[a] if type(a) is str else (None if a is None else [env[n] for n in a])
                    for a in step.args]
            out = step.kernel(*args, **step.kwargs)
            if step.single:
                outs = [out] if type(step.outs[0]) is not list else [out]
            else:
                outs = out
            for name, t in zip(step.outs, outs):
                if type(name) is list:
                    for n, tt in zip(name, t):
                        env[n] = tt
                elif name is not None:
                    env[name] = t
        return {n: env[n] for n in fetch if n in env}

    kwargs = {"mode": bs.torch_compile_mode} if bs.torch_compile_mode else {}
    return torch.compile(run, dynamic=True, **kwargs)


class IpuStrategy:
    """paddle.static.IpuStrategy: Paddle's RuntimeError for a build without IPU support
    (paddle_compat has no IPU devices)."""

    def __init__(self):
        raise RuntimeError("Can not use IpuStrategy in non IPU compiled environment, please "
                           "re-compile with WITH_IPU=ON.")


class IpuCompiledProgram:
    """paddle.static.IpuCompiledProgram: Paddle's ValueError for a build without IPU support
    (paddle_compat has no IPU devices)."""

    def __init__(self, program=None, scope=None, ipu_strategy=None):
        raise ValueError("Can not use this function since PaddlePaddle is not compiled with IPU")
