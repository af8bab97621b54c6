"""The benchmark models of models_paddle.py written in plain torch (same shapes, dtypes, optimizer
and loss), the baseline of bench_models.py. A training step ends with torch's default
`zero_grad()` (set_to_none=True); inference runs under `torch.no_grad()` in eval mode (for the
Transformer that is torch's fused encoder fast path, what a torch user gets).
"""
import torch

from models_paddle import SHAPES, inputs


def _resnet18(nn, num_classes):
    class Basic(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.downsample = None
            if stride != 1 or cin != cout:
                self.downsample = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                                nn.BatchNorm2d(cout))

        def forward(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            identity = x if self.downsample is None else self.downsample(x)
            return self.relu(out + identity)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
            self.bn1 = nn.BatchNorm2d(64)
            self.relu = nn.ReLU()
            self.maxpool = nn.MaxPool2d(3, 2, 1)
            layers, cin = [], 64
            for cout, stride in [(64, 1), (128, 2), (256, 2), (512, 2)]:
                layers.append(nn.Sequential(Basic(cin, cout, stride), Basic(cout, cout, 1)))
                cin = cout
            self.layer1, self.layer2, self.layer3, self.layer4 = layers
            self.avgpool = nn.AdaptiveAvgPool2d(1)
            self.fc = nn.Linear(512, num_classes)

        def forward(self, x):
            x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
            x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
            return self.fc(self.avgpool(x).flatten(1))

    return Net()


def build_model(name):
    nn = torch.nn
    if name == "mlp":
        return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                             nn.Linear(512, 10))
    if name == "lenet":
        return nn.Sequential(nn.Conv2d(1, 6, 3, 1, 1), nn.ReLU(), nn.MaxPool2d(2, 2),
                             nn.Conv2d(6, 16, 5, 1, 0), nn.ReLU(), nn.MaxPool2d(2, 2),
                             nn.Flatten(), nn.Linear(400, 120), nn.Linear(120, 84),
                             nn.Linear(84, 10))
    if name.startswith("resnet18"):
        return _resnet18(nn, 10)
    if name == "lstm":
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.lstm = nn.LSTM(128, 256, num_layers=2, batch_first=True)

            def forward(self, x):
                return self.lstm(x)[0]
        return Net()
    if name == "transformer":
        layer = nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0, batch_first=True)
        return nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
    raise ValueError(name)


def make_step(name, mode, phase, device="cpu"):
    """-> (step, teardown); torch has one mode, eager. `device`: where the model and data live."""
    torch.manual_seed(0)
    xa, ya = inputs(name)
    model = build_model(name).to(device)
    x = torch.from_numpy(xa).to(device)
    y = torch.from_numpy(ya[:, 0]).to(device) if ya is not None else None
    if phase == "infer":
        model.eval()

        def step():
            with torch.no_grad():
                return model(x)
        return step, lambda: None
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step():
        out = model(x)
        loss = torch.nn.functional.cross_entropy(out, y) if SHAPES[name][1] else (out * out).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
    return step, lambda: None
