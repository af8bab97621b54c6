"""paddle_compat/_nn/functional/common.py: class_center_sample against goldens
recorded from Paddle 3.3.1 (conformance/goldens/nn_functional.json, written by
conformance/record/record_nn_functional.py), and class_center_sample's sampling rules (Paddle draws
its negatives from std::random_device, so only their properties are compared)."""
import numpy as np
import pytest

import paddle_compat as paddle

F = paddle.nn.functional
PREFIXES = ("class_center_",)


def test_class_center_sample_negatives_are_distinct_new_classes_and_repeat_under_a_seed():
    label = paddle.to_tensor([9, 2, 2, 30])
    paddle.seed(4)
    remapped, centers = F.class_center_sample(label, 40, 10)
    c = centers.numpy().tolist()
    assert c[:3] == [2, 9, 30] and len(set(c)) == 10 and all(0 <= v < 40 for v in c)
    assert remapped.numpy().tolist() == [1, 0, 0, 2]
    np.testing.assert_array_equal(np.array(c)[remapped.numpy()], label.numpy())
    paddle.seed(4)
    assert F.class_center_sample(label, 40, 10)[1].numpy().tolist() == c


def test_class_center_sample_refuses_a_multi_rank_group():
    class Group:
        nranks = 2

        def is_member(self):
            return True

    with pytest.raises(NotImplementedError, match="group=None"):
        F.class_center_sample(paddle.to_tensor([1]), 4, 2, group=Group())


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_functional.py) ------------
import json as _json  # noqa: E402
import os as _os  # noqa: E402

import pytest as _pytest  # noqa: E402

from conformance.golden_replay import check_case as _check_case  # noqa: E402

_GOLDEN = _os.path.join(_os.path.dirname(__file__), "..", "conformance", "goldens", "nn_functional.json")
_CASES = _json.load(open(_GOLDEN))["cases"]


@_pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(PREFIXES)))
def test_functional_case_matches_paddle(name):
    _check_case(paddle, _CASES[name])
