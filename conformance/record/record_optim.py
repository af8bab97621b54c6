"""Record optimizer trajectories and LR schedules from real Paddle into conformance/goldens/optim.json.

Run with the oracle: `PADDLE_PY conformance/record/record_optim.py` (re-runnable).
The case builders take the `paddle` module and small adapters as arguments, so
tests/test_optim_conformance.py replays the very same cases on paddle_compat.
"""
import json
import os
import sys

import numpy as np

STEPS = 6

# name -> (optimizer class, kwargs, options). Options: clip, scheduler, groups, param attrs.
OPTIM_CASES = {
    "sgd": ("SGD", {"learning_rate": 0.1}, {}),
    "sgd_l2_float": ("SGD", {"learning_rate": 0.1, "weight_decay": 0.05}, {}),
    "sgd_l1_param": ("SGD", {"learning_rate": 0.1}, {"bias_reg": ("L1Decay", 0.02)}),
    "sgd_param_lr": ("SGD", {"learning_rate": 0.1}, {"weight_lr": 2.0}),
    "sgd_clip_norm": ("SGD", {"learning_rate": 0.1}, {"clip": ("ClipGradByNorm", [0.7])}),
    "sgd_step_decay": ("SGD", {}, {"scheduler": ("StepDecay", {"learning_rate": 0.5, "step_size": 2})}),
    "momentum": ("Momentum", {"learning_rate": 0.05, "momentum": 0.9}, {}),
    "momentum_nesterov_l2": ("Momentum", {"learning_rate": 0.05, "momentum": 0.8, "use_nesterov": True,
                                          "weight_decay": 0.01}, {}),
    "momentum_l2decay_obj": ("Momentum", {"learning_rate": 0.05}, {"opt_reg": ("L2Decay", 0.02)}),
    "momentum_clip_value": ("Momentum", {"learning_rate": 0.05},
                            {"clip": ("ClipGradByValue", [0.5])}),
    "adam": ("Adam", {"learning_rate": 0.01}, {}),
    "adam_l2_betas": ("Adam", {"learning_rate": 0.02, "beta1": 0.8, "beta2": 0.99, "epsilon": 1e-6,
                               "weight_decay": 0.01}, {}),
    "adam_amsgrad": ("Adam", {"learning_rate": 0.01, "amsgrad": True}, {}),
    "adam_global_clip": ("Adam", {"learning_rate": 0.01},
                         {"clip": ("ClipGradByGlobalNorm", [0.5]), "bias_need_clip": False}),
    "adam_groups": ("Adam", {"learning_rate": 0.01},
                    {"groups": [{"which": "weight", "learning_rate": 0.5, "beta1": 0.7},
                                {"which": "bias", "weight_decay": 0.1}]}),
    "adam_cosine": ("Adam", {}, {"scheduler": ("CosineAnnealingDecay",
                                               {"learning_rate": 0.05, "T_max": 4})}),
    "adamw": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.1}, {}),
    "adamw_decay_fun": ("AdamW", {"learning_rate": 0.01, "weight_decay": 0.3,
                                  "apply_decay_param_fun": "not_bias"}, {}),
    "adamw_groups": ("AdamW", {"learning_rate": 0.01},
                     {"groups": [{"which": "weight", "weight_decay": 0.5},
                                 {"which": "bias", "learning_rate": 0.1}]}),
    "rmsprop": ("RMSProp", {"learning_rate": 0.01}, {}),
    "rmsprop_centered_momentum": ("RMSProp", {"learning_rate": 0.01, "rho": 0.9, "momentum": 0.5,
                                              "centered": True, "epsilon": 1e-4}, {}),
    "adagrad": ("Adagrad", {"learning_rate": 0.1}, {}),
    "adagrad_init_acc": ("Adagrad", {"learning_rate": 0.1, "initial_accumulator_value": 0.1,
                                     "epsilon": 1e-5}, {}),
}

LR_CASES = {
    "StepDecay": {"learning_rate": 0.5, "step_size": 3, "gamma": 0.5},
    "MultiStepDecay": {"learning_rate": 0.5, "milestones": [2, 5, 9], "gamma": 0.3},
    "ExponentialDecay": {"learning_rate": 0.5, "gamma": 0.9},
    "NaturalExpDecay": {"learning_rate": 0.5, "gamma": 0.1},
    "InverseTimeDecay": {"learning_rate": 0.5, "gamma": 0.1},
    "PolynomialDecay": {"learning_rate": 0.5, "decay_steps": 10, "end_lr": 0.01, "power": 2.0},
    "PolynomialDecay_cycle": {"learning_rate": 0.5, "decay_steps": 7, "cycle": True},
    "CosineAnnealingDecay": {"learning_rate": 0.5, "T_max": 7, "eta_min": 0.01},
    "PiecewiseDecay": {"boundaries": [3, 8], "values": [1.0, 0.5, 0.1]},
    "NoamDecay": {"d_model": 64, "warmup_steps": 10},
    "LinearWarmup": {"learning_rate": 0.5, "warmup_steps": 5, "start_lr": 0.0, "end_lr": 0.5},
    "LinearWarmup_nested": {"learning_rate": ("CosineAnnealingDecay", {"learning_rate": 0.5, "T_max": 9}),
                            "warmup_steps": 4, "start_lr": 0.01, "end_lr": 0.5},
    "LambdaDecay": {"learning_rate": 0.5, "lr_lambda": "pow95"},
    "MultiplicativeDecay": {"learning_rate": 0.5, "lr_lambda": "pow95"},
    "LinearLR": {"learning_rate": 0.5, "total_steps": 10, "start_factor": 0.2},
    "CosineAnnealingWarmRestarts": {"learning_rate": 0.5, "T_0": 4, "T_mult": 2, "eta_min": 0.01},
    # end_lr != learning_rate: the step where warmup ends tells `<` from `<=` apart
    "LinearWarmup_jump": {"learning_rate": 0.3, "warmup_steps": 4, "start_lr": 0.0, "end_lr": 0.5},
    "OneCycleLR": {"max_learning_rate": 0.1, "total_steps": 45},
    "OneCycleLR_three_phase": {"max_learning_rate": 0.2, "total_steps": 41, "three_phase": True,
                               "phase_pct": 0.2, "anneal_strategy": "linear", "end_learning_rate": 0.001},
    "CyclicLR": {"base_learning_rate": 0.01, "max_learning_rate": 0.1, "step_size_up": 3,
                 "step_size_down": 5},
    "CyclicLR_triangular2": {"base_learning_rate": 0.01, "max_learning_rate": 0.1, "step_size_up": 4,
                             "mode": "triangular2"},
    "CyclicLR_exp_range": {"base_learning_rate": 0.01, "max_learning_rate": 0.1, "step_size_up": 2,
                           "step_size_down": 3, "mode": "exp_range", "exp_gamma": 0.9},
}
LR_STEPS = 40


def make_scheduler(paddle, name, kwargs):
    cls = getattr(paddle.optimizer.lr, name.split("_")[0])
    kw = dict(kwargs)
    if kw.get("lr_lambda") == "pow95":
        kw["lr_lambda"] = lambda e: 0.95 ** e
    if isinstance(kw.get("learning_rate"), (list, tuple)):
        inner, inner_kw = kw["learning_rate"]
        kw["learning_rate"] = make_scheduler(paddle, inner, inner_kw)
    return cls(**kw)


def lr_schedule(paddle, name, kwargs):
    sched = make_scheduler(paddle, name, kwargs)
    values = [sched()]
    for _ in range(LR_STEPS):
        sched.step()
        values.append(sched())
    return {"values": values, "state_dict": json.loads(json.dumps(sched.state_dict()))}


def plateau_schedule(paddle):
    sched = paddle.optimizer.lr.ReduceOnPlateau(learning_rate=1.0, factor=0.5, patience=2, cooldown=1)
    metrics = [5.0, 4.0, 4.0, 4.0, 4.0, 3.9, 3.9999, 3.9, 3.9, 3.9, 3.9, 1.0, 1.0, 1.0, 1.0]
    values = []
    for m in metrics:
        sched.step(m)
        values.append(sched())
    return {"metrics": metrics, "values": values}


def initial_arrays():
    rng = np.random.RandomState(7)
    return {"weight": rng.uniform(-1, 1, (3, 4)).astype("float32"),
            "bias": rng.uniform(-1, 1, (4,)).astype("float32"),
            "a": rng.uniform(0.2, 1.0, (3, 4)).astype("float32"),
            "a_bias": rng.uniform(0.2, 1.0, (4,)).astype("float32"),
            "b": [rng.uniform(-1, 1, (3, 4)).astype("float32") for _ in range(STEPS)],
            "b_bias": [rng.uniform(-1, 1, (4,)).astype("float32") for _ in range(STEPS)]}


def run_case(paddle, name, make_param, make_regularizer, backward):
    """Build the case's parameters and optimizer with `paddle`, take STEPS steps, return the record.

    make_param(name, array, learning_rate, regularizer, need_clip) -> Parameter;
    make_regularizer(kind, coeff) -> regularizer object;
    backward(weight, bias, a, a_bias, b, b_bias): loss = sum(a*w*w + b*w) + same for bias; backward.
    """
    cls_name, kwargs, opts = OPTIM_CASES[name]
    arr = initial_arrays()
    bias_reg = opts.get("bias_reg")
    weight = make_param("linear_0.w_0", arr["weight"], opts.get("weight_lr", 1.0), None, True)
    bias = make_param("linear_0.b_0", arr["bias"], 1.0,
                      make_regularizer(*bias_reg) if bias_reg else None,
                      opts.get("bias_need_clip", True))
    kwargs = dict(kwargs)
    if kwargs.get("apply_decay_param_fun") == "not_bias":
        kwargs["apply_decay_param_fun"] = lambda n: not n.endswith("b_0")
    if "opt_reg" in opts:
        kwargs["weight_decay"] = make_regularizer(*opts["opt_reg"])
    if "clip" in opts:
        clip_name, clip_args = opts["clip"]
        kwargs["grad_clip"] = getattr(paddle.nn, clip_name)(*clip_args)
    sched = None
    if "scheduler" in opts:
        sched = make_scheduler(paddle, *opts["scheduler"])
        kwargs["learning_rate"] = sched
    if "groups" in opts:
        groups = []
        for g in opts["groups"]:
            g = dict(g)
            g["params"] = [weight] if g.pop("which") == "weight" else [bias]
            groups.append(g)
        kwargs["parameters"] = groups
    else:
        kwargs["parameters"] = [weight, bias]
    opt = getattr(paddle.optimizer, cls_name)(**kwargs)
    trajectory = []
    lrs = []
    for k in range(STEPS):
        backward(weight, bias, arr["a"], arr["a_bias"], arr["b"][k], arr["b_bias"][k])
        opt.step()
        opt.clear_grad()
        lrs.append(opt.get_lr())
        if sched is not None:
            sched.step()
        trajectory.append({"weight": weight.numpy().tolist(), "bias": bias.numpy().tolist()})
    state = {}
    for key, value in opt.state_dict().items():
        if key == "LR_Scheduler":
            state[key] = json.loads(json.dumps(value))
        else:
            state[key] = np.asarray(value.numpy(), dtype="float64").tolist()
    return {"trajectory": trajectory, "lrs": lrs, "state_dict": state}


def _oracle_adapters(paddle):
    def make_param(name, array, learning_rate, regularizer, need_clip):
        attr = paddle.ParamAttr(name=name, learning_rate=learning_rate, regularizer=regularizer,
                                need_clip=need_clip)
        return paddle.create_parameter(list(array.shape), "float32", attr=attr,
                                       default_initializer=paddle.nn.initializer.Assign(array))

    def make_regularizer(kind, coeff):
        return getattr(paddle.regularizer, kind)(coeff)

    def backward(w, b, a, a_bias, g, g_bias):
        loss = (paddle.to_tensor(a) * w * w + paddle.to_tensor(g) * w).sum() \
            + (paddle.to_tensor(a_bias) * b * b + paddle.to_tensor(g_bias) * b).sum()
        loss.backward()

    return make_param, make_regularizer, backward


def metric_cases(paddle):
    """accuracy / Accuracy on seeded scores with ties (rows of equal scores) and several label forms."""
    rng = np.random.RandomState(3)
    scores = rng.randint(0, 4, (12, 5)).astype("float32")     # small ints: many ties
    labels = rng.randint(0, 5, (12, 1)).astype("int64")
    out = {"scores": scores.tolist(), "labels": labels.tolist(), "accuracy": {}, "Accuracy": {}}
    x, y = paddle.to_tensor(scores), paddle.to_tensor(labels)
    for k in (1, 2, 3):
        out["accuracy"][str(k)] = float(paddle.metric.accuracy(x, y, k=k))
    m = paddle.metric.Accuracy(topk=(1, 3), name="m")
    correct = m.compute(x, y)
    out["Accuracy"]["correct"] = np.array(correct).tolist()
    out["Accuracy"]["update"] = [float(v) for v in m.update(correct)]
    out["Accuracy"]["update2"] = [float(v) for v in m.update(m.compute(x[:5], y[:5].flatten()))]
    out["Accuracy"]["accumulate"] = [float(v) for v in m.accumulate()]
    out["Accuracy"]["name"] = m.name()
    onehot = np.eye(5, dtype="float32")[labels.ravel()]
    out["Accuracy"]["onehot_correct"] = np.array(m.compute(x, paddle.to_tensor(onehot))).tolist()
    return out


def main():
    import paddle
    make_param, make_regularizer, backward = _oracle_adapters(paddle)
    out = {"paddle_version": paddle.__version__, "steps": STEPS, "optim": {}, "lr": {}}
    for name in OPTIM_CASES:
        with paddle.utils.unique_name.guard():
            out["optim"][name] = run_case(paddle, name, make_param, make_regularizer, backward)
    for name, kwargs in LR_CASES.items():
        out["lr"][name] = lr_schedule(paddle, name, kwargs)
    out["lr_plateau"] = plateau_schedule(paddle)
    out["metric"] = metric_cases(paddle)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens", "optim.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    print("wrote", os.path.normpath(path), file=sys.stderr)


if __name__ == "__main__":
    main()
