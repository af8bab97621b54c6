"""paddle.static.accuracy and paddle.static.auc: Paddle's legacy `top_k_v2` + `accuracy` ops and
its two `auc` ops (a sliding-window batch AUC and a global AUC) over persistable statistics."""
import numpy as np
import torch

from ..._mode import STATE
from ..builder import (append_op, default_main_program, default_startup_program, helper_scope,
                       program_name, static_only)
from ..ir import Variable
from ..layer_helper import append_layer_op
from ..layers import init_op_for
from ..local_ops import _local
from ..._nn import initializer as I

__all__ = ["accuracy", "auc", "ctr_metric_bundle"]


def _top_k(X, K=None, k=1, axis=-1, largest=True, sorted=True):
    kk = int(K.reshape(-1)[0]) if K is not None and K.device.type != "meta" else k
    values, indices = torch.topk(X, kk, dim=axis, largest=largest, sorted=sorted)
    return values, indices


def _accuracy(Out, Indices, Label):
    hit = (Indices == Label.reshape(-1, 1).to(Indices.dtype)).any(dim=1)
    n = Indices.shape[0]
    correct = hit.sum().to(torch.int32)
    acc = correct.to(torch.float32) / max(n, 1)
    return acc, correct, torch.tensor(n, dtype=torch.int32, device=Indices.device)


_TOP_K = _local("top_k_v2", _top_k, ("X", "K"), ("Out", "Indices"),
                {"axis": -1, "k": 1, "largest": True, "sorted": True})
_ACCURACY = _local("accuracy", _accuracy, ("Out", "Indices", "Label"),
                   ("Accuracy", "Correct", "Total"), {})


def accuracy(input, label, k=1, correct=None, total=None):
    """paddle.static.accuracy(input, label, k=1): the fraction of rows whose label is among the
    top-k scores, recorded as Paddle's `top_k_v2` (sorted=False) and `accuracy` ops
    (`accuracy_<n>.tmp_0..4`). In dynamic mode it computes the value eagerly, as Paddle does.

    Differences from Paddle: `correct` / `total` given as Variables are not written."""
    if not STATE.static:
        from ..._metric.metrics import accuracy as dynamic_accuracy
        return dynamic_accuracy(input, label, k=k)
    if not isinstance(input, Variable) or input.dtype.short not in (
            "float16", "bfloat16", "float32", "float64"):
        raise TypeError("The data type of 'input' in accuracy must be ['float16', 'uint16', "
                        "'float32', 'float64'], but received "
                        f"{getattr(getattr(input, 'dtype', None), 'short', type(input))}. ")
    with helper_scope("accuracy") as helper:
        inputs = {"X": input, "K": k if isinstance(k, Variable) else None}
        attrs = {"sorted": False} if isinstance(k, Variable) else {"k": int(k), "sorted": False}
        top = append_layer_op(_TOP_K, inputs, attrs, helper, order=("Out", "Indices"))
        res = append_layer_op(_ACCURACY, {"Out": top["Out"], "Indices": top["Indices"],
                                          "Label": label}, {}, helper)
        # Paddle's accuracy shape inference declares Correct and Total float32 (its kernel
        # writes int32 counts into them).
        for slot in ("Correct", "Total"):
            res[slot]._dtype = res["Accuracy"].dtype
        return res["Accuracy"]


def _stat_auc(label, predict, num_thresholds, slide_steps, pos, neg):
    """Paddle's auc kernel's bucket update (cpu/auc_kernel.cc) on int64 numpy buffers."""
    bucket = num_thresholds + 1
    p = predict.reshape(predict.shape[0], -1)[:, -1]
    if (p > 1).any():
        raise RuntimeError("(PreconditionNotMet) The predict data must less or equal 1.")
    if (p < 0).any():
        raise RuntimeError("(PreconditionNotMet) The predict data must gather or equal 0.")
    bins = (p.astype(np.float64) * num_thresholds).astype(np.int64)
    lab = label.reshape(-1)
    if slide_steps == 0:
        np.add.at(pos, bins[lab > 0], 1)
        np.add.at(neg, bins[lab == 0], 1)
        return
    cur = int(pos[(slide_steps + 1) * bucket]) % slide_steps
    begin, total = cur * bucket, slide_steps * bucket
    pos[total:total + bucket] -= pos[begin:begin + bucket]
    neg[total:total + bucket] -= neg[begin:begin + bucket]
    pos[begin:begin + bucket] = 0
    neg[begin:begin + bucket] = 0
    np.add.at(pos, begin + bins[lab > 0], 1)
    np.add.at(neg, begin + bins[lab == 0], 1)
    pos[total:total + bucket] += pos[begin:begin + bucket]
    neg[total:total + bucket] += neg[begin:begin + bucket]


def _calc_auc(pos, neg, num_thresholds):
    area, tot_pos, tot_neg = 0.0, 0.0, 0.0
    for idx in range(num_thresholds, -1, -1):
        prev_pos, prev_neg = tot_pos, tot_neg
        tot_pos += float(pos[idx])
        tot_neg += float(neg[idx])
        area += abs(tot_neg - prev_neg) * (tot_pos + prev_pos) / 2.0
    if tot_pos > 0.0 and tot_neg > 0.0:
        area = area / tot_pos / tot_neg
    return area


def _auc(Predict, Label, StatPos, StatNeg, InsTagWeight=None, curve="ROC", num_thresholds=4095,
         slide_steps=1):
    pos = StatPos.detach().cpu().numpy().astype(np.int64).reshape(-1).copy()
    neg = StatNeg.detach().cpu().numpy().astype(np.int64).reshape(-1).copy()
    fake = InsTagWeight is not None and float(InsTagWeight.reshape(-1)[0]) == 0.0
    value = 0.0
    if not (slide_steps == 0 and fake):
        _stat_auc(Label.detach().cpu().numpy(), Predict.detach().cpu().numpy(),
                  num_thresholds, slide_steps, pos, neg)
        if fake:        # a fake batch leaves the window sum as it was
            pass
        off = slide_steps * (num_thresholds + 1)
        value = _calc_auc(pos[off:], neg[off:], num_thresholds)
        if slide_steps:
            pos[(slide_steps + 1) * (num_thresholds + 1)] += 1
            neg[(slide_steps + 1) * (num_thresholds + 1)] += 1
    dev = StatPos.device
    return (torch.tensor(value, dtype=torch.float64, device=dev),
            torch.from_numpy(pos.reshape(StatPos.shape)).to(dev),
            torch.from_numpy(neg.reshape(StatNeg.shape)).to(dev))


_AUC = _local("auc", _auc, ("Predict", "Label", "StatPos", "StatNeg", "InsTagWeight"),
              ("AUC", "StatPosOut", "StatNegOut"),
              {"curve": "ROC", "num_thresholds": 4095, "slide_steps": 1})


def auc(input, label, curve="ROC", num_thresholds=2 ** 12 - 1, topk=1, slide_steps=1,
        ins_tag_weight=None):
    """paddle.static.auc: (global AUC, batch AUC over the last `slide_steps` batches,
    [batch_stat_pos, batch_stat_neg, stat_pos, stat_neg]) from Paddle's two `auc` ops; the
    statistics are persistable int64 buckets (`_generated_var_<n>`) zeroed by the startup program
    and updated by every run. `input` is [N, 2] (or [N, 1]): its last column is the positive
    probability.

    Differences from Paddle: the AUC outputs are declared int64 in the program, as Paddle declares
    them, and hold float64 values as Paddle's do."""
    static_only("auc")
    if not isinstance(input, Variable) or input.dtype.short not in ("float16", "float32",
                                                                    "float64"):
        raise TypeError("The data type of 'input' in auc must be ['float16', 'float32', "
                        "'float64'], but received "
                        f"{getattr(getattr(input, 'dtype', None), 'short', type(input))}. ")
    if not isinstance(label, Variable) or label.dtype.short not in ("int32", "int64"):
        raise TypeError("The data type of 'label' in auc must be ['int32', 'int64'], but "
                        "received "
                        f"{getattr(getattr(label, 'dtype', None), 'short', type(label))}. ")
    block = default_main_program().global_block()
    if ins_tag_weight is None:
        # Paddle builds this default weight (a [1, 1] fill_constant of 1.0) and then does not pass
        # it to the ops: it stays in the program, unread.
        from ..._ops.creation import fill_constant
        fill_constant([1, 1], "float32", 1.0)
    with helper_scope("auc") as helper:
        auc_out = block.create_var(name=program_name(helper + ".tmp"), shape=[], dtype="int64",
                                   stop_gradient=False)
        batch_auc = block.create_var(name=program_name(helper + ".tmp"), shape=[],
                                     dtype="int64", stop_gradient=False)
        size = (1 + slide_steps) * (num_thresholds + 1) + 1
        stats = [block.create_var(shape=shape, dtype="int64", persistable=True)
                 for shape in ([size], [size], [1, num_thresholds + 1], [1, num_thresholds + 1])]
        for v in stats:
            init_op_for(v, I.Constant(0.0))
            # The startup program's copy is stop_gradient (Paddle's set_variable_initializer).
            default_startup_program().global_block().vars[v.name]._stop_gradient = True
        bpos, bneg, gpos, gneg = stats
        for out, pos, neg, steps in ((batch_auc, bpos, bneg, slide_steps),
                                     (auc_out, gpos, gneg, 0)):
            append_op(block, _AUC, {"Predict": [input.name], "Label": [label.name],
                                    "StatPos": [pos.name], "StatNeg": [neg.name],
                                    "InsTagWeight": [ins_tag_weight.name]
                                    if isinstance(ins_tag_weight, Variable) else []},
                      {"AUC": [out.name], "StatPosOut": [pos.name], "StatNegOut": [neg.name]},
                      {"curve": curve, "num_thresholds": num_thresholds, "slide_steps": steps})
    return auc_out, batch_auc, [bpos, bneg, gpos, gneg]


def _ctr_bundle(Input, Label, InsTagWeight, SqrErr, AbsErr, Prob, Q, PosNum, InsNum):
    with torch.no_grad():
        w = InsTagWeight.reshape(-1)[:1].to(Input.dtype)
        diff = Input - Label
        n = torch.tensor(float(Label.shape[0]), dtype=Input.dtype, device=Input.device)
        return (SqrErr + (diff * diff).sum().reshape(1),
                AbsErr + diff.abs().sum().reshape(1),
                Prob + Input.sum(dim=0).reshape(Prob.shape),
                Q + (torch.sigmoid(Input).sum(dim=0) * w).reshape(Q.shape),
                PosNum + Label.sum(dim=0).reshape(PosNum.shape),
                InsNum + (n * w).reshape(InsNum.shape))


_CTR = _local("ctr_metric_bundle", _ctr_bundle,
              ("Input", "Label", "InsTagWeight", "SqrErr", "AbsErr", "Prob", "Q", "PosNum",
               "InsNum"),
              ("SqrErrOut", "AbsErrOut", "ProbOut", "QOut", "PosNumOut", "InsNumOut"), {})


def ctr_metric_bundle(input, label, ins_tag_weight=None):
    """paddle.static.ctr_metric_bundle(input, label, ins_tag_weight=None): the CTR statistics
    Paddle accumulates over the runs in persistable variables (zeroed by the startup program):
    (sum of squared errors, sum of absolute errors, sum of predictions, sum of sigmoid(input) *
    ins_tag_weight, number of positives, number of instances * ins_tag_weight).

    Differences from Paddle: the accumulation is recorded as one `ctr_metric_bundle` op (Paddle
    records elementwise_sub, squared_l2_norm, l1_norm, reduce_sum, sigmoid, slice,
    elementwise_mul / elementwise_add ops and temporaries), so `print(program)` differs; the
    returned values are Paddle's."""
    static_only("ctr_metric_bundle")
    from ..._ops.creation import fill_constant
    if ins_tag_weight is None:
        ins_tag_weight = fill_constant([1, 1], "float32", 1.0)
    assert tuple(input.shape) == tuple(label.shape)
    block = default_main_program().global_block()
    accs = []
    for shape in ([1], [1], [1], [1, 1], [1], [1, 1]):
        v = block.create_var(shape=shape, dtype="float32", persistable=True)
        init_op_for(v, I.Constant(0.0))
        default_startup_program().global_block().vars[v.name]._stop_gradient = True
        accs.append(v)
    names = [[v.name] for v in accs]
    append_op(block, _CTR, dict(zip(_CTR.inputs, [[input.name], [label.name],
                                                  [ins_tag_weight.name]] + names)),
              dict(zip(_CTR.outputs, names)), {})
    return tuple(accs)
