"""paddle.dataset: the legacy reader-creator datasets (only `mnist` here), read from local files.

There is no network access: a dataset whose files are missing raises RuntimeError naming the files
and the folder to put them in (`paddle.dataset.common.DATA_HOME/<name>`).
"""
from . import common, mnist
