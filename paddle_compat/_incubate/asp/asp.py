"""paddle.incubate.asp.asp (mirrors paddle/incubate/asp/asp.py): Automatic SParsity training.

prune_model(layer) replaces each supported weight by its n:m-pruned value and returns the masks
(numpy arrays by parameter name). decorate(optimizer) gives every supported parameter of the
optimizer a non-trainable mask parameter '<name>.asp_mask' (all ones until prune_model sets
it); the decorated optimizer's step() multiplies each parameter by its mask after the update,
so pruned weights stay zero through training. ASP's bookkeeping (masks, mask parameters,
excluded layers) is kept per program; in dynamic mode that is the default main program, as in
Paddle.

In static mode (legacy programs) decorate(optimizer).minimize(loss) creates the mask parameters
in the main and startup programs and appends one elementwise_mul(param, mask) -> param per
parameter after the optimizer ops; prune_model(program) prunes the weights held by the global
scope (run the startup program first).

Differences from Paddle: Paddle 3.3.1 with PIR on (its default) fails in decorate() with an
AttributeError even in dynamic mode; paddle_compat behaves as Paddle with FLAGS_enable_pir_api=0,
where decorate works, except that Paddle then also freezes each masked weight at the first dynamic
step() (its re-masking op, traced under no_grad with the parameter as output, sets the
parameter's stop_gradient); paddle_compat keeps them trainable.
"""
import copy

import numpy as np
import torch

from ..._mode import STATE
from ..._nn.create_param import create_parameter
from ..._nn.initializer import Constant
from ..._nn.layer.layers import Layer
from ..._ops.registry import OPS
from ..._static.builder import append_op as _append_static_op
from ..._static.builder import default_main_program, default_startup_program, program_guard
from ..._static.ir import OpRole, Program
from ..._static.layers import create_parameter as _static_create_parameter
from ..._static.scope import global_scope
from .supported_layer_list import _default_pruning, supported_layers_and_prune_func_map
from .utils import MaskAlgo

__all__ = ["set_excluded_layers", "reset_excluded_layers", "decorate", "prune_model"]

_MASK_ALGOS = {"mask_1d": MaskAlgo.MASK_1D, "mask_2d_greedy": MaskAlgo.MASK_2D_GREEDY,
               "mask_2d_best": MaskAlgo.MASK_2D_BEST}


def _dygraph_only(api):
    assert not STATE.static, (
        f"We only support '{api}()' in dynamic graph mode, please call "
        "'paddle.disable_static()' to enter dynamic graph mode.")


def set_excluded_layers(param_names, main_program=None):
    """paddle.incubate.asp.set_excluded_layers(param_names, main_program=None): parameters
    whose name contains one of `param_names` are not pruned (nor masked) in `main_program`
    (the default main program: dynamic mode's too).

    Differences from Paddle: none known."""
    if main_program is None:
        main_program = default_main_program()
    ASPHelper.set_excluded_layers(param_names=param_names, main_program=main_program)


def reset_excluded_layers(main_program=None):
    """paddle.incubate.asp.reset_excluded_layers(main_program=None): forget the excluded
    layers of `main_program`, or of every program when None.

    Differences from Paddle: none known."""
    ASPHelper.reset_excluded_layers(main_program=main_program)


def decorate(optimizer):
    """paddle.incubate.asp.decorate(optimizer): the optimizer wrapped so that sparsity
    survives training. In dynamic mode it creates the mask parameters '<param>.asp_mask'
    (ones) of the optimizer's supported parameters; step() then re-applies them after every
    update, and state_dict() / set_state_dict() carry them.

    Differences from Paddle: decorate works as in Paddle with FLAGS_enable_pir_api=0 (Paddle
    3.3.1's PIR default fails here), but the masked weights stay trainable after step() (Paddle
    sets their stop_gradient at the first step)."""
    return ASPHelper.decorate(optimizer)


def prune_model(model, n=2, m=4, mask_algo="mask_1d", with_mask=True):
    """paddle.incubate.asp.prune_model(model, n=2, m=4, mask_algo='mask_1d', with_mask=True):
    prune every supported weight of the Layer `model` with mask_algo ('mask_1d',
    'mask_2d_greedy' or 'mask_2d_best') and, with with_mask, store each mask in its
    '<param>.asp_mask' parameter (decorate the optimizer first; in static mode minimize and run
    the startup program first). `model` may also be a static Program, whose weights are read
    from and written to the global scope. Returns {param name: mask} for every parameter pruned
    so far in the program (numpy, the weight's dtype).

    Differences from Paddle: none known with FLAGS_enable_pir_api=0. With PIR on (Paddle's
    default) Paddle's ASP fails (decorate: AttributeError; a static minimize: TypeError from
    program_guard); paddle_compat computes as with PIR off."""
    assert mask_algo in _MASK_ALGOS, (
        'The "mask_algo" should be one of ["mask_1d", "mask_2d_greedy", "mask_2d_best"]')
    kwargs = dict(n=n, m=m, mask_algo=_MASK_ALGOS[mask_algo], with_mask=with_mask)
    if isinstance(model, Layer):
        return ASPHelper.prune_model_by_layer(model, **kwargs)
    if isinstance(model, Program):
        return ASPHelper.prune_model_by_program(model, **kwargs)
    raise TypeError(f"model should be paddle.nn.Layer or paddle.static.Program, but got "
                    f"{type(model)}")


class ProgramASPInfo:
    """One program's ASP state: mask parameters and masks by parameter name, excluded layers."""

    def __init__(self):
        self.mask_vars = {}
        self.masks = {}
        self.excluded_layers = []

    def update_mask_vars(self, param_name, var):
        self.mask_vars[param_name] = var

    def update_masks(self, param_name, var):
        self.masks[param_name] = var

    def update_excluded_layers(self, param_names):
        self.excluded_layers.extend(copy.deepcopy(param_names))

    def reset_excluded_layers(self):
        self.excluded_layers = []


class ASPHelper:
    """ASP's per-program bookkeeping and the pruning / masking steps (Paddle's ASPHelper)."""

    MASK_APPENDDED_NAME = "asp_mask"
    PADDLE_WEIGHT_SUFFIX = "w_"
    _asp_info = {}

    @classmethod
    def _get_program_asp_info(cls, main_program):
        if main_program not in cls._asp_info:
            cls._asp_info[main_program] = ProgramASPInfo()
        return cls._asp_info[main_program]

    @classmethod
    def set_excluded_layers(cls, param_names, main_program):
        cls._get_program_asp_info(main_program).update_excluded_layers(param_names)

    @classmethod
    def reset_excluded_layers(cls, main_program=None):
        if main_program is None:
            for info in cls._asp_info.values():
                info.reset_excluded_layers()
        else:
            cls._get_program_asp_info(main_program).reset_excluded_layers()

    @staticmethod
    def _get_mask_name(param_name):
        return param_name + "." + ASPHelper.MASK_APPENDDED_NAME

    @classmethod
    def _is_supported_layer(cls, main_program, param_name):
        """Paddle's rule: not a mask, not excluded (substring match), and either named in the
        table or a weight ('<layer>_<n>.w_<k>') of a layer type in it."""
        parts = param_name.split(".")
        if ASPHelper.MASK_APPENDDED_NAME in parts:
            return False
        for layer in cls._get_program_asp_info(main_program).excluded_layers:
            if layer in param_name:
                return False
        if param_name in supported_layers_and_prune_func_map:
            return True
        if len(parts) == 1:
            return False
        base, kind = parts[0], parts[1]
        if ASPHelper.PADDLE_WEIGHT_SUFFIX not in kind:
            return False
        return (base in supported_layers_and_prune_func_map
                or base[:base.rfind("_")] in supported_layers_and_prune_func_map)

    @classmethod
    def _get_prune_func_by_name(cls, param_name):
        table = supported_layers_and_prune_func_map
        func = table.get(param_name, None)
        base = param_name.split(".")[0]
        if func is None:
            func = table.get(base, None)
        if func is None:
            func = table.get(base[:base.rfind("_")], _default_pruning)
        return func

    @classmethod
    def decorate(cls, optimizer):
        if not STATE.static:
            cls._create_mask_variables(default_main_program(), optimizer._parameter_list)
        return OptimizerWithSparsityGuarantee(optimizer)

    @classmethod
    def prune_model_by_program(cls, main_program=None, n=2, m=4, mask_algo=MaskAlgo.MASK_1D,
                               with_mask=True):
        """Prune the supported weights of a static program in the global scope."""
        if main_program is None:
            main_program = default_main_program()
        info = cls._get_program_asp_info(main_program)
        scope = global_scope()
        for param in main_program.global_block().all_parameters():
            if not cls._is_supported_layer(main_program, param.name):
                continue
            tensor = scope.find_var(param.name).get_tensor()
            weight = np.array(tensor)
            prune_func = cls._get_prune_func_by_name(param.name)
            pruned, mask = prune_func(weight, m, n, mask_algo, param.name)
            tensor.set(pruned.astype(weight.dtype))
            if with_mask:
                mask_var = scope.find_var(cls._get_mask_name(param.name))
                assert mask_var is not None, (
                    f"Cannot find {cls._get_mask_name(param.name)} variable, please call "
                    "optimizer.minimize (paddle.incubate.asp.decorate(optimizer).minimize(loss) "
                    "and initialization (exe.run(startup_program)) first!")
                mask_tensor = mask_var.get_tensor()
                mask = mask.astype(np.array(mask_tensor).dtype)
                mask_tensor.set(mask)
            info.update_masks(param.name, mask)
        return info.masks.copy()

    @classmethod
    def prune_model_by_layer(cls, layer, n=2, m=4, mask_algo=MaskAlgo.MASK_1D, with_mask=True):
        if STATE.static:
            # a Layer built in static mode: prune the program its parameters live in
            target = None
            for param in layer.parameters():
                target = param.block.program
            assert target is not None, "Cannot get paddle.static.Program from Paddle.nn.Layer."
            return cls.prune_model_by_program(target, n=n, m=m, mask_algo=mask_algo,
                                              with_mask=with_mask)
        main_program = default_main_program()
        info = cls._get_program_asp_info(main_program)
        for param in layer.parameters():
            if not cls._is_supported_layer(main_program, param.name):
                continue
            weight = param.numpy()
            prune_func = cls._get_prune_func_by_name(param.name)
            pruned, mask = prune_func(weight, m, n, mask_algo, param.name)
            param.set_value(pruned.astype(weight.dtype))
            if with_mask:
                mask_param = info.mask_vars.get(param.name, None)
                assert mask_param is not None, (
                    f"Cannot find {cls._get_mask_name(param.name)} variable, please call "
                    "asp.decorate() to decorate your optimizer first!")
                mask_param.set_value(mask)
            info.update_masks(param.name, mask)
        return info.masks.copy()

    @classmethod
    def _create_mask_variables(cls, main_program, params, startup_program=None):
        info = cls._get_program_asp_info(main_program)
        for param in _flat_params(params):
            if cls._is_supported_layer(main_program, param.name) and \
                    param.name not in info.mask_vars:
                kwargs = dict(shape=list(param.shape), dtype=param.dtype,
                              name=cls._get_mask_name(param.name),
                              default_initializer=Constant(value=1.0))
                if STATE.static:
                    with program_guard(main_program, startup_program):
                        mask = _static_create_parameter(**kwargs)
                else:
                    mask = create_parameter(**kwargs)
                mask.stop_gradient = True
                mask.trainable = False
                info.update_mask_vars(param.name, mask)

    @classmethod
    def _apply_masks(cls, main_program, params):
        """param *= its mask: in place now (dynamic mode), or as an elementwise_mul(param, mask)
        -> param op appended to the program's optimize ops (static mode)."""
        info = cls._get_program_asp_info(main_program)
        if STATE.static:
            block = main_program.global_block()
            for param in _flat_params(params):
                if param.name in info.mask_vars:
                    _append_static_op(block, OPS["elementwise_mul"],
                                      {"X": [param.name], "Y": [info.mask_vars[param.name].name]},
                                      {"Out": [param.name]}, {"axis": -1}, role=OpRole.Optimize)
            return
        with torch.no_grad():
            for param in _flat_params(params):
                if param.name in info.mask_vars:
                    param._t.mul_(info.mask_vars[param.name]._t)


def _flat_params(params):
    out = []
    for p in params or ():
        out.extend(p["params"] if isinstance(p, dict) else [p])
    return out


class OptimizerWithSparsityGuarantee:
    """The optimizer returned by paddle.incubate.asp.decorate: every other attribute is the
    wrapped optimizer's."""

    def __init__(self, optimizer):
        self._optimizer = optimizer

    def __getattr__(self, item):
        return getattr(self._optimizer, item)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """The wrapped optimizer's minimize, then ASP's masks: created for the updated supported
        parameters ('<param>.asp_mask', ones) and applied after the update (in static mode as
        elementwise_mul ops appended to loss's program)."""
        main_program = loss.block.program if STATE.static else default_main_program()
        if startup_program is None:
            startup_program = default_startup_program()
        ops, params_grads = self._optimizer.minimize(loss, startup_program, parameter_list,
                                                     no_grad_set=no_grad_set)
        params = [pg[0] for pg in params_grads]
        ASPHelper._create_mask_variables(main_program, params, startup_program)
        ASPHelper._apply_masks(main_program, params)
        return ops, params_grads

    def step(self):
        """The wrapped optimizer's step, then every parameter multiplied by its ASP mask."""
        _dygraph_only("step")
        self._optimizer.step()
        ASPHelper._apply_masks(default_main_program(), self._optimizer._parameter_list)

    def state_dict(self):
        """The wrapped optimizer's state_dict plus every mask parameter, '<param>.asp_mask'."""
        _dygraph_only("state_dict")
        state = self._optimizer.state_dict()
        info = ASPHelper._get_program_asp_info(default_main_program())
        for name, var in info.mask_vars.items():
            state.update({ASPHelper._get_mask_name(name): var})
        return state

    def set_state_dict(self, state_dict):
        """Load the mask parameters ('<param>.asp_mask' must all be present), then the wrapped
        optimizer's state."""
        _dygraph_only("set_state_dict")
        info = ASPHelper._get_program_asp_info(default_main_program())
        for name, var in info.mask_vars.items():
            key = ASPHelper._get_mask_name(name)
            assert key in state_dict, f"The {key} is not found."
            var.set_value(state_dict[key])
            info.update_masks(name, var.numpy())
        return self._optimizer.set_state_dict(state_dict)
