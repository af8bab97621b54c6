"""paddle.text.datasets: Conll05st, Imdb, Imikolov, Movielens, UCIHousing, WMT14, WMT16 (Paddle's
file formats, read from local files or Paddle's dataset cache; no network)."""
from ..._text.datasets.conll05 import Conll05st
from ..._text.datasets.imdb import Imdb
from ..._text.datasets.imikolov import Imikolov
from ..._text.datasets.movielens import Movielens
from ..._text.datasets.uci_housing import UCIHousing
from ..._text.datasets.wmt14 import WMT14
from ..._text.datasets.wmt16 import WMT16

__all__ = ["Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14", "WMT16"]
