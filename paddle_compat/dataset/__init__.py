"""paddle.dataset: the legacy reader-creator datasets (only `mnist` here), read from local files.

There is no network access: a dataset whose files are missing raises RuntimeError naming the files
and the folder to put them in (`paddle.dataset.common.DATA_HOME/<name>`).

`paddle.dataset.common` and `paddle.dataset.mnist` ARE the private modules (registered under these
names too), not re-exports: scripts set `paddle.dataset.common.DATA_HOME`, and the readers (here and
in paddle.vision.datasets) must see that very global.
"""
import sys

from .._dataset import common, mnist

sys.modules[__name__ + ".common"] = common
sys.modules[__name__ + ".mnist"] = mnist
