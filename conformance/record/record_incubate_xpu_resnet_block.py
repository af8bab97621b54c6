"""Record Paddle 3.3.1's paddle.incubate.xpu.resnet_block on its CPU wheel into
conformance/goldens/incubate_xpu_resnet_block.json (read by
tests/test_incubate_xpu_resnet_block.py, which replays these cases on paddle_compat).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_incubate_xpu_resnet_block.py

The kernel is XPU-only: on CPU the layer builds its parameters (names, shapes, flags and the
constant initial values are recorded; the He-normal filters only by their shape) and every call
raises RuntimeError (NotFound). Messages are cut to their first sentence, which paddle_compat
keeps before the line naming what to use instead.
"""
import json
import os
import sys
import warnings

import numpy as np


def _error(fn):
    try:
        fn()
    except Exception as e:   # the exception itself is the recorded behaviour
        return [type(e).__name__, str(e).split(" operator.")[0].split("\n")[0]]
    return None


def _block(R, **kw):
    args = dict(num_channels1=4, num_filter1=8, filter1_size=3, num_channels2=8, num_filter2=8,
                filter2_size=3, num_channels3=4, num_filter3=8, filter3_size=1)
    args.update(kw)
    return R.ResNetBasicBlock(**args)


def cases(paddle):
    R = paddle.incubate.xpu.resnet_block
    out = {"all": sorted(R.__all__),
           "xpu_all": sorted(n for n in ("ResNetBasicBlock",) if hasattr(paddle.incubate.xpu, n))}
    for short in (False, True):
        with paddle.utils.unique_name.guard():
            b = _block(R, has_shortcut=short, stride1=2)
            out[f"params_shortcut{short}"] = [
                [k, p.name, list(p.shape), bool(p.stop_gradient), bool(p.trainable),
                 None if k.startswith("filter") else np.unique(p.numpy()).tolist()]
                for k, p in b.named_parameters()]
            x = paddle.ones([1, 4, 8, 8])
            out[f"forward_shortcut{short}"] = _error(lambda: b(x))
            b.eval()
            out[f"eval_shortcut{short}"] = _error(lambda: b(x))
    out["named_stats"] = [p.name for _, p in _block(
        R, moving_mean1_name="m1", moving_var1_name="v1").named_parameters()][3:5]
    out["err_format"] = _error(lambda: _block(R, data_format="NHWC"))
    b = _block(R, has_shortcut=True)
    x = paddle.ones([1, 4, 8, 8])
    p = [b.filter_1, b.scale_1, b.bias_1, b.mean_1, b.var_1, b.filter_2, b.scale_2, b.bias_2,
         b.mean_2, b.var_2, b.filter_3, b.scale_3, b.bias_3, b.mean_3, b.var_3]
    out["function"] = _error(lambda: R.resnet_basic_block(
        x, *p, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0.9, 1e-5, "NCHW", True))
    return out


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = {"paddle_version": paddle.__version__, "cases": cases(paddle)}
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "goldens", "incubate_xpu_resnet_block.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"recorded incubate.xpu.resnet_block goldens to {os.path.normpath(path)}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
