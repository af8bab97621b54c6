"""paddle.incubate.distributed.fleet.utils (paddle_compat/_incubate/distributed/fleet/utils.py) in
legacy static mode: parse_program's logs and check_pruned_program_vars against Paddle 3.3.1
(conformance/goldens/distributed_io/, conformance/record/record_distributed_io.py), and the
program file round trips."""
import json
import os
import shutil

import pytest

import paddle_compat as paddle
from paddle_compat.incubate.distributed.fleet import utils as fleet_utils
from tests._distributed_io_goldens import GOLD, legacy, recorder  # noqa: F401 (legacy: a fixture)


def _main(rec):
    with paddle.utils.unique_name.guard():
        return rec.program(paddle)[0]


def test_parse_program_writes_paddles_logs(legacy, tmp_path):
    fleet_utils.parse_program(_main(recorder()), str(tmp_path))
    for name in ("vars_persistable.log", "vars_all.log", "ops.log"):
        assert (tmp_path / name).read_text() == open(os.path.join(GOLD, "parse", name)).read()


def test_check_pruned_program_vars_matches_paddle(legacy):
    rec = recorder()
    got = [fleet_utils.check_pruned_program_vars(a, b) for a, b in rec.pruned_pairs(paddle)]
    with open(os.path.join(GOLD, "checks.json")) as f:
        assert got == json.load(f)


def test_program_files_round_trip(legacy, tmp_path):
    main = _main(recorder())
    fleet_utils.save_program(main, str(tmp_path / "m.bin"))
    back = fleet_utils.load_program(str(tmp_path / "m.bin"))
    assert sorted(v.name for v in back.list_vars()) == sorted(v.name for v in main.list_vars())
    assert [v.name for v in back.list_vars() if v.persistable] == ["fc_0.b_0", "fc_0.w_0"]
    assert [op.type for op in back.global_block().ops] == ["mul", "elementwise_add"]
    assert fleet_utils.program_type_trans(str(tmp_path), "m.bin", False) == "m.bin.pbtxt"
    assert (tmp_path / "m.bin.pbtxt").read_text() == str(back)     # the text of what it read
    with pytest.raises(NotImplementedError, match=r"load_program\(is_text=True\).*is_text=False"):
        fleet_utils.program_type_trans(str(tmp_path), "m.bin.pbtxt", True)


def test_graphviz_writes_the_block(legacy, tmp_path):
    main = _main(recorder())
    if shutil.which("dot"):
        fleet_utils.graphviz(main.global_block(), str(tmp_path), "g")
        assert (tmp_path / "g.pdf").exists()
    else:                                       # Paddle runs `dot` the same way
        with pytest.raises(FileNotFoundError):
            fleet_utils.graphviz(main.global_block(), str(tmp_path), "g")
    dot = (tmp_path / "g.dot").read_text()
    assert dot.startswith("digraph G {")
    assert '"var:x" -> "op:0";' in dot and '"op:1" -> "var:fc_0.tmp_1";' in dot


def test_check_saved_vars_try_dump_names_the_alternative():
    with pytest.raises(NotImplementedError, match="paddle.static.load_inference_model"):
        fleet_utils.check_saved_vars_try_dump("d", "__model__", False, None, None)
