"""paddle.incubate.xpu's implementation (mirrors paddle/incubate/xpu/): the XPU-only fused ResNet
basic block (resnet_block.py)."""
