"""paddle.nn.layer.rnn: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/rnn.py
(scripts import them from here, e.g. `from paddle.nn.layer.rnn import ...`)."""
from ..._nn.layer.rnn import (  # noqa: F401
    BiRNN, GRU, GRUCell, LSTM, LSTMCell, RNN, RNNBase, RNNCellBase, SimpleRNN, SimpleRNNCell,
    birnn, concat_states, rnn, split_states)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
