"""tools/bench_table.py: the README's model benchmark table is rendered from the results file."""
import importlib.util
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load():
    spec = importlib.util.spec_from_file_location(
        "bench_table", os.path.join(ROOT, "tools", "bench_table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


T = _load()

RESULT = {
    "meta": {"date": "2026-01-01", "torch": "2.x", "cpus": 2, "timer": "cpu", "rounds": 7},
    "cases": [
        {"model": "mlp", "phase": "train", "mode": "dynamic", "compat_ms": 5.0,
         "ratio_torch": 1.02, "ratio_torch_range": [0.98, 1.07], "ratio_paddle": 0.5,
         "mem_ratio_torch": 1.0},
        {"model": "mlp", "phase": "train", "mode": "to_static", "compat_ms": 4.0,
         "ratio_torch": 0.8, "ratio_torch_range": [0.7, 0.9], "ratio_paddle": 0.45,
         "speedup_vs_dynamic": 1.275},
        {"model": "mlp", "phase": "train", "mode": "static", "compat_error": "NotImplementedError"},
    ],
    "import_s": {"paddle_compat": 1.1, "torch": 0.9, "paddle": 0.7},
}

README = "# x\n\n## Benchmarks\n\nIntro text\nmore.\n\n| old | table |\n\n## Layout\n\nrest\n"


def test_render_gives_each_case_its_ratios():
    text = T.render(RESULT)
    row = [line for line in text.splitlines() if line.startswith("| MLP")]
    assert row == ["| MLP 784-512-512-10, batch 64 | train | 1.02x (0.98-1.07) | "
                   "0.80x (0.70-0.90) (1.27x) | n/a | 0.50x, 0.45x, - | 1.00x |"]
    assert "`import paddle_compat` 1.10 s vs `import torch` 0.90 s" in text


def test_first_run_inserts_the_block_after_the_intro_and_reruns_replace_it():
    block = T.render(RESULT)
    once = T.replace_block(README, block)
    assert once.index("Intro text") < once.index(T.BEGIN) < once.index("| old | table |")
    assert once.count(T.BEGIN) == 1 and once.endswith("## Layout\n\nrest\n")
    assert T.replace_block(once, block) == once
    changed = dict(RESULT, import_s={"paddle_compat": 2.0, "torch": 0.9})
    twice = T.replace_block(once, T.render(changed))
    assert twice.count(T.BEGIN) == 1 and "2.00 s" in twice and "1.10 s" not in twice


def test_check_reports_a_stale_readme(tmp_path):
    res, readme = tmp_path / "r.json", tmp_path / "README.md"
    res.write_text(json.dumps(RESULT))
    readme.write_text(README)
    assert T.main(["--results", str(res), "--readme", str(readme), "--check"]) == 1
    assert T.main(["--results", str(res), "--readme", str(readme)]) == 0
    assert T.main(["--results", str(res), "--readme", str(readme), "--check"]) == 0


def test_the_committed_results_render():
    # benchmarks/results/models.json is committed (written by benchmarks/bench_models.py).
    with open(T.RESULTS, encoding="utf-8") as f:
        text = T.render(json.load(f))
    assert "| LeNet 1x28x28, batch 64 | train |" in text


CUDA_RESULT = {
    "meta": {"device": "NVIDIA H200", "torch": "2.x", "rounds": 5, "number": 10},
    "results": [
        {"model": "mlp", "mode": "dynamic", "phase": "train", "compat_ms": 2.0, "torch_ms": 1.0,
         "ratio": 2.0, "ratio_min": 1.5, "ratio_max": 2.5, "compat_peak": 2 ** 21,
         "torch_peak": 2 ** 20},
        {"model": "lstm", "mode": "amp", "phase": "train", "error": "RuntimeError: boom"},
    ],
}


def test_render_cuda_gives_each_case_its_ratio_and_memory():
    text = T.render_cuda(CUDA_RESULT)
    assert "on an NVIDIA H200" in text
    assert "| MLP 784-512-512-10, batch 64 | train | 2.00 | 1.00 | 2.00x (1.50-2.50) | " \
        "2.0 / 1.0 |" in text
    assert "| LSTM 2x256, seq 50, batch 32 | train (amp) | failed: RuntimeError: boom |" in text


def test_the_cuda_block_follows_the_cpu_block_and_reruns_replace_it():
    once = T.replace_cuda_block(T.replace_block(README, T.render(RESULT)),
                                T.render_cuda(CUDA_RESULT))
    assert once.index(T.END) < once.index(T.CUDA_BEGIN) < once.index("| old | table |")
    changed = dict(CUDA_RESULT, meta=dict(CUDA_RESULT["meta"], device="NVIDIA H100"))
    twice = T.replace_cuda_block(once, T.render_cuda(changed))
    assert twice.count(T.CUDA_BEGIN) == 1 and "H100" in twice and "H200" not in twice


def test_the_committed_cuda_results_render():
    # benchmarks/results/cuda.json is committed (written by benchmarks/bench_cuda.py on a GPU).
    with open(T.CUDA_RESULTS, encoding="utf-8") as f:
        text = T.render_cuda(json.load(f))
    assert "| resnet18 3x64x64, batch 32 | train (amp) |" in text
