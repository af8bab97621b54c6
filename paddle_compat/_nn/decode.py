"""paddle.nn.BeamSearchDecoder and paddle.nn.dynamic_decode (Paddle: nn/decode.py).

Written as Paddle writes its dynamic-graph path, from paddle_compat's public ops: the decoder keeps
[batch, beam] log-probabilities (finished beams may only emit end_token), takes the top beam_size
of beam * vocab scores each step, and `finalize` rebuilds the sequences with gather_tree.
`dynamic_decode` loops in Python until every beam finished (or max_step_num), stacking the step
outputs along time.

Differences from Paddle: static-graph mode (Paddle records a While loop) is not supported; build
and run the decoding in dynamic mode.
"""
import warnings

import numpy as np

from .._dtype import get_default_dtype
from .._mode import STATE
from .. import _creation_core
from .._ops import creation as _creation
from .._ops import logic as _logic
from .._ops import manipulation as _manip
from .._ops import math as _math
from .._ops import search as _search
from .functional import activation as _act
from .functional import extension as _ext

__all__ = ["Decoder", "BeamSearchDecoder", "dynamic_decode"]


# ---- Paddle's nest helpers (paddle.utils.flatten / map_structure), for the cell states ----------
def _is_sequence(x):
    return isinstance(x, (list, tuple, dict))


def _flatten(nest):
    if isinstance(nest, dict):
        return [leaf for k in sorted(nest) for leaf in _flatten(nest[k])]
    if isinstance(nest, (list, tuple)):
        return [leaf for item in nest for leaf in _flatten(item)]
    return [nest]


def _map_structure(fn, *structs):
    first = structs[0]
    if isinstance(first, dict):
        return {k: _map_structure(fn, *(s[k] for s in structs)) for k in first}
    if isinstance(first, tuple) and hasattr(first, "_fields"):          # a namedtuple
        return type(first)(*(_map_structure(fn, *items) for items in zip(*structs)))
    if isinstance(first, (list, tuple)):
        return type(first)(_map_structure(fn, *items) for items in zip(*structs))
    return fn(*structs)


class _ArrayWrapper:
    """The per-step outputs of one output field (Paddle's ArrayWrapper)."""

    def __init__(self, x):
        self.array = [x]

    def append(self, x):
        self.array.append(x)
        return self

    def __getitem__(self, item):
        return self.array.__getitem__(item)


class Decoder:
    """paddle.nn.decode.Decoder: the interface dynamic_decode drives (initialize, step,
    finalize, tracks_own_finished)."""

    def initialize(self, inits):
        raise NotImplementedError

    def step(self, time, inputs, states, **kwargs):
        raise NotImplementedError

    def finalize(self, outputs, final_states, sequence_lengths):
        raise NotImplementedError

    @property
    def tracks_own_finished(self):
        return False


class _OutputWrapper(tuple):
    __slots__ = ()
    _fields = ("scores", "predicted_ids", "parent_ids")

    def __new__(cls, scores, predicted_ids, parent_ids):
        return tuple.__new__(cls, (scores, predicted_ids, parent_ids))

    scores = property(lambda self: self[0])
    predicted_ids = property(lambda self: self[1])
    parent_ids = property(lambda self: self[2])

    def __repr__(self):
        return f"OutputWrapper(scores={self[0]!r}, predicted_ids={self[1]!r}, parent_ids={self[2]!r})"


class _StateWrapper(tuple):
    __slots__ = ()
    _fields = ("cell_states", "log_probs", "finished", "lengths")

    def __new__(cls, cell_states, log_probs, finished, lengths):
        return tuple.__new__(cls, (cell_states, log_probs, finished, lengths))

    cell_states = property(lambda self: self[0])
    log_probs = property(lambda self: self[1])
    finished = property(lambda self: self[2])
    lengths = property(lambda self: self[3])

    def __repr__(self):
        return (f"StateWrapper(cell_states={self[0]!r}, log_probs={self[1]!r}, "
                f"finished={self[2]!r}, lengths={self[3]!r})")


_OutputWrapper.__name__ = _OutputWrapper.__qualname__ = "OutputWrapper"
_StateWrapper.__name__ = _StateWrapper.__qualname__ = "StateWrapper"


class BeamSearchDecoder(Decoder):
    """paddle.nn.BeamSearchDecoder(cell, start_token, end_token, beam_size, embedding_fn=None,
    output_fn=None): beam search over an RNN cell, for dynamic_decode. `initialize(states)` tiles
    the cell states to [batch * beam, ...]; each `step` returns OutputWrapper(scores,
    predicted_ids, parent_ids) ([batch, beam] each) and StateWrapper(cell_states, log_probs,
    finished, lengths); `finalize` gathers the full sequences.
    Differences from Paddle: dynamic mode only (see the module docstring)."""

    OutputWrapper = _OutputWrapper
    StateWrapper = _StateWrapper

    def __init__(self, cell, start_token, end_token, beam_size, embedding_fn=None, output_fn=None):
        self.cell = cell
        self.embedding_fn = embedding_fn
        self.output_fn = output_fn
        self.start_token = start_token
        self.end_token = end_token
        self.beam_size = beam_size

    @staticmethod
    def tile_beam_merge_with_batch(x, beam_size):
        """[batch, ...] -> [batch * beam_size, ...], each row repeated beam_size times in place
        (for the encoder outputs an attention cell reads)."""
        x = _manip.unsqueeze(x, [1])
        expand_times = [1] * len(x.shape)
        expand_times[1] = beam_size
        x = _manip.tile(x, expand_times)
        return _manip.reshape(x, [-1] + list(x.shape[2:]))

    def _split_batch_beams(self, x):
        return _manip.reshape(x, [-1, self.beam_size] + list(x.shape[1:]))

    def _merge_batch_beams(self, x):
        return _manip.reshape(x, [-1] + list(x.shape[2:]))

    def _expand_to_beam_size(self, x):
        x = _manip.unsqueeze(x, [1])
        expand_times = [1] * len(x.shape)
        expand_times[1] = self.beam_size
        return _manip.tile(x, expand_times)

    def _mask_probs(self, probs, finished):
        # a finished beam may only continue with end_token (at no cost)
        finished = _math.cast(finished, probs.dtype)
        return _math.multiply(
            _manip.tile(_manip.unsqueeze(finished, [2]), [1, 1, self.vocab_size]),
            self.noend_mask_tensor) - _math.multiply(probs, _manip.unsqueeze(finished - 1, [2]))

    def _gather(self, x, indices, batch_size):
        batch_pos = _manip.tile(
            _manip.unsqueeze(_creation.arange(0, batch_size, 1, dtype=indices.dtype), [1]),
            [1, self.beam_size])
        coords = _manip.stack([batch_pos, indices], axis=2)
        coords.stop_gradient = True
        return _manip.gather_nd(x, coords)

    def initialize(self, initial_cell_states):
        """(initial inputs [batch, beam] of start_token (embedded when embedding_fn),
        StateWrapper, initial finished [batch, beam] all False)."""
        self.kinf = 1e9
        state = _flatten(initial_cell_states)[0]
        self.batch_size = int(state.shape[0])
        init_cell_states = _map_structure(self._expand_to_beam_size, initial_cell_states)
        init_inputs = _creation.full([self.batch_size, self.beam_size], self.start_token,
                                     dtype="int64")
        log_probs = _manip.tile(
            _creation_core.to_tensor(np.array([[0.0] + [-self.kinf] * (self.beam_size - 1)],
                                         dtype="float32")), [self.batch_size, 1])
        if get_default_dtype() == "float64":
            log_probs = _math.cast(log_probs, "float64")
        init_finished = _creation.full([self.batch_size, self.beam_size], False, dtype="bool")
        init_lengths = _creation.zeros_like(init_inputs)
        init_inputs = self.embedding_fn(init_inputs) if self.embedding_fn else init_inputs
        return init_inputs, self.StateWrapper(init_cell_states, log_probs, init_finished,
                                              init_lengths), init_finished

    def _beam_search_step(self, time, logits, next_cell_states, beam_state):
        self.vocab_size = logits.shape[-1]
        noend = [-self.kinf] * self.vocab_size
        noend[self.end_token] = 0
        self.noend_mask_tensor = _creation_core.to_tensor(np.array(noend, "float32"))
        if get_default_dtype() == "float64":
            self.noend_mask_tensor = _math.cast(self.noend_mask_tensor, "float64")
        step_log_probs = _math.log(_act.softmax(logits))
        step_log_probs = self._mask_probs(step_log_probs, beam_state.finished)
        log_probs = _math.add(step_log_probs, _manip.unsqueeze(beam_state.log_probs, [2]))
        scores = _manip.reshape(log_probs, [-1, self.beam_size * self.vocab_size])
        topk_scores, topk_indices = _search.topk(scores, k=self.beam_size)
        vocab = _creation.full([1], self.vocab_size, dtype="int64")
        beam_indices = _math.floor_divide(topk_indices, vocab)
        token_indices = _math.remainder(topk_indices, vocab)
        next_log_probs = self._gather(scores, topk_indices, self.batch_size)
        next_cell_states = _map_structure(
            lambda x: self._gather(x, beam_indices, self.batch_size), next_cell_states)
        next_finished = self._gather(beam_state.finished, beam_indices, self.batch_size)
        next_lengths = self._gather(beam_state.lengths, beam_indices, self.batch_size)
        next_lengths = next_lengths + _math.cast(_logic.logical_not(next_finished),
                                                 beam_state.lengths.dtype)
        next_finished = _logic.logical_or(
            next_finished, _logic.equal(token_indices,
                                        _creation.full([1], self.end_token, dtype="int64")))
        return (self.OutputWrapper(topk_scores, token_indices, beam_indices),
                self.StateWrapper(next_cell_states, next_log_probs, next_finished, next_lengths))

    def step(self, time, inputs, states, **kwargs):
        """One decoding step: (OutputWrapper, StateWrapper, next inputs, finished)."""
        inputs = _map_structure(self._merge_batch_beams, inputs)
        cell_states = _map_structure(self._merge_batch_beams, states.cell_states)
        cell_outputs, next_cell_states = self.cell(inputs, cell_states, **kwargs)
        cell_outputs = _map_structure(self._split_batch_beams, cell_outputs)
        next_cell_states = _map_structure(self._split_batch_beams, next_cell_states)
        if self.output_fn is not None:
            cell_outputs = self.output_fn(cell_outputs)
        out, state = self._beam_search_step(time, cell_outputs, next_cell_states, states)
        sample_ids = out.predicted_ids
        sample_ids.stop_gradient = True
        next_inputs = self.embedding_fn(sample_ids) if self.embedding_fn else sample_ids
        return out, state, next_inputs, state.finished

    def finalize(self, outputs, final_states, sequence_lengths):
        """(predicted ids [time, batch, beam] rebuilt by gather_tree, final_states)."""
        predicted_ids = _ext.gather_tree(outputs.predicted_ids, outputs.parent_ids)
        return _math.cast(predicted_ids, outputs.predicted_ids.dtype), final_states

    @property
    def tracks_own_finished(self):
        return True


def _maybe_copy(state, new_state, step_mask):
    """Keep `state` where step_mask (finished) is set, else take `new_state` (impute_finished)."""
    state_dtype = state.dtype
    is_bool = str(state_dtype) == "paddle.bool"
    if is_bool:
        state, new_state = _math.cast(state, "float32"), _math.cast(new_state, "float32")
    if step_mask.dtype != state.dtype:
        step_mask = _math.cast(step_mask, state.dtype)
    step_mask = _manip.unsqueeze(step_mask, [1])
    step_mask.stop_gradient = True
    new_state = _math.multiply(state, step_mask) - _math.multiply(new_state, step_mask - 1)
    return _math.cast(new_state, state_dtype) if is_bool else new_state


def dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False,
                   impute_finished=False, is_test=False, return_length=False, **kwargs):
    """paddle.nn.dynamic_decode(decoder, inits=None, max_step_num=None, output_time_major=False,
    impute_finished=False, is_test=False, return_length=False, **kwargs): run `decoder` step by
    step until every sequence finished or max_step_num steps passed (max_step_num + 1 steps at
    most, as in Paddle); returns (outputs, final_states) or, with return_length, also the
    sequence lengths. Outputs are stacked along time, batch-major unless output_time_major.
    Extra kwargs are passed to decoder.step (and on to the cell).
    Differences from Paddle: dynamic mode only; in static mode it raises NotImplementedError."""
    if STATE.static:
        raise NotImplementedError(
            "paddle.nn.dynamic_decode in static-graph mode (a While loop in the Program) is not "
            "supported by paddle_compat; run the decoding in dynamic mode (paddle.disable_static())")
    initial_inputs, initial_states, initial_finished = decoder.initialize(inits)
    inputs, states, finished = initial_inputs, initial_states, initial_finished
    cond = _logic.logical_not(_math.all(initial_finished))
    sequence_lengths = _math.cast(_creation.zeros_like(initial_finished), "int64")
    outputs = None
    step_idx = 0
    step_idx_tensor = _creation.full([1], step_idx, dtype="int64")
    while bool(cond):
        step_outputs, next_states, next_inputs, next_finished = decoder.step(
            step_idx_tensor, inputs, states, **kwargs)
        if not decoder.tracks_own_finished:
            next_finished = _logic.logical_or(next_finished, finished)
            next_sequence_lengths = _math.add(
                sequence_lengths, _math.cast(_logic.logical_not(finished), sequence_lengths.dtype))
            if impute_finished:
                next_states = _map_structure(lambda x, y: _maybe_copy(x, y, finished), states,
                                             next_states)
        else:
            if not hasattr(next_states, "lengths"):
                warnings.warn("`next_states` has no `lengths` attribute, the returned "
                              "`sequence_lengths` would be all zeros.")
            next_sequence_lengths = getattr(next_states, "lengths", sequence_lengths)
        outputs = (_map_structure(_ArrayWrapper, step_outputs) if step_idx == 0 else
                   _map_structure(lambda x, arr: arr.append(x), step_outputs, outputs))
        inputs, states, finished, sequence_lengths = (next_inputs, next_states, next_finished,
                                                      next_sequence_lengths)
        step_idx_tensor = _math.increment(step_idx_tensor, value=1.0)
        step_idx += 1
        cond = _logic.logical_not(_math.all(finished))
        if max_step_num is not None and step_idx > max_step_num:
            break
    final_outputs = _map_structure(lambda x: _manip.stack(x.array, axis=0), outputs)
    final_states = states
    try:
        final_outputs, final_states = decoder.finalize(final_outputs, final_states,
                                                       sequence_lengths)
    except NotImplementedError:
        pass
    if not output_time_major:
        final_outputs = _map_structure(
            lambda x: _manip.transpose(x, [1, 0] + list(range(2, len(x.shape)))), final_outputs)
    return ((final_outputs, final_states, sequence_lengths) if return_length
            else (final_outputs, final_states))
