"""paddle_compat/_text/datasets/*: the seven text datasets read tiny files in their real formats
(built by conformance/record/record_text.py's builders) and give what Paddle 3.3.1 gave on the same
files (conformance/goldens/text.json); constructor errors; the no-network error naming file, URL,
MD5 and cache folder; WMT16's dictionary file written into the cache."""
import json
import os

import pytest

import paddle_compat as paddle
from conformance.record import record_text

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "text.json")
GOLDEN = json.load(open(_GOLDEN))


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("text"))
    common = paddle.dataset.common
    old = common.DATA_HOME
    common.DATA_HOME = os.path.join(root, "cache")
    os.makedirs(os.path.join(root, "cache", "wmt16"))
    try:
        yield record_text.dataset_results(paddle.text, root), record_text.error_results(paddle.text, root), root
    finally:
        common.DATA_HOME = old


@pytest.mark.parametrize("name", sorted(GOLDEN["datasets"]))
def test_dataset_matches_paddle(results, name):
    got, want = json.loads(json.dumps(results[0][name])), GOLDEN["datasets"][name]
    assert sorted(got) == sorted(want)
    for key in want:
        assert got[key] == want[key], f"{name}: {key} differs"


@pytest.mark.parametrize("name", sorted(GOLDEN["errors"]))
def test_dataset_error_matches_paddle(results, name):
    assert results[1][name] == GOLDEN["errors"][name]


def test_wmt16_writes_its_dictionaries_into_the_cache(results):
    folder = os.path.join(results[2], "cache", "wmt16")
    names = sorted(os.listdir(folder))
    assert "en_8.dict" in names and "de_9.dict" in names
    assert not [n for n in names if n.endswith(".tmp")]
    with open(os.path.join(folder, "en_8.dict"), "rb") as f:
        assert f.read().split(b"\n")[:3] == [b"<s>", b"<e>", b"<unk>"]


@pytest.mark.parametrize("build,filename,url_part,folder", [
    (lambda: paddle.text.UCIHousing(), "housing.data", "uci_housing/housing.data", "uci_housing"),
    (lambda: paddle.text.Imdb(), "imdb%2FaclImdb_v1.tar.gz", "aclImdb_v1", "imdb"),
    (lambda: paddle.text.Movielens(), "movielens%2Fml-1m.zip", "ml-1m.zip", "sentiment"),
    (lambda: paddle.text.WMT16(src_dict_size=5, trg_dict_size=5), "wmt16.tar.gz", "wmt/wmt16", "wmt16"),
    (lambda: paddle.text.Conll05st(), "conll05st-tests.tar.gz", "conll05st", "conll05st"),
])
def test_a_missing_file_is_one_clear_error(tmp_path, build, filename, url_part, folder):
    common = paddle.dataset.common
    old = common.DATA_HOME
    common.DATA_HOME = str(tmp_path)
    try:
        with pytest.raises(RuntimeError) as info:
            build()
    finally:
        common.DATA_HOME = old
    msg = str(info.value)
    assert filename in msg and url_part in msg and "md5 " in msg
    assert os.path.join(str(tmp_path), folder) in msg


def test_datasets_feed_a_dataloader(tmp_path):
    path = record_text.write_housing(str(tmp_path / "housing.data"))
    loader = paddle.io.DataLoader(paddle.text.UCIHousing(data_file=path), batch_size=4)
    x, y = next(iter(loader))
    assert x.shape == [4, 13] and y.shape == [4, 1] and str(x.dtype) == "paddle.float32"
