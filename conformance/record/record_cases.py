"""Record real Paddle's output for every snippet case: run with the oracle's interpreter.

    PADDLE_PY conformance/record/record_cases.py [topic ...]

Topics are the files of conformance/cases/ (`tensor_core`) and of conformance/seeds/, the documented
examples of the seed documents (`seeds/py_func_api`).

Each case runs in its own subprocess with the environment its case file asks for (legacy static
APIs need FLAGS_enable_pir_api=0), and writes conformance/goldens/cases/<topic>.json.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from conformance import snippets  # noqa: E402

CHILD = r"""
import json, sys, warnings
warnings.filterwarnings("ignore")
sys.path.insert(0, sys.argv[1])
from conformance import snippets
import paddle

def reset():
    try:
        paddle.disable_static()
    except Exception:
        pass
    paddle.set_default_dtype("float32")
    paddle.set_device("cpu")
    # each case starts from fresh default programs and name counters, as in its own process
    try:
        import paddle.base.framework as fw
        from paddle.base import unique_name
        unique_name.switch()
        fw.switch_main_program(paddle.static.Program())
        fw.switch_startup_program(paddle.static.Program())
    except Exception:
        pass

env, cases = snippets.load_case_file(sys.argv[2])
results = {}
for name, flags, code in cases:
    if sys.argv[3:] and name not in sys.argv[3:]:
        continue
    results[name] = snippets.run_case(code, reset)
    results[name]["paddle_version"] = paddle.__version__
json.dump(results, sys.stdout)
"""


def record(topic):
    path = snippets.case_path(topic)
    env, _ = snippets.load_case_file(path)
    child_env = dict(os.environ, **env)
    child_env.setdefault("GLOG_minloglevel", "3")
    # one process per case: Paddle's default programs, scope and name counters are process-wide
    results = {}
    for name, _, _ in snippets.load_case_file(path)[1]:
        proc = subprocess.run([sys.executable, "-c", CHILD, ROOT, path, name], env=child_env,
                              capture_output=True, text=True, check=True)
        results.update(json.loads(proc.stdout))
    out = snippets.golden_path(topic)
    if os.environ.get("CONFORMANCE_CASES_OUT"):        # the CLI's --oracle records into a temp dir
        out = os.path.join(os.environ["CONFORMANCE_CASES_OUT"], *topic.split("/")) + ".json"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{topic}: {len(results)} cases recorded")


if __name__ == "__main__":
    for t in sys.argv[1:] or snippets.case_files():
        record(t)
