"""Record Paddle 3.3.1's paddle.audio behaviour into conformance/goldens/audio.json (replayed by
tests/test_audio_functional.py, tests/test_audio_features.py, tests/test_audio_backends.py and
tests/test_audio_datasets.py, one module each: the case names are `<module>:<case>`).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_audio.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test
and TMP to a fresh temporary folder; results are stored as record_ops_math.describe stores them.
WAV files are written with the standard library's `wave`, and the datasets' folders are built in
Paddle's real on-disk layout (ESC-50-master/meta/esc50.csv + audio/*.wav;
TESS_Toronto_emotional_speech_set/<speaker folder>/<speaker>_<word>_<emotion>.wav) under a
temporary DATA_HOME, which Paddle's dataset modules read from their own global (set here too).

Not recorded (Paddle would try the network): a dataset whose folder is missing, or whose archive
sits in DATA_HOME without the folder (Paddle checks the MD5 and downloads); tests/test_audio_datasets.py
checks paddle_compat's offline handling of both. TESS's fold assignment follows os.walk order,
which depends on the file system, so TESS cases record order-free facts (sorted pairs, counts).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import (describe, normalize_message,  # noqa: E402
                             expression_golden, write_golden)

SETUP = """
import os, sys, wave
import numpy as np
T = paddle.to_tensor
AF = paddle.audio.functional
FE = paddle.audio.features
hz = T([0., 100., 999., 1000., 1001., 4000., 11025.])
hz64 = hz.astype('float64')
mels = T([0., 5., 14.9, 15., 15.1, 30., 45.])
spec = T([[1e-12, 1e-3, 0.5], [2.0, 10.0, 1e3]])
t = np.arange(96, dtype='float64')
wav = T(np.stack([np.sin(t * 0.3) * 0.5, np.cos(t * 0.11) * 0.25]).astype('float32'))
wav64 = wav.astype('float64')
def G(layer, x):
    x = paddle.to_tensor(x.numpy(), stop_gradient=False)
    out = layer(x)
    wt = paddle.arange(out.size, dtype=out.dtype).reshape(out.shape) / 50.0 + 1.0
    (g,) = paddle.grad([(out * wt).sum()], [x])
    return g
def static_run(build, **feeds):
    # build(**inputs) in a static Program (inputs from the numpy feeds), run; Tensors back
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            ins = {k: paddle.static.data(k, list(v.shape), str(v.dtype)) for k, v in feeds.items()}
            outs = build(**ins)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        results = exe.run(main, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()
    return [paddle.to_tensor(r) for r in results]
FN = np.array([0., 100., 999., 1000., 1001., 4000., 11025.], dtype='float32')
def state(layer):
    return [[k, list(v.shape), str(v.dtype)] for k, v in layer.state_dict().items()]
def write_wav(path, data, sr=8000):
    data = np.asarray(data, dtype='<i2')
    if data.ndim == 1:
        data = data[:, None]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, 'wb') as f:
        f.setnchannels(data.shape[1]); f.setsampwidth(2); f.setframerate(sr)
        f.writeframes(data.tobytes())
    return path
def pcm(n, seed, channels=1):
    k = np.arange(n * channels).reshape(n, channels)
    return ((np.sin(k * (0.37 + seed * 0.1)) * 12000) + seed * 7).astype('<i2')
def info_of(i):
    return [i.sample_rate, i.num_samples, i.num_channels, i.bits_per_sample, i.encoding]
def roundtrip(src, **kw):
    p = os.path.join(TMP, 'rt.wav')
    paddle.audio.save(p, src, 8000, **kw)
    return paddle.audio.load(p, channels_first=kw.get('channels_first', True)), info_of(paddle.audio.info(p))
def raw_bytes(p):
    with wave.open(p, 'rb') as f:
        return np.frombuffer(f.readframes(f.getnframes()), dtype='<i2').tolist()
W1 = write_wav(os.path.join(TMP, 'mono.wav'), pcm(50, 1), sr=16000)
W2 = write_wav(os.path.join(TMP, 'stereo.wav'), pcm(20, 2, channels=2), sr=8000)
BAD = os.path.join(TMP, 'bad.wav')
with open(BAD, 'wb') as f:
    f.write(b'not a wav file at all, just text')
W8 = os.path.join(TMP, 'pcm8.wav')
with wave.open(W8, 'wb') as f:
    f.setnchannels(1); f.setsampwidth(1); f.setframerate(8000); f.writeframes(bytes(range(0, 200, 10)))
def use_home(d):
    paddle.dataset.common.DATA_HOME = d
    for m in ('paddle.audio.datasets.esc50', 'paddle.audio.datasets.tess'):
        if m in sys.modules:
            sys.modules[m].DATA_HOME = d
ESC_ROWS = [('1-100-A-0.wav', 1, 0, 'dog'), ('1-101-A-14.wav', 1, 14, 'chirping_birds'),
            ('2-102-A-36.wav', 2, 36, 'vacuum_cleaner'), ('3-103-B-19.wav', 3, 19, 'thunderstorm'),
            ('5-104-A-49.wav', 5, 49, 'hand_saw'), ('2-105-C-0.wav', 2, 0, 'dog')]
def make_esc50():
    home = os.path.join(TMP, 'esc_home')
    root = os.path.join(home, 'ESC-50-master')
    os.makedirs(os.path.join(root, 'meta'), exist_ok=True)
    lines = ['filename,fold,target,category,esc10,src_file,take']
    for i, (name, fold, target, cat) in enumerate(ESC_ROWS):
        lines.append(f'{name},{fold},{target},{cat},False,{100 + i},A')
        write_wav(os.path.join(root, 'audio', name), pcm(64 + 8 * i, i), sr=8000)
    with open(os.path.join(root, 'meta', 'esc50.csv'), 'w') as f:
        f.write('\\n'.join(lines) + '\\n')
    use_home(home)
TESS_FILES = ['OAF_Fear/OAF_back_fear.wav', 'OAF_Fear/OAF_bar_fear.wav', 'OAF_angry/OAF_base_angry.wav',
              'YAF_pleasant_surprised/YAF_bath_ps.wav', 'YAF_sad/YAF_bean_sad.wav']
def make_tess():
    home = os.path.join(TMP, 'tess_home')
    for i, rel in enumerate(TESS_FILES):
        write_wav(os.path.join(home, 'TESS_Toronto_emotional_speech_set', rel), pcm(48 + 4 * i, i), sr=8000)
    use_home(home)
def esc(*args, **kwargs):
    make_esc50()
    return paddle.audio.datasets.ESC50(*args, **kwargs)
def tess(*args, **kwargs):
    make_tess()
    return paddle.audio.datasets.TESS(*args, **kwargs)
def names(ds):
    return [os.path.basename(f) for f in ds.files]
def item(ds, i):
    x, y = ds[i]
    return [x, y]
"""

CASES = {}


def _add(module, exprs):
    for k, v in exprs.items():
        CASES[f"{module}:{k}"] = v


_add("functional", {
    "hz_to_mel_float": "[AF.hz_to_mel(f) for f in (0.0, 440.0, 999.0, 1000.0, 1500.0, 8000.0)]",
    "hz_to_mel_int": "AF.hz_to_mel(1200)",
    "hz_to_mel_htk_float": "[AF.hz_to_mel(f, htk=True) for f in (0.0, 440.0, 8000.0)]",
    "hz_to_mel_tensor": "AF.hz_to_mel(hz)",
    "hz_to_mel_tensor_f64": "AF.hz_to_mel(hz64)",
    "hz_to_mel_tensor_htk": "AF.hz_to_mel(hz, htk=True)",
    "mel_to_hz_float": "[AF.mel_to_hz(m) for m in (0.0, 5.0, 15.0, 15.5, 40.0)]",
    "mel_to_hz_htk_float": "[AF.mel_to_hz(m, htk=True) for m in (0.0, 500.0, 2000.0)]",
    "mel_to_hz_tensor": "AF.mel_to_hz(mels)",
    "mel_to_hz_tensor_htk": "AF.mel_to_hz(mels * 100, htk=True)",
    "mel_frequencies_default": "AF.mel_frequencies()",
    "mel_frequencies_small": "AF.mel_frequencies(10)",
    "mel_frequencies_htk_f64": "AF.mel_frequencies(8, 0.5, 10000, True, 'float64')",
    "mel_frequencies_fmin": "AF.mel_frequencies(5, f_min=300.0, f_max=4000.0)",
    "fft_frequencies": "AF.fft_frequencies(16000, 16)",
    "mel_linspace": "[paddle.linspace(0.0, AF.hz_to_mel(f_max), n, dtype=d) for f_max, n, d in ((11025.0, 10, 'float32'), (8000.0, 66, 'float32'), (4000.0, 7, 'float64'))]",
    "fft_frequencies_odd_f64": "AF.fft_frequencies(22050, 15, dtype='float64')",
    "fbank_slaney": "AF.compute_fbank_matrix(16000, 32, n_mels=6)",
    "fbank_docstring": "AF.compute_fbank_matrix(23, 51)",
    "fbank_htk_fmax": "AF.compute_fbank_matrix(8000, 16, n_mels=4, f_min=100.0, f_max=3000.0, htk=True)",
    "fbank_norm_2": "AF.compute_fbank_matrix(8000, 16, n_mels=4, norm=2.0)",
    "fbank_norm_1_int": "AF.compute_fbank_matrix(8000, 16, n_mels=3, norm=1)",
    "fbank_norm_none": "AF.compute_fbank_matrix(8000, 16, n_mels=3, norm=None)",
    "fbank_f64": "AF.compute_fbank_matrix(8000, 20, n_mels=5, dtype='float64')",
    "power_to_db_default": "AF.power_to_db(spec)",
    "power_to_db_top_db_none": "AF.power_to_db(spec, top_db=None)",
    "power_to_db_ref_amin": "AF.power_to_db(spec, ref_value=2.0, amin=1e-4, top_db=30.0)",
    "power_to_db_ref_below_amin": "AF.power_to_db(spec, ref_value=1e-12, top_db=None)",
    "power_to_db_f64": "AF.power_to_db(spec.astype('float64'), top_db=10.0)",
    "power_to_db_scalar_tensor": "AF.power_to_db(T(3.0))",
    "power_to_db_amin_zero": "AF.power_to_db(spec, amin=0)",
    "power_to_db_ref_negative": "AF.power_to_db(spec, ref_value=-1.0)",
    "power_to_db_top_db_negative": "AF.power_to_db(spec, top_db=-1.0)",
    "create_dct_ortho": "AF.create_dct(3, 5)",
    "create_dct_none": "AF.create_dct(4, 6, norm=None)",
    "create_dct_f64": "AF.create_dct(2, 3, dtype='float64')",
    "create_dct_bad_norm": "AF.create_dct(2, 3, norm='forward')",
    "hz_to_mel_int_tensor": "AF.hz_to_mel(T([500, 1000, 2000]))",
    "hz_to_mel_int_tensor_htk": "AF.hz_to_mel(T([500, 1000, 2000]), htk=True)",
    "mel_to_hz_int_tensor": "AF.mel_to_hz(T([5, 15, 30]))",
    "mel_frequencies_one": "AF.mel_frequencies(1)",
    "mel_frequencies_zero": "AF.mel_frequencies(0)",
    "fbank_norm_string": "AF.compute_fbank_matrix(8000, 16, n_mels=3, norm='other')",
    "power_to_db_int_tensor": "AF.power_to_db(T([[1, 10, 100]]))",
    "create_dct_int_dtype": "AF.create_dct(2, 3, dtype='int32')",
    "static_mel_scale": "static_run(lambda f: [AF.hz_to_mel(f), AF.hz_to_mel(f, htk=True), AF.mel_to_hz(f / 100), AF.mel_to_hz(f, htk=True)], f=FN)",
    "static_power_to_db": "static_run(lambda f: [AF.power_to_db(f), AF.power_to_db(f, ref_value=2.0, top_db=None)], f=FN)",
    "static_matrices": "static_run(lambda: [AF.mel_frequencies(6), AF.fft_frequencies(8000, 10), AF.compute_fbank_matrix(8000, 16, n_mels=3), AF.create_dct(2, 4)])",
    "static_windows": "static_run(lambda: [AF.get_window('hann', 6), AF.get_window(('kaiser', 2.0), 5, dtype='float32'), AF.get_window('bartlett', 5, fftbins=False)])",
})
for _w in ("hamming", "hann", "bartlett", "nuttall", "triang", "bohman", "blackman", "cosine",
           "tukey", "taylor"):
    _add("functional", {
        f"window_{_w}_7": f"AF.get_window('{_w}', 7)",
        f"window_{_w}_8_sym_f32": f"AF.get_window('{_w}', 8, fftbins=False, dtype='float32')",
    })
_add("functional", {
    "window_kaiser": "AF.get_window(('kaiser', 3.0), 9)",
    "window_kaiser_sym_f32": "AF.get_window(('kaiser', 12.0), 6, fftbins=False, dtype='float32')",
    "window_gaussian": "AF.get_window(('gaussian', 2.0), 7)",
    "window_gaussian_f32": "AF.get_window(('gaussian', 7), 16, dtype='float32')",
    "window_exponential": "AF.get_window(('exponential', None, 2.0), 7)",
    "window_exponential_center": "AF.get_window(('exponential', 2, 1.5), 6)",
    "window_exponential_sym_center": "AF.get_window(('exponential', 2, 1.5), 6, fftbins=False)",
    "window_general_gaussian": "AF.get_window(('general_gaussian', 1.5, 2.0), 7)",
    "window_general_cosine": "AF.get_window(('general_cosine', [0.5, 0.3, 0.2]), 6)",
    "window_general_hamming": "AF.get_window(('general_hamming', 0.6), 6)",
    "window_tukey_alpha0": "AF.get_window(('tukey', 0.0), 5, dtype='float32')",
    "window_tukey_alpha1": "AF.get_window(('tukey', 1.0), 5, dtype='float32')",
    "window_tukey_alpha_03": "AF.get_window(('tukey', 0.3), 12)",
    "window_taylor_args": "AF.get_window(('taylor', 3, 25, False), 9)",
    "window_len_0": "AF.get_window('hann', 0)",
    "window_len_1": "AF.get_window('hann', 1, dtype='float32')",
    "window_len_2": "AF.get_window('hann', 2)",
    "window_docstring_cosine": "AF.get_window('cosine', 512, dtype='float32')",
    "window_needs_tuple": "AF.get_window('gaussian', 7)",
    "window_needs_tuple_kaiser": "AF.get_window('kaiser', 7)",
    "window_unknown": "AF.get_window('boxcar', 7)",
    "window_bad_type": "AF.get_window(3, 7)",
    "window_negative_len": "AF.get_window('hann', -1)",
    "window_float_len": "AF.get_window('hann', 4.5)",
    "window_general_gaussian_no_args": "AF.get_window('general_gaussian', 7)",
})

_add("features", {
    "spectrogram": "FE.Spectrogram(n_fft=16, hop_length=4)(wav)",
    "spectrogram_power2_hamming": "FE.Spectrogram(n_fft=16, hop_length=8, window='hamming', power=2.0)(wav)",
    "spectrogram_win_length": "FE.Spectrogram(n_fft=16, hop_length=4, win_length=10)(wav)",
    "spectrogram_not_center": "FE.Spectrogram(n_fft=16, hop_length=5, center=False)(wav)",
    "spectrogram_hop_none": "FE.Spectrogram(n_fft=16, hop_length=None)(wav)",
    "spectrogram_f64": "FE.Spectrogram(n_fft=16, hop_length=4, dtype='float64')(wav64)",
    "spectrogram_state": "state(FE.Spectrogram(n_fft=16))",
    "spectrogram_buffer": "FE.Spectrogram(n_fft=8).fft_window",
    "spectrogram_power0": "FE.Spectrogram(n_fft=16, power=0)",
    "spectrogram_repr": "str(FE.Spectrogram(n_fft=16))",
    "melspectrogram": "FE.MelSpectrogram(sr=8000, n_fft=32, hop_length=8, n_mels=6)(wav)",
    "melspectrogram_htk_norm": "FE.MelSpectrogram(sr=8000, n_fft=32, hop_length=8, n_mels=5, htk=True, norm=2.0, f_min=0.0, f_max=3000.0, power=1.0)(wav)",
    "melspectrogram_state": "state(FE.MelSpectrogram(sr=8000, n_fft=32, n_mels=6))",
    "melspectrogram_attrs": "[(m.n_mels, m.f_min, m.f_max, m.htk, m.norm) for m in [FE.MelSpectrogram(sr=8000, n_fft=32, n_mels=6)]]",
    "logmelspectrogram": "FE.LogMelSpectrogram(sr=8000, n_fft=32, hop_length=8, n_mels=6)(wav)",
    "logmelspectrogram_top_db": "FE.LogMelSpectrogram(sr=8000, n_fft=32, hop_length=8, n_mels=6, top_db=20.0, ref_value=0.5)(wav)",
    "logmelspectrogram_state": "state(FE.LogMelSpectrogram(sr=8000, n_fft=32, n_mels=6))",
    "mfcc": "FE.MFCC(sr=8000, n_mfcc=4, n_fft=32, hop_length=8, n_mels=6)(wav)",
    "mfcc_f64": "FE.MFCC(sr=8000, n_mfcc=3, n_fft=16, hop_length=8, n_mels=5, dtype='float64')(wav64)",
    "mfcc_state": "state(FE.MFCC(sr=8000, n_mfcc=4, n_fft=32, n_mels=6))",
    "mfcc_too_many": "FE.MFCC(n_mfcc=10, n_mels=8)",
    "spectrogram_grad": "G(FE.Spectrogram(n_fft=16, hop_length=4, power=2.0), wav)",
    "melspectrogram_grad_f64": "G(FE.MelSpectrogram(sr=8000, n_fft=16, hop_length=8, n_mels=4, dtype='float64'), wav64)",
    "mfcc_grad_f64": "G(FE.MFCC(sr=8000, n_mfcc=3, n_fft=16, hop_length=8, n_mels=5, dtype='float64'), wav64)",
})

_add("backends", {
    "list_available_backends": "paddle.audio.backends.list_available_backends()",
    "get_current_backend": "paddle.audio.backends.get_current_backend()",
    "set_backend_wave": "[paddle.audio.backends.set_backend('wave_backend'), paddle.audio.backends.get_current_backend()]",
    "set_backend_soundfile": "paddle.audio.backends.set_backend('soundfile')",
    "load_mono": "paddle.audio.load(W1)",
    "load_stereo": "paddle.audio.load(W2)",
    "load_stereo_time_first": "paddle.audio.load(W2, channels_first=False)",
    "load_not_normalized": "paddle.audio.load(W2, normalize=False)",
    "load_offset_frames": "paddle.audio.load(W1, frame_offset=5, num_frames=7)",
    "load_offset_ignored": "paddle.audio.load(W1, frame_offset=5)",
    "load_file_object": "paddle.audio.load(open(W2, 'rb'))",
    "load_not_wav": "paddle.audio.load(BAD)",
    "load_missing": "paddle.audio.load(os.path.join(TMP, 'missing.wav'))",
    "info_mono": "info_of(paddle.audio.info(W1))",
    "info_stereo_file_object": "info_of(paddle.audio.info(open(W2, 'rb')))",
    "info_not_wav": "paddle.audio.info(BAD)",
    "info_8bit": "info_of(paddle.audio.info(W8))",
    "roundtrip_float32": "roundtrip(wav * 0.9)",
    "roundtrip_time_first": "roundtrip(wav.T, channels_first=False)",
    "roundtrip_int16": "roundtrip(T([[1, -2, 300, -32768, 32767]], dtype='int16'))",
    "save_full_scale_wraps": "[paddle.audio.save(os.path.join(TMP, 'w.wav'), T([[1.0, -1.0, 0.5]]), 8000), raw_bytes(os.path.join(TMP, 'w.wav'))]",
    "save_1d": "paddle.audio.save(os.path.join(TMP, 'x.wav'), wav[0], 8000)",
    "save_8bit": "paddle.audio.save(os.path.join(TMP, 'x.wav'), wav, 8000, bits_per_sample=8)",
    "wave_backend_module_load": "paddle.audio.backends.wave_backend.load(W1, num_frames=3)",
    "wave_backend_module_info": "info_of(paddle.audio.backends.wave_backend.info(W2))",
})

_add("datasets", {
    "esc50_train": "[[names(d), d.labels, len(d)] for d in [esc()]][0]",
    "esc50_dev_split2": "[[names(d), d.labels] for d in [esc('dev', split=2)]][0]",
    "esc50_item_raw": "item(esc('dev', split=1), 1)",
    "esc50_item_mfcc": "item(esc('dev', split=2, feat_type='mfcc', n_mfcc=4, n_fft=32, n_mels=6, hop_length=16), 0)",
    "esc50_item_spectrogram": "item(esc('dev', split=3, feat_type='spectrogram', n_fft=16, hop_length=16), 0)",
    "esc50_item_melspectrogram": "item(esc('dev', split=5, feat_type='melspectrogram', n_fft=32, n_mels=4, hop_length=16), 0)",
    "esc50_item_logmel_sample_rate": "[[item(d, 0), d.sample_rate] for d in [esc('dev', split=5, feat_type='logmelspectrogram', n_fft=32, n_mels=4, hop_length=16)]][0]",
    "esc50_sample_rate_before_item": "esc('dev', split=5).sample_rate",
    "esc50_split_6": "paddle.audio.datasets.ESC50(split=6)",
    "esc50_bad_feat_type": "esc(feat_type='wavelet')",
    "esc50_label_list": "[len(paddle.audio.datasets.ESC50.label_list), paddle.audio.datasets.ESC50.label_list[14], paddle.audio.datasets.ESC50.archive]",
    "tess_all": "[sorted(zip(names(d), d.labels)) for d in [tess('dev', n_folds=1)]][0]",
    "tess_train_n_folds_1": "len(tess('train', n_folds=1))",
    "tess_fold_sizes": "[len(tess(m, n_folds=2, split=s)) for m in ('train', 'dev') for s in (1, 2)]",
    "tess_items_raw": "sorted([x.shape, str(x.dtype), y] for x, y in [d[i] for d in [tess('dev', n_folds=1)] for i in range(len(d))])",
    "tess_items_mfcc": "sorted([x.shape, str(x.dtype), y, round(float(x.sum()), 1)] for x, y in [d[i] for d in [tess('dev', n_folds=1, feat_type='mfcc', n_mfcc=3, n_fft=16, n_mels=4, hop_length=8)] for i in range(len(d))])",
    "tess_n_folds_0": "paddle.audio.datasets.TESS(n_folds=0)",
    "tess_split_3_of_2": "paddle.audio.datasets.TESS(n_folds=2, split=3)",
    "tess_label_list": "[paddle.audio.datasets.TESS.label_list, paddle.audio.datasets.TESS.archive]",
})


def _plain(value):
    """Lists/tuples of shapes (Size) and dtypes as plain Python values."""
    if type(value).__name__ in ("Size",):
        return list(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def run_case(paddle, expr):
    """Evaluate one case in a fresh temporary folder; Paddle's dataset cache setting is restored."""
    import warnings
    common = paddle.dataset.common
    home = common.DATA_HOME
    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = {"paddle": paddle, "TMP": tmp}
        try:
            exec(SETUP, env)
            try:
                value = eval(expr, env)
            except Exception as e:   # the exception itself is the recorded behaviour
                return {"kind": "error", "type": type(e).__name__,
                        "message": normalize_message(str(e)).replace(tmp, "TMP")}
            return describe(_plain(value))
        finally:
            common.DATA_HOME = home
            if "use_home" in env:
                env["use_home"](home)


def main():
    import logging
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("audio", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
