"""paddle.nn.functional normalisation (Paddle: nn/functional/norm.py): batch_norm, layer_norm,
normalize, instance_norm, group_norm, local_response_norm, rms_norm (and the spectral_norm op of
paddle.nn.SpectralNorm).

Paddle's batch_norm updates the running statistics with the *biased* batch variance
(`running_var = momentum * running_var + (1 - momentum) * var`), unlike torch's unbiased update; the
training kernel lets torch.batch_norm (fused forward and backward) write the batch statistics into
scratch buffers and applies Paddle's update from them.
"""
import torch
import torch.nn.functional as TF

from ..._ops import norm_order as _norm_order
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor

__all__ = ["batch_norm", "layer_norm", "normalize", "instance_norm", "group_norm",
           "local_response_norm", "rms_norm"]


def _bn_kernel(x, scale, bias, mean, variance, momentum=0.9, epsilon=1e-5, data_layout="NCHW",
               is_test=False, use_global_stats=False, trainable_statistics=False):
    channel_last = data_layout in ("NHWC", "NLC", "NDHWC")
    c_axis = x.dim() - 1 if channel_last else 1
    channels = x.shape[c_axis] if x.dim() > 1 else 0
    for name, t in (("scale", scale), ("bias", bias)):
        if t is not None and t.shape[0] != channels:
            raise ValueError(
                f"(InvalidArgument) ShapeError: the shape of {name} must equal to [{channels}]But "
                f"received: the shape of {name} is [{t.shape[0]}]\n  [Hint: Expected "
                f"{name}.dims()[0] == C, but received {name}.dims()[0]:{t.shape[0]} != C:{channels}.] "
                f"(input shape {list(x.shape)}, data_layout {data_layout})")
    for name, t in (("mean", mean), ("variance", variance)):
        if t is not None and t.dim() and t.shape[0] != channels:
            raise ValueError(
                f"(InvalidArgument) The first dimension of {name} must equal to the number of "
                f"Channels, which is [{channels}]. But received: the first dimension of {name} is "
                f"[{t.shape[0]}], the dimensions of {name} is {list(t.shape)}.")
    shape = [1] * x.dim()
    shape[c_axis] = channels
    axes = [d for d in range(x.dim()) if d != c_axis]
    use_batch = not is_test and not use_global_stats
    if use_batch and channels and x.numel() == channels:
        # One value per channel: Paddle's kernel skips the normalisation (y = x, no scale/bias)
        # and leaves the running statistics as they are.
        return x.clone(), mean, variance
    count = x.numel() // max(channels, 1)
    if use_batch and not channel_last and count > 1 and x.dim() >= 2 and \
            scale is not None and bias is not None and mean.dtype == x.dtype:
        # torch's fused kernel (one pass forward, one backward) normalises with the batch
        # statistics; with momentum 1.0 it leaves exactly the batch mean and the *unbiased* batch
        # variance in the scratch buffers, from which Paddle's biased update follows
        batch_mean = torch.zeros_like(mean)
        batch_var = torch.ones_like(variance)
        y = torch.batch_norm(x, scale, bias, batch_mean, batch_var, True, 1.0, epsilon,
                             torch.backends.cudnn.enabled)
        with torch.no_grad():
            mean.mul_(momentum).add_(batch_mean, alpha=1.0 - momentum)
            variance.mul_(momentum).add_(batch_var, alpha=(1.0 - momentum) * (count - 1) / count)
        return y, mean, variance
    if not use_batch and x.is_cuda and not channel_last and x.dim() >= 2 and \
            scale is not None and bias is not None:
        # CUDA: torch's fused inference kernel, one launch instead of five (a GPU step is bound
        # by launches). The CPU keeps the explicit formula, which matches Paddle's CPU kernel.
        return (torch.batch_norm(x, scale, bias, mean, variance, False, 0.0, epsilon,
                                 torch.backends.cudnn.enabled), mean, variance)
    if use_batch:
        batch_mean = x.mean(axes)
        batch_var = x.var(axes, unbiased=False)
        with torch.no_grad():
            mean.mul_(momentum).add_(batch_mean.detach().to(mean.dtype), alpha=1.0 - momentum)
            variance.mul_(momentum).add_(batch_var.detach().to(variance.dtype), alpha=1.0 - momentum)
        m, v = batch_mean, batch_var
    else:
        m, v = mean, variance
    y = (x - m.reshape(shape)) * torch.rsqrt(v.reshape(shape) + epsilon)
    if scale is not None:
        y = y * scale.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y, mean, variance


_BN = defop("batch_norm", _bn_kernel, inputs=("X", "Scale", "Bias", "Mean", "Variance"),
            outputs=("Y", "MeanOut", "VarianceOut"),
            attrs={"momentum": 0.9, "epsilon": 1e-5, "data_layout": "NCHW", "is_test": False,
                   "use_global_stats": False, "trainable_statistics": False},
            api="paddle.nn.functional.batch_norm",
            notes="SavedMean/SavedVariance/ReserveSpace outputs are not produced; running statistics "
                  "are updated in place")


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.9,
               epsilon=1e-05, data_format="NCHW", use_global_stats=None, name=None):
    """paddle.nn.functional.batch_norm(x, running_mean, running_var, weight=None, bias=None,
    training=False, momentum=0.9, epsilon=1e-05, data_format='NCHW', use_global_stats=None).

    In training the batch statistics normalise x and update running_mean/running_var in place:
    running = momentum * running + (1 - momentum) * batch (biased variance, as Paddle).
    """
    formats = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")
    if data_format not in formats:
        raise ValueError(f"data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', 'NHWC', "
                         f"'NDHWC' but receive {data_format}")
    layout = "NHWC" if data_format in ("NLC", "NHWC", "NDHWC") else "NCHW"
    if use_global_stats is None:
        use_global_stats = not training
        trainable_statistics = False
    else:
        trainable_statistics = not use_global_stats
    attrs = {"momentum": float(momentum), "epsilon": float(epsilon), "data_layout": layout,
             "is_test": not training, "use_global_stats": bool(use_global_stats),
             "trainable_statistics": trainable_statistics}
    return apply_op(_BN, (x, weight, bias, running_mean, running_var), attrs)[0]


def _ln_kernel(x, scale=None, bias=None, epsilon=1e-5, begin_norm_axis=1):
    exact = _norm_order.paddle_layer_norm(x, scale, bias, epsilon, begin_norm_axis)
    if exact is not None:          # CPU float32: Paddle's kernel order (norm_order.py)
        return exact
    norm_shape = list(x.shape[begin_norm_axis:])
    w = scale.reshape(norm_shape) if scale is not None else None
    b = bias.reshape(norm_shape) if bias is not None else None
    return TF.layer_norm(x, norm_shape, w, b, epsilon)


_LN = defop("layer_norm", _ln_kernel, inputs=("X", "Scale", "Bias"), outputs=("Y",),
            attrs={"epsilon": 1e-5, "begin_norm_axis": 1}, api="paddle.nn.functional.layer_norm",
            notes="Mean/Variance outputs are not produced")


def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """paddle.nn.functional.layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05):
    normalise over the trailing `normalized_shape` axes; weight/bias are 1-D of their product."""
    if isinstance(normalized_shape, int):
        normalized_shape = [normalized_shape]
    normalized_shape = list(normalized_shape)
    x_shape = list(x.shape)
    if x_shape[len(x_shape) - len(normalized_shape):] != normalized_shape or \
            len(normalized_shape) > len(x_shape):
        str_normalized_shape = str(normalized_shape)
        raise ValueError("Given normalized_shape is " + str_normalized_shape + ", expected input "
                         "with shape [*, " + str_normalized_shape[1:] + ", but got input shape "
                         + str(x_shape))
    begin = len(x_shape) - len(normalized_shape)
    return apply_op(_LN, (x, weight, bias), {"epsilon": float(epsilon), "begin_norm_axis": begin})


def _normalize_kernel(x, axis=1, p=2.0, epsilon=1e-12):
    return TF.normalize(x, p=p, dim=axis, eps=epsilon)


_NORMALIZE = defop("p_norm_normalize", _normalize_kernel, attrs={"axis": 1, "p": 2.0, "epsilon": 1e-12},
                   api="paddle.nn.functional.normalize",
                   notes="Paddle composes p_norm, clip and divide; one op here")


def normalize(x, p=2, axis=1, epsilon=1e-12, name=None):
    """paddle.nn.functional.normalize(x, p=2, axis=1, epsilon=1e-12): x / max(||x||_p, epsilon)."""
    return apply_op(_NORMALIZE, (x,), {"axis": int(axis), "p": float(p), "epsilon": float(epsilon)})


# ---- instance / group / local response / rms normalisation --------------------------------------
def _instance_norm_kernel(x, scale=None, bias=None, epsilon=1e-5, momentum=0.9,
                          data_format="NCHW"):
    if x.dim() <= 2:
        # no spatial axes: each value is its own instance, normalised to 0 (as Paddle)
        y = (x - x) * torch.rsqrt(torch.full_like(x, epsilon))
    else:
        y = TF.instance_norm(x, None, None, None, None, True, 0.0, epsilon)
    shape = [1, -1] + [1] * (x.dim() - 2)
    if scale is not None:
        y = y * scale.reshape(shape)
    if bias is not None:
        y = y + bias.reshape(shape)
    return y


_INSTANCE_NORM = defop("instance_norm", _instance_norm_kernel, inputs=("X", "Scale", "Bias"),
                       outputs=("Y",),
                       attrs={"epsilon": 1e-5, "momentum": 0.9, "data_format": "NCHW"},
                       api="paddle.nn.functional.instance_norm",
                       notes="SavedMean/SavedVariance outputs are not produced")


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.9, eps=1e-05, data_format="NCHW", name=None):
    """paddle.nn.functional.instance_norm(x, running_mean=None, running_var=None, weight=None,
    bias=None, use_input_stats=True, momentum=0.9, eps=1e-05, data_format='NCHW'): each
    (sample, channel) normalised over its spatial axes with the biased variance. As in Paddle's
    dynamic mode, running_mean/running_var/use_input_stats are accepted and not used, and the
    channel axis is axis 1."""
    return apply_op(_INSTANCE_NORM, (x, weight, bias),
                    {"epsilon": float(eps), "momentum": float(momentum),
                     "data_format": data_format})


def _group_norm_kernel(x, scale=None, bias=None, epsilon=1e-5, groups=1, data_layout="NCHW"):
    channel_last = data_layout == "NHWC"
    if channel_last:
        x = x.movedim(-1, 1)
    channels = x.shape[1]
    if groups <= 0 or groups > channels:
        raise ValueError(
            f"(InvalidArgument) The Attr(groups) of Op(group_norm) must be greater than or equal "
            f"to 1 and less than or equal to the channel number. But received: groups is "
            f"[{groups}], channel number is [{channels}]")
    if channels % groups != 0:
        raise ValueError(
            f"(InvalidArgument) Expected number of channels in input to be divisible by "
            f"num_groups, but got input channel is {channels} and num_groups is {groups}")
    y = TF.group_norm(x, groups, scale, bias, epsilon)
    if scale is None and x.requires_grad:
        # Paddle's group_norm_grad drops the -mean(dy) term when there is no Scale (its dp_bias
        # sums dy * scale only when a scale exists); a zero-valued term restores that gradient:
        # d/dx_i of sum_j dy_j * inv_std * mean_g(x - x.detach()) = inv_std * mean_g(dy).
        xg = x.reshape(x.shape[0], groups, -1)
        with torch.no_grad():
            inv = torch.rsqrt(xg.var(-1, unbiased=False) + epsilon)
        m = xg.mean(-1)
        y = (y.reshape(xg.shape) + (inv * (m - m.detach()))[:, :, None]).reshape(x.shape)
    return y.movedim(1, -1) if channel_last else y


_GROUP_NORM = defop("group_norm", _group_norm_kernel, inputs=("X", "Scale", "Bias"),
                    outputs=("Y",), attrs={"epsilon": 1e-5, "groups": 1, "data_layout": "NCHW"},
                    api="paddle.nn.functional.group_norm",
                    notes="Mean/Variance outputs are not produced")


def group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW",
               name=None):
    """paddle.nn.functional.group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None,
    data_format='NCHW'): channels split into num_groups groups, each normalised over its channels
    and the spatial axes (biased variance), then scaled and shifted per channel. As in Paddle, a
    Tensor third argument selects the torch-style order (x, num_groups, weight, bias, eps)."""
    if isinstance(epsilon, Tensor):
        epsilon, weight, bias = (bias if isinstance(bias, (int, float)) else 1e-05), epsilon, weight
    if data_format not in ["NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"]:
        raise ValueError("unsupported data layout:" + data_format)
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    channels = x.shape[1] if layout == "NCHW" else x.shape[-1]
    if weight is not None and channels >= 0 and list(weight.shape) != [channels]:
        raise ValueError(
            f"(InvalidArgument) The Input(Scale)'s first dimension size of Op(group_norm) must be "
            f"equal to the number of channels. But received: the Input(Scale)'s first dimension "
            f"size is [{weight.shape[0]}], the channels is [{channels}], the Attr(data_layout) is "
            f"[{layout}]. The error may come from wrong data_layout setting.")
    return apply_op(_GROUP_NORM, (x, weight, bias),
                    {"epsilon": float(epsilon), "groups": int(num_groups), "data_layout": layout})


def _lrn_kernel(x, size=5, alpha=1e-4, beta=0.75, k=1.0, channel_last=False):
    if channel_last:
        x = x.movedim(-1, 1)
    y = TF.local_response_norm(x, size, alpha * size, beta, k)
    return y.movedim(1, -1) if channel_last else y


_LRN = defop("local_response_norm", _lrn_kernel,
             attrs={"size": 5, "alpha": 1e-4, "beta": 0.75, "k": 1.0, "channel_last": False},
             api="paddle.nn.functional.local_response_norm",
             notes="Paddle composes pad, avg_pool, scale, pow and divide; one op here")


def local_response_norm(x, size, alpha=0.0001, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """paddle.nn.functional.local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0,
    data_format='NCHW'): x / (k + alpha * mean over `size` neighbouring channels of x^2) ** beta
    (the window padded with size // 2 before and (size - 1) // 2 after)."""
    if data_format not in ["NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC"]:
        raise ValueError(f"data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], "
                         f"but got {data_format}")
    sizes = list(x.shape)
    if len(sizes) < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input, but got {len(sizes)} "
                         f"dimensions")
    for i, sz in enumerate(sizes):
        if not sz > 0 and i > 0:
            raise ValueError(f"Expected every dim's size to be larger than 0, but the size of the "
                             f"{i}-th dim is {sz}")
    # torch's kernel divides alpha by size (it averages); Paddle's alpha scales the average
    return apply_op(_LRN, (x,), {"size": int(size), "alpha": float(alpha) / int(size),
                                 "beta": float(beta), "k": float(k),
                                 "channel_last": data_format[-1] == "C"})


def _rms_norm_kernel(x, weight=None, normalized_shape=(), eps=1e-5):
    axes = list(range(x.dim() - len(normalized_shape), x.dim()))
    xf = x.float()
    invvar = torch.rsqrt(xf.pow(2).mean(axes, keepdim=True) + eps)
    y = (xf * invvar).to(x.dtype)
    if weight is not None:
        y = y * weight
    return y, invvar.reshape(x.shape[:x.dim() - len(normalized_shape)])


_RMS_NORM = defop("rms_norm", _rms_norm_kernel, inputs=("input", "weight"),
                  outputs=("out", "invvar"), attrs={"normalized_shape": (), "eps": 1e-5},
                  api="paddle.nn.functional.rms_norm")


def rms_norm(input, normalized_shape, weight=None, eps=1e-05, name=None):
    """paddle.nn.functional.rms_norm(input, normalized_shape, weight=None, eps=1e-05) ->
    (out, invvar): out = input / sqrt(mean(input^2 over the trailing normalized_shape axes) + eps)
    * weight; invvar (float32) is 1 / that root, one per leading index.
    Differences from Paddle: Paddle 3.3.1 has this kernel on GPU only (CPU raises NotFound); it
    runs on every device here."""
    if isinstance(normalized_shape, int):
        normalized_shape = [normalized_shape]
    normalized_shape = [int(v) for v in normalized_shape]
    if list(input.shape[len(input.shape) - len(normalized_shape):]) != normalized_shape:
        raise ValueError(f"The normalized_shape {normalized_shape} must match the trailing "
                         f"dimensions of the input {list(input.shape)}")
    return apply_op(_RMS_NORM, (input, weight),
                    {"normalized_shape": tuple(normalized_shape), "eps": float(eps)})


# ---- spectral norm ------------------------------------------------------------------------------
class _SpectralNormFn(torch.autograd.Function):
    """weight / sigma with Paddle's gradient, which is not the derivative of the forward:
    grad = G * (1 - u v^T * sum(weight / sigma)) / sigma (elementwise in G; Paddle's
    spectral_norm_grad kernel)."""

    @staticmethod
    def forward(ctx, weight, u, v, dim, power_iters, eps):
        w = weight
        perm = None
        if dim != 0:
            perm = [dim] + [i for i in range(w.dim()) if i != dim]
            w = w.permute(perm)
        h = w.shape[0]
        mat = w.reshape(h, -1)
        # the power iteration runs on copies of U and V (they are not updated)
        uu, vv = u.clone(), v.clone()
        for _ in range(power_iters):
            vv = mat.t() @ uu
            vv = vv / (vv.norm() + eps)
            uu = mat @ vv
            uu = uu / (uu.norm() + eps)
        sigma = uu @ mat @ vv
        ctx.perm, ctx.shape = perm, w.shape
        ctx.save_for_backward(torch.outer(uu, vv), sigma, (mat / sigma).sum())
        return weight / sigma

    @staticmethod
    def backward(ctx, grad):
        uv, sigma, total = ctx.saved_tensors
        g = grad
        if ctx.perm is not None:
            g = g.permute(ctx.perm)
        g = g.reshape(uv.shape)
        dw = g * (1.0 - uv * total) / sigma
        dw = dw.reshape(ctx.shape)
        if ctx.perm is not None:
            inverse = [0] * len(ctx.perm)
            for i, p in enumerate(ctx.perm):
                inverse[p] = i
            dw = dw.permute(inverse)
        return dw, None, None, None, None, None


def _spectral_norm_kernel(weight, u, v, dim=0, power_iters=1, eps=1e-12):
    return _SpectralNormFn.apply(weight, u.detach(), v.detach(), dim, power_iters, eps)


_SPECTRAL_NORM = defop("spectral_norm", _spectral_norm_kernel, inputs=("Weight", "U", "V"),
                       attrs={"dim": 0, "power_iters": 1, "eps": 1e-12},
                       api="paddle.nn.SpectralNorm")


def spectral_norm(weight, u, v, dim=0, power_iters=1, eps=1e-12):
    """The spectral_norm op behind paddle.nn.SpectralNorm: weight / sigma, sigma estimated by
    `power_iters` power iterations from u and v (which are not updated)."""
    return apply_op(_SPECTRAL_NORM, (weight, u, v),
                    {"dim": int(dim), "power_iters": int(power_iters), "eps": float(eps)})


# ---- synchronised batch norm (SyncBatchNorm across processes) -----------------------------------
def sync_world_size():
    """Processes in torch.distributed's default group (1 when it is not initialised)."""
    import torch.distributed as dist
    return dist.get_world_size() if dist.is_available() and dist.is_initialized() else 1


def sync_batch_norm(x, running_mean, running_var, weight, bias, momentum, epsilon, data_format):
    """Training-mode batch norm whose statistics are all-reduced over torch.distributed's default
    group (torch.distributed.nn's differentiable all_reduce), the running statistics updated as
    Paddle does (biased variance)."""
    from torch.distributed.nn.functional import all_reduce
    from ..._tensor import wrap
    t = x._t
    channel_last = data_format == "NHWC"
    if channel_last:
        t = t.movedim(-1, 1)
    axes = [0] + list(range(2, t.dim()))
    count = torch.tensor([t.numel() / t.shape[1]], dtype=t.dtype, device=t.device)
    stats = torch.cat([t.sum(axes), (t * t).sum(axes), count])
    stats = all_reduce(stats)
    c = t.shape[1]
    n = stats[-1]
    mean = stats[:c] / n
    var = stats[c:2 * c] / n - mean * mean
    shape = [1, c] + [1] * (t.dim() - 2)
    y = (t - mean.reshape(shape)) * torch.rsqrt(var.reshape(shape) + epsilon)
    if weight is not None:
        y = y * weight._t.reshape(shape)
    if bias is not None:
        y = y + bias._t.reshape(shape)
    with torch.no_grad():
        running_mean._t.mul_(momentum).add_(mean.detach(), alpha=1.0 - momentum)
        running_var._t.mul_(momentum).add_(var.detach(), alpha=1.0 - momentum)
    return wrap(y.movedim(1, -1) if channel_last else y)
