"""Record paddle.vision.models goldens from real Paddle 3.3.1.

Run with the oracle interpreter from the repository root:
    PADDLE_PY conformance/record/record_vision_models.py
It rewrites conformance/goldens/vision_models.json:
  "structure": for every builder, the state_dict's length, element count and the sha256 of its
               "name [shape]" lines; the lines themselves for the builders also in SEEDED (the
               others keep their first and last five, to keep the file small);
  "seeded":    for a representative set, after paddle.seed(SEED) and building with
               num_classes=NUM_CLASSES, each parameter's [float64 sum, float64 abs-sum, first
               value], and the eval-mode output for a fixed input (np.random.RandomState(0));
  "train":     for LeNet and resnet18, a train-mode forward and the gradients of sum(out * G)
               (BatchNorm batch statistics, backward through every layer).
and conformance/goldens/vision_lenet_seed7.pdparams, a real Paddle checkpoint of a seeded LeNet
that tests/test_vision_models.py loads with set_state_dict.
tests/test_vision_models.py replays the same builds under paddle_compat.
"""
import hashlib
import json
import os
import sys

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GOLDEN = os.path.join(ROOT, "conformance", "goldens", "vision_models.json")
CKPT = os.path.join(ROOT, "conformance", "goldens", "vision_lenet_seed7.pdparams")
SEED = 2024
NUM_CLASSES = 10

BUILDERS = [
    "resnet18", "resnet34", "resnet50", "resnet101", "resnet152", "resnext50_32x4d",
    "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d",
    "resnext152_64x4d", "wide_resnet50_2", "wide_resnet101_2", "vgg11", "vgg13", "vgg16", "vgg19",
    "mobilenet_v1", "mobilenet_v2", "mobilenet_v3_small", "mobilenet_v3_large", "densenet121",
    "densenet161", "densenet169", "densenet201", "densenet264", "alexnet", "inception_v3",
    "squeezenet1_0", "squeezenet1_1", "googlenet", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33",
    "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0",
    "shufflenet_v2_swish",
]
# (builder expression, input shape) for the seeded goldens
SEEDED = {
    "LeNet": ("M.LeNet(num_classes=NC)", [2, 1, 28, 28]),
    "resnet18": ("M.resnet18(num_classes=NC)", [1, 3, 32, 32]),
    "resnet50": ("M.resnet50(num_classes=NC)", [1, 3, 32, 32]),
    # VGG's and AlexNet's classifiers are 100M+ and 37M+ draws (tens of seconds); their features
    # are checked here, the Linear layers' seeded values by the nn goldens
    "vgg11": ("M.vgg11(num_classes=0, with_pool=False)", [1, 3, 32, 32]),
    "vgg11_bn": ("M.vgg11(batch_norm=True, num_classes=0, with_pool=False)", [1, 3, 32, 32]),
    "mobilenet_v1": ("M.mobilenet_v1(num_classes=NC)", [1, 3, 32, 32]),
    "mobilenet_v1_x0.5": ("M.mobilenet_v1(scale=0.5, num_classes=NC)", [1, 3, 32, 32]),
    "mobilenet_v2": ("M.mobilenet_v2(num_classes=NC)", [1, 3, 32, 32]),
    "mobilenet_v3_small": ("M.mobilenet_v3_small(num_classes=NC)", [1, 3, 32, 32]),
    "mobilenet_v3_large": ("M.mobilenet_v3_large(num_classes=NC)", [1, 3, 32, 32]),
    "squeezenet1_0": ("M.squeezenet1_0(num_classes=NC)", [1, 3, 64, 64]),
    "squeezenet1_1": ("M.squeezenet1_1(num_classes=NC)", [1, 3, 32, 32]),
    "shufflenet_v2_x0_25": ("M.shufflenet_v2_x0_25(num_classes=NC)", [1, 3, 32, 32]),
    "shufflenet_v2_swish": ("M.shufflenet_v2_swish(num_classes=NC)", [1, 3, 32, 32]),
    "densenet121": ("M.densenet121(num_classes=NC)", [1, 3, 32, 32]),
    "alexnet": ("M.alexnet(num_classes=0)", [1, 3, 64, 64]),
    "googlenet": ("M.googlenet(num_classes=NC)", [1, 3, 224, 224]),
    "inception_v3": ("M.inception_v3(num_classes=NC)", [1, 3, 75, 75]),
    "resnet18_nohead": ("M.resnet18(num_classes=0, with_pool=False)", [1, 3, 32, 32]),
}
TRAIN = {
    "LeNet": ("M.LeNet(num_classes=NC)", [2, 1, 28, 28]),
    "resnet18": ("M.resnet18(num_classes=NC)", [2, 3, 64, 64]),
}


def structure(model, full):
    lines = [f"{k} {list(v.shape)}" for k, v in model.state_dict().items()]
    rec = {"count": len(lines), "numel": int(sum(int(np.prod(v.shape)) for v in
                                                  model.state_dict().values())),
           "sha256": hashlib.sha256("\n".join(lines).encode()).hexdigest()}
    # the whole list for the smaller models; the deep variants keep the hash and both ends
    rec["entries"] = lines if full else lines[:5] + ["..."] + lines[-5:]
    return rec


def param_stats(model):
    out = {}
    for k, v in model.state_dict().items():
        a = np.asarray(v.numpy(), dtype=np.float64)
        out[k] = [float(a.sum()), float(np.abs(a).sum()), float(a.ravel()[0])]
    return out


def as_list(o):
    return [np.asarray(t.numpy()).tolist() for t in (o if isinstance(o, (list, tuple)) else [o])]


def main():
    import paddle
    from paddle.vision import models as M
    NC = NUM_CLASSES
    data = {"seed": SEED, "num_classes": NC, "structure": {}, "seeded": {}, "train": {}}
    for name in BUILDERS:
        data["structure"][name] = structure(getattr(M, name)(), name in SEEDED)
        print("structure", name, file=sys.stderr)
    for name, (expr, shape) in SEEDED.items():
        paddle.seed(SEED)
        model = eval(expr)
        model.eval()
        x = paddle.to_tensor(np.random.RandomState(0).uniform(-1, 1, shape).astype("float32"))
        data["seeded"][name] = {"expr": expr, "shape": shape, "params": param_stats(model),
                                "out": as_list(model(x))}
        print("seeded", name, file=sys.stderr)
    for name, (expr, shape) in TRAIN.items():
        paddle.seed(SEED)
        model = eval(expr)
        model.train()
        x = paddle.to_tensor(np.random.RandomState(1).uniform(-1, 1, shape).astype("float32"))
        out = model(x)
        g = np.random.RandomState(2).uniform(-1, 1, out.shape).astype("float32")
        (out * paddle.to_tensor(g)).sum().backward()
        grads = {n: [float(np.asarray(p.grad.numpy(), np.float64).sum()),
                     float(np.abs(np.asarray(p.grad.numpy(), np.float64)).sum())]
                 for n, p in model.named_parameters() if p.grad is not None}
        stats = {n: np.asarray(b.numpy()).ravel()[:4].tolist()
                 for n, b in model.state_dict().items() if n.endswith(("_mean", "_variance"))}
        data["train"][name] = {"expr": expr, "shape": shape, "out": as_list(out),
                               "grads": grads, "running": stats}
    paddle.seed(7)
    paddle.save(M.LeNet().state_dict(), CKPT)
    with open(GOLDEN, "w") as f:
        json.dump(data, f, indent=0, sort_keys=True)
        f.write("\n")
    print("wrote", GOLDEN, os.path.getsize(GOLDEN), CKPT, os.path.getsize(CKPT), file=sys.stderr)


if __name__ == "__main__":
    main()
