"""Record Paddle 3.3.1's paddle.nn.quant behaviour on its CPU wheel into
conformance/goldens/nn_quant.json (read by tests/test_nn_quant.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_nn_quant.py

On CPU the weight-only / LLM.int8 functions are argument checks followed by "kernel not
registered" errors; weight_quantize's CPU kernel runs only for float16 / bfloat16 weights with an
explicit arch (its interleaved output is not recorded: paddle_compat does not reproduce it, and
Paddle 3.3.1 corrupts its heap for arch=80 on CPU). Messages keep Paddle's text up to its
"[Hint: ...]" / "(at /paddle/...)" suffixes. Stub is an identity layer.
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


def cases(paddle):
    Q = paddle.nn.quant
    w = paddle.to_tensor(np.linspace(-1, 1, 64 * 32).reshape(64, 32).astype("float32"))
    h = w.astype("float16")
    b = w.astype("bfloat16")
    q = paddle.zeros([32, 64], dtype="int8")
    s = paddle.ones([32], dtype="float16")
    x = h[:2]
    out = {
        "quant_f32": _error(lambda: Q.weight_quantize(w)),
        "quant_f32_arch": _error(lambda: Q.weight_quantize(w, arch=80)),
        "quant_f16_noarch": _error(lambda: Q.weight_quantize(h)),
        "quant_bf16_noarch": _error(lambda: Q.weight_quantize(b, algo="llm.int8")),
        "quant_bad_algo": _error(lambda: Q.weight_quantize(h, algo="bad", arch=70)),
        "quant_bad_group": _error(lambda: Q.weight_quantize(h, group_size=32)),
        "quant_bad_arch": _error(lambda: Q.weight_quantize(h, arch=61)),
        "dequant": _error(lambda: Q.weight_dequantize(q, s)),
        "dequant_bad_group": _error(lambda: Q.weight_dequantize(q, s, group_size=16)),
        "wol": _error(lambda: Q.weight_only_linear(x, q, weight_scale=s, arch=80)),
        "wol_bad_group": _error(lambda: Q.weight_only_linear(x, q, weight_scale=s,
                                                             group_size=16)),
        "llm": _error(lambda: Q.llm_int8_linear(x, q, weight_scale=s)),
        "apc": _error(lambda: Q.apply_per_channel_scale(x, paddle.ones([64], "float16"))),
    }
    stub = Q.Stub()
    y = stub(w)
    out["stub"] = [type(y).__name__, bool((y.numpy() == w.numpy()).all()), stub._observer,
                   len(list(stub.parameters()))]
    return out


def main():
    import logging
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    write_golden("nn_quant", {"paddle_version": paddle.__version__, "cases": cases(paddle)},
                 "nn.quant goldens")


if __name__ == "__main__":
    main()
