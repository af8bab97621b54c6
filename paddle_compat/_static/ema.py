"""paddle.static.ExponentialMovingAverage: moving averages of the trainable parameters kept by the
main program (`update()`), swapped in by `apply_program` (with Paddle's bias correction
ema / (1 - decay^t)) and swapped back by `restore_program`."""
import contextlib

import torch

from .. import _unique_name
from .._mode import STATE
from .builder import append_op, default_main_program, default_startup_program, op_role, program_guard
from .ir import OpRole, Program
from .layers import create_global_var
from .local_ops import _local

__all__ = ["ExponentialMovingAverage"]


def _ema_update(Param, Ema, Decay, Step, ThresSteps=None):
    with torch.no_grad():
        decay = Decay.reshape(()).to(Param.dtype)
        if ThresSteps is not None:
            t = ThresSteps.reshape(()).to(Param.dtype)
            decay = torch.minimum(decay, (t + 1.0) / (t + 10.0))
        return Ema * decay + Param * (1 - decay), decay.reshape(1).to(Decay.dtype)


def _step_increment(Step):
    return Step + 1


def _ema_apply(Param, Ema, Decay, Step):
    with torch.no_grad():
        step = Step.reshape(()).to(torch.float32)
        decay_pow = Decay.reshape(()).to(torch.float32) ** step
        value = Ema / (1.0 - decay_pow.to(Ema.dtype)) if float(step) > 0 else Ema
        return Param.clone(), value.to(Param.dtype)


def _ema_restore(Tmp):
    return Tmp.clone()


_UPDATE = _local("ema_update", _ema_update, ("Param", "Ema", "Decay", "Step", "ThresSteps"),
                 ("EmaOut", "DecayOut"), {})
_INCREMENT = _local("ema_step_increment", _step_increment, ("Step",), ("Out",), {})
_APPLY = _local("ema_apply", _ema_apply, ("Param", "Ema", "Decay", "Step"), ("Tmp", "ParamOut"),
                {})
_RESTORE = _local("ema_restore", _ema_restore, ("Tmp",), ("Out",), {})


def _clone_var(block, var):
    if var.name not in block.vars:
        block.create_var(name=var.name, shape=var.shape, dtype=var.dtype, persistable=True,
                         stop_gradient=True)
    return block.vars[var.name]


class ExponentialMovingAverage:
    """paddle.static.ExponentialMovingAverage(decay=0.999, thres_steps=None, name=None).

    ema_t = decay * ema_{t-1} + (1 - decay) * param for every parameter whose ParamAttr has
    do_model_average (the default), updated by the ops `update()` appends to the main program;
    with `thres_steps` (a Variable counting steps) the decay is min(decay, (t + 1) / (t + 10)).
    `apply(executor)` (a context manager) runs `apply_program`, which saves each parameter and
    sets it to ema / (1 - decay^t) (ema itself before the first update); `restore(executor)`
    runs `restore_program`, which puts the saved values back.

    Differences from Paddle: the update, apply and restore steps are recorded as one op per
    parameter (`ema_update`, `ema_apply`, `ema_restore`) rather than Paddle's elementwise /
    assign / cond ops, so `print(program)` differs; the values are Paddle's. The saved copies
    (`<param>.ema_tmp_<n>`) are persistable, so the scope keeps them between the two programs."""

    def __init__(self, decay=0.999, thres_steps=None, name=None):
        if not STATE.static:
            raise Exception("In dygraph, don't support ExponentialMovingAverage.")
        self._decay = decay
        self._thres_steps = thres_steps
        self._name = name if name is not None else ""
        main = default_main_program()
        self._decay_var = create_global_var([1], decay, "float32", persistable=True,
                                            name="scheduled_ema_decay_rate")
        self._step_var = create_global_var([1], 0, "int64", persistable=True,
                                           name="@EMA_STEP_COUNTER@")
        self._params_tmps = []
        for param in main.global_block().all_parameters():
            if getattr(param, "do_model_average", None) is not False:
                tmp = param.block.create_var(
                    name=_unique_name.generate(".".join([self._name + param.name, "ema_tmp"])),
                    shape=param.shape, dtype=param.dtype, persistable=True, stop_gradient=True)
                self._params_tmps.append((param, tmp))
        self._ema_vars = {}
        for param, _ in self._params_tmps:
            self._ema_vars[param.name] = create_global_var(
                param.shape, 0.0, param.dtype, persistable=True,
                name=_unique_name.generate(self._name + param.name + "_ema"))
        self.apply_program = Program()
        block = self.apply_program.global_block()
        decay = _clone_var(block, self._decay_var)
        step = _clone_var(block, self._step_var)
        for param, tmp in self._params_tmps:
            p, t = _clone_var(block, param), _clone_var(block, tmp)
            ema = _clone_var(block, self._ema_vars[param.name])
            append_op(block, _APPLY, {"Param": [p.name], "Ema": [ema.name],
                                      "Decay": [decay.name], "Step": [step.name]},
                      {"Tmp": [t.name], "ParamOut": [p.name]}, {})
        self.restore_program = Program()
        block = self.restore_program.global_block()
        for param, tmp in self._params_tmps:
            p, t = _clone_var(block, param), _clone_var(block, tmp)
            append_op(block, _RESTORE, {"Tmp": [t.name]}, {"Out": [p.name]}, {})

    def update(self):
        """Append the moving-average updates (and the step counter's increment) to the main
        program; call it after `optimizer.minimize`."""
        block = default_main_program().global_block()
        thres = self._thres_steps
        with op_role(OpRole.Optimize):
            for param, _ in self._params_tmps:
                ema = self._ema_vars[param.name]
                append_op(block, _UPDATE,
                          {"Param": [param.name], "Ema": [ema.name],
                           "Decay": [self._decay_var.name], "Step": [self._step_var.name],
                           "ThresSteps": [thres.name] if thres is not None else []},
                          {"EmaOut": [ema.name], "DecayOut": [self._decay_var.name]}, {})
        # Paddle's autoincreased_step_counter: prepended, in the learning-rate role, so a
        # clone(for_test=True) keeps counting steps (and the bias correction follows it).
        from .builder import standard_attrs
        op = block._prepend_op("ema_step_increment", {"Step": [self._step_var.name]},
                               {"Out": [self._step_var.name]},
                               standard_attrs(role=OpRole.LRSched), _INCREMENT)

    @contextlib.contextmanager
    def apply(self, executor, need_restore=True):
        """Run `apply_program` (parameters := bias-corrected averages), and on leaving the block
        `restore_program` unless need_restore is False."""
        executor.run(self.apply_program)
        try:
            yield
        finally:
            if need_restore:
                self.restore(executor)

    def restore(self, executor):
        """Run `restore_program`: the parameters saved by `apply` are put back."""
        executor.run(self.restore_program)
