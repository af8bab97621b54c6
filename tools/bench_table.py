"""Write the README's model benchmark tables from benchmarks/results/models.json (CPU) and
benchmarks/results/cuda.json (GPU): `python tools/bench_table.py [--results FILE] [--check]`.

The numbers come from `python benchmarks/bench_models.py` and `python benchmarks/bench_cuda.py`
(which write those files); nobody types them. The CUDA table sits between
`<!-- generated: cuda benchmarks (python tools/bench_table.py) -->` and
`<!-- end generated: cuda benchmarks -->`, right after the CPU table on the first run. The table sits between `<!-- generated: benchmarks (python tools/bench_table.py) -->` and
`<!-- end generated: benchmarks -->` in the README's "## Benchmarks" section. When the markers
are missing (the first run), the block is inserted right after the section's first paragraph.
`--check` changes nothing and exits 1 when the README's block differs from the results.
"""
import argparse
import json
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
RESULTS = os.path.join(ROOT, "benchmarks", "results", "models.json")
CUDA_RESULTS = os.path.join(ROOT, "benchmarks", "results", "cuda.json")
BEGIN = "<!-- generated: benchmarks (python tools/bench_table.py) -->\n"
END = "<!-- end generated: benchmarks -->"
_BLOCK = re.compile(re.escape(BEGIN) + r"(.*?)" + re.escape(END), re.S)
CUDA_BEGIN = "<!-- generated: cuda benchmarks (python tools/bench_table.py) -->\n"
CUDA_END = "<!-- end generated: cuda benchmarks -->"
_CUDA_BLOCK = re.compile(re.escape(CUDA_BEGIN) + r"(.*?)" + re.escape(CUDA_END), re.S)

LABELS = {
    "mlp": "MLP 784-512-512-10, batch 64",
    "lenet": "LeNet 1x28x28, batch 64",
    "resnet18_b8": "resnet18 3x64x64, batch 8",
    "resnet18_b32": "resnet18 3x64x64, batch 32",
    "lstm": "LSTM 2x256, seq 50, batch 32",
    "transformer": "Transformer encoder 4x256, seq 128, batch 16",
}
MODES = ("dynamic", "to_static", "static")


def _x(v):
    return "-" if v is None else f"{v:.2f}x"


def _cell(case, key="ratio_torch"):
    if case is None:
        return "-"
    if "compat_ms" not in case:
        return "n/a"
    text = _x(case.get(key))
    if key == "ratio_torch" and case.get("ratio_torch_range"):
        lo, hi = case["ratio_torch_range"]
        text += f" ({lo:.2f}-{hi:.2f})"
    return text


def render(result):
    """The markdown of the generated block (without the markers)."""
    meta = result["meta"]
    by = {(c["model"], c["phase"], c["mode"]): c for c in result["cases"]}
    models = [m for m in LABELS if any(k[0] == m for k in by)]
    models += sorted({k[0] for k in by} - set(models))
    lines = [
        f"`python benchmarks/bench_models.py` ({meta['date']}, torch {meta['torch']}, "
        f"{meta['cpus']}-core CPU, 1 thread, {meta['timer']} time, {meta['rounds']} alternating "
        f"rounds per case, medians; the machine was shared with other work, so read the ratios "
        f"as indicative). Time per step as a ratio of the same model in plain torch eager "
        f"(lower is better; the spread of the per-round ratios in brackets); to_static and "
        f"static also as the speed-up over paddle_compat's own dynamic mode; real Paddle 3.3.1 "
        f"ran the same Paddle script in its own process, in the same rounds.",
        "",
        "| Model | Step | dynamic / torch | to_static / torch (speed-up vs dynamic) | "
        "static Program / torch | / real Paddle (dyn, to_static, static) | peak memory / torch "
        "(dynamic) |",
        "|---|---|---|---|---|---|---|",
    ]
    for model in models:
        for phase in ("train", "infer"):
            cases = [by.get((model, phase, mode)) for mode in MODES]
            if not any(cases):
                continue
            dyn, ts, st = cases
            ts_cell = _cell(ts)
            if ts is not None and ts.get("speedup_vs_dynamic") is not None:
                ts_cell += f" ({ts['speedup_vs_dynamic']:.2f}x)"
            pd = ", ".join(_x(c.get("ratio_paddle")) if c and "compat_ms" in c else "-"
                           for c in cases)
            mem = _x(dyn.get("mem_ratio_torch")) if dyn else "-"
            lines.append(f"| {LABELS.get(model, model)} | {phase} | {_cell(dyn)} | {ts_cell} | "
                         f"{_cell(st)} | {pd} | {mem} |")
    imp = result.get("import_s")
    if imp:
        text = (f"`import paddle_compat` {imp['paddle_compat']:.2f} s vs `import torch` "
                f"{imp['torch']:.2f} s")
        if "paddle" in imp:
            text += f" (real `import paddle` {imp['paddle']:.2f} s)"
        lines += ["", text + ", fresh interpreters, median."]
    return "\n".join(lines) + "\n"


def render_cuda(result):
    """The markdown of the CUDA block (without the markers), from bench_cuda.py's results."""
    meta = result["meta"]
    lines = [
        f"`python benchmarks/bench_cuda.py` on an {meta['device']} (torch {meta['torch']}, "
        f"{meta['rounds']} alternating rounds of {meta['number']} steps, wall time between CUDA "
        f"synchronisations, medians). Time per step as a ratio of the same model in plain torch "
        f"eager on the same GPU (lower is better; the spread of the per-round ratios in "
        f"brackets); 'amp' is a float16 O1 training step with a loss scaler on both sides. Real "
        f"Paddle is not in this table: its GPU wheel could not be installed on the lent machine.",
        "",
        "| Model | Step | compat ms | torch ms | compat / torch | peak memory MiB (compat / "
        "torch) |",
        "|---|---|---|---|---|---|",
    ]
    for c in result["results"]:
        step = "train (amp)" if c["mode"] == "amp" else \
            c["phase"] + ("" if c["mode"] == "dynamic" else f" ({c['mode']})")
        label = LABELS.get(c["model"], c["model"])
        if "error" in c:
            lines.append(f"| {label} | {step} | failed: {c['error']} | | | |")
            continue
        mem = "-" if c.get("compat_peak") is None else \
            f"{c['compat_peak'] / 2 ** 20:.1f} / {c['torch_peak'] / 2 ** 20:.1f}"
        lines.append(f"| {label} | {step} | {c['compat_ms']:.2f} | {c['torch_ms']:.2f} | "
                     f"{c['ratio']:.2f}x ({c['ratio_min']:.2f}-{c['ratio_max']:.2f}) | {mem} |")
    return "\n".join(lines) + "\n"


def replace_cuda_block(text, block):
    """README text with the CUDA block set to `block` (inserted after the CPU block at first)."""
    if _CUDA_BLOCK.search(text):
        return _CUDA_BLOCK.sub(lambda m: CUDA_BEGIN + block + CUDA_END, text, count=1)
    end = text.find(END)
    if end < 0:
        raise SystemExit("bench_table: README.md has no CPU benchmark block to follow")
    at = end + len(END)
    return text[:at] + "\n\n" + CUDA_BEGIN + block + CUDA_END + text[at:]


def replace_block(text, block):
    """README text with the generated block set to `block` (inserted on the first run)."""
    if _BLOCK.search(text):
        return _BLOCK.sub(lambda m: BEGIN + block + END, text, count=1)
    head = text.find("\n## Benchmarks\n")
    if head < 0:
        raise SystemExit("bench_table: README.md has no '## Benchmarks' section")
    start = head + len("\n## Benchmarks\n")
    while text.startswith("\n", start):
        start += 1
    para_end = text.find("\n\n", start)          # the end of the section's first paragraph
    insert = len(text) if para_end < 0 else para_end + 2
    return text[:insert] + BEGIN + block + END + "\n\n" + text[insert:]


def _write_atomically(path, text):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".README.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv=None):
    p = argparse.ArgumentParser(prog="python tools/bench_table.py",
                                description=__doc__.strip().split("\n\n")[0])
    p.add_argument("--results", default=RESULTS)
    p.add_argument("--cuda-results", default=CUDA_RESULTS)
    p.add_argument("--readme", default=README)
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    with open(args.results, encoding="utf-8") as f:
        result = json.load(f)
    with open(args.readme, encoding="utf-8") as f:
        text = f.read()
    updated = replace_block(text, render(result))
    if os.path.exists(args.cuda_results):
        with open(args.cuda_results, encoding="utf-8") as f:
            updated = replace_cuda_block(updated, render_cuda(json.load(f)))
    if args.check:
        if updated != text:
            print(f"{args.readme}: a benchmark table is stale: run python tools/bench_table.py")
            return 1
        print(f"{args.readme}: the benchmark tables match {os.path.relpath(args.results, ROOT)}")
        return 0
    if updated != text:
        _write_atomically(args.readme, updated)
        print(f"{args.readme} updated")
    else:
        print(f"{args.readme} already matches the results")
    return 0


if __name__ == "__main__":
    sys.exit(main())
