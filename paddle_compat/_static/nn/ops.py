"""Kernels of the legacy ops paddle.static.nn records (layer_norm, group_norm, instance_norm, prelu,
conv2d_transpose, conv3d, conv3d_transpose, bilinear_tensor_product, spectral_norm, nce, row_conv,
lookup_table).

Each is an OpDef with Paddle's input/output slots and legacy attribute set (what `print(program)`
shows), kept out of the registry's OPS table like the static graph's other own ops
(local_ops.LOCAL_OPS). The kernels are torch functions of the slot tensors, so torch autograd gives
their gradients in `append_backward` / `gradients`; they also run on meta tensors for shape
inference.
"""
import math

import torch
import torch.nn.functional as F

from ..local_ops import _local

__all__ = ["LAYER_OPS"]


def _stats_shape(x, axis):
    return x.shape[:axis]


def _layer_norm(X, Scale=None, Bias=None, epsilon=1e-5, begin_norm_axis=1):
    axis = begin_norm_axis
    dims = tuple(range(axis, X.dim()))
    mean = X.mean(dim=dims, keepdim=True)
    var = ((X - mean) ** 2).mean(dim=dims, keepdim=True)
    y = (X - mean) / torch.sqrt(var + epsilon)
    norm_shape = X.shape[axis:]
    if Scale is not None:
        y = y * Scale.reshape(norm_shape)
    if Bias is not None:
        y = y + Bias.reshape(norm_shape)
    return y, mean.reshape(_stats_shape(X, axis)), var.reshape(_stats_shape(X, axis))


class _GroupNormNoScale(torch.autograd.Function):
    """Group normalization of x [N, groups, M] without Scale, with Paddle's gradient: its CPU
    group_norm_grad kernel leaves out the mean-of-dy term when there is no Scale
    (dx = (dy - mean(x_hat * dy) * x_hat) / std), so paddle_compat does too."""

    @staticmethod
    def forward(ctx, g, epsilon):
        mean = g.mean(dim=2, keepdim=True)
        var = ((g - mean) ** 2).mean(dim=2, keepdim=True)
        inv_std = 1.0 / torch.sqrt(var + epsilon)
        x_hat = (g - mean) * inv_std
        ctx.save_for_backward(x_hat, inv_std)
        return x_hat, mean, var

    @staticmethod
    def backward(ctx, dy, dmean, dvar):
        x_hat, inv_std = ctx.saved_tensors
        return (dy - (x_hat * dy).mean(dim=2, keepdim=True) * x_hat) * inv_std, None


def _group_norm(X, Scale=None, Bias=None, epsilon=1e-5, groups=1, data_layout="NCHW"):
    x = X.movedim(-1, 1) if data_layout == "NHWC" else X
    n, c = x.shape[0], x.shape[1]
    g = x.reshape(n, groups, -1)
    if Scale is None:
        y, mean, var = _GroupNormNoScale.apply(g, epsilon)
        mean, var = mean.detach(), var.detach()
    else:
        mean = g.mean(dim=2, keepdim=True)
        var = ((g - mean) ** 2).mean(dim=2, keepdim=True)
        y = (g - mean) / torch.sqrt(var + epsilon)
    y = y.reshape(x.shape)
    bshape = (1, c) + (1,) * (x.dim() - 2)
    if Scale is not None:
        y = y * Scale.reshape(bshape)
    if Bias is not None:
        y = y + Bias.reshape(bshape)
    if data_layout == "NHWC":
        y = y.movedim(1, -1)
    return y, mean.reshape(n, groups), var.reshape(n, groups)


def _instance_norm(X, Scale=None, Bias=None, epsilon=1e-5):
    n, c = X.shape[0], X.shape[1]
    dims = tuple(range(2, X.dim()))
    mean = X.mean(dim=dims, keepdim=True)
    var = ((X - mean) ** 2).mean(dim=dims, keepdim=True)
    inv_std = 1.0 / torch.sqrt(var + epsilon)
    y = (X - mean) * inv_std
    bshape = (1, c) + (1,) * (X.dim() - 2)
    if Scale is not None:
        y = y * Scale.reshape(bshape)
    if Bias is not None:
        y = y + Bias.reshape(bshape)
    # Paddle's SavedVariance holds 1 / sqrt(var + epsilon), one per (sample, channel).
    return y, mean.reshape(n * c), inv_std.reshape(n * c)


def _prelu(X, Alpha, mode="all", data_format="NCHW"):
    if mode == "all":
        a = Alpha.reshape(())
    elif mode == "channel":
        c = X.shape[1] if data_format == "NCHW" else X.shape[-1]
        shape = [1] * X.dim()
        shape[1 if data_format == "NCHW" else -1] = c
        a = Alpha.reshape(shape)
    else:
        a = Alpha.reshape((1,) + tuple(X.shape[1:]))
    return torch.where(X > 0, X, a * X)


def _explicit_pads(paddings, nd):
    """[lo, hi] per spatial dim from Paddle's `paddings` ([p]*nd or [lo, hi]*nd)."""
    p = list(paddings)
    if len(p) == nd:
        return [(v, v) for v in p]
    return [(p[2 * i], p[2 * i + 1]) for i in range(nd)]


def _same_pads(sizes, ksize, strides):
    pads = []
    for n, k, s in zip(sizes, ksize, strides):
        out = (n + s - 1) // s
        total = max((out - 1) * s + k - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _channels_first(x, fmt):
    return x.movedim(-1, 1) if fmt in ("NHWC", "NDHWC") else x


def _channels_back(x, fmt):
    return x.movedim(1, -1) if fmt in ("NHWC", "NDHWC") else x


def _conv_nd(Input, Filter, strides, paddings, dilations, groups, data_format, padding_algorithm,
             nd):
    x = _channels_first(Input, data_format)
    ksize = list(Filter.shape[2:])
    dil = list(dilations)
    if padding_algorithm == "VALID":
        pads = [(0, 0)] * nd
    elif padding_algorithm == "SAME":
        pads = _same_pads(list(x.shape[2:]), ksize, list(strides))
        dil = [1] * nd
    else:
        pads = _explicit_pads(paddings, nd)
    if any(lo != hi for lo, hi in pads):
        x = F.pad(x, [v for lo_hi in reversed(pads) for v in lo_hi])
        sym = [0] * nd
    else:
        sym = [lo for lo, _ in pads]
    conv = (F.conv1d, F.conv2d, F.conv3d)[nd - 1]
    out = conv(x, Filter, None, list(strides), sym, dil, groups)
    return _channels_back(out, data_format)


def _conv2d(Input, Filter, strides=(1, 1), paddings=(0, 0), dilations=(1, 1), groups=1,
            data_format="NCHW", padding_algorithm="EXPLICIT"):
    return _conv_nd(Input, Filter, strides, paddings, dilations, groups or 1, data_format,
                    padding_algorithm, 2)


def _conv3d(Input, Filter, strides=(1, 1, 1), paddings=(0, 0, 0), dilations=(1, 1, 1), groups=1,
            data_format="NCDHW", padding_algorithm="EXPLICIT"):
    return _conv_nd(Input, Filter, strides, paddings, dilations, groups or 1, data_format,
                    padding_algorithm, 3)


def _conv_transpose_nd(Input, Filter, strides, paddings, dilations, groups, data_format,
                       padding_algorithm, output_size, output_padding, nd):
    x = _channels_first(Input, data_format)
    groups = groups or 1
    ksize = list(Filter.shape[2:])
    dil = list(dilations)
    sizes = list(x.shape[2:])
    if padding_algorithm == "VALID":
        pads = [(0, 0)] * nd
    elif padding_algorithm == "SAME":
        pads = _same_pads(sizes, ksize, list(strides))
        dil = [1] * nd
    else:
        pads = _explicit_pads(paddings, nd)
    conv_t = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[nd - 1]
    # The full (unpadded) transposed convolution, then Paddle's paddings cropped off each side
    # and, for an output_size / output_padding larger than that, zeros appended at the end.
    full = conv_t(x, Filter, None, list(strides), 0, 0, groups, dil)
    targets = []
    for i in range(nd):
        lo, hi = pads[i]
        base = full.shape[2 + i] - lo - hi
        if output_size:
            targets.append(int(output_size[i]))
        elif output_padding:
            targets.append(base + int(output_padding[i]))
        else:
            targets.append(base)
    out = full
    for i in range(nd):
        lo = pads[i][0]
        avail = out.shape[2 + i] - lo
        take = min(targets[i], avail)
        out = out.narrow(2 + i, lo, take)
        if targets[i] > take:
            pad = [0, 0] * (nd - 1 - i) + [0, targets[i] - take]
            out = F.pad(out, pad)
    return _channels_back(out, data_format)


def _conv2d_transpose(Input, Filter, Bias=None, strides=(1, 1), paddings=(0, 0),
                      dilations=(1, 1), groups=1, data_format="NCHW",
                      padding_algorithm="EXPLICIT", output_size=(), output_padding=()):
    out = _conv_transpose_nd(Input, Filter, strides, paddings, dilations, groups, data_format,
                             padding_algorithm, output_size, output_padding, 2)
    if Bias is not None:
        out = out + Bias.reshape((1, -1, 1, 1) if data_format == "NCHW" else (1, 1, 1, -1))
    return out


def _conv3d_transpose(Input, Filter, strides=(1, 1, 1), paddings=(0, 0, 0),
                      dilations=(1, 1, 1), groups=1, data_format="NCHW",
                      padding_algorithm="EXPLICIT", output_size=(), output_padding=()):
    # Paddle's conv3d_transpose layer records data_format 'NCHW' for NCDHW input (its legacy
    # layer maps NCDHW to NCHW and NDHWC to NHWC).
    fmt = "NDHWC" if data_format in ("NHWC", "NDHWC") else "NCDHW"
    return _conv_transpose_nd(Input, Filter, strides, paddings, dilations, groups, fmt,
                              padding_algorithm, output_size, output_padding, 3)


def _bilinear(X, Y, Weight, Bias=None):
    out = torch.einsum("bi,kij,bj->bk", X, Weight, Y)
    if Bias is not None:
        out = out + Bias
    return out


def _l2_normalize(v, eps):
    return v / (v.norm() + eps)


class _SpectralNorm(torch.autograd.Function):
    """W / sigma(W) with Paddle's gradient. Paddle's spectral_norm_grad kernel computes
    dW = dOut * (1 - u v^T * sum(W / sigma)) / sigma (elementwise, with the *sum* of the
    normalized weight), which is not the derivative of W / sigma(W); paddle_compat gives the
    gradient Paddle gives."""

    @staticmethod
    def forward(ctx, mat, u, v):
        sigma = (u * (mat @ v)).sum()
        ctx.save_for_backward(mat, u, v, sigma)
        return mat / sigma

    @staticmethod
    def backward(ctx, grad):
        mat, u, v, sigma = ctx.saved_tensors
        total = (mat / sigma).sum()
        return grad * (1.0 - torch.outer(u, v) * total) / sigma, None, None


def _spectral_norm(Weight, U, V, dim=0, power_iters=1, eps=1e-12):
    w = Weight.movedim(dim, 0) if dim != 0 else Weight
    mat = w.reshape(w.shape[0], -1)
    # Power iterations as Paddle's kernel: U and V are read, not updated.
    with torch.no_grad():
        u, v = U.reshape(-1), V.reshape(-1)
        m = mat.detach()
        for _ in range(int(power_iters)):
            v = _l2_normalize(m.t() @ u, eps)
            u = _l2_normalize(m @ v, eps)
    out = _SpectralNorm.apply(mat, u, v).reshape(w.shape)
    return out.movedim(0, dim) if dim != 0 else out


def _nce(Input, Label, Weight, Bias=None, SampleWeight=None, CustomDistProbs=None,
         CustomDistAlias=None, CustomDistAliasProbs=None, num_total_classes=1,
         num_neg_samples=10, sampler=0, seed=0, is_sparse=False, is_test=False,
         remote_prefetch=False, custom_neg_classes=()):
    batch = Input.shape[0]
    num_true = Label.shape[1] if Label.dim() > 1 else 1
    labels = Label.reshape(batch, num_true).to(torch.int64)
    if custom_neg_classes:
        neg = torch.tensor(list(custom_neg_classes), dtype=torch.int64, device=Input.device)
        neg = neg.reshape(1, -1).expand(batch, -1)
    elif sampler == 0:
        gen = None
        if seed and Input.device.type != "meta":
            gen = torch.Generator(device=Input.device).manual_seed(int(seed))
        neg = torch.randint(0, int(num_total_classes), (batch, int(num_neg_samples)),
                            generator=gen, device=Input.device)
    else:
        raise NotImplementedError(
            "paddle.static.nn.nce: the 'log_uniform' and 'custom_dist' samplers are not provided "
            "by paddle_compat; use sampler='uniform'")
    sample_labels = torch.cat([labels, neg], dim=1)
    w = Weight[sample_labels]                                   # [batch, S, dim]
    logits = (w * Input.unsqueeze(1)).sum(-1)
    if Bias is not None:
        logits = logits + Bias.reshape(-1)[sample_labels]
    o = torch.sigmoid(logits)
    # Paddle's uniform sampler: every class has probability 1 / num_total_classes.
    b = float(num_neg_samples) / float(num_total_classes)
    target = torch.zeros_like(o)
    target[:, :num_true] = 1.0
    cost = torch.where(target > 0, -torch.log(o / (o + b)), -torch.log(b / (o + b)))
    cost = cost.sum(1, keepdim=True)
    if SampleWeight is not None:
        cost = cost * SampleWeight.reshape(batch, 1)
    return cost, o, sample_labels


def _row_conv(X, Filter):
    # Non-LoD input [batch, time, dim]: out[t] = sum_j X[t + j] * Filter[j] over the future context.
    k = Filter.shape[0]
    t = X.shape[1]
    padded = F.pad(X, (0, 0, 0, k - 1))
    out = 0
    for j in range(k):
        out = out + padded[:, j:j + t] * Filter[j]
    return out


def _lookup_table(W, Ids, padding_idx=-1, is_sparse=False, is_distributed=False, is_test=False,
                  remote_prefetch=False, entry="none", entry_config="", epmap=(),
                  grad_inplace=False, height_sections=(), slot=0,
                  table_class="MemorySparseTable", table_names=(), trainer_id=0):
    # The legacy lookup_table reads ids shaped [..., 1]: the output drops that last dimension.
    ids = Ids.reshape(Ids.shape[:-1]) if Ids.dim() > 1 and Ids.shape[-1] == 1 else Ids
    out = F.embedding(ids, W)
    if padding_idx >= 0:
        out = out * (ids != padding_idx).unsqueeze(-1).to(out.dtype)
    return out


def _batch_norm(X, Scale, Bias, Mean, Variance, MomentumTensor=None, momentum=0.9,
                epsilon=1e-5, is_test=False, data_layout="NCHW", use_global_stats=False,
                trainable_statistics=False):
    channel_last = data_layout in ("NHWC", "NDHWC", "NLC") and X.dim() > 2
    x = X.movedim(-1, 1) if channel_last else X
    axes = [0] + list(range(2, x.dim()))
    shape = [1, -1] + [1] * (x.dim() - 2)
    if MomentumTensor is not None:
        momentum = MomentumTensor.reshape(())
    global_stats = (is_test and not trainable_statistics) or use_global_stats
    if global_stats:
        mean, var = Mean, Variance
        mean_out, var_out = Mean, Variance
        saved_mean = torch.zeros_like(Mean)
        saved_var = torch.zeros_like(Variance)
    else:
        mean = x.mean(dim=axes)
        var = ((x - mean.reshape(shape)) ** 2).mean(dim=axes)
        with torch.no_grad():
            # Paddle's running statistics: momentum * running + (1 - momentum) * batch (the
            # batch variance is the biased one the normalization uses).
            mean_out = Mean * momentum + mean.detach() * (1 - momentum)
            var_out = Variance * momentum + var.detach() * (1 - momentum)
            saved_mean = mean.detach()
            saved_var = 1.0 / torch.sqrt(var.detach() + epsilon)
    y = (x - mean.reshape(shape)) / torch.sqrt(var.reshape(shape) + epsilon)
    y = y * Scale.reshape(shape) + Bias.reshape(shape)
    if channel_last:
        y = y.movedim(1, -1)
    return y, mean_out, var_out, saved_mean, saved_var, X.new_empty((0,))


def _lookup_table_v2(Ids, W, padding_idx=-1, is_sparse=False, is_distributed=False):
    out = F.embedding(Ids, W)
    if padding_idx >= 0:
        # Paddle outputs zeros for padding ids (and no gradient reaches that row).
        out = out * (Ids != padding_idx).unsqueeze(-1).to(out.dtype)
    return out


LAYER_OPS = {
    "batch_norm": _local(
        "batch_norm", _batch_norm, ("X", "Scale", "Bias", "Mean", "Variance", "MomentumTensor"),
        ("Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace"),
        {"data_layout": "NCHW", "epsilon": 1e-5, "is_test": False, "momentum": 0.9,
         "trainable_statistics": False, "use_global_stats": False}),
    "lookup_table_v2": _local("lookup_table_v2", _lookup_table_v2, ("Ids", "W"), ("Out",),
                              {"padding_idx": -1}),
    "layer_norm": _local("layer_norm", _layer_norm, ("X", "Scale", "Bias"),
                         ("Y", "Mean", "Variance"), {"begin_norm_axis": 1, "epsilon": 1e-5}),
    "group_norm": _local("group_norm", _group_norm, ("X", "Scale", "Bias"),
                         ("Y", "Mean", "Variance"),
                         {"data_layout": "NCHW", "epsilon": 1e-5, "groups": 1}),
    "instance_norm": _local("instance_norm", _instance_norm, ("X", "Scale", "Bias"),
                            ("Y", "SavedMean", "SavedVariance"), {"epsilon": 1e-5}),
    "prelu": _local("prelu", _prelu, ("X", "Alpha"), ("Out",),
                    {"data_format": "NCHW", "mode": "all"}),
    "conv2d_transpose": _local(
        "conv2d_transpose", _conv2d_transpose, ("Input", "Filter", "Bias"), ("Output",),
        {"data_format": "NCHW", "dilations": [1, 1], "groups": 1, "output_padding": [],
         "output_size": [], "padding_algorithm": "EXPLICIT", "paddings": [0, 0],
         "strides": [1, 1]}),
    "conv2d": _local("conv2d", _conv2d, ("Input", "Filter"), ("Output",),
                     {"data_format": "NCHW", "dilations": [1, 1], "groups": 1,
                      "padding_algorithm": "EXPLICIT", "paddings": [0, 0], "strides": [1, 1]}),
    "conv3d": _local("conv3d", _conv3d, ("Input", "Filter"), ("Output",),
                     {"data_format": "NCDHW", "dilations": [1, 1, 1], "groups": 1,
                      "padding_algorithm": "EXPLICIT", "paddings": [0, 0, 0],
                      "strides": [1, 1, 1]}),
    "conv3d_transpose": _local(
        "conv3d_transpose", _conv3d_transpose, ("Input", "Filter"), ("Output",),
        {"data_format": "NCHW", "dilations": [1, 1, 1], "groups": 1, "output_padding": [],
         "output_size": [], "padding_algorithm": "EXPLICIT", "paddings": [0, 0, 0],
         "strides": [1, 1, 1]}),
    "bilinear_tensor_product": _local("bilinear_tensor_product", _bilinear,
                                      ("X", "Y", "Weight", "Bias"), ("Out",), {}),
    "spectral_norm": _local("spectral_norm", _spectral_norm, ("Weight", "U", "V"), ("Out",),
                            {"dim": 0, "eps": 1e-12, "power_iters": 1}),
    "nce": _local("nce", _nce, ("Input", "Label", "Weight", "Bias", "SampleWeight",
                                "CustomDistProbs", "CustomDistAlias", "CustomDistAliasProbs"),
                  ("Cost", "SampleLogits", "SampleLabels"),
                  {"is_sparse": False, "is_test": False, "num_neg_samples": 10,
                   "num_total_classes": 1, "remote_prefetch": False, "sampler": 0, "seed": 0}),
    "row_conv": _local("row_conv", _row_conv, ("X", "Filter"), ("Out",), {}),
    "lookup_table": _local(
        "lookup_table", _lookup_table, ("W", "Ids"), ("Out",),
        {"entry": "none", "entry_config": "", "epmap": [], "grad_inplace": False,
         "height_sections": [], "is_distributed": False, "is_sparse": False, "is_test": False,
         "padding_idx": -1, "remote_prefetch": False, "slot": 0,
         "table_class": "MemorySparseTable", "table_names": [], "trainer_id": 0}),
}
