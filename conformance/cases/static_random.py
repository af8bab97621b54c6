# env: FLAGS_enable_pir_api=0
# %% case: static_random_ops_draw_at_run_time [exact]
import numpy as np
import paddle
paddle.enable_static()
paddle.seed(5)
main, start = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data("x", [None, 3], "float32")
    r = paddle.randn([2, 3])
    p = paddle.randperm(5)
    u = paddle.uniform([4], min=-2.0, max=2.0)
print(r.shape, p.shape, u.shape, r.dtype)
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(start)
for _ in range(2):
    out = exe.run(main, feed={"x": np.zeros((1, 3), "float32")}, fetch_list=[r, p, u])
    print(out[0], out[1], out[2])
