"""Record paddle.static.gradients goldens with target_gradients (double backward) from real
Paddle 3.3.1 in legacy mode:

    FLAGS_enable_pir_api=0 PADDLE_PY conformance/record/record_static_gradients.py

Same snippet format as record_control_flow.py; tests/test_static_backward.py replays them.
Re-runnable: it overwrites conformance/goldens/static_gradients.json.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from record_control_flow import PRELUDE, run_case  # noqa: E402
from record_ops_math import write_golden  # noqa: E402


CASES = {
    "target_gradients_double_backward": """
main, start = fresh()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [3], 'float32')
    x.stop_gradient = False
    v = paddle.static.data('v', [3], 'float32')
    v.stop_gradient = False
    y = x * x * x
    (gx,) = paddle.static.gradients([y], [x], target_gradients=[v])
    out['printed'] = str(main)
    r = paddle.static.gradients([gx], [v])
    out['names'] = [t.name for t in r]
    r2 = paddle.static.gradients([paddle.mean(gx)], [x, v])
    out['names2'] = [t.name for t in r2]
exe.run(start)
vals = exe.run(main, feed={'x': np.array([1., 2., 3.], 'float32'),
                           'v': np.array([1., 1., 2.], 'float32')}, fetch_list=[gx] + r + r2)
out['values'] = [np.round(a, 5).tolist() for a in vals]
""",
}


def main():
    import paddle
    results = {}
    for name, code in CASES.items():
        paddle.disable_static()
        try:
            results[name] = run_case(paddle, code)
        except Exception as e:
            results[name] = {"error": [type(e).__name__, str(e)]}
        paddle.disable_static()
    write_golden("static_gradients", {"cases": CASES, "prelude": PRELUDE, "results": results},
                 f"{len(CASES)} cases")
    for name, r in results.items():
        print(name, "ERROR" if "error" in r else "ok", r.get("error", ""))


if __name__ == "__main__":
    main()
