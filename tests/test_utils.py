"""paddle.utils: run_check and unique_name (paddle_compat/utils/, paddle_compat/_unique_name.py)."""
import paddle_compat as paddle
from paddle_compat import _unique_name


def test_run_check_prints_paddle_success_lines(capsys):
    paddle.utils.run_check()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Running verify PaddlePaddle program ... "
    assert out[2] == ("PaddlePaddle is installed successfully! Let's start deep learning with "
                      "PaddlePaddle now.")


def test_unique_names_per_key_and_guards():
    with paddle.utils.unique_name.guard():
        assert [paddle.utils.unique_name.generate("fc") for _ in range(2)] == ["fc_0", "fc_1"]
        assert paddle.utils.unique_name.generate("linear") == "linear_0"
        with paddle.utils.unique_name.guard("pre_"):
            assert paddle.utils.unique_name.generate("fc") == "pre_fc_0"
        assert paddle.utils.unique_name.generate("fc") == "fc_2"


def test_switch_returns_old_state_tuple():
    old = _unique_name.switch()
    try:
        assert isinstance(old, tuple)
        assert _unique_name.generate("k") == "k_0"
    finally:
        _unique_name.switch(old)
