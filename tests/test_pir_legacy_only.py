"""The legacy-only static layers fail in PIR mode as in Paddle 3.3.1
(paddle_compat/_static/pir_legacy_only.py; goldens: conformance/goldens/pir.json, case
`legacy_only_in_pir`), and still work in legacy mode."""
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE
from paddle_compat._static.pir_legacy_only import LEGACY_ONLY, reject_in_pir
from tests import _pir_goldens as G

CASES = ["legacy_only_in_pir", "legacy_io_in_pir", "static_nn_in_pir"]

DIFFERENCES = {
    ("static_nn_in_pir", "print_accuracy_auc"): "Paddle 3.3.1's PIR auc returns (auc, "
                                                "batch_stat_pos, batch_stat_neg), so the case's "
                                                "len(stats) fails there; paddle_compat returns "
                                                "the legacy (auc, batch_auc, [4 stats]) in both "
                                                "modes",
}


@pytest.mark.parametrize("case,key", G.params(CASES, DIFFERENCES))
def test_pir_golden(case, key):
    G.check(case, key)


def test_every_entry_names_its_exception():
    for api, (cls, message) in LEGACY_ONLY.items():
        assert issubclass(cls, Exception) and message, api


def test_legacy_mode_builds_them():
    old = STATE.static, STATE.pir
    try:
        paddle.enable_static()
        STATE.pir = False
        reject_in_pir("batch_norm", None)          # no-op in legacy mode
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data('x', [3, 4], 'float32')
            y = paddle.static.nn.batch_norm(x)
        assert list(y.shape) == [3, 4]
        assert "batch_norm" in [op.type for op in main.global_block().ops]
        STATE.pir = True
        with pytest.raises(TypeError, match=r"^The type of '%Ids' in operator lookup_table_v2"):
            reject_in_pir("embedding", x)
    finally:
        STATE.static, STATE.pir = old
