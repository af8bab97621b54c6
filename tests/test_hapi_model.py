"""paddle.Model (paddle_compat/_hapi/model.py): Paddle 3.3.1 goldens plus the checks goldens
cannot make (static mode, AMP, atomic and safe files, inference save, real Paddle reading ours)."""
import os
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._serialization import UnsafeLoadError
from tests._hapi_goldens import params, replay


@pytest.mark.parametrize("name,src", params("model"))
def test_matches_paddle(name, src):
    replay(name, src)


class _DS(paddle.io.Dataset):
    def __init__(self, n=8):
        r = np.random.RandomState(0)
        self.x = r.rand(n, 4).astype("float32")
        self.y = r.randint(0, 2, (n, 1)).astype("int64")

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def _model(seed=0):
    paddle.seed(seed)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.ReLU(), paddle.nn.Linear(6, 2))
    m = paddle.Model(net, paddle.static.InputSpec([None, 4], "float32", "x"))
    m.prepare(paddle.optimizer.Adam(0.01, parameters=m.parameters()), paddle.nn.CrossEntropyLoss())
    return m


@pytest.mark.parametrize("name,src", params("static"))
def test_static_mode_matches_paddle(name, src):
    replay(name, src)


def test_static_save_is_plain_arrays(static_mode, tmp_path):
    # static checkpoints are {name: ndarray} pickles, as Paddle's static adapter writes them
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()), \
            paddle.static.scope_guard(paddle.static.Scope()):
        m = paddle.Model(paddle.nn.Linear(4, 2), [paddle.static.InputSpec([None, 4], "float32",
                                                                          "x")])
        m.prepare()
        m.save(str(tmp_path / "w"))
    with open(tmp_path / "w.pdparams", "rb") as f:
        state = pickle.load(f)
    assert sorted(state) == ["bias", "weight"]
    assert all(isinstance(v, np.ndarray) for v in state.values())
    assert not (tmp_path / "w.pdopt").exists()


@pytest.mark.parametrize("cfg", ["O1", {"level": "O2"}])
def test_static_amp_on_gpu_names_what_is_missing(static_mode, cfg, monkeypatch):
    # On a CPU place static AMP is replayed from Paddle's goldens (static_amp_*): float32 numbers.
    # On a GPU Paddle casts the Program to float16, which paddle_compat's static graph does not.
    from paddle_compat._hapi import model as hapi_model
    monkeypatch.setattr(hapi_model, "_on_cuda", lambda: True)
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        m = paddle.Model(paddle.nn.Linear(4, 2), [paddle.static.InputSpec([None, 4], "float32",
                                                                          "x")])
        with pytest.raises(NotImplementedError, match="static mode on a GPU is not supported"):
            m.prepare(amp_configs=cfg)


def test_save_is_atomic_and_replaces(tmp_path):
    m = _model()
    m.fit(_DS(), batch_size=4, epochs=1, verbose=0)
    m.save(str(tmp_path / "ck"))
    first = (tmp_path / "ck.pdparams").read_bytes()
    m.fit(_DS(), batch_size=4, epochs=1, verbose=0)
    m.save(str(tmp_path / "ck"))
    assert (tmp_path / "ck.pdparams").read_bytes() != first
    assert sorted(os.listdir(tmp_path)) == ["ck.pdopt", "ck.pdparams"]    # no temp files left


def test_load_never_runs_code(tmp_path):
    class Evil:
        def __reduce__(self):
            return (os.system, ("echo pwned > " + str(tmp_path / "pwned"),))
    with open(tmp_path / "bad.pdparams", "wb") as f:
        pickle.dump({"0.weight": Evil()}, f)
    with pytest.raises(UnsafeLoadError, match="posix.system|os.system"):
        _model().load(str(tmp_path / "bad"))
    assert not (tmp_path / "pwned").exists()


def test_skip_mismatch_first_key_does_not_crash(tmp_path):
    # Paddle 3.3.1 raises UnboundLocalError when the very first parameter mismatches; the
    # mismatched parameters are skipped here whatever their position.
    paddle.Model(paddle.nn.Linear(3, 2)).save(str(tmp_path / "w"))
    net = paddle.nn.Linear(5, 2)
    before = net.bias.numpy().copy()
    with pytest.warns(UserWarning, match="Skip loading for weight"):
        paddle.Model(net).load(str(tmp_path / "w"), skip_mismatch=True)
    np.testing.assert_array_equal(net.bias.numpy(), np.zeros(2, "float32"))
    assert before.shape == (2,)


def test_inference_save_roundtrip(tmp_path):
    m = _model()
    m.fit(_DS(), batch_size=4, epochs=1, verbose=0)
    m.save(str(tmp_path / "inf"), training=False)
    loaded = paddle.jit.load(str(tmp_path / "inf"))
    x = _DS(3).x
    np.testing.assert_allclose(loaded(paddle.to_tensor(x)).numpy(), m.predict_batch([x])[0],
                               rtol=1e-5, atol=1e-6)


def test_inference_save_warns_for_inferred_inputs(tmp_path):
    paddle.seed(0)
    m = paddle.Model(paddle.nn.Linear(4, 2))
    m.prepare(paddle.optimizer.SGD(0.1, parameters=m.parameters()), paddle.nn.MSELoss())
    m.train_batch([np.ones([3, 4], "float32")], [np.ones([3, 2], "float32")])
    with pytest.warns(UserWarning, match=r"The input shape to be saved is \[\[3, 4\]\]"):
        m.save(str(tmp_path / "inf"), training=False)
    assert sorted(os.listdir(tmp_path)) == ["inf.json", "inf.pt2"]     # paddle.jit.save's files
    loaded = paddle.jit.load(str(tmp_path / "inf"))
    assert loaded(paddle.ones([3, 4])).shape == [3, 2]


def test_predict_several_outputs_stacked():
    class Two(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)

        def forward(self, x):
            y = self.fc(x)
            return y, y.sum(axis=1, keepdim=True)

    m = paddle.Model(Two())
    m.prepare()
    ds = _DS(5)
    outs = m.predict(ds, batch_size=2, stack_outputs=True, verbose=0)
    assert [o.shape for o in outs] == [(5, 3), (5, 1)]
    lists = m.predict(ds, batch_size=2, verbose=0)
    assert [len(o) for o in lists] == [3, 3]


def test_stop_training_from_callback():
    class Stop(paddle.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            self.model.stop_training = True
            self.last = epoch

    cb = Stop()
    _model().fit(_DS(), batch_size=4, epochs=5, verbose=0, callbacks=cb)
    assert cb.last == 0


_ORACLE = os.environ.get("PADDLE_ORACLE_PYTHON")


@pytest.mark.skipif(not _ORACLE, reason="needs PADDLE_ORACLE_PYTHON=/path/to/python with "
                                        "paddlepaddle 3.3.1")
def test_real_paddle_loads_our_checkpoint(tmp_path):
    with paddle.utils.unique_name.guard():
        m = _model()
        m.fit(_DS(), batch_size=4, epochs=1, verbose=0, shuffle=False)
        m.save(str(tmp_path / "ck"))
        m.fit(_DS(), batch_size=4, epochs=1, verbose=0, shuffle=False)
        ours = m.predict_batch([_DS(3).x])[0]
    script = textwrap.dedent(f"""
        import numpy as np, paddle
        r = np.random.RandomState(0)
        x = r.rand(8, 4).astype('float32'); y = r.randint(0, 2, (8, 1)).astype('int64')
        class DS(paddle.io.Dataset):
            def __getitem__(self, i): return x[i], y[i]
            def __len__(self): return 8
        with paddle.utils.unique_name.guard():
            net = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.ReLU(),
                                       paddle.nn.Linear(6, 2))
            m = paddle.Model(net, paddle.static.InputSpec([None, 4], 'float32', 'x'))
            m.prepare(paddle.optimizer.Adam(0.01, parameters=m.parameters()),
                      paddle.nn.CrossEntropyLoss())
            m.load({str(tmp_path / 'ck')!r})
            m.fit(DS(), batch_size=4, epochs=1, verbose=0, shuffle=False)
            np.save({str(tmp_path / 'theirs.npy')!r}, m.predict_batch([x[:3]])[0])
    """)
    subprocess.run([_ORACLE, "-c", script], check=True, capture_output=True, timeout=300)
    np.testing.assert_allclose(np.load(tmp_path / "theirs.npy"), ours, rtol=1e-5, atol=1e-6)
