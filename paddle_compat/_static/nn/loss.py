"""paddle.static.nn.nce: noise-contrastive estimation, Paddle's legacy `nce` op."""
from ..builder import helper_scope, static_only
from ..ir import Variable
from ..layer_helper import append_layer_op
from ..layers import make_static_parameter
from ..pir_legacy_only import reject_in_pir
from .ops import LAYER_OPS

__all__ = ["nce"]


def nce(input, label, num_total_classes, sample_weight=None, param_attr=None, bias_attr=None,
        num_neg_samples=None, name=None, sampler="uniform", custom_dist=None, seed=0,
        is_sparse=False):
    """paddle.static.nn.nce: the NCE cost of each sample ([batch, 1]) divided by
    `num_neg_samples + 1`, as Paddle returns it (Weight `nce_<n>.w_0` [classes, dim], Bias
    `.b_0` [classes, 1]).

    Differences from Paddle: the negative classes are drawn with torch's generator (`seed`
    seeds it when non-zero), so their values differ from Paddle's sampler; the cost formula is
    Paddle's. Only sampler='uniform' runs ('log_uniform' and 'custom_dist' raise
    NotImplementedError). Like Paddle, it prints a note about sparse mode on every call."""
    static_only("nce")
    if not isinstance(input, Variable) or input.dtype.short not in ("float32", "float64"):
        raise TypeError("The data type of 'input' in nce must be ['float32', 'float64'], but "
                        f"received {getattr(getattr(input, 'dtype', None), 'short', type(input))}. ")
    if not isinstance(label, Variable) or label.dtype.short != "int64":
        raise TypeError("The data type of 'label' in nce must be ['int64'], but received "
                        f"{getattr(getattr(label, 'dtype', None), 'short', type(label))}. ")
    if input.ndim != 2:
        raise ValueError(f"The rank of `input` must be 2, but received {input.ndim}.")
    codes = {"uniform": 0, "log_uniform": 1, "custom_dist": 2}
    if sampler not in codes:
        raise Exception("Unsupported sampler type.")
    if sampler != "uniform":
        raise NotImplementedError(
            f"paddle.static.nn.nce: sampler={sampler!r} is not provided by paddle_compat; use "
            "sampler='uniform'")
    num_neg_samples = 10 if num_neg_samples is None else int(num_neg_samples)
    # Paddle prints this on every call, whatever is_sparse is.
    print("With sparse mode, if your models has only small parameter prefetch may cause speed "
          "down")
    with helper_scope("nce") as helper:
        w = make_static_parameter([num_total_classes, input.shape[1]], input.dtype,
                                  attr=param_attr, helper_name=helper)
        b = make_static_parameter([num_total_classes, 1], input.dtype, attr=bias_attr,
                                  is_bias=True, helper_name=helper)
        reject_in_pir("nce", input)      # Paddle 3.3.1 fails in PIR mode, parameters made
        outs = append_layer_op(
            LAYER_OPS["nce"], {"Input": input, "Label": label, "Weight": w, "Bias": b,
                               "SampleWeight": sample_weight},
            {"num_total_classes": int(num_total_classes), "num_neg_samples": num_neg_samples,
             "seed": seed, "sampler": codes[sampler], "is_sparse": is_sparse,
             "remote_prefetch": is_sparse}, helper)
    return outs["Cost"] / (num_neg_samples + 1)
