"""Replay of conformance/goldens/audio.json (conformance/record/record_audio.py), shared by the
four paddle.audio test files (`<module>:<case>` names: functional, features, backends, datasets).

Every case is compared as tests/_tensor_api_goldens compares goldens (values within 1e-5 relative),
except the float32 cases in decibels (LogMelSpectrogram, MFCC), compared within DB_ATOL dB: their
spectra agree with Paddle's to ~1e-8, but bins far below the peak carry float32 FFT rounding
(pocketfft in Paddle, torch's FFT here) of ~1e-4 relative, which 10*log10 turns into absolute
errors up to ~1e-3 dB. Their float64 twins (features:mfcc_f64, ...) are held to the strict rule.
"""
import numpy as np

import paddle_compat as paddle
from tests._tensor_api_goldens import Goldens, assert_same

AUDIO = Goldens("audio")
DB_ATOL = 2e-3
DB_CASES = {"features:mfcc", "features:logmelspectrogram", "datasets:esc50_item_mfcc"}


def _tensors(result):
    if result["kind"] == "tensor":
        return [result]
    if result["kind"] == "seq":
        return [t for item in result["items"] for t in _tensors(item)]
    return []


def check(case):
    """Run one recorded case here and compare it with Paddle's recorded result."""
    if case not in DB_CASES:
        AUDIO.check(case)
        return
    entry = AUDIO.golden["cases"][case]
    assert entry["expr"] == AUDIO.record.CASES[case], "golden out of date: re-run the recorder"
    ours = AUDIO.record.run_case(paddle, entry["expr"])
    theirs = entry["result"]
    assert ours["kind"] == theirs["kind"], (case, ours, theirs)
    pairs = list(zip(_tensors(ours), _tensors(theirs)))
    assert pairs and len(_tensors(ours)) == len(_tensors(theirs)), case
    for a, b in pairs:
        assert (a["dtype"], a["shape"]) == (b["dtype"], b["shape"]), (case, a, b)
        np.testing.assert_allclose(np.array(a["values"]), np.array(b["values"]), rtol=0,
                                   atol=DB_ATOL, err_msg=case)
    if theirs["kind"] == "seq":   # the non-tensor parts (labels) exactly
        for a, b in zip(ours["items"], theirs["items"]):
            if b["kind"] != "tensor":
                assert_same(a, b, case)
