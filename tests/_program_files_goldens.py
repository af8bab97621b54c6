"""Shared by the program-file tests: the recorder's programs (conformance/record/
record_program_files.py) built with paddle_compat, and the goldens it recorded from Paddle."""
import importlib.util
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN_DIR = os.path.join(ROOT, "conformance", "goldens", "program_files")


def recorder():
    """The recorder module (its PROGRAMS and build())."""
    path = os.path.join(ROOT, "conformance", "record", "record_program_files.py")
    spec = importlib.util.spec_from_file_location("record_program_files", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# The recorder programs whose files paddle_compat writes as Paddle does (real Paddle ran them:
# ours.json): all of them since conv layers record their bias as Paddle's reshape2 +
# elementwise_add and pool2d records Paddle's attributes (global_pooling, use_cudnn, short
# paddings); before, Paddle computed another LeNet value from our file.
OURS = ("array_loop", "cond_while", "conv_bn", "fc_relu", "lenet", "mlp_ops")


def goldens(name="program_files.json"):
    with open(os.path.join(GOLDEN_DIR, name)) as f:
        return json.load(f)


def golden_bytes(name):
    with open(os.path.join(GOLDEN_DIR, name), "rb") as f:
        return f.read()


def write_ours(paddle, folder):
    """Each recorder program built and saved by paddle_compat into `folder`:
    <name>.pdmodel / <name>.pdiparams (save_inference_model) and <name>.program
    (serialize_program); what `record_program_files.py --ours folder` loads under Paddle."""
    rec = recorder()
    for name in OURS:
        ns = rec.build(paddle, name)
        exe = paddle.static.Executor(paddle.CPUPlace())
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(ns["startup"])
            # as the recorder does: one run (batch_norm's training step moves its statistics)
            exe.run(ns["main"], feed=ns["feed"], fetch_list=ns["fetches"])
            prefix = os.path.join(folder, name)
            paddle.static.save_inference_model(prefix, ns["feeds"], ns["fetches"], exe,
                                               program=ns["main"])
            data = paddle.static.serialize_program(ns["feeds"], ns["fetches"], program=ns["main"])
            with open(prefix + ".program", "wb") as f:
                f.write(data)
    return list(OURS)


if __name__ == "__main__":       # python tests/_program_files_goldens.py DIR (for the recorder)
    import sys
    os.environ.setdefault("FLAGS_enable_pir_api", "0")
    sys.path.insert(0, ROOT)
    import paddle_compat
    paddle_compat.enable_static()
    os.makedirs(sys.argv[1], exist_ok=True)
    print(write_ours(paddle_compat, sys.argv[1]))
