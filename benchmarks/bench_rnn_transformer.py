"""Recurrent (and, once they land, Transformer) training steps: paddle_compat vs the same model in
torch, side by side.

    python benchmarks/bench_rnn_transformer.py [--steps 20] [--device cpu|cuda]

LSTM: 2 layers, hidden 256, sequence 50, batch 32, input 128; one step = forward, mean-square loss
on the outputs, backward, SGD update. The torch model is torch.nn.LSTM with the same weights. Printed:
median step time of each (the two run alternately) and the ratio paddle_compat / torch (1.00 = same speed).
Transformer: a 4-layer encoder (d_model 256, 4 heads, feed-forward 1024, dropout 0, post-norm),
sequence 50, batch 32, against torch.nn.TransformerEncoder with the same weights (torch's Linear
weights are Paddle's transposed).
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import paddle_compat as paddle  # noqa: E402


def _time_pair(step_a, step_b, steps, sync):
    """Median step times of two steps run alternately, so load on a shared machine hits both."""
    for _ in range(2):
        step_a()
        step_b()
    ta, tb = [], []
    for _ in range(steps):
        for step, acc in ((step_a, ta), (step_b, tb)):
            sync()
            t0 = time.perf_counter()
            step()
            sync()
            acc.append(time.perf_counter() - t0)
    return statistics.median(ta), statistics.median(tb)


def bench_lstm(steps, device):
    paddle.set_device("gpu" if device == "cuda" else "cpu")
    paddle.seed(0)
    model = paddle.nn.LSTM(128, 256, num_layers=2)
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    rng = np.random.RandomState(0)
    x_np = rng.randn(32, 50, 128).astype("float32")
    x = paddle.to_tensor(x_np)

    def pc_step():
        y, _ = model(x)
        loss = (y * y).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()

    ref = torch.nn.LSTM(128, 256, num_layers=2, batch_first=True).to(device)
    with torch.no_grad():
        for name, p in ref.named_parameters():
            p.copy_(torch.from_numpy(getattr(model, name).numpy()))
    topt = torch.optim.SGD(ref.parameters(), lr=0.01)
    tx = torch.from_numpy(x_np).to(device)

    def torch_step():
        y, _ = ref(tx)
        loss = (y * y).mean()
        loss.backward()
        topt.step()
        topt.zero_grad()

    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    return _time_pair(pc_step, torch_step, steps, sync)


def bench_transformer(steps, device):
    paddle.set_device("gpu" if device == "cuda" else "cpu")
    paddle.seed(0)
    layer = paddle.nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0)
    model = paddle.nn.TransformerEncoder(layer, 4)
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    x_np = np.random.RandomState(0).randn(32, 50, 256).astype("float32")
    x = paddle.to_tensor(x_np)

    def pc_step():
        y = model(x)
        loss = (y * y).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()

    tlayer = torch.nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0, batch_first=True)
    ref = torch.nn.TransformerEncoder(tlayer, 4, enable_nested_tensor=False).to(device)
    with torch.no_grad():
        for pl, tl in zip(model.layers, ref.layers):
            att = pl.self_attn
            w = [getattr(att, n).weight.numpy().T for n in ("q_proj", "k_proj", "v_proj")]
            b = [getattr(att, n).bias.numpy() for n in ("q_proj", "k_proj", "v_proj")]
            tl.self_attn.in_proj_weight.copy_(torch.from_numpy(np.concatenate(w)))
            tl.self_attn.in_proj_bias.copy_(torch.from_numpy(np.concatenate(b)))
            tl.self_attn.out_proj.weight.copy_(torch.from_numpy(att.out_proj.weight.numpy().T))
            tl.self_attn.out_proj.bias.copy_(torch.from_numpy(att.out_proj.bias.numpy()))
            for a, c in (("linear1", tl.linear1), ("linear2", tl.linear2)):
                c.weight.copy_(torch.from_numpy(getattr(pl, a).weight.numpy().T))
                c.bias.copy_(torch.from_numpy(getattr(pl, a).bias.numpy()))
    topt = torch.optim.SGD(ref.parameters(), lr=0.01)
    tx = torch.from_numpy(x_np).to(device)
    with torch.no_grad():
        assert np.allclose(model(x).numpy(), ref(tx).cpu().numpy(), atol=1e-4), "models differ"

    def torch_step():
        y = ref(tx)
        loss = (y * y).mean()
        loss.backward()
        topt.step()
        topt.zero_grad()

    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    return _time_pair(pc_step, torch_step, steps, sync)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = ap.parse_args()
    print(f"{'model':<46}{'paddle_compat ms':>18}{'torch ms':>12}{'ratio':>8}")
    for label, fn in (("LSTM 2x256, seq 50, batch 32", bench_lstm),
                      ("Transformer encoder 4x256, seq 50, batch 32", bench_transformer)):
        t_pc, t_torch = fn(args.steps, args.device)
        print(f"{label + ' (' + args.device + ')':<46}{t_pc * 1e3:>18.2f}{t_torch * 1e3:>12.2f}"
              f"{t_pc / t_torch:>8.2f}")


if __name__ == "__main__":
    main()
