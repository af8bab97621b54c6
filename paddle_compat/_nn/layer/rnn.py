"""paddle.nn recurrent layers (Paddle: nn/layer/rnn.py): the cells (RNNCellBase, SimpleRNNCell,
LSTMCell, GRUCell), the cell runners (RNN, BiRNN, and the `rnn` / `birnn` functions), and the
multi-layer networks (SimpleRNN, LSTM, GRU) on Paddle's fused `rnn` op.

Layout is Paddle's: each cell holds `weight_ih [G*hidden, input]`, `weight_hh [G*hidden, hidden]`,
`bias_ih`, `bias_hh` (G = 4 for LSTM, gates i, f, g(c), o; G = 3 for GRU, gates r, z, c), all drawn
from Uniform(-1/sqrt(hidden), 1/sqrt(hidden)) through the Paddle-exact generator in creation order
(layer by layer, forward cell before backward cell, w_ih, w_hh, b_ih, b_hh). Paddle's gate order and
GRU formula (reset gate applied after the hidden matmul, h = z * h_prev + (1 - z) * c) are the very
ones torch's fused kernels use, so a Paddle state dict feeds torch's `_VF.lstm/gru/rnn_*` with no
reordering; only the weight *list* order differs (Paddle's `rnn` op takes all weights then all
biases, torch interleaves them per layer), and that is mapped once in the kernel.

The networks run the fused kernel (cuDNN on CUDA) whenever Paddle itself takes its fused `rnn` op:
every cell has its four parameters (no `bias_*_attr=False`) and no projection. `sequence_length`
then follows Paddle's fused op: outputs at padded steps are zero and each final state is the state at
the sequence's last valid step (torch's packed sequences give exactly that). Otherwise the layers run
the cells step by step as Paddle's dygraph `rnn` does.
"""
import math

import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

from ..._dtype import get_default_dtype, to_dtype
from ..._ops import creation as _creation
from ..._ops import linalg as _linalg
from ..._ops import manipulation as _manip
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor
from .. import initializer as I
from ..functional import activation as FA
from ..functional import common as FC
from ..functional.extension import sequence_mask
from .container import LayerList
from .layers import Layer

__all__ = ["RNNCellBase", "SimpleRNNCell", "LSTMCell", "GRUCell", "RNN", "BiRNN", "SimpleRNN",
           "LSTM", "GRU", "rnn", "birnn", "split_states", "concat_states"]


# ---- nested-structure helpers (Paddle's paddle.utils.flatten / map_structure on states) ---------
def _flatten(s):
    if isinstance(s, (list, tuple)):
        return [e for item in s for e in _flatten(item)]
    return [s]


def _map(fn, *structs):
    first = structs[0]
    if isinstance(first, (list, tuple)):
        return type(first)(_map(fn, *items) for items in zip(*structs))
    return fn(*structs)


# ---- the fused op --------------------------------------------------------------------------------
_VF_FNS = {"LSTM": "lstm", "GRU": "gru", "RNN_TANH": "rnn_tanh", "RNN_RELU": "rnn_relu"}


def _rnn_kernel(inputs, pre_state, weights, sequence_length, dropout_prob=0.0, is_bidirec=False,
                input_size=10, hidden_size=100, num_layers=1, mode="RNN_TANH", seed=0,
                is_test=False):
    """Paddle's `rnn` op on torch's fused kernels. `inputs` is time-major [T, N, C]; `weights` in
    Paddle's order (every w_ih, w_hh, then every b_ih, b_hh); returns (Out, [State...])."""
    n = num_layers * (2 if is_bidirec else 1)
    if inputs.device.type != "meta" and inputs.shape[-1] != weights[0].shape[1]:
        # torch's fused kernel runs a wrong input size silently; Paddle's matmul refuses it
        raise ValueError(f"(InvalidArgument) The first matrix width should be same as second "
                         f"matrix height,but received first matrix width {inputs.shape[-1]}, "
                         f"second matrix height {weights[0].shape[1]}")
    flat = []
    for k in range(n):
        flat += [weights[2 * k], weights[2 * k + 1], weights[2 * n + 2 * k], weights[2 * n + 2 * k + 1]]
    fn = getattr(torch._VF, _VF_FNS[mode])
    lstm = mode == "LSTM"
    hx = (pre_state[0], pre_state[1]) if lstm else pre_state[0]
    train = not is_test
    if sequence_length is None:
        res = fn(inputs, hx, flat, True, num_layers, float(dropout_prob), train, is_bidirec, False)
        return res[0], list(res[1:])
    lengths = sequence_length.detach().to("cpu", torch.int64)
    packed = pack_padded_sequence(inputs, lengths, batch_first=False, enforce_sorted=False)
    order, back = packed.sorted_indices, packed.unsorted_indices
    hx_sorted = tuple(h.index_select(1, order) for h in hx) if lstm else hx.index_select(1, order)
    res = fn(packed.data, packed.batch_sizes, hx_sorted, flat, True, num_layers,
             float(dropout_prob), train, is_bidirec)
    out, _ = pad_packed_sequence(PackedSequence(res[0], packed.batch_sizes, order, back),
                                 total_length=inputs.shape[0])
    return out, [s.index_select(1, back) for s in res[1:]]


_RNN_OP = defop("rnn", _rnn_kernel, inputs=("Input", "PreState", "WeightList", "SequenceLength"),
                outputs=("Out", "State"),
                attrs={"dropout_prob": 0.0, "is_bidirec": False, "input_size": 10,
                       "hidden_size": 100, "num_layers": 1, "mode": "RNN_TANH", "seed": 0,
                       "is_test": False},
                notes="torch's fused RNN kernels (cuDNN on CUDA); the inter-layer dropout draws "
                      "from torch's generator, not Paddle's",
                api="paddle.nn.LSTM")


# ---- cells ---------------------------------------------------------------------------------------
class RNNCellBase(Layer):
    """paddle.nn.RNNCellBase: the base of the cells; `get_initial_states` builds zero (or
    `init_value`) states shaped from `state_shape` with the batch size read from `batch_ref`."""

    def get_initial_states(self, batch_ref, shape=None, dtype=None, init_value=0.0,
                           batch_dim_idx=0):
        """States filled with `init_value`: for each shape in `shape` (default `state_shape`), -1
        prepended for the batch (read from `batch_ref.shape[batch_dim_idx]`)."""
        batch_ref = _flatten(batch_ref)[0]
        shapes = self.state_shape if shape is None else shape
        try:
            dtypes = self.state_dtype if dtype is None else dtype
        except NotImplementedError:
            dtypes = get_default_dtype()
        batch = batch_ref.shape[batch_dim_idx]

        def is_shape(s):
            return isinstance(s, (list, tuple)) and all(isinstance(v, int) for v in s)

        def build(s, dt):
            if is_shape(s):
                full = list(s) if s and s[0] == -1 else [-1] + list(s)
                full[0] = batch
                return _creation.full(full, init_value, dtype=dt)
            return type(s)(build(e, d) for e, d in zip(s, dt))

        flat_dtypes = _flatten(dtypes) if isinstance(dtypes, (list, tuple)) else [dtypes]
        if len(flat_dtypes) == 1:
            one = flat_dtypes[0]

            def spread(s):
                return one if is_shape(s) else type(s)(spread(e) for e in s)
            dtypes = spread(shapes)
        return build(shapes, dtypes)

    @property
    def state_shape(self):
        """The states' shapes (without the batch); cells override it."""
        raise NotImplementedError("Please add implementation for `state_shape` in the used cell.")

    @property
    def state_dtype(self):
        """The states' dtypes; the default dtype unless a cell overrides it."""
        raise NotImplementedError("Please add implementation for `state_dtype` in the used cell.")


def _check_hidden(layer, hidden_size):
    if hidden_size <= 0:
        raise ValueError(f"hidden_size of {layer.__class__.__name__} must be greater than 0, but now "
                         f"equals to {hidden_size}")


def _cell_params(cell, gates, input_size, hidden_size, hh_cols, weight_ih_attr, weight_hh_attr,
                 bias_ih_attr, bias_hh_attr):
    """Paddle's cell parameters in creation order; an attr of False gives a frozen constant
    (weights 1, biases 0) exactly as Paddle does."""
    std = 1.0 / math.sqrt(hidden_size)
    specs = [("weight_ih", (gates * hidden_size, input_size), weight_ih_attr, False, 1.0),
             ("weight_hh", (gates * hidden_size, hh_cols), weight_hh_attr, False, 1.0),
             ("bias_ih", (gates * hidden_size,), bias_ih_attr, True, 0.0),
             ("bias_hh", (gates * hidden_size,), bias_hh_attr, True, 0.0)]
    for name, shape, attr, is_bias, const in specs:
        if attr is not False:
            p = cell.create_parameter(list(shape), attr, is_bias=is_bias,
                                      default_initializer=I.Uniform(-std, std))
        else:
            p = cell.create_parameter(list(shape), None, is_bias=is_bias,
                                      default_initializer=I.Constant(const))
            p.stop_gradient = True
        setattr(cell, name, p)
    return std


def _mm_t(x, w):
    return _linalg.matmul(x, w, transpose_y=True)


class SimpleRNNCell(RNNCellBase):
    """paddle.nn.SimpleRNNCell(input_size, hidden_size, activation='tanh', weight_ih_attr=None,
    weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
    h = act(x @ W_ih^T + b_ih + h_prev @ W_hh^T + b_hh); forward returns (h, h)."""

    def __init__(self, input_size, hidden_size, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        _check_hidden(self, hidden_size)
        _cell_params(self, 1, input_size, hidden_size, hidden_size, weight_ih_attr,
                     weight_hh_attr, bias_ih_attr, bias_hh_attr)
        self.input_size, self.hidden_size = input_size, hidden_size
        if activation not in ["tanh", "relu"]:
            raise ValueError(f"activation for SimpleRNNCell should be tanh or relu, but get "
                             f"{activation}")
        self.activation = activation
        self._activation_fn = FA.tanh if activation == "tanh" else FA.relu

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        i2h = _mm_t(inputs, self.weight_ih)
        if self.bias_ih is not None:
            i2h = i2h + self.bias_ih
        h2h = _mm_t(states, self.weight_hh)
        if self.bias_hh is not None:
            h2h = h2h + self.bias_hh
        h = self._activation_fn(i2h + h2h)
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        return s + (f", activation={self.activation}" if self.activation != "tanh" else "")


class LSTMCell(RNNCellBase):
    """paddle.nn.LSTMCell(input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
    bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None): gates i, f, c, o (in that order
    along W's rows); forward returns (h, (h, c)); with proj_size, h = h @ weight_ho."""

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__()
        _check_hidden(self, hidden_size)
        if proj_size < 0:
            raise ValueError(f"proj_size of {self.__class__.__name__} must be greater than 0, but "
                             f"now equals to {hidden_size}")
        if proj_size >= hidden_size:
            raise ValueError("proj_size must be smaller than hidden_size")
        std = _cell_params(self, 4, input_size, hidden_size, proj_size or hidden_size,
                           weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr)
        self.proj_size = proj_size
        if proj_size > 0:
            self.weight_ho = self.create_parameter([hidden_size, proj_size], weight_hh_attr,
                                                   default_initializer=I.Uniform(-std, std))
        self.hidden_size, self.input_size = hidden_size, input_size

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_hidden, pre_cell = states
        gates = _mm_t(inputs, self.weight_ih)
        if self.bias_ih is not None:
            gates = gates + self.bias_ih
        gates = gates + _mm_t(pre_hidden, self.weight_hh)
        if self.bias_hh is not None:
            gates = gates + self.bias_hh
        chunks = _manip.split(gates, num_or_sections=4, axis=-1)
        i = FA.sigmoid(chunks[0])
        f = FA.sigmoid(chunks[1])
        o = FA.sigmoid(chunks[3])
        c = f * pre_cell + i * FA.tanh(chunks[2])
        h = o * FA.tanh(c)
        if self.proj_size > 0:
            h = _linalg.matmul(h, self.weight_ho)
        return h, (h, c)

    @property
    def state_shape(self):
        return ((self.hidden_size,), (self.proj_size or self.hidden_size,))

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


class GRUCell(RNNCellBase):
    """paddle.nn.GRUCell(input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
    bias_ih_attr=None, bias_hh_attr=None, name=None): gates r, z, c; c = tanh(x_c + r * h_c) (reset
    after the matmul), h = (h_prev - c) * z + c; forward returns (h, h)."""

    def __init__(self, input_size, hidden_size, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__()
        _check_hidden(self, hidden_size)
        _cell_params(self, 3, input_size, hidden_size, hidden_size, weight_ih_attr,
                     weight_hh_attr, bias_ih_attr, bias_hh_attr)
        self.hidden_size, self.input_size = hidden_size, input_size

    def forward(self, inputs, states=None):
        if states is None:
            states = self.get_initial_states(inputs, self.state_shape)
        pre_hidden = states
        x_gates = _mm_t(inputs, self.weight_ih)
        if self.bias_ih is not None:
            x_gates = x_gates + self.bias_ih
        h_gates = _mm_t(pre_hidden, self.weight_hh)
        if self.bias_hh is not None:
            h_gates = h_gates + self.bias_hh
        x_r, x_z, x_c = _manip.split(x_gates, num_or_sections=3, axis=1)
        h_r, h_z, h_c = _manip.split(h_gates, num_or_sections=3, axis=1)
        r = FA.sigmoid(x_r + h_r)
        z = FA.sigmoid(x_z + h_z)
        c = FA.tanh(x_c + r * h_c)
        h = (pre_hidden - c) * z + c
        return h, h

    @property
    def state_shape(self):
        return (self.hidden_size,)

    def extra_repr(self):
        return f"{self.input_size}, {self.hidden_size}"


# ---- running a cell over time ----------------------------------------------------------------------
class _Steps:
    """One output's per-step tensors (a leaf for _map, as Paddle's ArrayWrapper)."""

    __slots__ = ("items",)

    def __init__(self, x):
        self.items = [x]

    def append(self, x):
        self.items.append(x)


def _swap_batch_time(x):
    return _manip.transpose(x, [1, 0] + list(range(2, len(x.shape))))


def rnn(cell, inputs, initial_states=None, sequence_length=None, time_major=False,
        is_reverse=False, **kwargs):
    """paddle.nn.layer.rnn.rnn: run `cell` over the time steps of `inputs`, returning
    (outputs stacked on the time axis, final states). With `sequence_length`, states stop updating
    past each sequence's length (outputs there are the cell's raw outputs, as in Paddle)."""
    time_axis = 0 if time_major else 1
    steps = _flatten(inputs)[0].shape[time_axis]
    if initial_states is None:
        initial_states = cell.get_initial_states(batch_ref=inputs,
                                                 batch_dim_idx=1 if time_major else 0)
    if not time_major:
        inputs = _map(_swap_batch_time, inputs)
    mask = None
    if sequence_length is not None:
        mask = _manip.transpose(sequence_mask(sequence_length, maxlen=steps,
                                              dtype=_flatten(inputs)[0].dtype), [1, 0])
    if is_reverse:
        inputs = _map(lambda x: _manip.reverse(x, axis=[0]), inputs)
        if mask is not None:
            mask = _manip.reverse(mask, axis=[0])
    states = initial_states
    collected = None
    for i in range(steps):
        step_in = _map(lambda x: x[i], inputs)
        step_out, new_states = cell(step_in, states, **kwargs)
        if mask is not None:
            m = _manip.unsqueeze(mask[i], [-1])
            new_states = _map(lambda old, new: new * m + old * (1 - m), states, new_states)
        states = new_states
        if collected is None:
            collected = _map(_Steps, step_out)
        else:
            _map(lambda x, acc: acc.append(x), step_out, collected)
    outputs = _map(lambda acc: _manip.stack(acc.items, axis=time_axis), collected)
    if is_reverse:
        outputs = _map(lambda x: _manip.reverse(x, axis=[time_axis]), outputs)
    return outputs, states


def birnn(cell_fw, cell_bw, inputs, initial_states=None, sequence_length=None, time_major=False,
          **kwargs):
    """paddle.nn.layer.rnn.birnn: `cell_fw` forward and `cell_bw` backward over `inputs`, outputs
    concatenated on the last axis; returns (outputs, (states_fw, states_bw))."""
    if initial_states is None:
        # Paddle builds both default states from cell_fw.
        states_fw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=1 if time_major else 0)
        states_bw = cell_fw.get_initial_states(batch_ref=inputs, batch_dim_idx=1 if time_major else 0)
    else:
        states_fw, states_bw = initial_states
    out_fw, states_fw = rnn(cell_fw, inputs, states_fw, sequence_length, time_major=time_major,
                            **kwargs)
    out_bw, states_bw = rnn(cell_bw, inputs, states_bw, sequence_length, time_major=time_major,
                            is_reverse=True, **kwargs)
    outputs = _map(lambda x, y: _manip.concat([x, y], -1), out_fw, out_bw)
    return outputs, (states_fw, states_bw)


def split_states(states, bidirectional=False, state_components=1):
    """paddle.nn.layer.rnn.split_states: [L*D, N, C] states -> per-layer (per-direction) states."""
    if state_components == 1:
        states = _manip.unstack(states)
        return states if not bidirectional else list(zip(states[::2], states[1::2]))
    assert len(states) == state_components
    states = list(zip(*[_manip.unstack(item) for item in states]))
    return states if not bidirectional else list(zip(states[::2], states[1::2]))


def concat_states(states, bidirectional=False, state_components=1):
    """paddle.nn.layer.rnn.concat_states: the inverse of split_states."""
    flat = _flatten(states)
    if state_components == 1:
        return _manip.stack(flat)
    return tuple(_manip.stack(flat[i::state_components]) for i in range(state_components))


class RNN(Layer):
    """paddle.nn.RNN(cell, is_reverse=False, time_major=False): runs `cell` over a sequence;
    forward(inputs, initial_states=None, sequence_length=None) -> (outputs, final_states)."""

    def __init__(self, cell, is_reverse=False, time_major=False):
        super().__init__()
        self.cell = cell
        if not hasattr(self.cell, "call"):
            self.cell.call = self.cell.forward
        self.is_reverse, self.time_major = is_reverse, time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        return rnn(self.cell, inputs, initial_states=initial_states,
                   sequence_length=sequence_length, time_major=self.time_major,
                   is_reverse=self.is_reverse, **kwargs)


class BiRNN(Layer):
    """paddle.nn.BiRNN(cell_fw, cell_bw, time_major=False): a forward and a backward cell over one
    sequence, outputs concatenated; forward returns (outputs, (states_fw, states_bw))."""

    def __init__(self, cell_fw, cell_bw, time_major=False):
        super().__init__()
        self.cell_fw, self.cell_bw = cell_fw, cell_bw
        if cell_fw.input_size != cell_bw.input_size:
            raise ValueError(f"input size of forward cell({cell_fw.input_size}) does not equals"
                             f"that of backward cell({cell_bw.input_size})")
        for cell in (self.cell_fw, self.cell_bw):
            if not hasattr(cell, "call"):
                cell.call = cell.forward
        self.time_major = time_major

    def forward(self, inputs, initial_states=None, sequence_length=None, **kwargs):
        if isinstance(initial_states, (list, tuple)):
            assert len(initial_states) == 2, \
                "length of initial_states should be 2 when it is a list/tuple"
        return birnn(self.cell_fw, self.cell_bw, inputs, initial_states, sequence_length,
                     self.time_major, **kwargs)


# ---- the networks --------------------------------------------------------------------------------
_BIDIRECTIONAL = ("bidirectional", "bidirect")


class RNNBase(LayerList):
    """The multi-layer network shared by SimpleRNN, LSTM and GRU (Paddle: nn.layer.rnn.RNNBase): a
    LayerList of RNN / BiRNN layers, the cells' parameters also exposed as `weight_ih_l{k}[_reverse]`
    etc. (so a state dict holds both names, as Paddle's does), run on the fused `rnn` op when every
    cell has its four parameters.

    Differences from Paddle: the fused path's inter-layer dropout (training, dropout > 0) draws its
    masks from torch's generator, so they differ from Paddle's; Paddle's hidden flat weight buffer
    (`_flat_weight`, not in the state dict) is not created."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0):
        super().__init__()
        self.mode, self.input_size, self.hidden_size = mode, input_size, hidden_size
        self.dropout = dropout
        self.num_directions = 2 if direction in _BIDIRECTIONAL else 1
        self.time_major, self.num_layers = time_major, num_layers
        self.state_components = 2 if mode == "LSTM" else 1
        kwargs = {"weight_ih_attr": weight_ih_attr, "weight_hh_attr": weight_hh_attr,
                  "bias_ih_attr": bias_ih_attr, "bias_hh_attr": bias_hh_attr}
        self.proj_size = proj_size
        if proj_size > 0:
            assert mode == "LSTM"
        if mode == "LSTM":
            cell_cls = LSTMCell
            kwargs["proj_size"] = proj_size
        elif mode == "GRU":
            cell_cls = GRUCell
        else:
            cell_cls = SimpleRNNCell
            kwargs["activation"] = "relu" if mode == "RNN_RELU" else "tanh"
        in_size = proj_size or hidden_size
        if direction in ["forward"]:
            self.append(RNN(cell_cls(input_size, hidden_size, **kwargs), False, time_major))
            for _ in range(1, num_layers):
                self.append(RNN(cell_cls(in_size, hidden_size, **kwargs), False, time_major))
        elif direction in _BIDIRECTIONAL:
            self.append(BiRNN(cell_cls(input_size, hidden_size, **kwargs),
                              cell_cls(input_size, hidden_size, **kwargs), time_major))
            for _ in range(1, num_layers):
                self.append(BiRNN(cell_cls(2 * in_size, hidden_size, **kwargs),
                                  cell_cls(2 * in_size, hidden_size, **kwargs), time_major))
        else:
            raise ValueError("direction should be forward or bidirect (or bidirectional), "
                             f"received direction = {direction}")
        params = self.parameters()
        self.could_use_cudnn = len(params) == num_layers * 4 * self.num_directions
        names = []
        for layer in range(num_layers):
            for num in range(self.num_directions):
                suffix = "_reverse" if num == 1 else ""
                names.extend(["weight_ih_l{}{}", "weight_hh_l{}{}"])
                if bias_ih_attr is not False:
                    names.append("bias_ih_l{}{}")
                if bias_hh_attr is not False:
                    names.append("bias_hh_l{}{}")
                names = [x.format(layer, suffix) for x in names]
        for name, param in zip(names, params):
            setattr(self, name, param)
        self.flatten_parameters()

    def flatten_parameters(self):
        """Order the parameters as Paddle's fused op takes them: every weight, then every bias."""
        if not self.could_use_cudnn:
            return
        # From the cells themselves: with bias_*_attr=False the cells still hold frozen zero
        # biases, which Paddle 3.3.1 leaves out of its list (and then crashes); the math is exact.
        cells = [c for layer in self for c in ((layer.cell,) if isinstance(layer, RNN)
                                               else (layer.cell_fw, layer.cell_bw))]
        n = len(cells)
        weights = [c.weight_ih for c in cells] + [c.weight_hh for c in cells]
        weights[0::2] = [c.weight_ih for c in cells]
        weights[1::2] = [c.weight_hh for c in cells]
        biases = [None] * (2 * n)
        biases[0::2] = [c.bias_ih for c in cells]
        biases[1::2] = [c.bias_hh for c in cells]
        self.__dict__["_all_weights"] = weights + biases

    def _cudnn_impl(self, inputs, initial_states, sequence_length):
        if not self.time_major:
            inputs = _manip.transpose(inputs, [1, 0, 2])
        attrs = {"dropout_prob": float(self.dropout), "is_bidirec": self.num_directions == 2,
                 "input_size": self.input_size, "hidden_size": self.hidden_size,
                 "num_layers": self.num_layers, "mode": self.mode, "seed": 0,
                 "is_test": not self.training}
        out, state = apply_op(_RNN_OP, (inputs, list(initial_states), list(self._all_weights),
                                        sequence_length), attrs)
        if not self.time_major:
            out = _manip.transpose(out, [1, 0, 2])
        return out, tuple(state) if len(state) > 1 else state[0]

    def forward(self, inputs, initial_states=None, sequence_length=None):
        batch_index = 1 if self.time_major else 0
        if initial_states is None:
            dims = ([self.proj_size or self.hidden_size], [self.hidden_size])
            fill = [self.num_layers * self.num_directions, inputs.shape[batch_index]]
            initial_states = tuple(_creation.full(fill + dims[i], 0, dtype=inputs.dtype)
                                   for i in range(self.state_components))
        elif isinstance(initial_states, Tensor) or not isinstance(initial_states, (list, tuple)):
            initial_states = [initial_states]
        if self.could_use_cudnn:
            return self._cudnn_impl(inputs, initial_states, sequence_length)
        if self.state_components == 1:
            initial_states = initial_states[0]
        states = split_states(initial_states, self.num_directions == 2, self.state_components)
        final_states = []
        for i, layer in enumerate(self):
            if i > 0:
                inputs = FC.dropout(inputs, self.dropout, training=self.training,
                                    mode="upscale_in_train")
            outputs, final_state = layer(inputs, states[i], sequence_length)
            final_states.append(final_state)
            inputs = outputs
        return outputs, concat_states(final_states, self.num_directions == 2,
                                      self.state_components)

    def extra_repr(self):
        s = f"{self.input_size}, {self.hidden_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.time_major is not False:
            s += f", time_major={self.time_major}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        return s


class SimpleRNN(RNNBase):
    """paddle.nn.SimpleRNN(input_size, hidden_size, num_layers=1, direction='forward',
    time_major=False, dropout=0.0, activation='tanh', weight_ih_attr=None, weight_hh_attr=None,
    bias_ih_attr=None, bias_hh_attr=None, name=None); forward(inputs, initial_states=None,
    sequence_length=None) -> (outputs, final_states [L*D, N, hidden]).

    Differences from Paddle: see RNNBase (inter-layer dropout masks)."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, activation="tanh", weight_ih_attr=None,
                 weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None, name=None):
        if activation == "tanh":
            mode = "RNN_TANH"
        elif activation == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown activation '{activation}'")
        self.__dict__["activation"] = activation
        super().__init__(mode, input_size, hidden_size, num_layers, direction, time_major, dropout,
                         weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)


class LSTM(RNNBase):
    """paddle.nn.LSTM(input_size, hidden_size, num_layers=1, direction='forward', time_major=False,
    dropout=0.0, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None,
    proj_size=0, name=None); forward(inputs, initial_states=None, sequence_length=None) ->
    (outputs, (h, c)), h and c of shape [L*D, N, hidden].

    Differences from Paddle: see RNNBase (inter-layer dropout masks)."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, proj_size=0, name=None):
        super().__init__("LSTM", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr,
                         proj_size)


class GRU(RNNBase):
    """paddle.nn.GRU(input_size, hidden_size, num_layers=1, direction='forward', time_major=False,
    dropout=0.0, weight_ih_attr=None, weight_hh_attr=None, bias_ih_attr=None, bias_hh_attr=None,
    name=None); forward(inputs, initial_states=None, sequence_length=None) -> (outputs, h).

    Differences from Paddle: see RNNBase (inter-layer dropout masks)."""

    def __init__(self, input_size, hidden_size, num_layers=1, direction="forward",
                 time_major=False, dropout=0.0, weight_ih_attr=None, weight_hh_attr=None,
                 bias_ih_attr=None, bias_hh_attr=None, name=None):
        super().__init__("GRU", input_size, hidden_size, num_layers, direction, time_major,
                         dropout, weight_ih_attr, weight_hh_attr, bias_ih_attr, bias_hh_attr, 0)
