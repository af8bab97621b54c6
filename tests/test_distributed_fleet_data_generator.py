"""fleet.MultiSlotDataGenerator / MultiSlotStringDataGenerator (paddle_compat/distributed/fleet/
data_generator/data_generator.py) against Paddle's output text, slot types and errors."""
import subprocess
import sys

from tests._distributed_utils_goldens import ROOT, check


def test_generators_match_paddle():
    assert check("multislot", "base_generator", "no_generate_sample") == 17


def test_run_from_stdin_as_a_pipe_command(tmp_path):
    # How Paddle uses a generator: a script between the raw file and the data feed.
    script = tmp_path / "gen.py"
    script.write_text(
        "import paddle_compat.distributed.fleet as fleet\n"
        "class G(fleet.MultiSlotDataGenerator):\n"
        "    def generate_sample(self, line):\n"
        "        def it():\n"
        "            a, b = line.split(',')\n"
        "            yield [('x', [float(v) for v in a.split()]), ('label', [int(b)])]\n"
        "        return it\n"
        "G().run_from_stdin()\n")
    out = subprocess.run([sys.executable, str(script)], input="1 2.5,0\n3,1\n", text=True,
                         capture_output=True, cwd=ROOT, check=True, timeout=120,
                         env={"PYTHONPATH": ROOT, "PATH": "/usr/bin:/bin"})
    assert out.stdout == "2 1.0 2.5 1 0\n1 3.0 1 1\n"
