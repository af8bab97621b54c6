"""paddle.text: viterbi_decode / ViterbiDecoder and the text datasets (Conll05st, Imdb, Imikolov,
Movielens, UCIHousing, WMT14, WMT16)."""
from . import datasets
from . import viterbi_decode as _viterbi_module  # noqa: F401  (paddle.text.viterbi_decode, the module)
from .datasets import Conll05st, Imdb, Imikolov, Movielens, UCIHousing, WMT14, WMT16
from .._text.viterbi_decode import ViterbiDecoder, viterbi_decode

__all__ = ["Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14", "WMT16",
           "ViterbiDecoder", "viterbi_decode"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
