"""The mutant table of tools/mutation.py: one planted bug per row.

Each row: `id` (area/what), `file` (relative to the repository root), `old` (an exact snippet that
occurs once in the file), `new` (its replacement: a change a real bug could make, that changes
behaviour), `tests` (the area's own test files, run first), `conformance` (optional
`path::-k expression` selections of the conformance suite for that area, run only when the own tests
pass) and `why` (the bug in words). When a module is renamed or a snippet rewritten, update the row:
the script refuses to run a stale table. A surviving mutant needs a test, not a deletion.
"""


def M(id, file, old, new, tests, why, conformance=()):
    return {"id": id, "file": file, "old": old, "new": new, "tests": list(tests), "why": why,
            "conformance": list(conformance)}


OPS_MATH = ["tests/test_ops_math.py"]
OPS_EXTRA = ["tests/test_ops_math.py"]
RNG = ["tests/test_random.py"]
PRINT = ["tests/test_tensor_format.py"]
PYLAYER = ["tests/test_py_layer.py"]
STATIC = ["tests/test_static_core.py", "tests/test_static_executor.py"]
PYFUNC = ["tests/test_py_func.py", "tests/test_py_func_runtime.py"]
SPL = ["tests/test_static_pylayer.py"]
NN = ["tests/test_nn_layer.py", "tests/test_nn_functional_activation.py",
      "tests/test_nn_functional_loss.py"]
OPTIM = ["tests/test_optim_api.py", "tests/test_optim_conformance.py", "tests/test_optim_optimizers.py",
         "tests/test_optim_lr.py"]
SER = ["tests/test_serialization.py", "tests/test_safe_pickle.py"]
IO = ["tests/test_io.py"]
JIT = ["tests/test_jit_save_load.py"]
CLI = ["tests/test_cli.py"]
REC = "conformance/test_records.py::"
CASES = "conformance/test_cases.py::"

TABLE = [
    # ---- ops ------------------------------------------------------------------------------------
    M("ops/clip-missing-min", "paddle_compat/_ops/math.py",
      "        min = -_FLT_MAX if min is None else min\n",
      "        min = 0.0 if min is None else min\n",
      OPS_MATH, "clip(x, max=m) on floats clamps below at 0 instead of -FLT_MAX",
      [REC + "paddle.clip"]),
    M("ops/scale-bias-before", "paddle_compat/_ops/math.py",
      "    return (x + bias) * scale\n", "    return x * scale + bias\n",
      OPS_MATH, "scale(bias_after_scale=False) adds the bias after scaling", [REC + "paddle.scale"]),
    # (Not cumsum's int32 -> int64 cast: torch.cumsum widens int32 itself, an equivalent mutant.)
    M("ops/cumprod-int32-kept", "paddle_compat/_ops/math.py",
      "    return out if dtype is not None else out.to(x.dtype)",
      "    return out",
      OPS_MATH, "cumprod of int32 widens to int64 (Paddle keeps int32)", [REC + "cumprod"]),
    M("ops/var-unbiased", "paddle_compat/_ops/stat.py",
      "    if unbiased:\n        n = n - 1", "    if not unbiased:\n        n = n - 1",
      ["tests/test_ops_stat.py"], "var/std use the biased estimator by default",
      [REC + "paddle.var or paddle.std"]),
    M("ops/topk-largest", "paddle_compat/_ops/search.py",
      "    v, i = torch.topk(X, k, dim=axis, largest=largest, sorted=True)",
      "    v, i = torch.topk(X, k, dim=axis, largest=True, sorted=True)",
      ["tests/test_ops_search.py"], "topk ignores largest=False", [REC + "paddle.topk"]),
    M("ops/split-num-zero-size", "paddle_compat/_ops/manipulation.py",
      "        sections[sections.index(-1)] = dim - known\n",
      "        sections[sections.index(-1)] = dim - known - 1\n",
      ["tests/test_ops_manipulation.py"], "split's -1 section is one short",
      [REC + "paddle.split"]),
    M("ops/logit-eps-clamp", "paddle_compat/_ops/math.py",
      "        x = x.clamp(eps, 1 - eps)", "        x = x.clamp(eps, 1)",
      OPS_EXTRA, "logit(eps) clamps only below", [REC + "paddle.logit"]),
    M("ops/static-slice-minus-one", "paddle_compat/_ops/indexing.py",
      "ends.append(i + 1 if i != -1 else big)", "ends.append(i + 1)",
      ["tests/test_ops_indexing.py"], "static x[-1] records end 0: an empty slice",
      [REC + "getitem or slice"]),
    M("ops/promotion-int-mix", "paddle_compat/_ops/math.py",
      "    if (xd.is_floating_point and yd.is_floating_point) or xd.is_complex or yd.is_complex:",
      "    if xd.is_floating_point or yd.is_floating_point or xd.is_complex or yd.is_complex:",
      OPS_MATH, "int + float tensors promote silently instead of Paddle's TypeError"),
    # ---- RNG ------------------------------------------------------------------------------------
    M("rng/normal-mean-f32", "paddle_compat/_random.py",
      "s_std, s_mean = T(np.float32(std)), T(np.float32(mean))",
      "s_std, s_mean = T(np.float32(std)), T(mean)",
      RNG, "float64 normal's mean not rounded through float32 (Paddle's float attribute)"),
    # (Not `v = int(seed) & _M64` for seed_seq's low 32 bits: an equivalent mutant, since v only
    # enters `(r1 + 1 + v) & _M32`.)
    M("rng/seed-seq-word-order", "paddle_compat/_random_engine.py",
      "    mt = w[0::2] | (w[1::2] << np.uint64(32))", "    mt = w[1::2] | (w[0::2] << np.uint64(32))",
      RNG, "the two 32-bit seed_seq words of a state word are combined in the wrong order"),
    M("rng/plain-seed-multiplier", "paddle_compat/_random_engine.py",
      "(6364136223846793005 * (x ^ (x >> 62)) + i)", "(6364136223846793005 * (x ^ (x >> 61)) + i)",
      RNG, "an op's seed attr seeds the engine with the wrong recurrence"),
    M("rng/uniform-bounds", "paddle_compat/_random.py",
      "def _uniform(engine, n, low, high, f32):\n",
      "def _uniform(engine, n, low, high, f32):\n    low, high = high, low\n",
      RNG, "uniform draws from [high, low)"),
    # ---- printing -------------------------------------------------------------------------------
    M("print/inf-dot", "paddle_compat/_tensor_format.py",
      "    if x.is_integer() or x in (math.inf, -math.inf):", "    if x.is_integer():",
      PRINT, "inf prints as 'inf' instead of Paddle's 'inf.'"),
    M("print/summary-threshold", "paddle_compat/_tensor_format.py",
      "    summary = numel > threshold", "    summary = numel >= threshold",
      PRINT, "a tensor of exactly `threshold` elements is summarised"),
    M("print/line-width", "paddle_compat/_tensor_format.py",
      "per_line = max(1, (linewidth - ind) // (max_width + 2))",
      "per_line = max(1, (linewidth - ind) // (max_width + 1))",
      PRINT, "lines wrap one item late"),
    M("print/negative-pad", "paddle_compat/_tensor_format.py",
      "                return \" \" + s.ljust(max_width - 1)", "                return s.ljust(max_width)",
      PRINT, "non-negative items lose the sign column"),
    # ---- PyLayer --------------------------------------------------------------------------------
    M("pylayer/slot-order", "paddle_compat/_autograd/py_layer.py",
      "for a in (args if not kwargs else (*args, *kwargs.values())):",
      "for a in (args if not kwargs else (*kwargs.values(), *args)):",
      PYLAYER, "mixed positional/keyword call maps gradients to the wrong inputs"),
    M("pylayer/no-grad-runs-forward", "paddle_compat/_autograd/py_layer.py",
      "    if need_grad and torch.is_grad_enabled():",
      "    if need_grad:",
      PYLAYER, "a PyLayer under no_grad still records a backward node"),
    # ---- static IR / executor / backward / clone ------------------------------------------------
    M("static/clone-is-test", "paddle_compat/_static/clone.py",
      "                nop.attrs[\"is_test\"] = True", "                nop.attrs[\"is_test\"] = False",
      STATIC, "clone(for_test=True) leaves dropout/batch_norm in training mode"),
    M("static/find-var-parent", "paddle_compat/_static/ir.py",
      "            block = block.parent_block\n        return None",
      "            block = None\n        return None",
      STATIC + SPL, "sub-blocks no longer see their parent's variables"),
    M("static/append-op-version", "paddle_compat/_static/ir.py",
      "        self.ops.append(op)\n        self.program._bump()\n        return op",
      "        self.ops.append(op)\n        return op",
      STATIC, "appending an op does not invalidate the Executor's cached plan"),
    M("static/no-grad-set", "paddle_compat/_static/backward.py",
      "                if v is not None and not v.stop_gradient and n not in no_grad:",
      "                if v is not None and not v.stop_gradient:",
      STATIC, "gradients(no_grad_set=[...]) still differentiates through the excluded outputs"),
    M("static/scale-grad-type", "paddle_compat/_static/backward.py",
      "            grad_ops.append((\"scale\", {\"BiasTensor\": [], \"ScaleTensor\": [],",
      "            grad_ops.append((\"scale_grad\", {\"BiasTensor\": [], \"ScaleTensor\": [],",
      STATIC + ["tests/test_static_goldens.py"], "scale's grad op is typed scale_grad (Paddle: scale)"),
    M("static/unused-input-grad", "paddle_compat/_static/executor.py",
      "        env[name] = torch.zeros_like(t) if g is None else g",
      "        env[name] = torch.ones_like(t) if g is None else g",
      STATIC, "an input with no path to the target gets a gradient of ones"),
    M("static/feed-rank-check", "paddle_compat/_static/executor.py",
      "    if len(shape) != len(want) or any(w >= 0 and w != s for w, s in zip(want, shape)):",
      "    if any(w >= 0 and w != s for w, s in zip(want, shape)):",
      STATIC, "feeding an array of the wrong rank is not rejected"),
    M("static/grad-rename", "paddle_compat/_static/backward.py",
      "            gname[n] = \"grad/\" * times + base if taken else base",
      "            gname[n] = base",
      STATIC, "a second gradients() call reuses x@GRAD instead of grad/x@GRAD"),
    M("static/batch-norm-stat-names", "paddle_compat/_static/layers.py",
      "name=moving_mean_name or program_name(helper + \".w\")",
      "name=moving_mean_name or _unique_name.generate(helper + \".w\")",
      STATIC, "static batch_norm's Mean shares Scale's name (w_0)"),
    # ---- py_func --------------------------------------------------------------------------------
    M("py_func/skip-vars", "paddle_compat/_static/py_func.py",
      "    spec.keep = [i for i, v in enumerate(xs + out_list) if v.name not in skip]",
      "    spec.keep = list(range(len(xs + out_list)))",
      PYFUNC, "skip_vars_in_backward_input is ignored: backward_func gets every value"),
    M("py_func/needs-grad-index", "paddle_compat/_static/py_func.py",
      "        if meta is None or not needs[i + 1]:", "        if meta is None or not needs[i]:",
      PYFUNC, "the gradient of input i is dropped according to input i-1's requires-grad"),
    # ---- static_pylayer -------------------------------------------------------------------------
    M("static_pylayer/grad-count", "paddle_compat/_static/static_pylayer.py",
      "    if len(flat) != len(fwd_inputs):", "    if len(flat) < len(fwd_inputs):",
      SPL, "backward_fn returning too many grads is accepted"),
    M("static_pylayer/backward-role", "paddle_compat/_static/static_pylayer.py",
      "        op.attrs[\"op_role\"] = OpRole.Backward\n    return bwd",
      "        op.attrs[\"op_role\"] = OpRole.Forward\n    return bwd",
      SPL, "backward-block ops are not marked Backward (clone(for_test) keeps them)"),
    # ---- nn -------------------------------------------------------------------------------------
    M("nn/ce-ignore-index-mean", "paddle_compat/_nn/functional/loss.py",
      "        elif not soft_label and ignore_index >= 0:",
      "        elif not soft_label and ignore_index > 0:",
      NN + ["tests/test_nn_conformance.py"],
      "cross_entropy(ignore_index=0) 'mean' divides by all labels, not the non-ignored ones",
      [REC + "cross_entropy"]),
    M("nn/leaky-relu-slope", "paddle_compat/_nn/functional/activation.py",
      "    return TF.leaky_relu(x, alpha)", "    return TF.leaky_relu(x, 0.01)",
      NN + ["tests/test_nn_conformance.py"], "leaky_relu ignores negative_slope",
      [REC + "leaky_relu"]),
    M("nn/eval-sublayers", "paddle_compat/_nn/layer/layers.py",
      "        for layer in self.sublayers():\n            layer.training = False",
      "        for layer in self.sublayers():\n            layer.training = layer.training",
      NN, "eval() leaves the sublayers (Dropout, BatchNorm) in training mode"),
    M("nn/state-dict-non-persistable", "paddle_compat/_nn/layer/layers.py",
      "                                    or name not in self._non_persistable_buffer_names_set):",
      "                                    or True):",
      NN, "state_dict includes non-persistable buffers"),
    M("nn/set-state-dict-shape", "paddle_compat/_nn/layer/layers.py",
      "            if shape != list(param.shape):", "            if len(shape) != len(param.shape):",
      NN, "set_state_dict loads a same-rank, wrong-shape value instead of skipping it"),
    # ---- optimizers -----------------------------------------------------------------------------
    M("optim/nesterov", "paddle_compat/_optim/rules.py",
      "        param.sub_((g + velocity * mu) * lr)", "        param.sub_(velocity * lr)",
      OPTIM, "Momentum(use_nesterov=True) takes the plain momentum step"),
    M("optim/adam-eps-placement", "paddle_compat/_optim/rules.py",
      "    eps_t = s(eps * root)", "    eps_t = eps",
      OPTIM, "Adam adds epsilon unscaled (the textbook placement, not Paddle's)"),
    M("optim/adamw-decay-lr", "paddle_compat/_optim/rules.py",
      "        param.sub_(param * s(lr * s(hyper[\"coeff\"])))",
      "        param.sub_(param * s(hyper[\"coeff\"]))",
      OPTIM, "AdamW's decoupled decay forgets the learning rate"),
    M("optim/rmsprop-centered", "paddle_compat/_optim/rules.py",
      "        denom = (ms - mg * mg).add_(eps).sqrt_()", "        denom = (ms + eps).sqrt_()",
      OPTIM, "RMSProp(centered=True) does not subtract the mean gradient"),
    M("optim/beta2-pow", "paddle_compat/_optim/rules.py",
      "    param.sub_(update.to(param.dtype))\n    state[\"beta1_pow_acc\"].mul_(b1)\n"
      "    state[\"beta2_pow_acc\"].mul_(b2)",
      "    param.sub_(update.to(param.dtype))\n    state[\"beta1_pow_acc\"].mul_(b1)\n"
      "    state[\"beta2_pow_acc\"].mul_(b1)",
      OPTIM, "Adam's beta2 power accumulates beta1"),
    M("optim/amsgrad-max", "paddle_compat/_optim/rules.py",
      "        torch.maximum(m2max, m2, out=m2max)", "        m2max.copy_(m2)",
      OPTIM, "amsgrad keeps the latest second moment instead of the maximum"),
    # ---- schedulers -----------------------------------------------------------------------------
    M("lr/piecewise-boundary", "paddle_compat/_optim/lr.py",
      "            if self.last_epoch < bound:", "            if self.last_epoch <= bound:",
      OPTIM, "PiecewiseDecay switches one step late"),
    M("lr/polynomial-clamp", "paddle_compat/_optim/lr.py",
      "            epoch = min(self.last_epoch, steps)", "            epoch = self.last_epoch",
      OPTIM, "PolynomialDecay(cycle=False) goes past end_lr after decay_steps"),
    M("lr/warmup-boundary", "paddle_compat/_optim/lr.py",
      "        if self.last_epoch < self.warmup_steps:", "        if self.last_epoch <= self.warmup_steps:",
      OPTIM, "LinearWarmup ramps one step too long"),
    M("lr/step-decay-floor", "paddle_compat/_optim/lr.py",
      "(self.last_epoch // self.step_size)", "(self.last_epoch / self.step_size)",
      OPTIM, "StepDecay decays continuously"),
    M("lr/state-keys", "paddle_compat/_optim/lr.py",
      "        self.keys = [\"last_epoch\", \"last_lr\"]", "        self.keys = [\"last_epoch\"]",
      OPTIM, "a scheduler's state_dict loses last_lr"),
    # (Not `pct_per_cycle <= step_up_pct` -> `<`: both branches give 1 at the peak, an equivalent
    # mutant.)
    M("lr/cyclic-down-slope", "paddle_compat/_optim/lr.py",
      "            scale_factor = (1 - pct_per_cycle) / (1 - self.step_up_pct)",
      "            scale_factor = (1 - pct_per_cycle) / self.step_up_pct",
      OPTIM, "CyclicLR falls with the rising slope when step_size_down differs"),
    M("lr/onecycle-cos", "paddle_compat/_optim/lr.py",
      "        cos_out = math.cos(math.pi * pct) + 1", "        cos_out = math.cos(math.pi * pct / 2) + 1",
      OPTIM, "OneCycleLR's cosine annealing uses half the period"),
    # ---- serialization --------------------------------------------------------------------------
    M("ser/getattr-allowed", "paddle_compat/_safe_pickle.py",
      "    (\"paddle_compat._tensor\", \"_rebuild\"): _rebuild_tensor,\n}",
      "    (\"paddle_compat._tensor\", \"_rebuild\"): _rebuild_tensor, (\"builtins\", \"getattr\"): getattr,\n}",
      SER, "builtins.getattr on the load allow-list (a code-execution gadget)"),
    M("ser/counter-allowed", "paddle_compat/_safe_pickle.py",
      "    (\"collections\", \"OrderedDict\"): collections.OrderedDict,\n",
      "    (\"collections\", \"OrderedDict\"): collections.OrderedDict,\n"
      "    (\"collections\", \"Counter\"): collections.Counter,\n",
      SER, "an arbitrary class (collections.Counter) loads without trusted=True"),
    # ---- io -------------------------------------------------------------------------------------
    M("io/iterable-drop-last", "paddle_compat/_io/dataloader.py",
      "drop_last=self.drop_last, collate_fn=collate, **workers)",
      "drop_last=False, collate_fn=collate, **workers)",
      IO, "drop_last ignored for an IterableDataset"),
    M("io/batch-sampler-len", "paddle_compat/_io/sampler.py",
      "        n = len(self.sampler) + (0 if self.drop_last else self.batch_size - 1)",
      "        n = len(self.sampler) + (0 if self.drop_last else self.batch_size)",
      IO, "len(BatchSampler) counts one batch too many when the data divides evenly"),
    M("io/collate-dict", "paddle_compat/_io/dataloader.py",
      "        return {key: _collate([d[key] for d in batch]) for key in sample}",
      "        return {key: [d[key] for d in batch] for key in sample}",
      IO, "dict samples are not stacked"),
    # ---- jit ------------------------------------------------------------------------------------
    M("jit/last-call-overrides-spec", "paddle_compat/_jit/save_load.py",
      "        specs = sf.input_spec if sf.input_spec is not None else sf.last_input_spec",
      "        specs = sf.last_input_spec if sf.last_input_spec is not None else sf.input_spec",
      JIT, "an explicit to_static input_spec is overridden by the last call's shapes"),
    M("jit/spec-check-skipped", "paddle_compat/_jit/static_function.py",
      "        if specs is not None:\n            self._check_call(args, specs)\n",
      "",
      JIT + ["tests/test_jit_to_static.py"], "to_static does not check calls against its input_spec"),
    # ---- CLI ------------------------------------------------------------------------------------
    M("cli/run-module-env", "paddle_compat/_cli.py",
      "    from ._alias import install_alias\n    alias_environment()\n    install_alias()\n    name = _real",
      "    from ._alias import install_alias\n    install_alias()\n    name = _real",
      CLI, "run -m MODULE does not pass the alias to child processes"),
    M("cli/argv-split", "paddle_compat/_cli.py",
      "        if a == \"-m\" and i + 1 < len(argv):\n            return argv[:i + 2], argv[i + 2:]",
      "        if a == \"-m\" and i + 1 < len(argv):\n            return argv[:i + 1], argv[i + 1:]",
      CLI, "run -m MODULE ARGS passes MODULE as an argument"),
    M("cli/script-path0", "paddle_compat/_cli.py",
      "        sys.path[0] = script_dir       # replaces",
      "        sys.path.insert(0, script_dir)       # replaces",
      CLI, "run SCRIPT leaves the current directory on sys.path (python replaces it)"),
]
