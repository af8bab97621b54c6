# paddle.static.nn.static_pylayer API documentation example: exp forward, 2*exp(dy) backward.
import paddle
import numpy as np

paddle.enable_static()


def forward_fn(x):
    return paddle.exp(x)


def backward_fn(dy):
    return 2 * paddle.exp(dy)


main_program = paddle.static.Program()
start_program = paddle.static.Program()

place = paddle.CPUPlace()
exe = paddle.static.Executor(place)
with paddle.static.program_guard(main_program, start_program):
    data = paddle.static.data(name="X", shape=[None, 5], dtype="float32")
    data.stop_gradient = False
    ret = paddle.static.nn.static_pylayer(forward_fn, [data], backward_fn)
    data_grad = paddle.static.gradients([ret], data)[0]

exe.run(start_program)
x = np.array([[1.0, 2.0, 3.0, 4.0, 5.0]], dtype=np.float32)
x, x_grad, y = exe.run(
    main_program,
    feed={"X": x},
    fetch_list=[data, data_grad, ret],
)

print(x)
print(x_grad)
print(y)
