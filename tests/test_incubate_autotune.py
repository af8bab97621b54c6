"""paddle.incubate.autotune (paddle_compat/_incubate/autotune.py): set_config against Paddle
3.3.1's goldens (conformance/goldens/incubate.json, cases autotune_*: warnings, exceptions, the
json file path) and the recorded settings (which have no effect on torch's kernels)."""
import json
import warnings

import pytest

import paddle_compat as paddle
from paddle_compat._incubate import autotune as room
from tests._incubate_goldens import cases, check


@pytest.mark.parametrize("case", cases("autotune_"))
def test_golden(case):
    check(case)


@pytest.fixture
def fresh_state(monkeypatch):
    monkeypatch.setattr(room, "AUTOTUNE", {"kernel": False, "tuning_range": [1, 10],
                                           "layout": False, "dataloader": (False, 500)})
    return room


def test_settings_are_recorded(fresh_state):
    paddle.incubate.autotune.set_config({"kernel": {"enable": True, "tuning_range": [2, 7]},
                                         "layout": {"enable": True},
                                         "dataloader": {"enable": True, "tuning_steps": 9}})
    assert fresh_state.AUTOTUNE == {"kernel": True, "tuning_range": [2, 7], "layout": True,
                                    "dataloader": (True, 9)}


def test_none_enables_everything(fresh_state):
    paddle.incubate.autotune.set_config()
    assert fresh_state.AUTOTUNE["kernel"] and fresh_state.AUTOTUNE["layout"]
    assert fresh_state.AUTOTUNE["dataloader"] == (True, 500)


def test_dataloader_needs_tuning_steps_as_in_paddle(fresh_state):
    paddle.incubate.autotune.set_config({"dataloader": {"enable": True}})
    assert fresh_state.AUTOTUNE["dataloader"] == (False, 500)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        paddle.incubate.autotune.set_config({"dataloader": {"enable": True,
                                                            "tuning_steps": "x"}})
    assert fresh_state.AUTOTUNE["dataloader"] == (True, 500)


def test_json_file(fresh_state, tmp_path, capsys):
    path = tmp_path / "tune.json"
    path.write_text(json.dumps({"kernel": {"enable": True, "tuning_range": [3, 4]}}))
    paddle.incubate.autotune.set_config(str(path))
    assert fresh_state.AUTOTUNE["kernel"] and fresh_state.AUTOTUNE["tuning_range"] == [3, 4]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.warns(UserWarning, match="Use default configuration for auto-tuning."):
        paddle.incubate.autotune.set_config(str(bad))
    assert capsys.readouterr().out.startswith("Load config error: ")
