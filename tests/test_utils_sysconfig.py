"""paddle.sysconfig (paddle_compat/_utils/sysconfig.py): torch's include and library folders."""
import os

import torch

import paddle_compat as paddle


def test_names_torch_folders():
    assert paddle.sysconfig.get_include() == os.path.join(os.path.dirname(torch.__file__),
                                                          "include")
    assert os.path.isdir(paddle.sysconfig.get_lib())
