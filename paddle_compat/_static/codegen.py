"""Straight-line Python for a lowered plan: the Executor's interpreter loop, unrolled.

`executor._run_steps` walks a plan's steps and, for each, gathers arguments, calls the kernel,
stores outputs and runs the step's leaf/detach/write/free lists; that bookkeeping is the same on
every run. Once a plan runs a second time, `compile_steps` writes it out as one Python function
(as torch.fx's GraphModule writes its graph as code), so a training step pays for the kernels and
little else:

    try:
        out = k3(env['fc_0.tmp_1'])
    except Exception as e:
        out = recover(s3, e, env)
    env['fc_0.tmp_2'] = out
    env.pop('fc_0.tmp_1', None)

Behaviour is the interpreter's, line for line: the same env dict, the same order of stores and
frees, and on any failure `recover` (the executor's) re-derives what went wrong from the step
itself: a missing input is Paddle's "not initialized" error, a failing kernel variant re-runs the
full kernel, anything else is re-raised with the op's "In user code" context. The source is kept
on the function (`__source__`) for debugging.
"""

__all__ = ["compile_steps"]


def compile_steps(steps, runtime):
    """A function `run(env, scope_tensors, leaves)` doing what `_run_steps(steps, ...)` does.

    `runtime`: the executor's helpers the code calls — `recover(step, exc, env)`,
    `run_group(step, env, scope_tensors)`, `make_leaf(t)`, `write(env, scope_tensors, leaves,
    name)`, `put_list(env, names, out)` and `put_multi(env, names, out)`.
    """
    names = dict(runtime)
    lines = ["def run(env, scope_tensors, leaves):"]
    for i, step in enumerate(steps):
        names[f"s{i}"] = step
        if not hasattr(step, "kernel"):           # a gradient group
            lines.append(f"    run_group(s{i}, env, scope_tensors)")
            continue
        names[f"k{i}"] = step.kernel
        args = ", ".join(_arg(a) for a in step.args)
        if step.kwargs:
            names[f"a{i}"] = step.kwargs
            args = f"{args}, **a{i}" if args else f"**a{i}"
        lines += ["    try:",
                  f"        out = k{i}({args})",
                  "    except Exception as e:",
                  f"        out = recover(s{i}, e, env)"]
        lines += _stores(step, i, names)
        for n in step.leaf:
            lines.append(f"    env[{n!r}] = make_leaf(env[{n!r}])")
        for n in step.detach:
            lines += [f"    t = env[{n!r}]",
                      "    if t.requires_grad:",
                      f"        env[{n!r}] = t.detach()"]
        for n in step.writes:
            lines.append(f"    write(env, scope_tensors, leaves, {n!r})")
        for n in step.frees:
            lines.append(f"    env.pop({n!r}, None)")
    if len(lines) == 1:
        lines.append("    pass")
    source = "\n".join(lines) + "\n"
    code = compile(source, "<paddle_compat plan>", "exec")
    exec(code, names)
    run = names["run"]
    run.__source__ = source
    return run


def _arg(a):
    if a is None:
        return "None"
    if type(a) is str:
        return f"env[{a!r}]"
    return "[" + ", ".join(f"env[{n!r}]" for n in a) + "]"


def _stores(step, i, names):
    """Lines storing `out` under the step's output names, as `_run_steps` does."""
    if step.single:
        name = step.outs[0]
        if type(name) is list:
            names[f"o{i}"] = name
            return [f"    put_list(env, o{i}, out)"]
        return [f"    env[{name!r}] = out"] if name is not None else []
    names[f"o{i}"] = step.outs
    return [f"    put_multi(env, o{i}, out)"]
