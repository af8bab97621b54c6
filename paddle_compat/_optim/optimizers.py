"""paddle.optimizer's optimizers (Paddle: optimizer/sgd.py, momentum.py, adam.py, adamw.py, rmsprop.py,
adagrad.py, adamax.py, adadelta.py, lamb.py, radam.py, nadam.py): SGD, Momentum, Adam, AdamW, RMSProp,
Adagrad, Adamax, Adadelta, Lamb, RAdam, NAdam. Paddle's signatures and checks on top of `Optimizer`;
the arithmetic lives in `rules.py` (shared with the static graph)."""
from .._tensor import Tensor, wrap
from .optimizer import Optimizer, _as_float, _regularizer_kind

__all__ = ["SGD", "Momentum", "Adam", "AdamW", "RMSProp", "Adagrad", "Adamax", "Adadelta", "Lamb",
           "RAdam", "NAdam", "ASGD", "Rprop", "LBFGS"]


class SGD(Optimizer):
    """paddle.optimizer.SGD(learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
    multi_precision=False, name=None): param -= lr * grad."""

    _rule = "sgd"

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "sgd"
        self._multi_precision = multi_precision


class Momentum(Optimizer):
    """paddle.optimizer.Momentum(learning_rate=0.001, momentum=0.9, parameters=None,
    use_nesterov=False, weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
    use_multi_tensor=False, name=None).

    As in Paddle, an L2 weight decay (a float or L2Decay, on the optimizer, a group or a parameter) is
    folded into the momentum kernel (`g + coeff * param`); other regularizers add their term to the
    gradient. `use_multi_tensor` is accepted and gives the same numbers.
    """

    _rule = "momentum"
    _group_keys = ("momentum", "use_nesterov", "rescale_grad", "regularization_method",
                   "regularization_coeff")

    def __init__(self, learning_rate=0.001, momentum=0.9, parameters=None, use_nesterov=False,
                 weight_decay=None, grad_clip=None, multi_precision=False, rescale_grad=1.0,
                 use_multi_tensor=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if momentum is None:
            raise ValueError("momentum is not set")
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
        if isinstance(parameters, list) and parameters and isinstance(parameters[0], dict):
            groups = []
            for group in parameters:
                group = dict(group)
                decay = group.get("weight_decay", weight_decay)
                kind, coeff = _regularizer_kind(decay)
                group["regularization_method"] = "l2_decay" if kind == "l2" else ""
                group["regularization_coeff"] = coeff if kind == "l2" else 0.0
                group["weight_decay"] = None if kind == "l2" else decay
                groups.append(group)
            parameters = groups
        kind, coeff = _regularizer_kind(weight_decay)
        super().__init__(learning_rate, parameters, None if kind == "l2" else weight_decay,
                         grad_clip, name)
        self.type = "momentum"
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._regularization_method = "l2_decay" if kind == "l2" else ""
        self._regularization_coeff = coeff if kind == "l2" else 0.0
        self._multi_precision = multi_precision
        self._rescale_grad = rescale_grad
        self._use_multi_tensor = use_multi_tensor

    def _regularizer_for(self, param, reg):
        kind, coeff = _regularizer_kind(reg)
        return (None, 0.0) if kind == "l2" else (kind, coeff)

    def _base_hyper(self, param):
        return {"momentum": _as_float(self._momentum), "use_nesterov": self._use_nesterov,
                "rescale_grad": float(self._rescale_grad),
                "regularization_method": self._regularization_method,
                "regularization_coeff": self._regularization_coeff}

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        reg = getattr(param, "regularizer", None)
        if reg is not None:
            kind, coeff = _regularizer_kind(reg)
            hyper["regularization_method"] = "l2_decay" if kind == "l2" else ""
            hyper["regularization_coeff"] = coeff if kind == "l2" else 0.0
        return hyper


def _check_adam_args(beta1, beta2, epsilon):
    if not isinstance(beta1, Tensor) and not 0 <= beta1 < 1:
        raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
    if not isinstance(beta2, Tensor) and not 0 <= beta2 < 1:
        raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
    if not isinstance(epsilon, Tensor) and not 0 <= epsilon:
        raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")


class Adam(Optimizer):
    """paddle.optimizer.Adam(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=None, grad_clip=None, lazy_mode=False, multi_precision=False,
    use_multi_tensor=False, amsgrad=False, name=None).

    Paddle's update: lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t);
    param -= lr_t * m1 / (sqrt(m2) + epsilon * sqrt(1 - beta2^t)). weight_decay is coupled (added
    to the gradient). Differences from Paddle: `lazy_mode` has no effect (gradients are dense).
    """

    _rule = "adam"
    _group_keys = ("beta1", "beta2", "epsilon")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=None, grad_clip=None, lazy_mode=False, multi_precision=False,
                 use_multi_tensor=False, amsgrad=False, name=None):
        for arg in (learning_rate, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("Adam: learning_rate, beta1, beta2 and epsilon must not be None")
        _check_adam_args(beta1, beta2, epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._use_multi_tensor = use_multi_tensor
        self._amsgrad = amsgrad

    def _base_hyper(self, param):
        return {"beta1": _as_float(self._beta1), "beta2": _as_float(self._beta2),
                "epsilon": _as_float(self._epsilon), "amsgrad": self._amsgrad}

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        for key in ("beta1", "beta2", "epsilon"):
            hyper[key] = _as_float(hyper[key])
        return hyper


class AdamW(Adam):
    """paddle.optimizer.AdamW(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=0.01, use_lowprecision_moment=False, lr_ratio=None,
    apply_decay_param_fun=None, grad_clip=None, lazy_mode=False, multi_precision=False,
    amsgrad=False, name=None).

    Decoupled decay before Adam's update: param -= lr * lr_ratio(param) * weight_decay * param, for
    parameters whose name passes apply_decay_param_fun. Differences from Paddle: lr_ratio also works
    on CPU (Paddle raises NotImplementedError there).
    """

    _rule = "adamw"
    _group_keys = ("beta1", "beta2", "epsilon", "weight_decay")

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08, parameters=None,
                 weight_decay=0.01, use_lowprecision_moment=False, lr_ratio=None,
                 apply_decay_param_fun=None, grad_clip=None, lazy_mode=False, multi_precision=False,
                 amsgrad=False, name=None):
        for arg in (learning_rate, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("AdamW: learning_rate, beta1, beta2 and epsilon must not be None")
        _check_adam_args(beta1, beta2, epsilon)
        if not isinstance(weight_decay, (int, float, Tensor)) or isinstance(weight_decay, bool):
            raise TypeError("weight_decay should be int, float or Tensor.")
        if lr_ratio is not None and not callable(lr_ratio):
            raise AssertionError(f"AdamW: lr_ratio must be callable, but received {type(lr_ratio)}")
        coeff = _as_float(weight_decay)
        self._weight_decay = coeff      # read by _add_param_group during Optimizer.__init__
        Optimizer.__init__(self, learning_rate, parameters, None, grad_clip, name)
        self._default_dict = {"weight_decay": coeff, "beta1": beta1, "beta2": beta2,
                              "epsilon": epsilon, "lazy_mode": lazy_mode, "grad_clip": grad_clip}
        self.type = "adamw"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lr_ratio = lr_ratio
        self._apply_decay_param_fun = apply_decay_param_fun
        self._use_lowprecision_moment = use_lowprecision_moment
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._amsgrad = amsgrad

    def _add_param_group(self, group):
        # AdamW's groups carry a decoupled decay coefficient, not a regularizer: unlike the base
        # class, the parameters' own regularizers are left alone (only the lr scale is written).
        params = group["params"]
        group["params"] = [params] if isinstance(params, Tensor) else list(params)
        if isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections,but received set, "
                            "please use list instead.")
        group.setdefault("weight_decay", self._weight_decay)
        group.setdefault("grad_clip", self._grad_clip)
        seen = {id(p) for g in self._param_groups for p in g["params"]}
        if any(id(p) in seen for p in group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        for p in group["params"]:
            if hasattr(p, "optimize_attr"):
                p.optimize_attr["learning_rate"] = group.get("learning_rate", 1.0)
            else:
                self._group_reg[id(p)] = (None, group.get("learning_rate", 1.0))
        self._param_groups.append(group)

    def _base_hyper(self, param):
        hyper = super()._base_hyper(param)
        hyper["coeff"] = self._weight_decay
        return hyper

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        hyper["coeff"] = _as_float(hyper.pop("weight_decay", hyper["coeff"]))
        fun = self._apply_decay_param_fun
        hyper["with_decay"] = fun is None or bool(fun(param.name))
        hyper["lr_ratio"] = 1.0 if self._lr_ratio is None else float(self._lr_ratio(param))
        return hyper


class RMSProp(Optimizer):
    """paddle.optimizer.RMSProp(learning_rate, rho=0.95, epsilon=1e-06, momentum=0.0, centered=False,
    parameters=None, weight_decay=None, grad_clip=None, name=None)."""

    _rule = "rmsprop"
    _group_keys = ("rho", "epsilon", "momentum", "centered")

    def __init__(self, learning_rate, rho=0.95, epsilon=1.0e-6, momentum=0.0, centered=False,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        for arg, label in ((learning_rate, "learning_rate"), (rho, "rho"), (epsilon, "epsilon"),
                           (momentum, "momentum")):
            if arg is None:
                raise ValueError(f"{label} is not set.")
        if not 0.0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        if not 0.0 <= momentum:
            raise ValueError("Invalid value of momentum, expect momentum >= 0.")
        if not 0.0 <= rho:
            raise ValueError("Invalid value of rho, expect rho >= 0.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "rmsprop"
        self._rho, self._epsilon, self._momentum, self._centered = rho, epsilon, momentum, centered

    def _base_hyper(self, param):
        return {"rho": float(self._rho), "epsilon": float(self._epsilon),
                "momentum": float(self._momentum), "centered": bool(self._centered)}


class Adagrad(Optimizer):
    """paddle.optimizer.Adagrad(learning_rate, epsilon=1e-06, parameters=None, weight_decay=None,
    grad_clip=None, name=None, initial_accumulator_value=0.0)."""

    _rule = "adagrad"
    _group_keys = ("epsilon", "initial_accumulator_value")

    def __init__(self, learning_rate, epsilon=1.0e-6, parameters=None, weight_decay=None,
                 grad_clip=None, name=None, initial_accumulator_value=0.0):
        for arg in (learning_rate, epsilon):
            if arg is None:
                raise AssertionError("Adagrad: learning_rate and epsilon must not be None")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adagrad"
        self._epsilon = epsilon
        self.initial_accumulator_value = initial_accumulator_value

    def _base_hyper(self, param):
        return {"epsilon": float(self._epsilon),
                "initial_accumulator_value": float(self.initial_accumulator_value)}


# ---- Adamax, Adadelta, Lamb, RAdam, NAdam --------------------------------------------------------


class _Betas(Optimizer):
    _group_keys = ("beta1", "beta2", "epsilon")

    def _base_hyper(self, param):
        return {"beta1": _as_float(self._beta1), "beta2": _as_float(self._beta2),
                "epsilon": _as_float(self._epsilon)}

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        for key in ("beta1", "beta2", "epsilon"):
            hyper[key] = _as_float(hyper[key])
        return hyper


def _check_betas(epsilon, beta1, beta2):
    """RAdam's and NAdam's argument checks, with Paddle's messages."""
    if not 0.0 <= epsilon:
        raise ValueError("Invalid epsilon value: {}".format(epsilon))
    if not 0.0 <= beta1 < 1.0:
        raise ValueError("Invalid beta1 value: {}".format(beta1))
    if not 0.0 <= beta2 < 1.0:
        raise ValueError("Invalid beta2 value: {}".format(beta2))


class Adamax(_Betas):
    """paddle.optimizer.Adamax(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=None, grad_clip=None, name=None): Adam with the infinity norm."""

    _rule = "adamax"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        for arg in (learning_rate, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("Adamax: learning_rate, beta1, beta2 and epsilon must not be None")
        _check_adam_args(beta1, beta2, epsilon)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adamax"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._multi_precision = False


class Adadelta(Optimizer):
    """paddle.optimizer.Adadelta(learning_rate=0.001, epsilon=1e-06, rho=0.95, parameters=None,
    weight_decay=None, grad_clip=None, name=None)."""

    _rule = "adadelta"
    _group_keys = ("epsilon", "rho")

    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        for arg, label in ((learning_rate, "learning_rate"), (epsilon, "epsilon"), (rho, "rho")):
            if arg is None:
                raise ValueError(f"{label} is not set.")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "adadelta"
        self._epsilon, self._rho = epsilon, rho
        self._multi_precision = False

    def _base_hyper(self, param):
        return {"epsilon": float(self._epsilon), "rho": float(self._rho)}


class Lamb(_Betas):
    """paddle.optimizer.Lamb(learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
    epsilon=1e-06, parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None,
    multi_precision=False, always_adapt=False, name=None): layer-wise adaptive moments."""

    _rule = "lamb"
    _group_keys = ("beta1", "beta2", "epsilon", "lamb_weight_decay")

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999,
                 epsilon=1e-6, parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None,
                 multi_precision=False, always_adapt=False, name=None):
        for arg in (learning_rate, lamb_weight_decay, beta1, beta2, epsilon):
            if arg is None:
                raise AssertionError("Lamb: learning_rate, lamb_weight_decay, beta1, beta2 and "
                                     "epsilon must not be None")
        super().__init__(learning_rate, parameters, None, grad_clip, name)
        self.type = "lamb"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._multi_precision = multi_precision
        self.always_adapt = always_adapt

    def _base_hyper(self, param):
        hyper = super()._base_hyper(param)
        hyper["lamb_weight_decay"] = float(self._lamb_weight_decay)
        hyper["always_adapt"] = bool(self.always_adapt)
        return hyper

    def _hyper(self, param, group, lr):
        hyper = super()._hyper(param, group, lr)
        fn = self._exclude_from_weight_decay_fn
        hyper["with_decay"] = not (fn is not None and fn(param))
        return hyper


class RAdam(_Betas):
    """paddle.optimizer.RAdam(learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-08,
    parameters=None, weight_decay=None, grad_clip=None, name=None): rectified Adam."""

    _rule = "radam"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1.0e-8, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if not 0.0 <= learning_rate if isinstance(learning_rate, float) else False:
            raise ValueError("Invalid learning rate: {}".format(learning_rate))
        _check_betas(epsilon, beta1, beta2)
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "radam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon


class NAdam(_Betas):
    """paddle.optimizer.NAdam(learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1e-08,
    momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None, name=None)."""

    _rule = "nadam"
    _group_keys = ("beta1", "beta2", "epsilon", "momentum_decay")

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1.0e-8,
                 momentum_decay=0.004, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        _check_betas(epsilon, beta1, beta2)
        if not 0.0 <= momentum_decay:
            raise ValueError("Invalid momentum_decay value: {}".format(momentum_decay))
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "nadam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._momentum_decay = momentum_decay

    def _base_hyper(self, param):
        hyper = super()._base_hyper(param)
        hyper["momentum_decay"] = float(self._momentum_decay)
        return hyper


# ---- ASGD, Rprop (Paddle: optimizer/asgd.py, optimizer/rprop.py) -----------------------------------


class ASGD(Optimizer):
    """paddle.optimizer.ASGD(learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None,
    grad_clip=None, multi_precision=False, name=None): stochastic average gradient over the last
    batch_num gradients (rules.asgd); accumulators d, y ([batch_num, *shape]) and m (int64 [1]),
    named as Paddle names them."""

    _rule = "asgd"

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None,
                 grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate should not be none")
        if batch_num is None:
            raise ValueError("batch_num should not be none")
        if not 0 < batch_num:
            raise ValueError("batch_num should be greater than 0")
        super().__init__(learning_rate, parameters, weight_decay, grad_clip, name)
        self.type = "asgd"
        self._multi_precision = multi_precision
        self._n = batch_num

    def _base_hyper(self, param):
        return {"batch_num": int(self._n)}


class Rprop(Optimizer):
    """paddle.optimizer.Rprop(learning_rate=0.001, learning_rate_range=(1e-05, 50), parameters=None,
    etas=(0.5, 1.2), grad_clip=None, multi_precision=False, name=None): resilient backpropagation
    (rules.rprop): per-element step sizes starting at learning_rate; accumulators prevs and
    learning_rates, named as Paddle names them. No weight decay, as in Paddle."""

    _rule = "rprop"

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None,
                 etas=(0.5, 1.2), grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if not 0.0 < learning_rate_range[0] <= learning_rate <= learning_rate_range[1]:
            raise ValueError("'0.0 < learning_rate_range[0] <= learning_rate <= "
                             "learning_rate_range[1]' must be true")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("'0.0 < etas[0] < 1.0 < etas[1]' must be true")
        super().__init__(learning_rate, parameters, 0.0, grad_clip, name)
        self.type = "rprop"
        self._initial_learning_rate = learning_rate
        self._multi_precision = multi_precision
        self._learning_rate_range = tuple(float(v) for v in learning_rate_range)
        self._etas = tuple(float(v) for v in etas)

    def _base_hyper(self, param):
        return {"learning_rate_range": self._learning_rate_range, "etas": self._etas,
                "initial_lr": float(self._initial_learning_rate)}


# ---- LBFGS (Paddle: optimizer/lbfgs.py, a port of torch's L-BFGS) -----------------------------------


class LBFGS(Optimizer):
    """paddle.optimizer.LBFGS(learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07,
    tolerance_change=1e-09, history_size=100, line_search_fn=None, parameters=None,
    weight_decay=None, grad_clip=None, name=None): limited-memory BFGS. `step(closure)` calls
    `closure()` (which clears the gradients, computes the loss, calls backward and returns the
    loss) as often as the algorithm needs and returns the first loss. Paddle's lbfgs.py is a port
    of torch's L-BFGS; here torch.optim.LBFGS runs on the parameters' torch tensors.
    state_dict() is {'state': {'func_evals', 'n_iter', ...}} as in Paddle.

    Differences from Paddle: weight_decay and grad_clip are not supported (NotImplementedError),
    the state tensors are torch's."""

    _rule = None

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-7,
                 tolerance_change=1e-9, history_size=100, line_search_fn=None, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if weight_decay is not None or grad_clip is not None:
            raise NotImplementedError("paddle.optimizer.LBFGS: weight_decay and grad_clip are "
                                      "not supported by paddle_compat; add the penalty to the "
                                      "loss in the closure")
        if isinstance(learning_rate, int) and not isinstance(learning_rate, bool):
            learning_rate = float(learning_rate)    # Paddle's LBFGS takes learning_rate=1
        super().__init__(learning_rate, parameters, None, None, name)
        self.type = "lbfgs"
        self._torch = None
        self._args = dict(lr=float(learning_rate), max_iter=max_iter, max_eval=max_eval,
                          tolerance_grad=tolerance_grad, tolerance_change=tolerance_change,
                          history_size=history_size, line_search_fn=line_search_fn)

    def _engine(self):
        if self._torch is None:
            import torch
            raws = [p._t for p in self._all_params()]
            self._torch = torch.optim.LBFGS(raws, **self._args)
        return self._torch

    @property
    def state(self):
        engine = self._engine()
        return engine.state[engine._params[0]]

    def step(self, closure):
        """Run up to max_iter L-BFGS iterations with `closure`; returns the first loss."""
        import torch

        first = []

        def raw_closure():
            loss = closure()
            if not first:
                first.append(loss)      # Paddle returns the first loss itself (graph and all)
            return loss._t if isinstance(loss, Tensor) else torch.as_tensor(loss)
        with torch.no_grad():
            out = self._engine().step(raw_closure)
        return first[0] if first and isinstance(first[0], Tensor) else wrap(out)

    def state_dict(self):
        """{'state': the L-BFGS state (func_evals, n_iter, d, t, old_dirs, ...)}."""
        return {"state": dict(self.state)}

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        raise NotImplementedError("LBFGS optimizer does not use this way to minimize loss. Please "
                                  "refer 'Examples' of LBFGS() for usage.")
