"""paddle.hub (paddle_compat/_hapi/hub.py): the hubconf runners refuse; load_state_dict_from_url
reads a cached file through the safe loader."""
import numpy as np
import pytest

import paddle_compat as paddle


@pytest.mark.parametrize("call", [lambda: paddle.hub.list("a/b"), lambda: paddle.hub.help("a/b", "m"),
                                  lambda: paddle.hub.load("a/b", "m")])
def test_hubconf_runners_refuse(call):
    with pytest.raises(NotImplementedError, match="never executes code from downloaded files"):
        call()


def test_load_state_dict_from_url_uses_the_cached_file(tmp_path):
    state = {"w": paddle.to_tensor([1.0, 2.0])}
    paddle.save(state, str(tmp_path / "m.pdparams"))
    out = paddle.hub.load_state_dict_from_url("https://example.invalid/m.pdparams",
                                              model_dir=str(tmp_path))
    np.testing.assert_array_equal(out["w"].numpy(), [1.0, 2.0])
    arr = paddle.hub.load_state_dict_from_url("https://example.invalid/m.pdparams",
                                              model_dir=str(tmp_path), map_location="numpy")
    assert isinstance(arr["w"], np.ndarray)
    with pytest.raises(NotImplementedError, match="check_hash"):
        paddle.hub.load_state_dict_from_url("https://example.invalid/m.pdparams",
                                            model_dir=str(tmp_path), check_hash=True)
