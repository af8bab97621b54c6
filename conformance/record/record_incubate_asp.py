"""Record Paddle 3.3.1's paddle.incubate.asp (2:4 structured sparsity) on its CPU wheel into
conformance/goldens/incubate_asp.json (read by tests/test_incubate_asp.py, which replays these
cases on paddle_compat).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden), with PIR off:
    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_incubate_asp.py

Why PIR off: with Paddle 3.3.1's default (PIR on) asp.decorate() fails even in dynamic mode --
it creates the mask parameters with paddle.create_parameter under a program_guard of the PIR
default program, whose Block has no create_parameter (AttributeError). paddle_compat does what
Paddle does with FLAGS_enable_pir_api=0, where decorate works.

Dynamic mode: prune_model with each mask algorithm (mask_1d, mask_2d_greedy, mask_2d_best) and
n:m pattern, with and without decorate()'s mask parameters, on Linear and Conv2D weights
(including ones too narrow to prune and re-pruning of already sparse weights, where the
algorithms' tie-breaking shows); excluded layers and their reset; add_supported_layer with a
custom pruning function; optimizer steps through decorate() keeping the masks; state_dict
keys; calculate_density; the errors. Static mode (legacy programs): decorate(...).minimize's
masking ops and mask parameters, prune_model on the Program, training steps. Masks and weights are keyed by structured parameter
names, so the replay does not depend on the process's unique-name counters.
"""
import os
import re
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import write_golden  # noqa: E402


def _error(fn):
    try:
        fn()
    except Exception as e:   # the exception itself is the recorded behaviour
        msg = re.sub(r"\n  \[Hint: .*", "", str(e), flags=re.S)
        return [type(e).__name__, re.sub(r" \(at /paddle/[^)]*\)\n?$", "", msg)]
    return None


def _w(shape, seed):
    n = int(np.prod(shape))
    v = np.sin(np.arange(n) * 1.7 + seed) * np.linspace(0.5, 1.5, n)
    return v.reshape(shape).astype("float32")


def _model(paddle, seed=0, narrow=False):
    nn = paddle.nn

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2D(4, 4, 3, padding=1)
            self.fc1 = nn.Linear(16, 8)
            self.fc2 = nn.Linear(8, 6) if not narrow else nn.Linear(3, 6)

        def forward(self, x):
            y = self.conv(x).mean(axis=[2, 3])
            y = paddle.concat([y, y, y, y], axis=1)
            return self.fc2(paddle.nn.functional.relu(self.fc1(y)))[:, :3] if not narrow \
                else self.fc2(self.fc1(y)[:, :3])

    net = Net()
    for i, (_, p) in enumerate(sorted(net.named_parameters())):
        p.set_value(_w(p.shape, seed + i))
    return net


def _by_key(net, masks):
    names = {p.name: k for k, p in net.named_parameters()}
    return {names[n]: np.asarray(m).tolist() for n, m in masks.items() if n in names}


def _weights(net):
    return {k: np.round(p.numpy().astype("float64"), 6).tolist()
            for k, p in net.named_parameters()}


def prune_cases(paddle, asp):
    out = {}
    for algo in ("mask_1d", "mask_2d_greedy", "mask_2d_best"):
        for n, m in ((2, 4), (1, 4), (1, 2)):
            net = _model(paddle, seed=3)
            masks = asp.prune_model(net, n=n, m=m, mask_algo=algo, with_mask=False)
            key = f"{algo}_{n}_{m}"
            out[key + "_masks"] = _by_key(net, masks)
            out[key + "_weights"] = _weights(net)
            out[key + "_mask_dtype"] = sorted({str(np.asarray(v).dtype)
                                               for k, v in masks.items()})
            again = asp.prune_model(net, n=n, m=m, mask_algo=algo, with_mask=False)
            out[key + "_again"] = _by_key(net, again)
    ties = _model(paddle, seed=5)
    for _, p in ties.named_parameters():
        v = p.numpy()
        p.set_value(np.round(v * 2) / 2)       # many equal magnitudes and zeros
    for algo in ("mask_1d", "mask_2d_greedy", "mask_2d_best"):
        out[f"ties_{algo}"] = _by_key(ties, asp.prune_model(ties, mask_algo=algo,
                                                            with_mask=False))
    narrow = _model(paddle, seed=7, narrow=True)
    out["narrow"] = _by_key(narrow, asp.prune_model(narrow, with_mask=False))
    return out


def decorate_cases(paddle, asp):
    out = {}
    net = _model(paddle, seed=11)
    opt = paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9,
                                    parameters=net.parameters())
    out["err_prune_without_decorate"] = _error(lambda: asp.prune_model(net)) is not None
    opt = asp.decorate(opt)
    out["decorated_type"] = type(opt).__name__
    masks = asp.prune_model(net, mask_algo="mask_2d_greedy")
    out["decorated_masks"] = _by_key(net, masks)
    names = {p.name: k for k, p in net.named_parameters()}
    x = paddle.to_tensor(_w([2, 4, 5, 5], 13))
    losses, frozen = [], []
    for step in range(3):
        loss = (net(x) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(round(float(loss), 6))
        frozen.append(sorted(k for k, p in net.named_parameters() if p.stop_gradient))
        if step == 0:
            out["weights_after_step"] = _weights(net)
    # Paddle (PIR off) re-masks each parameter with an elementwise_mul traced under no_grad whose
    # output is the parameter itself, which sets its stop_gradient: the masked weights stop
    # training after the first step. paddle_compat keeps them trainable (see the test), so
    # only the first two losses, the first step's weights and the sparsity are compared.
    out["losses"] = losses[:2]
    out["paddle_frozen_after_steps"] = frozen
    out["density_after_steps"] = {k: asp.calculate_density(p.numpy())
                                  for k, p in net.named_parameters()}
    sd = opt.state_dict()
    out["state_dict_mask_keys"] = sorted(
        names[k[:-len(".asp_mask")]] + ".asp_mask" for k in sd
        if k.endswith(".asp_mask") and k[:-len(".asp_mask")] in names)
    mask_param = sd[net.fc1.weight.name + ".asp_mask"]
    out["mask_param"] = [mask_param.name == net.fc1.weight.name + ".asp_mask",
                         bool(mask_param.stop_gradient), list(mask_param.shape),
                         str(mask_param.dtype)]
    out["lr_through_wrapper"] = opt.get_lr()
    return out


def exclusion_cases(paddle, asp):
    out = {}
    net = _model(paddle, seed=17)
    asp.set_excluded_layers([net.fc1.weight.name])
    out["excluded"] = sorted(_by_key(net, asp.prune_model(net, with_mask=False)))
    out["excluded_fc1_dense"] = asp.calculate_density(net.fc1.weight.numpy())
    asp.reset_excluded_layers()
    net2 = _model(paddle, seed=17)
    out["after_reset"] = sorted(_by_key(net2, asp.prune_model(net2, with_mask=False)))
    net3 = _model(paddle, seed=19)
    asp.set_excluded_layers([net3.conv.weight.name.split(".")[0]])   # a prefix excludes too
    out["excluded_prefix"] = sorted(_by_key(net3, asp.prune_model(net3, with_mask=False)))
    asp.reset_excluded_layers(paddle.static.default_main_program())
    return out


def supported_layer_cases(paddle, asp):
    out = {}

    class Custom(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.weight = self.create_parameter([8, 4])

        def forward(self, x):
            return x @ self.weight

    def keep_first_rows(weight, m, n, func_name, param_name):
        mask = np.zeros_like(weight)
        mask[:2] = 1
        return weight * mask, mask

    layer = Custom()
    layer.weight.set_value(_w([8, 4], 23))
    out["custom_unsupported"] = _by_key(layer, asp.prune_model(layer, with_mask=False))
    asp.add_supported_layer(Custom, keep_first_rows)
    layer2 = Custom()
    layer2.weight.set_value(_w([8, 4], 23))
    masks = asp.prune_model(layer2, with_mask=False)
    out["custom_class"] = _by_key(layer2, masks)
    out["custom_weight"] = _weights(layer2)
    asp.add_supported_layer(paddle.nn.Bilinear(2, 2, 4))
    bil = paddle.nn.Bilinear(4, 4, 2)
    out["bilinear"] = _by_key(bil, asp.prune_model(bil, with_mask=False))
    out["err_add_int"] = _error(lambda: asp.add_supported_layer(3))
    return out


def misc_cases(paddle, asp):
    out = {}
    out["density"] = [asp.calculate_density(np.array([[0, 1.0], [2, 0]])),
                      asp.calculate_density(np.zeros([3, 3])),
                      asp.calculate_density(_w([4, 4], 1)),
                      asp.calculate_density(paddle.to_tensor([[0.0, 1.0, 0.0]]))]
    net = _model(paddle, seed=29)
    out["err_algo"] = _error(lambda: asp.prune_model(net, mask_algo="mask_3d"))
    out["err_model"] = _error(lambda: asp.prune_model("net"))
    out["all"] = sorted(asp.__all__)
    return out


def static_cases(paddle, asp):
    """Legacy static mode: decorate(optimizer).minimize appends the masking ops; prune_model on
    the Program prunes the weights in the global scope; training keeps them sparse."""
    out = {}
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data(name="x", shape=[None, 8])
            label = paddle.static.data(name="label", shape=[None, 4])
            h = paddle.static.nn.fc(x, 8, name="asp_fc")
            prob = paddle.nn.Linear(8, 4)(h)
            loss = paddle.mean(paddle.nn.functional.square_error_cost(prob, label))
            opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.1))
            opt.minimize(loss, startup)
        ops = main.global_block().ops
        out["static_ops"] = [op.type for op in ops]
        names = {}
        for p in main.global_block().all_parameters():
            base = p.name.split(".")[0]
            names[p.name] = "fc" if base == "asp_fc" else "linear"
        muls = [op for op in ops if op.type == "elementwise_mul"]
        out["static_mask_ops"] = [
            [names[op.input("X")[0]], op.input("Y")[0][len(op.input("X")[0]):],
             op.output("Out")[0] == op.input("X")[0], op.attr("axis"), op.attr("op_role")]
            for op in muls]
        out["static_params"] = sorted(names[p.name] + p.name[len(p.name.split(".")[0]) + 4:]
                                      for p in main.global_block().all_parameters())
        out["static_startup_ops"] = sorted(op.type for op in startup.global_block().ops)
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.global_scope()
        out["static_prune_before_startup"] = _error(lambda: asp.prune_model(main))
        exe.run(startup)
        for p in main.global_block().all_parameters():
            if "asp_mask" not in p.name:
                t = scope.find_var(p.name).get_tensor()
                t.set(_w(np.array(t).shape, len(names[p.name]) + len(p.shape)), paddle.CPUPlace())
        masks = asp.prune_model(main, mask_algo="mask_2d_greedy")
        out["static_masks"] = {names[k]: np.asarray(v).tolist() for k, v in masks.items()
                               if k in names}
        xs = np.linspace(-1, 1, 24).reshape(3, 8).astype("float32")
        ls = np.linspace(0, 1, 12).reshape(3, 4).astype("float32")
        out["static_losses"] = [round(float(exe.run(main, feed={"x": xs, "label": ls},
                                                    fetch_list=[loss])[0]), 5)
                                for _ in range(3)]
        out["static_weights"] = {
            names[k]: np.round(np.array(scope.find_var(k).get_tensor()).astype("float64"),
                               5).tolist() for k in masks if k in names}
        mask_names = [op.input("Y")[0] for op in muls]
        out["static_mask_values"] = [np.array(scope.find_var(n).get_tensor()).tolist()
                                     for n in mask_names]
    finally:
        paddle.disable_static()
    return out


def cases(paddle):
    asp = paddle.incubate.asp
    out = {}
    out.update(prune_cases(paddle, asp))
    out.update(decorate_cases(paddle, asp))
    out.update(exclusion_cases(paddle, asp))
    out.update(supported_layer_cases(paddle, asp))
    out.update(misc_cases(paddle, asp))
    out.update(static_cases(paddle, asp))
    return out


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    write_golden("incubate_asp", {"paddle_version": paddle.__version__, "cases": cases(paddle)},
                 "incubate.asp goldens")


if __name__ == "__main__":
    main()
