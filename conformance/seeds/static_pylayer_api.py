# The example of the seed document paddle_static_nn_static_pylayer_api.txt, verbatim (prompts
# stripped). static_pylayer works in Paddle 3.3.1's default PIR mode only: no `# env:` header.
# Real Paddle 3.3.1 fails this documented example at `data_grad.name` ("we can only get name of
# Value from DataOp/ParameterOp/..."), and so does paddle_compat's PIR face (a gradient value has
# no name in PIR): the replay compares with Paddle's failure, not with the documented output.
# `example_fetch_values` is the same program fetching the Values themselves, which Paddle runs.
# %% case: example
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
    fetch_list=[
        data.name,
        data_grad.name,
        ret.name
    ],
)

print(x)
print(x_grad)
print(y)
# documented output:
# [[1. 2. 3. 4. 5.]]
# [[5.4365635 5.4365635 5.4365635 5.4365635 5.4365635]]
# [[  2.7182817   7.389056   20.085537   54.59815   148.41316  ]]
# %% case: example_fetch_values
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
x, x_grad, y = exe.run(main_program, feed={"X": x}, fetch_list=[data, data_grad, ret])

print(x)
print(x_grad)
print(y)
