"""paddle.nn.functional normalisation (Paddle: nn/functional/norm.py): batch_norm, layer_norm,
normalize.

Paddle's batch_norm updates the running statistics with the *biased* batch variance
(`running_var = momentum * running_var + (1 - momentum) * var`), unlike torch's unbiased update; the
training kernel lets torch.batch_norm (fused forward and backward) write the batch statistics into
scratch buffers and applies Paddle's update from them.
"""
import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op

__all__ = ["batch_norm", "layer_norm", "normalize"]


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
