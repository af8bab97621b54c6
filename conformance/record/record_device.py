"""Record how Paddle 3.3.1's CPU wheel answers paddle.device, paddle.device.cuda,
paddle.device.xpu and paddle.cuda on a machine without a GPU, into conformance/goldens/device.json
(replayed by tests/test_device.py when torch sees no GPU).

Left out on purpose (the CPU wheel's internal failures, which paddle_compat replaces with clear
errors; each is in the module docstring of paddle_compat/_device/ or _cuda.py):
paddle.device.Stream()/Event() and get_device_properties() (NameError), set_stream(None) and
get_stream_from_external (AttributeError), paddle.device.cuda.current_stream() and
stream_guard(None) (segmentation faults), memory_summary(), paddle.cuda.check_error/cudart/empty_cache/memory_allocated/
memory_reserved (AttributeError).

Run with the oracle interpreter (re-runnable; overwrites the golden):
    PADDLE_PY conformance/record/record_device.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = "T = paddle.to_tensor\n"

CASES = {
    # paddle.device
    "device:is_available": "paddle.device.is_available()",
    "device:is_bf16_supported": "paddle.device.is_bf16_supported()",
    "device:is_compiled_with_ipu": "paddle.device.is_compiled_with_ipu()",
    "device:is_current_stream_capturing": "paddle.device.is_current_stream_capturing()",
    "device:get_cudnn_version": "paddle.device.get_cudnn_version()",
    "device:current_stream": "paddle.device.current_stream()",
    "device:synchronize": "paddle.device.synchronize()",
    "device:ipc_collect": "paddle.device.ipc_collect()",
    "device:max_memory_allocated": "paddle.device.max_memory_allocated()",
    "device:max_memory_reserved": "paddle.device.max_memory_reserved()",
    "device:reset_max_memory_allocated": "paddle.device.reset_max_memory_allocated()",
    "device:reset_max_memory_reserved": "paddle.device.reset_max_memory_reserved()",
    "device:reset_peak_memory_stats": "paddle.device.reset_peak_memory_stats()",
    "device:manual_seed": "(paddle.device.manual_seed(3), paddle.rand([2]))[1]",
    "device:rng_state_roundtrip": "(lambda s: (paddle.rand([2]), paddle.device.set_rng_state(s), paddle.rand([2])))(paddle.device.get_rng_state())",
    "device:device_ctx": "(lambda: [paddle.device.get_device() for _ in [paddle.device.device('cpu').__enter__()]])()",
    "device:device_guard": "(lambda g: (g.__enter__(), paddle.device.get_device(), g.__exit__(None, None, None))[1])(paddle.device.device_guard('cpu'))",
    "device:stream_guard_none": "(lambda g: (g.__enter__(), 1, g.__exit__(None, None, None))[1])(paddle.device.stream_guard(None))",
    "device:XPUPlace": "paddle.device.XPUPlace(0)", "device:IPUPlace": "paddle.device.IPUPlace()",
    "device:FloatTensor": "paddle.device.FloatTensor([1, 2])",
    # paddle.device.cuda
    "device_cuda:device_count": "paddle.device.cuda.device_count()",
    "device_cuda:empty_cache": "paddle.device.cuda.empty_cache()",
    "device_cuda:synchronize": "paddle.device.cuda.synchronize()",
    "device_cuda:Stream": "paddle.device.cuda.Stream()", "device_cuda:Event": "paddle.device.cuda.Event()",
    "device_cuda:get_device_properties": "paddle.device.cuda.get_device_properties()",
    "device_cuda:get_device_name": "paddle.device.cuda.get_device_name()",
    "device_cuda:get_device_capability": "paddle.device.cuda.get_device_capability()",
    "device_cuda:max_memory_allocated": "paddle.device.cuda.max_memory_allocated()",
    "device_cuda:max_memory_reserved": "paddle.device.cuda.max_memory_reserved()",
    "device_cuda:memory_allocated": "paddle.device.cuda.memory_allocated()",
    "device_cuda:memory_reserved": "paddle.device.cuda.memory_reserved()",
    "device_cuda:reset_max_memory_allocated": "paddle.device.cuda.reset_max_memory_allocated()",
    "device_cuda:reset_max_memory_reserved": "paddle.device.cuda.reset_max_memory_reserved()",
    "device_cuda:vmm_compact": "paddle.device.cuda.vmm_compact()",
    # paddle.device.xpu
    "device_xpu:device_count": "paddle.device.xpu.device_count()",
    "device_xpu:empty_cache": "paddle.device.xpu.empty_cache()",
    "device_xpu:memory_allocated": "paddle.device.xpu.memory_allocated()",
    "device_xpu:memory_total": "paddle.device.xpu.memory_total()",
    "device_xpu:set_debug_level": "paddle.device.xpu.set_debug_level(1)",
    "device_xpu:synchronize": "paddle.device.xpu.synchronize()",
    "device_xpu:Stream": "paddle.device.xpu.Stream()", "device_xpu:Event": "paddle.device.xpu.Event()",
    # paddle.cuda
    "cuda:current_device": "paddle.cuda.current_device()",
    "cuda:device_count": "paddle.cuda.device_count()",
    "cuda:is_available": "paddle.cuda.is_available()",
    "cuda:is_initialized": "paddle.cuda.is_initialized()",
    "cuda:is_bf16_supported": "paddle.cuda.is_bf16_supported()",
    "cuda:manual_seed": "(paddle.cuda.manual_seed(4), paddle.rand([2]))[1]",
    "cuda:manual_seed_all": "(paddle.cuda.manual_seed_all(4), paddle.rand([2]))[1]",
    "cuda:max_memory_allocated": "paddle.cuda.max_memory_allocated()",
    "cuda:mem_get_info": "paddle.cuda.mem_get_info()",
    "cuda:set_device": "paddle.cuda.set_device(0)",
    "cuda:synchronize": "paddle.cuda.synchronize()",
    "cuda:current_stream": "paddle.cuda.current_stream()",
    "cuda:ipc_collect": "paddle.cuda.ipc_collect()",
    "cuda:reset_peak_memory_stats": "paddle.cuda.reset_peak_memory_stats()",
    "cuda:rng_state_roundtrip": "(lambda s: (paddle.rand([2]), paddle.cuda.set_rng_state(s), paddle.rand([2])))(paddle.cuda.get_rng_state())",
    "cuda:LongTensor": "paddle.cuda.LongTensor([1, 2])",
}


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("device", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
