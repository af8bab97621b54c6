"""Private rooms of paddle.device (mirrors python/paddle/device/): device.py (paddle.device's own
functions: places, context managers, streams and events, memory statistics, the CPU generator),
cuda.py (paddle.device.cuda), xpu.py (paddle.device.xpu)."""
