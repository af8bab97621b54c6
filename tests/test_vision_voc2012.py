"""paddle.vision.datasets.VOC2012 (_vision/datasets/voc2012.py): a VOCtrainval tar built by the
recorder (JPEG images, palette PNG labels, the split lists), compared with Paddle 3.3.1."""
import pytest

from paddle_compat.dataset import common
from paddle_compat.vision.datasets import VOC2012

from ._vision_goldens import case_ids, check, record


@pytest.mark.parametrize("case_id", case_ids("voc2012/") + case_ids("errors/voc"))
def test_matches_paddle(case_id):
    check(case_id)


def test_cache_lookup_and_missing_error(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError, match="VOCtrainval_11-May-2012.tar") as info:
        VOC2012()
    assert "6cd6e144f989b92b3379bac3b3de84fd" in str(info.value)
    (tmp_path / "voc2012").mkdir()
    record.write_voc(str(tmp_path / "voc2012" / "VOCtrainval_11-May-2012.tar"))
    ds = VOC2012(mode="valid")
    image, label = ds[0]
    assert len(ds) == 1 and label.mode == "P"
