"""Record two small training loops under Paddle 3.3.1 into conformance/goldens/nn_training.json:
a GRU encoder / attention decoder seq2seq model learning to reverse sequences, and a Transformer
encoder classifier with an additive padding mask (issue #20's end-to-end goldens).

    PADDLE_PY conformance/record/record_nn_training.py

Each snippet runs with `np`, `paddle`, `nn` (paddle.nn) and `F` (paddle.nn.functional) bound,
prints one line per step and leaves its losses (and, for the classifier, eval-mode
probabilities) in `out`. Seeded initial weights, the data and the optimizers are the same on both
sides, so the printed losses must be Paddle's. tests/test_nn_layer_rnn.py and
tests/test_nn_layer_transformer.py replay them under paddle_compat.
"""
import contextlib
import io
import json
import os
SEQ2SEQ = """
paddle.seed(2024)
V, E, H, T = 12, 8, 16, 5


class Encoder(nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, E)
        self.rnn = nn.GRU(E, H, direction="bidirect")
        self.proj = nn.Linear(2 * H, H)

    def forward(self, src):
        out, h = self.rnn(self.emb(src))
        return self.proj(out), paddle.tanh(self.proj(paddle.concat([h[0], h[1]], axis=-1)))


class AttnDecoder(nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, E)
        self.cell = nn.GRUCell(E + H, H)
        self.attn = nn.Linear(H, H, bias_attr=False)
        self.out = nn.Linear(2 * H, V)

    def forward(self, tgt_in, enc_out, h):
        logits = []
        for t in range(tgt_in.shape[1]):
            scores = paddle.matmul(enc_out, self.attn(h).unsqueeze(-1)).squeeze(-1)
            ctx = paddle.sum(F.softmax(scores, axis=-1).unsqueeze(-1) * enc_out, axis=1)
            x = paddle.concat([self.emb(tgt_in[:, t]), ctx], axis=-1)
            h, _ = self.cell(x, h)
            logits.append(self.out(paddle.concat([h, ctx], axis=-1)))
        return paddle.stack(logits, axis=1)


enc, dec = Encoder(), AttnDecoder()
opt = paddle.optimizer.Adam(0.01, parameters=enc.parameters() + dec.parameters())
rs = np.random.RandomState(0)
src = paddle.to_tensor(rs.randint(1, V, (4, T)).astype("int64"))
tgt = paddle.flip(src, axis=[1])                      # learn to reverse the sequence
tgt_in = paddle.concat([paddle.zeros([4, 1], "int64"), tgt[:, :-1]], axis=1)
losses = []
for step in range(6):
    enc_out, h = enc(src)
    logits = dec(tgt_in, enc_out, h)
    loss = F.cross_entropy(logits.reshape([-1, V]), tgt.reshape([-1, 1]))
    loss.backward()
    opt.step()
    opt.clear_grad()
    losses.append(float(loss))
    print(f"step {step} loss {float(loss):.6f}")
out = losses
"""

TRANSFORMER_CLASSIFIER = """
paddle.seed(7)
V, D, L, C = 20, 16, 6, 3


class Classifier(nn.Layer):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, D)
        self.pos = self.create_parameter([1, L, D], default_initializer=nn.initializer.Normal(0, 0.02))
        layer = nn.TransformerEncoderLayer(D, 2, 32, dropout=0.0, activation="gelu")
        self.encoder = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(D))
        self.head = nn.Linear(D, C)

    def forward(self, x, mask):
        h = self.encoder(self.emb(x) + self.pos, src_mask=mask)
        return self.head(h.mean(axis=1))


model = Classifier()
opt = paddle.optimizer.AdamW(0.005, parameters=model.parameters(), weight_decay=0.01)
rs = np.random.RandomState(1)
x = paddle.to_tensor(rs.randint(1, V, (8, L)).astype("int64"))
y = paddle.to_tensor((x.numpy()[:, :2].sum(1) % C).astype("int64"))
pad = paddle.to_tensor(rs.rand(8, 1, 1, L) > 0.9)
mask = paddle.where(pad, paddle.full([8, 1, 1, L], -1e9), paddle.zeros([8, 1, 1, L]))
losses = []
for step in range(6):
    loss = F.cross_entropy(model(x, mask), y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    losses.append(float(loss))
    print(f"step {step} loss {float(loss):.6f}")
model.eval()
out = losses + [float(v) for v in F.softmax(model(x[:2], mask[:2])).numpy().ravel()]
"""

CASES = {"seq2seq_attention": SEQ2SEQ, "transformer_classifier": TRANSFORMER_CLASSIFIER}


def run(paddle, code):
    """Run one snippet with `paddle` bound; returns {"stdout": printed text, "out": out}."""
    import numpy as np
    env = {"np": np, "paddle": paddle, "nn": paddle.nn, "F": paddle.nn.functional}
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(code, env)
    return {"stdout": buf.getvalue(), "out": env["out"]}


if __name__ == "__main__":
    import paddle
    data = {name: run(paddle, code) for name, code in CASES.items()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens",
                        "nn_training.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"paddle_version": paddle.__version__, "cases": data}, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
