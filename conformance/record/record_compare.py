"""Record the Paddle side of the `compare` fixtures (tests/fixtures/compare/*.py -> *.record/).

    python conformance/record/record_compare.py PADDLE_PY

Runs `python -m paddle_compat compare --record` with the given Paddle interpreter, digesting layers
for the dynamic scripts and fetches for the static one, as tests/test_compare.py replays them.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "compare")
PROBES = {"mlp_train.py": ["--layers"], "static_fit.py": ["--fetches"]}


def main(oracle):
    env = dict(os.environ, PYTHONPATH=ROOT)
    for script, probes in PROBES.items():
        path = os.path.join(FIXTURES, script)
        record = os.path.join(FIXTURES, script[:-3] + ".record")
        subprocess.run([sys.executable, "-m", "paddle_compat", "compare", "--oracle", oracle,
                        *probes, "--record", record, path], check=True, env=env)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.environ["PADDLE_ORACLE_PYTHON"])
