"""paddle.jit.load's archive checks (_jit/archive.py): a tampered model.pt2 never makes torch
unpickle arbitrary objects or allocate beyond the file, and a damaged one raises ValueError."""
import io
import json
import os
import shutil
import zipfile

import pytest
import torch

import paddle_compat as paddle


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    d = tmp_path_factory.mktemp("jit")
    paddle.seed(0)
    path = str(d / "net")
    paddle.jit.save(paddle.nn.Linear(3, 2), path,
                    input_spec=[paddle.static.InputSpec([None, 3], "float32")])
    return path


def _copy(saved, tmp_path):
    path = str(tmp_path / "net")
    for ext in (".pt2", ".json"):
        shutil.copy(saved + ext, path + ext)
    return path


def _rewrite(pt2, edit, compression=zipfile.ZIP_STORED):
    """Rewrite archive `pt2`: edit(name, data) returns the new data, None to drop the record, or a
    list of (name, data) to add records."""
    with zipfile.ZipFile(pt2) as src:
        records = [(i.filename, src.read(i.filename)) for i in src.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as dst:
        for name, data in records:
            new = edit(name, data)
            if isinstance(new, list):
                dst.writestr(name, data)
                for extra_name, extra in new:
                    dst.writestr(extra_name, extra)
            elif new is not None:
                dst.writestr(name, new)
    with open(pt2, "wb") as f:
        f.write(out.getvalue())


class _Evil:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, (f"touch {self.marker}",)


def test_use_pickle_weight_is_refused_and_runs_nothing(saved, tmp_path):
    marker = tmp_path / "MARK"
    path = _copy(saved, tmp_path)

    def edit(name, data):
        if name.endswith("model_weights_config.json"):
            cfg = json.loads(data)
            cfg["config"]["p_weight"]["use_pickle"] = True
            return json.dumps(cfg).encode()
        if name.endswith("weights/weight_0"):
            buf = io.BytesIO()
            torch.save(_Evil(marker), buf)
            return buf.getvalue()
        return data

    _rewrite(path + ".pt2", edit)
    with pytest.raises(ValueError, match="refused .*stored with pickle"):
        paddle.jit.load(path)
    assert not marker.exists()
    with pytest.raises(Exception):          # the attack is real: plain torch runs the payload
        torch.export.load(path + ".pt2")
    assert marker.exists()


@pytest.mark.parametrize("extra", ["data/aotinductor/model/model.so", "data/weights/model.pt",
                                   "data/constants/opaque_obj_0", "extra/notes.txt"])
def test_records_jit_save_never_writes_are_refused(saved, tmp_path, extra):
    path = _copy(saved, tmp_path)
    _rewrite(path + ".pt2", lambda name, data: [(name.split("/")[0] + "/" + extra, b"x")]
             if name.endswith("archive_format") else data)
    with pytest.raises(ValueError, match="is not one paddle.jit.save writes"):
        paddle.jit.load(path)


def test_empty_record_declaring_a_huge_tensor_is_refused(saved, tmp_path):
    # torch builds torch.zeros(declared size) for an empty record: a few bytes asking for 4 GB.
    path = _copy(saved, tmp_path)

    def edit(name, data):
        if name.endswith("model_weights_config.json"):
            cfg = json.loads(data)
            meta = cfg["config"]["p_weight"]["tensor_meta"]
            meta["sizes"] = [{"as_int": 1 << 15}] * 2
            meta["strides"] = [{"as_int": 1 << 15}, {"as_int": 1}]
            return json.dumps(cfg).encode()
        if name.endswith("weights/weight_0"):
            return b""
        return data

    _rewrite(path + ".pt2", edit)
    with pytest.raises(ValueError, match="declares 4294967296 bytes but its record holds 0"):
        paddle.jit.load(path)


def test_compressed_records_are_refused(saved, tmp_path):
    path = _copy(saved, tmp_path)
    _rewrite(path + ".pt2", lambda name, data: data, zipfile.ZIP_DEFLATED)
    with pytest.raises(ValueError, match="compressed"):
        paddle.jit.load(path)


def test_damaged_archive_raises_value_error(saved, tmp_path):
    path = _copy(saved, tmp_path)
    with open(path + ".pt2", "rb") as f:
        data = f.read()
    for cut in (0, 10, len(data) // 2, len(data) - 10):
        with open(path + ".pt2", "wb") as f:
            f.write(data[:cut])
        with pytest.raises(ValueError, match="can not parse the file"):
            paddle.jit.load(path)


def test_description_from_another_save_is_detected(saved, tmp_path):
    path = _copy(saved, tmp_path)
    other = str(tmp_path / "other")
    paddle.jit.save(paddle.nn.Linear(3, 2), other,
                    input_spec=[paddle.static.InputSpec([None, 3], "float32")])
    shutil.copy(other + ".pt2", path + ".pt2")
    with pytest.raises(ValueError, match="different saves"):
        paddle.jit.load(path)


def test_untampered_model_still_loads_and_runs(saved):
    layer = paddle.jit.load(saved)
    assert layer(paddle.ones([4, 3])).shape == [4, 2]
